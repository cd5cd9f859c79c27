"""Rewrite tests/homework_fixtures/chapter_mutants/chNN.py so that each mutant names its
misconception by id instead of repeating the check's message.

For each mutant still described by its message, the exercise check's catalogue (the
Mistakes it offers on the reference solution and on that mutant) is searched for the id
whose message reads the same (code spans rendered); the description is replaced by that
id, in place, and nothing else in the file changes. A description that matches no id,
or several, is left as it is and listed. A migration: once every chapter's file is
converted (and chapter authors write ids), this script can go.

    .venv/bin/python tools/mutants_to_ids.py [ch04 ...]      # from the repository root
"""
import ast
import sys
from pathlib import Path

ROOT = Path.cwd()
sys.path.insert(0, str(ROOT / "tests"))

import exercise_support as es  # noqa: E402
from lecturekit import homework as hw  # noqa: E402
from lecturekit.exercises import _plain_text  # noqa: E402

only = sys.argv[1:]
left = []
for path in sorted((ROOT / "tests" / "homework_fixtures" / "chapter_mutants").glob("ch[0-9][0-9].py")):
    if only and path.stem not in only:
        continue
    stem = next(p.stem for p in (ROOT / "notebooks").glob(f"{path.stem[2:]}_*.ipynb"))
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    namespace = {}
    exec(compile(text, str(path), "exec"), namespace)
    mutants = namespace["MUTANTS"]
    # the AST nodes of each entry's first element, in the order of MUTANTS
    assign = next(n for n in tree.body if isinstance(n, ast.Assign) and getattr(n.targets[0], "id", "") == "MUTANTS")
    edits = []
    for key_node, list_node in zip(assign.value.keys, assign.value.values):
        gid = ast.literal_eval(key_node)
        for entry_node, (desc, change) in zip(list_node.elts, mutants[gid]):
            if hw.misconception_id(desc) is not None:
                continue
            reference, _ = es.exercises(stem)[gid]
            source = hw.mutant_source(reference, change)
            offered = es.catalogue(stem, gid, source)
            ids = sorted(i for i, messages in offered.items() if desc in map(_plain_text, messages))
            if len(ids) != 1:
                left.append(f"{path.name} {gid}: {desc!r} -> {ids or 'no id'}")
                continue
            node = entry_node.elts[0]
            edits.append((node.lineno, node.col_offset, node.end_lineno, node.end_col_offset, repr(ids[0])))
    lines = text.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line.encode("utf-8")))
    data = text.encode("utf-8")
    for l1, c1, l2, c2, new in sorted(edits, reverse=True):
        a, b = offsets[l1 - 1] + c1, offsets[l2 - 1] + c2
        data = data[:a] + new.replace("'", '"').encode() + data[b:]
    path.write_bytes(data)
    print(f"{path.name}: {len(edits)} converted")
print("\n".join(["not converted:"] + left) if left else "all converted")
