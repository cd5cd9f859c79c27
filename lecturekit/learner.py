"""The self-study learner's workspace: their own copy of the course, updates
that carry their answers, reference solutions on request, and their progress.

``python3 course.py lab`` calls :func:`set_up_workspace`: it makes the student
version of every chapter (exercises as stubs, hidden tests and outputs removed,
by :func:`lecturekit.homework.student_version`) in a git-ignored folder,
``my-work/``, with a start page, ``START.ipynb`` (the chapters with a line
each, what changed in the course, how exercises work, where to begin, and a
cell that shows the progress), and opens JupyterLab on it.
``python3 course.py progress`` calls :func:`progress`: it grades the learner's
*saved* copies and prints, per chapter, each exercise's title, status and
points, the chapter's subtotal, and the next step.  An exercise's status is

* ``done``: every point;
* ``tried``: the learner changed the exercise cell (it is no longer the stub
  of the course, whitespace aside), not every point yet;
* ``not started``: the cell is still the stub.

**One copy of each chapter.**  The chapter in progress is always
``my-work/<chapter>.ipynb``.  When a chapter of the course changes (the course
was updated), :func:`set_up_workspace` makes the new version and carries the
learner's work into it, the way nbgitpuller merges upstream changes into a
learner's files, but cell by cell:

* an exercise whose cells the learner sees (its statement from its heading
  on, the stub, the check cell) are unchanged in the course keeps the
  learner's answer (matched by nbgrader ``grade_id``);
* an exercise whose wording changed gets the new stub, and the learner's
  earlier answer is kept right above it, in a note that says so;
* cells the learner added (notes, experiments) come along after the cell they
  followed;
* the learner's copy as it was is moved, untouched, to
  ``my-work/earlier-versions/<chapter>.v<k>.ipynb``; a note at the top of the
  new copy, the start page and the terminal say what changed (sections and
  exercises) and where the earlier copy is.

So :func:`progress` and the start page list each chapter once, and nothing the
learner wrote is lost.  Notebooks are never overwritten in place: a copy is
replaced only by its own update, after it was moved to ``earlier-versions/``.

**Reference solutions** are shown only on request: under a check (in the
learner's workspace), a **Show the reference solution** button, whose click
opens it; or, in any cell, ``from lecturekit.exercises import show_solution``
and ``show_solution("ch04-pocket")`` (the id is the check's first argument).  Instructors who
give the course to a class use ``python -m lecturekit.homework student``,
which never includes them; ``course.py lab --no-solutions`` leaves them out of
a self-study workspace too.

The workspace keeps its records in ``my-work/.lecturekit/``: ``workspace.json``
(per chapter, the course version its copy was made from; the updates),
``made/`` (each copy as it was made, to compare with the next course version),
``solutions.json`` and ``progress-cache.json`` (see :func:`progress`).

This module needs nbformat (and, for :func:`progress`, IPython and the
grader); it runs on Linux, macOS and Windows alike and starts no sandbox: a
learner grading their own code needs none.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

__all__ = [
    "MANIFEST",
    "START",
    "EARLIER",
    "learner_version",
    "fingerprint",
    "set_up_workspace",
    "chapter_files",
    "start_page",
    "chapter_description",
    "show_solution",
    "solution_control",
    "progress",
    "ProgressRow",
    "format_progress",
    "progress_html",
    "next_step",
    "show_progress",
    "main",
]

#: The workspace's records, relative to the workspace folder.
RECORDS = Path(".lecturekit")
MANIFEST = RECORDS / "workspace.json"
#: Each chapter's copy as it was made (no answers): what the next update compares with.
MADE = RECORDS / "made"
#: The reference solutions of the chapters in progress (absent with --no-solutions).
SOLUTIONS = RECORDS / "solutions.json"
#: Progress results by what they depend on (see :func:`progress`).
CACHE = RECORDS / "progress-cache.json"
#: Where a chapter's copy goes, untouched, when the course updates that chapter.
EARLIER = "earlier-versions"
#: The start page JupyterLab opens on (made by :func:`set_up_workspace`).
START = "START.ipynb"
#: Pages copied beside the chapters when the course has them (chapters link them).
EXTRA_PAGES = ("notation.md",)
#: Tags of the cells an update adds to a chapter (the note at the top, an
#: earlier answer above its exercise, the learner's own cells whose place is gone).
UPDATE_NOTE_TAG = "lecturekit-update-note"
EARLIER_ANSWER_TAG = "lecturekit-earlier-answer"
OWN_CELLS_TAG = "lecturekit-own-cells"
#: The folded "Reference solution" cells that workspaces made before this
#: version put under each exercise (a click on their row opened them).
LEGACY_SOLUTION_TAG = "lecturekit-reference-solution"
_OUR_TAGS = {UPDATE_NOTE_TAG, EARLIER_ANSWER_TAG, OWN_CELLS_TAG, LEGACY_SOLUTION_TAG}


# --------------------------------------------------------------------------
# notebooks and their exercises
# --------------------------------------------------------------------------

def learner_version(nb, name="notebook"):
    """The learner's copy of an instructor notebook (a new notebook): the
    student version a class gets (stubs, no hidden tests, no outputs), with
    one line more in a stub that does not name what the exercise's check
    reads: ``# Define a_dot_b, angle_ab and proj_a_on_b here: the check below
    reads them.``"""
    from .homework import student_version

    out = student_version(nb, name)
    for cell in out.cells:
        if not _is_solution(cell):
            continue
        names = _expected_names(_gid(cell))
        missing = [n for n in names if not re.search(rf"(?<![\w.]){re.escape(n)}(?!\w)", cell.source)]
        if missing:
            listed = _listing([f"{n}" for n in names])
            cell.source = (f"# Define {listed} here: the check below reads "
                           f"{'it' if len(names) == 1 else 'them'}.\n" + cell.source)
    return out


def _expected_names(gid) -> tuple:
    """The names exercise ``gid``'s check reads (lecturekit.exercises), or ()."""
    from . import exercises

    try:
        return tuple(exercises.registered(gid).expects)
    except (KeyError, ImportError, TypeError):
        return ()


def _listing(items) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def reference_solutions(nb, name="notebook") -> dict:
    """{grade_id: the instructor's solution as a learner would write it}."""
    from .homework import parse_assignment, reference_solution

    assignment = parse_assignment(nb, name)
    return {cell.metadata["nbgrader"]["grade_id"]: reference_solution(cell.source).strip("\n")
            for cell, kind in zip(nb.cells, assignment.kinds) if kind == "solution"}


def fingerprint(nb) -> str:
    """A fingerprint of what a learner's copy is made of: the cells' types and
    sources, in order.  Outputs, ids and metadata do not count, so re-running
    the course notebooks (new outputs) is not a course update."""
    digest = hashlib.sha256()
    for cell in nb.cells:
        digest.update(cell.cell_type.encode() + b"\0" + cell.source.encode() + b"\0\0")
    return digest.hexdigest()[:16]


def _nbgrader(cell) -> dict:
    meta = cell.get("metadata", {}).get("nbgrader")
    return meta if isinstance(meta, dict) else {}


def _gid(cell):
    gid = _nbgrader(cell).get("grade_id")
    return gid if isinstance(gid, str) else None


def _is_solution(cell) -> bool:
    return cell.get("cell_type") == "code" and _nbgrader(cell).get("solution") is True and _gid(cell) is not None


def _is_test(cell) -> bool:
    meta = _nbgrader(cell)
    return meta.get("grade") is True and meta.get("solution") is not True and _gid(cell) is not None


def _tags(cell) -> set:
    tags = cell.get("metadata", {}).get("tags")
    return {t for t in tags if isinstance(t, str)} if isinstance(tags, list) else set()


def _ours(cell) -> bool:
    """A cell the workspace added (an update's note, a folded solution of old)."""
    return bool(_tags(cell) & _OUR_TAGS)


def _normalised(source: str) -> str:
    return "\n".join(line.rstrip() for line in source.strip().splitlines())


def _code_of(source: str) -> str:
    """A cell's code, whitespace at line ends and comment lines aside: what
    tells a stub ("# YOUR CODE HERE") from an answer."""
    return "\n".join(line for line in _normalised(source).splitlines() if not line.lstrip().startswith("#"))


@dataclass
class _Part:
    """What the learner sees of one exercise: its statement (from its heading
    on), its stub and its check cell(s)."""

    grade_id: str
    statement: str
    stub: str
    tests: str
    heading: str


_POINTS = re.compile(r"\s*\([^()]*\bpoints?\b[^()]*\)\s*$")


def _statement(cells) -> tuple[str, str]:
    """(text, heading) of an exercise's statement: the cells between the
    previous graded cell and its answer cell, from the last heading on."""
    start, heading, first = 0, "", ""
    for k, cell in enumerate(cells):
        if cell.cell_type != "markdown":
            continue
        lines = cell.source.splitlines()
        marks = [j for j, line in enumerate(lines) if line.startswith("#")]
        if marks:
            start, first = k, "\n".join(lines[marks[-1]:])
            heading = _POINTS.sub("", lines[marks[-1]].lstrip("#").strip())
    if not cells:
        return "", ""
    text = [first or f"{cells[start].cell_type}\0{cells[start].source}"]
    text += [f"{c.cell_type}\0{c.source}" for c in cells[start + 1:]]
    return "\0\0".join(text), heading


def _exercise_parts(nb) -> dict:
    """{grade_id: _Part} of a notebook's exercises (the workspace's own cells aside)."""
    cells = [c for c in nb.cells if not _ours(c)]
    parts, previous = {}, -1
    for i, cell in enumerate(cells):
        if _gid(cell) is None:
            continue
        if _is_solution(cell) and _gid(cell) not in parts:
            statement, heading = _statement(cells[previous + 1:i])
            tests = []
            for after in cells[i + 1:]:
                if not _is_test(after):
                    break
                tests.append(_normalised(after.source))
            # a stub's comments ("# YOUR CODE HERE") are not part of what is asked
            parts[_gid(cell)] = _Part(_gid(cell), statement, _code_of(cell.source), "\0".join(tests), heading)
        previous = i
    return parts


def _sections(nb) -> list[tuple[str, str]]:
    """[(title, digest)] of a chapter's sections (a ``## `` heading starts one;
    the text before the first is "the introduction"); answers not counted."""
    out, title, digest = [], "the introduction", hashlib.sha256()
    for cell in nb.cells:
        if _ours(cell) or _is_solution(cell):
            continue
        if cell.cell_type == "markdown":
            heading = next((line for line in cell.source.splitlines() if line.startswith("## ")), None)
            if heading is not None:
                out.append((title, digest.hexdigest()))
                title, digest = heading[3:].strip(), hashlib.sha256()
        digest.update(f"{cell.cell_type}\0{_normalised(cell.source)}\0\0".encode())
    out.append((title, digest.hexdigest()))
    return out


def _exercise_title(gid: str, part: _Part | None = None) -> str:
    """``Exercise 3 — angle and projection by hand``."""
    from . import exercises

    try:
        return exercises.registered(gid).heading
    except (KeyError, ImportError, TypeError):
        pass
    return (part.heading if part is not None and part.heading else gid)


def _read_notebook(path):
    import nbformat

    try:
        return nbformat.read(path, as_version=4)
    except Exception:  # noqa: BLE001 - a damaged file of the learner's: kept, never used
        return None


def _write_notebook(nb, path: Path) -> None:
    """Write a notebook through a temporary file, so a half-written copy never exists."""
    import nbformat

    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    nbformat.write(nb, tmp)
    os.replace(tmp, path)


# --------------------------------------------------------------------------
# the workspace
# --------------------------------------------------------------------------

def _read_manifest(work: Path) -> dict:
    path = work / MANIFEST
    empty = {"chapters": {}, "updates": []}
    if not path.exists():
        return empty
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        # A damaged record must not cost the learner anything: start a new one
        # (a copy that does not match the course is then treated as an update).
        return empty
    if not isinstance(data, dict) or not isinstance(data.get("chapters"), dict):
        return empty
    if not isinstance(data.get("updates"), list):
        data["updates"] = []
    return data


def _write_manifest(work: Path, data: dict) -> None:
    _write_json(work / MANIFEST, data)


def _write_json(path: Path, data) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(tmp, path)


_WORKSPACE_README = """\
# Your workspace

These notebooks are your own copy of the course: write in them freely.

- There is one copy of each chapter, `04_perceptron.ipynb` and so on: that is
  the one in progress. When the course is updated, `python3 course.py lab`
  makes the chapter's new version under the same name and carries your
  answers into it (for every exercise that did not change); your copy as it
  was is moved, untouched, to `earlier-versions/`. The start page says what
  changed.
- Exercises are stubs (`raise NotImplementedError()`): replace them with your
  code and run the check cell below each one.
- Under a check, **Show the reference solution** opens a reference solution
  when you want one; in any cell, `from lecturekit.exercises import show_solution`, then
  `show_solution("ch04-pocket")`, does the same.
- The answers to the Questions are folded under each question ("Answer").
- `START.ipynb` shows your progress; `python3 course.py progress` prints it
  (both grade the saved files and never change them).
"""


def set_up_workspace(source_dir, work_dir, *, solutions=True, out=None, today=None) -> list[str]:
    """Make or update the learner's workspace; return the messages for the learner.

    For each ``*.ipynb`` of ``source_dir``:

    * no copy yet: write the learner version as ``work_dir/<name>.ipynb``;
    * a copy made from the same course version: nothing to do;
    * the course changed since (or the records are lost and the copy does
      not match the course): the update described in the module's docstring.

    ``today`` (``YYYY-MM-DD``) dates the updates (default: today).
    """
    import nbformat

    source_dir, work = Path(source_dir), Path(work_dir)
    out = sys.stdout if out is None else out
    today = today or datetime.date.today().isoformat()
    paths = sorted(p for p in source_dir.glob("*.ipynb") if not p.name.startswith("."))
    if not paths:
        raise FileNotFoundError(f"source_dir: no .ipynb files in {source_dir}")
    work.mkdir(parents=True, exist_ok=True)
    readme = work / "README.md"
    if not readme.exists():
        readme.write_text(_WORKSPACE_README, encoding="utf-8")

    manifest = _read_manifest(work)
    # Where the course is, for the progress cell of the start page.
    manifest["source"] = str(source_dir.resolve())
    messages, made_names, table = [], [], {}
    for path in paths:
        stem = path.stem
        course_nb = nbformat.read(path, as_version=4)
        made = learner_version(course_nb, str(path))
        mark = fingerprint(made)
        if solutions:
            table.update({gid: {"chapter": stem, "code": code}
                          for gid, code in reference_solutions(course_nb, str(path)).items()})
        record = manifest["chapters"].get(stem)
        record = record if isinstance(record, dict) else None
        target = work / f"{stem}.ipynb"
        legacy = _legacy_copies(work, stem)
        if not target.exists() and not legacy:
            _write_notebook(made, target)
            if record is None:
                made_names.append(target.name)
            else:
                messages.append(f"{target.name} was not in your workspace any more: a fresh copy was made.")
        elif not legacy and record is not None and record.get("fingerprint") == mark:
            _save_made(work, stem, made)  # (kept: an older workspace may not have it)
            continue
        elif not legacy and (record is None or "fingerprint" not in record) \
                and _is_copy_of(_read_notebook(target), made):
            pass  # records lost (or of an older workspace), the copy is of this version: adopt it
        else:
            update = _update_chapter(work, stem, course_nb, made, record, legacy, today)
            manifest["updates"].append(update)
            messages.append(_update_message(update))
        manifest["chapters"][stem] = {"file": target.name, "fingerprint": mark}
        _save_made(work, stem, made)
    if solutions:
        _write_json(work / SOLUTIONS, table)
    elif (work / SOLUTIONS).exists():
        (work / SOLUTIONS).unlink()
    _write_pages(source_dir, work, manifest, paths)
    _write_manifest(work, manifest)
    if made_names:
        messages.insert(0, f"Made your workspace {work}: {len(made_names)} chapter(s) copied "
                           f"({made_names[0]} … {made_names[-1]}).")
    for message in messages:
        print(message, file=out)
    return messages


def _legacy_copies(work: Path, stem: str) -> list[Path]:
    """``<stem>.v2.ipynb`` … : the versions older workspaces added beside a copy."""
    found = []
    for path in work.glob(f"{stem}.v*.ipynb"):
        k = path.name[len(stem) + 2:-len(".ipynb")]
        if k.isdigit():
            found.append((int(k), path))
    return [p for _, p in sorted(found)]


def _save_made(work: Path, stem: str, made) -> None:
    target = work / MADE / f"{stem}.ipynb"
    if target.exists():
        old = _read_notebook(target)
        if old is not None and fingerprint(old) == fingerprint(made):
            return
    _write_notebook(made, target)


def _load_made(work: Path, stem: str, record):
    """The copy as it was made for the learner's current version, if known."""
    if not record or "fingerprint" not in record:
        return None
    nb = _read_notebook(work / MADE / f"{stem}.ipynb")
    return nb if nb is not None and fingerprint(nb) == record["fingerprint"] else None


def _is_copy_of(mine, made) -> bool:
    """Whether the learner's notebook is a copy of ``made`` (answers and cells
    of their own aside): every other cell of ``made`` is there, unchanged, in order."""
    if mine is None or any(_tags(c) & {LEGACY_SOLUTION_TAG} for c in mine.cells):
        return False
    position = {c.get("id"): k for k, c in enumerate(mine.cells) if c.get("id")}
    last = -1
    for cell in made.cells:
        k = position.get(cell.get("id"))
        if k is None or k < last:
            return False
        last = k
        theirs = mine.cells[k]
        if theirs.cell_type != cell.cell_type:
            return False
        if not _is_solution(cell) and _normalised(theirs.source) != _normalised(cell.source):
            return False
    return True


def _answers(copies, stubs: dict) -> dict:
    """{grade_id: (answer, file)}: the learner's answer to each exercise, from the
    copy saved last among those in which it is not a stub."""
    found = {}
    for path, nb in copies:
        if nb is None:
            continue
        try:
            saved = path.stat().st_mtime
        except OSError:
            saved = 0.0
        latest = {}
        for cell in nb.cells:
            if _is_solution(cell) and not _ours(cell):
                latest[_gid(cell)] = cell.source
        for gid, source in latest.items():
            if _unanswered(source, stubs.get(gid, ())):
                continue
            if gid not in found or saved > found[gid][2]:
                found[gid] = (source, path, saved)
    return {gid: (source, path) for gid, (source, path, _) in found.items()}


def _unanswered(source: str, stubs) -> bool:
    """Whether an answer cell holds no answer: empty, a stub of the course, or
    (a stub of an older version) nothing but a signature, a docstring, comments
    and ``raise NotImplementedError()``."""
    if not source.strip() or _code_of(source) in stubs:
        return True
    code = [line.strip() for line in source.splitlines() if line.strip() and not line.strip().startswith("#")]
    rest = [line for line in code if line != "raise NotImplementedError()"]
    if len(rest) == len(code):
        return False  # no stub line in it: an answer
    stub_lines = {line.strip() for stub in stubs for line in stub.splitlines()}
    return all(line in stub_lines or line.startswith(("def ", '"' * 3, "'" * 3)) for line in rest)


def _own_cells(mine, made_before) -> list[tuple[str | None, object]]:
    """[(id of the course cell it followed, cell)] for the cells the learner added."""
    if mine is None or made_before is None:
        return []
    known = {c.get("id") for c in made_before.cells}
    out, anchor = [], None
    for cell in mine.cells:
        if cell.get("id") in known:
            anchor = cell.get("id")
        elif not _ours(cell) and _gid(cell) is None and cell.source.strip():
            out.append((anchor, cell))
    return out


def _update_chapter(work, stem, course_nb, made, record, legacy, today) -> dict:
    """Make the new version of a chapter with the learner's work carried over;
    move the learner's copies to earlier-versions/.  Returns the update's record."""
    import copy

    import nbformat

    target = work / f"{stem}.ipynb"
    files = ([target] if target.exists() else []) + list(legacy)
    copies = [(p, _read_notebook(p)) for p in files]
    primary = next((nb for _, nb in copies if nb is not None), None)
    before = _load_made(work, stem, record)
    # Without the copy as it was made (records of an older workspace, or lost), the
    # learner's copy stands in for it: its statements and check cells are the course's.
    reference = before if before is not None else primary
    old = _exercise_parts(reference) if reference is not None else {}
    new = _exercise_parts(made)
    # the stubs the learner may still have: the course's (never what stands in the learner's copy)
    made_parts = old if before is not None else {}
    stubs = {gid: {p.stub for p in (made_parts.get(gid), new.get(gid)) if p is not None}
             for gid in set(old) | set(new)}
    answers = _answers(copies, stubs)

    nb = copy.deepcopy(made)
    kept, changed, added, aside = [], [], [], []
    insert_before = {}  # cell id -> cells to put before it
    for gid, part in new.items():
        title = _exercise_title(gid, part)
        was = old.get(gid)
        if was is None:
            added.append(title)
            continue
        same = (was.statement == part.statement and was.tests == part.tests
                and (before is None or was.stub == part.stub))
        if same:
            if gid in answers:
                for cell in nb.cells:
                    if _is_solution(cell) and _gid(cell) == gid:
                        cell.source = answers[gid][0]
                kept.append(title)
            continue
        changed.append(title)
        if gid in answers:
            aside.append(title)
            note = nbformat.v4.new_markdown_cell(
                f"**Your answer to the earlier wording of this exercise** (the course changed it on {today}; "
                f"the answer cell below is the new stub). Copy what still fits:\n\n"
                f"```python\n{answers[gid][0].rstrip()}\n```")
            note.metadata["tags"] = [EARLIER_ANSWER_TAG]
            note["id"] = f"earlier-{gid}"[:64]
            cell_id = next(c.get("id") for c in nb.cells if _is_solution(c) and _gid(c) == gid)
            insert_before.setdefault(cell_id, []).append(note)
    removed = [_exercise_title(gid, old[gid]) for gid in old if gid not in new]

    # The learner's own cells, after the course cell they followed.
    own = _own_cells(copies[0][1] if copies and copies[0][0] == target else None, before)
    ids = {c.get("id") for c in nb.cells}
    after, homeless = {}, []
    for anchor, cell in own:
        (after.setdefault(anchor, []) if anchor in ids else homeless).append(copy.deepcopy(cell))
    cells = list(after.get(None, []))
    for cell in nb.cells:
        cells.extend(insert_before.get(cell.get("id"), []))
        cells.append(cell)
        cells.extend(after.get(cell.get("id"), []))
    if homeless:
        head = nbformat.v4.new_markdown_cell("**Your own cells from the earlier version** (the course cell they "
                                             "followed is gone):")
        head.metadata["tags"] = [OWN_CELLS_TAG]
        head["id"] = "own-cells-kept"
        cells += [head, *homeless]
    nb.cells = cells

    # The learner's copies, untouched, to earlier-versions/.
    earlier_dir = work / EARLIER
    earlier_dir.mkdir(exist_ok=True)
    moved = []
    k = 1
    for path in files:
        while (earlier_dir / f"{stem}.v{k}.ipynb").exists():
            k += 1
        archived = earlier_dir / f"{stem}.v{k}.ipynb"
        moved.append((path, archived))
        k += 1
    old_sections, new_sections = (_sections(reference) if reference is not None else []), _sections(made)
    sections = _section_changes(old_sections, new_sections)
    update = {
        "chapter": stem, "title": chapter_heading(made) or stem, "date": today,
        "earlier": [f"{EARLIER}/{archived.name}" for _, archived in moved],
        "sections": sections,
        "exercises": {"kept": kept, "changed": changed, "new": added, "removed": removed},
        "answers_aside": aside, "own_cells": len(own), "records": "kept" if before is not None else "lost",
    }
    nb.cells.insert(1 if nb.cells else 0, _update_note(update))
    # Write the new copy beside, then move the old ones away, then put the new one in place:
    # at every moment the learner's work is in a file.
    pending = work / f".{stem}.new.ipynb"
    _write_notebook(nb, pending)
    for path, archived in moved:
        os.replace(path, archived)
    os.replace(pending, target)
    return update


def _section_changes(old, new) -> dict:
    old_d, new_d = dict(old), dict(new)
    return {"changed": [t for t, d in new if t in old_d and old_d[t] != d],
            "new": [t for t, _ in new if t not in old_d],
            "removed": [t for t, _ in old if t not in new_d]}


def _quoted(titles) -> str:
    return ", ".join(f"“{t}”" for t in titles)


def _update_lines(update: dict, link: bool) -> list[str]:
    """What changed, a line each: sections, exercises, where the earlier copy is."""
    ex, sec = update["exercises"], update["sections"]
    lines = []
    if sec["changed"] or sec["new"] or sec["removed"]:
        parts = [f"{k} {_quoted(sec[k])}" for k in ("changed", "new", "removed") if sec[k]]
        lines.append("Sections: " + "; ".join(parts) + ".")
    if ex["kept"]:
        lines.append(f"Your answers came along for {', '.join(t.split(' — ')[0] for t in ex['kept'])}.")
    if ex["changed"]:
        text = f"Changed: {'; '.join(ex['changed'])}"
        if update["answers_aside"]:
            text += (" — your earlier answer is kept right above its answer cell"
                     if len(update["answers_aside"]) == 1 else
                     " — your earlier answers are kept right above their answer cells")
        lines.append(text + ".")
    if ex["new"]:
        lines.append(f"New: {'; '.join(ex['new'])}.")
    if ex["removed"]:
        lines.append(f"Removed: {'; '.join(ex['removed'])}.")
    if update["own_cells"]:
        lines.append(f"Your own cells ({update['own_cells']}) came along too.")
    files = [f"[{p}]({p})" if link else p for p in update["earlier"]]
    if files:
        lines.append(f"Your copy from before the update, untouched: {', '.join(files)}.")
    return lines


def _update_note(update: dict):
    import nbformat

    lines = _update_lines(update, link=True)
    cell = nbformat.v4.new_markdown_cell(
        f"> **The course updated this chapter on {update['date']}.** This is its new version, "
        "the one in progress; your work came along where the exercise did not change.\n>\n"
        + "\n".join(f"> - {line}" for line in lines))
    cell.metadata["tags"] = [UPDATE_NOTE_TAG]
    cell["id"] = f"update-note-{update['date']}"
    return cell


def _update_message(update: dict) -> str:
    """The terminal's message about an update."""
    why = "" if update["records"] == "kept" else (
        " (the workspace's records did not know your copy, so it was compared with the course)")
    head = (f"{update['title']} was updated{why}: {update['chapter']}.ipynb is now the course's new version, "
            "with your work carried over.")
    return "\n".join([head] + [f"  - {line}" for line in _update_lines(update, link=False)])


def _write_pages(source_dir: Path, work: Path, manifest: dict, paths) -> None:
    """The start page and the course's extra pages (notation.md), kept up to
    date with the course unless the learner changed them (then they are theirs)."""
    import nbformat

    pages = manifest.setdefault("pages", {})
    extra = [name for name in EXTRA_PAGES if (source_dir / name).is_file()]
    page = start_page(paths, folder=work.name, notation="notation.md" in extra,
                      updates=manifest.get("updates", []), solutions=(work / SOLUTIONS).exists())
    wanted = {START: nbformat.writes(page)}
    for name in extra:
        wanted[name] = (source_dir / name).read_text(encoding="utf-8")
    for name, text in wanted.items():
        target, mark = work / name, _page_mark(name, text)
        if target.exists():
            current = _page_mark(name, target.read_text(encoding="utf-8"))
            if current == mark:
                pages[name] = mark
                continue
            if current != pages.get(name):
                continue  # the learner changed it (or the records are lost): keep theirs
        target.write_text(text, encoding="utf-8")
        pages[name] = mark


def _page_mark(name: str, text: str):
    """What counts as a change of a page: a notebook's cells (not its outputs or
    metadata, which running the progress cell changes), a text file's text."""
    if name.endswith(".ipynb"):
        import nbformat

        try:
            return fingerprint(nbformat.reads(text, as_version=4))
        except Exception:  # noqa: BLE001 - a damaged file is the learner's to keep
            return None
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def chapter_heading(nb) -> str:
    """The chapter's title: the first markdown heading (``Chapter 4 — The perceptron``)."""
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("#"):
                    return line.lstrip("#").strip()
    return ""


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z$*_(\"“])")
_OTHER_CHAPTER = re.compile(r"\bchapters?\s+(\d+)", re.I)


def _intro_sentences(nb) -> list[str]:
    """The sentences of the chapter's introduction (its first cell's paragraphs
    after the title, up to the notation link or the first subheading)."""
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            continue
        text = []
        for line in cell.source.splitlines():
            if line.startswith("#"):
                if text:
                    break
                continue
            if line.startswith("**Notation") or "notation.md" in line:
                break
            text.append(line.strip())
        paragraph = " ".join(t for t in text if t)
        if paragraph:
            return [s.strip() for s in _SENTENCE_END.split(paragraph) if s.strip()]
    return []


#: Title words that say nothing about one chapter in particular.
_GENERIC = frozenset({"linear", "classifier", "with", "from", "chapter", "checking"})
#: A sentence that opens with one of these leans on the one before it.
_LEANS_BACK = re.compile(r"^(That|These|Those|It|They|Such|Its|Their|This(?! chapter))\b")
#: Longer sentences are not a line of a list.
DESCRIPTION_LIMIT = 280


def _keywords(title: str) -> set:
    words = set()
    for word in re.findall(r"[A-Za-z][A-Za-z-]*", title.split("—")[-1]):
        for part in word.lower().split("-"):
            if part.endswith("s") and not part.endswith("ss") and len(part) > 4:
                part = part[:-1]
            if len(part) >= 4 and part not in _GENERIC:
                words.add(part)
    return words


def chapter_description(nb) -> str:
    """One sentence that says what the chapter is about, for the start page.

    A chapter may set its own in its metadata (``lecturekit.summary``).
    Otherwise it is a sentence of the chapter's introduction that stands on its
    own (does not look back at another chapter, lean on the sentence before, or
    ask a question, and fits on a line or two): when the introduction opens by
    looking back, the first that says what "this chapter" does; else the first
    sentence if it names the chapter's subject (a word of its title), else the
    first that does, else the first.
    """
    meta = nb.metadata.get("lecturekit")
    summary = meta.get("summary") if isinstance(meta, dict) else None
    if isinstance(summary, str) and summary.strip():
        return summary.strip()
    title = chapter_heading(nb)
    number = re.match(r"chapter\s+(\d+)", title, re.I)
    own = number.group(1) if number else None
    sentences = _intro_sentences(nb)
    if not sentences:
        return ""

    def looks_back(s):
        return any(n != own for n in _OTHER_CHAPTER.findall(s))

    plain = [s for s in sentences if not looks_back(s) and not s.endswith("?")
             and not _LEANS_BACK.match(s) and len(s) <= DESCRIPTION_LIMIT]
    keywords = _keywords(title)

    def names_subject(s):
        return any(k in s.lower() for k in keywords)

    if looks_back(sentences[0]):
        this = [s for s in plain if re.search(r"\bthis chapter\b", s, re.I)]
        if this:
            return this[0]
    if plain and plain[0] == sentences[0] and names_subject(plain[0]):
        return plain[0]
    named = [s for s in plain if names_subject(s)]
    return named[0] if named else (plain[0] if plain else sentences[0])


_START_HEAD = """\
# Start here: linear classifiers from first principles

This folder, `{folder}`, is your own copy of the course: write in it freely. It is saved every
few seconds. There is one copy of each chapter, and it is the one in progress: when the course is
updated, `python3 course.py lab` turns your copy into the chapter's new version with your answers
carried over, and keeps your copy as it was in `{earlier}/`.
{updates}
## The chapters

{chapters}

## How a chapter works

- Read it from the top and run each code cell with **Shift+Enter** (or *Run ▸ Run All Cells*).
- **Questions** have their answer folded under them: think first, then click **Answer**.
- **Exercises** are code cells that hold `raise NotImplementedError()`: replace that line with your
  answer, run the cell, then run the *check* cell under it. A green line
  (✓ *Exercise 2 — …: 3/3 points*) means done; a red box says what your code gave, what was
  expected and, when it is a common mistake, which one. **Hint** under it opens a hint. Run a
  check before its answer cell (or after a kernel restart) and it says which cell to run first.
{solutions}{notation}

## Where to begin

Open [{first}]({first_file}) and read from the top. Coming back? The first line of your progress
below names your next exercise.

## Your progress

Run the cell below (**Shift+Enter**) to see your points, chapter by chapter. It grades the *saved*
notebooks (JupyterLab saves every few seconds; **Ctrl+S** saves now), the same view as
`python3 course.py progress` in a terminal. It never changes your notebooks.
"""

_START_SOLUTIONS = """\
- **Reference solutions** are there when you ask for one: under a check, the button
  **Show the reference solution** opens it. In any cell,
  `from lecturekit.exercises import show_solution` and then `show_solution("ch04-pocket")` show the
  solution of that exercise (its id is the first argument of its check)."""

_START_PROGRESS = """\
from lecturekit.learner import show_progress
show_progress()"""

#: How many course updates the start page lists (the newest first).
UPDATES_SHOWN = 10


def _updates_section(updates) -> str:
    if not updates:
        return ""
    out = ["", "## What changed in the course", ""]
    for update in list(reversed(updates))[:UPDATES_SHOWN]:
        out.append(f"- **{update['date']}, [{update['title']}]({update['chapter']}.ipynb)** was updated; "
                   "your copy is its new version.")
        out += [f"  - {line}" for line in _update_lines(update, link=True)]
    return "\n".join(out) + "\n"


def start_page(chapter_paths, *, folder="my-work", notation=False, updates=(), solutions=True):
    """The start page (a notebook): the chapters with a line each, what changed
    in the course, how exercises and answers work, where to begin, and a cell
    that shows the learner's progress."""
    import nbformat

    items, first, first_file = [], "", ""
    for path in chapter_paths:
        nb = nbformat.read(path, as_version=4)
        title = chapter_heading(nb) or Path(path).stem
        first, first_file = (first, first_file) if first else (title, Path(path).name)
        line = chapter_description(nb)
        items.append(f"- [**{title}**]({Path(path).name}) — {line}".rstrip(" —"))
    notation = ("\n- The course's notation is on one page: [notation.md](notation.md)." if notation else "")
    head = _START_HEAD.format(folder=folder, earlier=EARLIER, chapters="\n".join(items), notation=notation,
                              solutions=_START_SOLUTIONS if solutions else "", updates=_updates_section(updates),
                              first=first, first_file=first_file)
    page = nbformat.v4.new_notebook()
    page.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                   "language": "python"}
    intro = nbformat.v4.new_markdown_cell(head)
    intro["id"] = "start-here"
    cell = nbformat.v4.new_code_cell(_START_PROGRESS)
    cell["id"] = "start-progress"
    after = nbformat.v4.new_markdown_cell(
        "Click a chapter above to see its exercises. From a terminal, `python3 course.py progress` "
        "prints the same.")
    after["id"] = "start-after-progress"
    page.cells = [intro, cell, after]
    return page


def chapter_files(work_dir) -> list[tuple[str, Path]]:
    """(chapter stem, file) of the copy in progress of every chapter of the
    workspace, in chapter order: ``<stem>.ipynb``.  (In a workspace of an older
    version that still holds ``<stem>.v2.ipynb`` beside it, until ``lab`` brings
    them together, the one saved last.)"""
    work = Path(work_dir)
    found = {}
    for path in sorted(work.glob("*.ipynb")):
        if path.name == START or path.name.startswith("."):
            continue
        stem, _, rest = path.stem.partition(".v")
        if not rest.isdigit():
            stem = path.stem
        try:
            saved = path.stat().st_mtime
        except OSError:
            continue
        if stem not in found or (saved, path.name == f"{stem}.ipynb") > found[stem][0]:
            found[stem] = ((saved, path.name == f"{stem}.ipynb"), path)
    return [(stem, found[stem][1]) for stem in sorted(found)]


# --------------------------------------------------------------------------
# reference solutions, on request
# --------------------------------------------------------------------------

def _workspace_of(folder=None):
    """The workspace folder that holds ``folder`` (default: the working folder,
    where a notebook's kernel starts), or None."""
    here = Path(folder or os.getcwd()).resolve()
    for candidate in (here, *here.parents):
        if (candidate / MANIFEST).is_file():
            return candidate
    return None


def _solutions(work) -> dict:
    try:
        table = json.loads((work / SOLUTIONS).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return table if isinstance(table, dict) else {}


class SolutionView:
    """A reference solution, shown: its exercise, then its code."""

    def __init__(self, grade_id: str, code: str):
        self.grade_id, self.code = grade_id, code

    @property
    def title(self) -> str:
        return f"Reference solution of {_exercise_title(self.grade_id)}"

    def __repr__(self) -> str:
        return f"{self.title} (one answer among many):\n\n{self.code}"

    def _repr_html_(self) -> str:
        import html

        return (f'<div class="lk-solution" style="border-left: 4px solid #30507a; background: #eef3fa; '
                f'color: #111; padding: 0.4em 0.8em;"><strong>{html.escape(self.title)}</strong> '
                f"(one answer among many; yours may differ and be right)"
                f'<pre style="margin: 0.4em 0"><code>{html.escape(self.code)}</code></pre></div>')


def show_solution(grade_id: str, work_dir=None) -> SolutionView:
    """The reference solution of exercise ``grade_id`` (``"ch04-pocket"``, the
    first argument of its check cell), to show in a notebook.

    It comes from the learner's workspace (``course.py lab`` writes them,
    unless it was given ``--no-solutions``).
    """
    if not isinstance(grade_id, str):
        raise TypeError(f"grade_id must be the exercise's id, a string such as 'ch04-pocket' (the first "
                        f"argument of its check cell); got {type(grade_id).__name__}")
    work = _workspace_of(work_dir)
    if work is None:
        raise FileNotFoundError("show_solution works in your workspace (my-work/, made by "
                                "`python3 course.py lab`); this notebook is not in one")
    table = _solutions(work)
    if not table:
        raise LookupError("this workspace has no reference solutions (it was made with --no-solutions)")
    if grade_id not in table or not isinstance(table[grade_id], dict):
        close = sorted(g for g in table if g.split("-", 1)[0] == grade_id.split("-", 1)[0]) or sorted(table)
        raise KeyError(f"no exercise {grade_id!r}; the exercise ids are the first argument of a check "
                       f"cell, e.g. {', '.join(repr(g) for g in close[:8])}")
    return SolutionView(grade_id, str(table[grade_id].get("code", "")))


def solution_html(grade_id: str, work_dir=None):
    """The "Show the reference solution" control under a check (HTML), or None
    outside a workspace with solutions.

    It is a ``<details>`` element whose summary is drawn as a button of its
    own width: only a click on it (or Enter / Space when it has the focus;
    browsers expose a summary as a disclosure button) opens the solution,
    never a click along the row.  It needs no kernel, so
    it still works in a notebook saved and opened again.
    """
    import html

    work = _workspace_of(work_dir)
    if work is None:
        return None
    entry = _solutions(work).get(grade_id)
    if not isinstance(entry, dict) or not isinstance(entry.get("code"), str):
        return None
    return ('<details class="lk-solution-control" style="margin: 0.4em 0 0 0">'
            '<summary style="display: inline-block; cursor: pointer; list-style: none; '
            'border: 1px solid #30507a; border-radius: 4px; padding: 0.15em 0.7em; color: #30507a; '
            'background: #fff">Show the reference solution</summary>'
            '<div style="border-left: 4px solid #30507a; background: #eef3fa; color: #111; '
            'padding: 0.3em 0.8em; margin-top: 0.3em">One answer among many; yours may differ and be right.'
            f'<pre style="margin: 0.4em 0"><code>{html.escape(entry["code"])}</code></pre></div></details>')


def solution_control(grade_id: str, work_dir=None):
    """What a check shows under its result in the learner's workspace: the
    "Show the reference solution" control (an object with an HTML view), or None."""
    page = solution_html(grade_id, work_dir)
    if page is None:
        return None

    class SolutionControl:
        def _repr_html_(self):
            return page

        def __repr__(self):
            return (f'(the reference solution: from lecturekit.exercises import show_solution; '
                    f'show_solution("{grade_id}"))')

    return SolutionControl()


# --------------------------------------------------------------------------
# progress
# --------------------------------------------------------------------------

#: The statuses of an exercise in :func:`progress`.
STATUSES = ("not started", "tried", "done")


@dataclass(frozen=True)
class ProgressRow:
    """Points and status of one exercise in one of the learner's notebooks.

    ``status`` is ``"done"`` (every point), ``"tried"`` (the learner changed
    the exercise cell, not every point yet) or ``"not started"`` (the cell is
    still the stub of the course).
    """

    chapter: str
    file: str
    exercise: str
    points: float
    max_points: float
    title: str = ""
    status: str = "not started"
    chapter_title: str = ""

    @property
    def chapter_number(self) -> str:
        """``"4"`` for ``Chapter 4 — …`` (else the file's leading digits)."""
        m = re.match(r"chapter\s+(\d+)", self.chapter_title, re.I) or re.match(r"0*(\d+)", self.chapter)
        return m.group(1) if m else self.chapter


def _exercise_titles(nb, assignment) -> dict:
    """grade_id -> "Exercise 3 — <title>": from lecturekit.exercises when the
    chapter registers it, else from the markdown heading above the exercise."""
    parts = _exercise_parts(nb)
    return {ex.grade_id: _exercise_title(ex.grade_id, parts.get(ex.grade_id)) for ex in assignment.exercises}


# ---- what an exercise's check needs: a slice of the notebook ----

_MAGIC = re.compile(r"^\s*[%!]")
#: Functions that do not change their arguments (a call of another function
#: with a variable is taken to change that variable).
_PURE = frozenset({"print", "len", "repr", "str", "int", "float", "bool", "list", "tuple", "dict", "set",
                   "sorted", "sum", "min", "max", "abs", "round", "range", "enumerate", "zip", "isinstance",
                   "type", "display", "format", "any", "all", "map", "filter", "reversed", "id", "hash"})


@dataclass
class _Unit:
    """A piece of the learner's notebook that runs as one step: a cell, or one
    import line of a cell that only imports."""

    index: int          # the cell's place in the notebook the grader runs
    source: str
    defines: frozenset = frozenset()
    uses: frozenset = frozenset()
    imports: frozenset = frozenset()  # names bound to modules
    #: names it binds for sure when it runs to the end, without reading them first
    #: (what earlier cells bound under those names then no longer matters)
    kills: frozenset = frozenset()
    #: an import that may do more than bind a name: always run
    always: bool = False


def _without_magics(source: str) -> str:
    return "\n".join("" if _MAGIC.match(line) else line for line in source.split("\n"))


def _names(source: str, tree, modules=frozenset()) -> tuple[set, set]:
    """(names a cell binds or may change at the top level, names it reads from
    the notebook's namespace), by Python's own scoping rules (symtable) and, for
    changes in place, by reading its top-level statements."""
    import ast
    import symtable

    table = symtable.symtable(source, "<cell>", "exec")
    defines, uses = set(), set()
    for symbol in table.get_symbols():
        if symbol.is_assigned() or symbol.is_imported():
            defines.add(symbol.get_name())
        if symbol.is_referenced():
            uses.add(symbol.get_name())

    def inner(t):
        for child in t.get_children():
            for symbol in child.get_symbols():
                if symbol.is_global() and symbol.is_referenced():
                    uses.add(symbol.get_name())
                if symbol.is_declared_global() and symbol.is_assigned():
                    defines.add(symbol.get_name())
            inner(child)

    inner(table)

    def base(node):
        while isinstance(node, (ast.Attribute, ast.Subscript, ast.Starred)):
            node = node.value
        return node.id if isinstance(node, ast.Name) else None

    def changed(node):
        """Names a top-level statement may change in place."""
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            return
        if isinstance(node, (ast.Attribute, ast.Subscript)) and isinstance(node.ctx, (ast.Store, ast.Del)):
            name = base(node)
            if name:
                defines.add(name)
        elif isinstance(node, ast.Call):
            # x.sort(), rng.normal(): a method may change its object (modules aside);
            # f(x): a function of the notebook's may change its argument
            if isinstance(node.func, ast.Attribute):
                name = base(node.func.value)
                if name and name not in modules:
                    defines.add(name)
            elif isinstance(node.func, ast.Name) and node.func.id not in _PURE:
                for arg in [*node.args, *(k.value for k in node.keywords)]:
                    name = base(arg)
                    if name and name not in modules:
                        defines.add(name)
        for child in ast.iter_child_nodes(node):
            changed(child)

    changed(tree)
    return defines, uses


def _units(index: int, source: str, modules: set) -> list[_Unit]:
    """The units of one code cell (updates ``modules``, the names bound to modules)."""
    import ast

    try:
        tree = ast.parse(_without_magics(source))
    except SyntaxError:
        return []  # it raises before it binds anything: nothing needs it
    if tree.body and all(isinstance(node, (ast.Import, ast.ImportFrom)) for node in tree.body):
        magics = [line for line in source.split("\n") if _MAGIC.match(line)]
        out = []
        for node in tree.body:
            bound = frozenset((a.asname or a.name.split(".")[0]) for a in node.names if a.name != "*")
            modules |= bound
            text = ast.get_source_segment(_without_magics(source), node) or ast.unparse(node)
            if "plt" in bound:  # %matplotlib inline goes with pyplot
                text = "\n".join(magics + [text])
            out.append(_Unit(index, text, bound, frozenset(), bound, bound, _side_effects(ast.unparse(node))))
        return out
    try:
        defines, uses = _names(_without_magics(source), tree, frozenset(modules))
    except SyntaxError:
        return []
    imported = {(a.asname or a.name.split(".")[0]) for node in ast.walk(tree)
                if isinstance(node, (ast.Import, ast.ImportFrom)) for a in node.names}
    modules |= imported
    bound = set()
    for node in tree.body:  # top-level statements only: they run whenever the cell runs to its end
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            bound.update((a.asname or a.name.split(".")[0]) for a in node.names if a.name != "*")
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and getattr(node, "value", None) is not None:
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target]):
                names = target.elts if isinstance(target, (ast.Tuple, ast.List)) else [target]
                bound.update(n.id for n in names if isinstance(n, ast.Name))
    return [_Unit(index, source, frozenset(defines), frozenset(uses), frozenset(imported),
                  frozenset(bound - uses))]


#: Modules whose import changes nothing a check could see: an instructor's
#: import line of one of these is left out when no check cell reads its name.
_QUIET_MODULES = frozenset({"numpy", "matplotlib", "matplotlib.pyplot", "warnings", "lecturekit", "math",
                            "itertools", "functools", "fractions", "collections"})


def _binds(line: str) -> set:
    import ast

    try:
        node = ast.parse(line).body[0]
        return {(a.asname or a.name.split(".")[0]) for a in node.names}
    except (SyntaxError, IndexError, AttributeError):
        return set()


def _side_effects(line: str) -> bool:
    """Whether an import line may do more than bind a name (it imports a module
    outside ``_QUIET_MODULES``, which may register exercises, for example)."""
    import ast

    try:
        node = ast.parse(line).body[0]
    except (SyntaxError, IndexError):
        return True
    if isinstance(node, ast.ImportFrom):
        return node.level > 0 or node.module not in _QUIET_MODULES
    return not all(a.name in _QUIET_MODULES for a in getattr(node, "names", []))


def _slice(units: list[_Unit], before: int, wanted: set, own: set) -> tuple[list[int], set]:
    """What a check at notebook index ``before`` needs: (the positions in
    ``units`` of every unit before it that binds or may change a wanted name,
    and of what those read in turn, plus ``own``, the exercise's answer cells;
    the positions of the units it relies on to run to their end).

    A unit that binds a name for sure (``x = ...`` at its top level) hides the
    earlier units that bound it, *if* it runs to its end: the self-check stops
    trusting the slice when such a unit fails (see ``_selfcheck.py``)."""
    wanted, chosen, relied = set(wanted), set(), set()
    for k in range(len(units) - 1, -1, -1):
        unit = units[k]
        if unit.index >= before:
            continue
        if k in own or unit.always or unit.defines & wanted:
            chosen.add(k)
            if unit.kills & wanted:
                relied.add(k)
            wanted = (wanted - unit.kills) | unit.uses
    return sorted(chosen), relied


# ---- the cache ----

def _code_stamp() -> str:
    """A digest of lecturekit's own source: a change of a check re-grades."""
    digest = hashlib.sha256()
    root = Path(__file__).resolve().parent
    for path in sorted(root.rglob("*.py")):
        try:
            digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
        except OSError:
            pass
    return digest.hexdigest()


def _digest(*parts) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(json.dumps(part, sort_keys=True, default=str).encode() + b"\0")
    return digest.hexdigest()


def _read_cache(work: Path) -> dict:
    try:
        data = json.loads((work / CACHE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {"chapters": {}, "exercises": {}}
    if not isinstance(data, dict) or not isinstance(data.get("chapters"), dict) \
            or not isinstance(data.get("exercises"), dict):
        return {"chapters": {}, "exercises": {}}
    return data


#: How many exercise results the cache keeps besides those of the last run.
CACHE_SPARE = 400


def _write_cache(work: Path, cache: dict, used: set) -> None:
    exercises = cache["exercises"]
    spare = [k for k in exercises if k not in used][-CACHE_SPARE:]
    cache["exercises"] = {k: exercises[k] for k in [*spare, *[k for k in exercises if k in used]]}
    try:
        _write_json(work / CACHE, cache)
    except OSError:
        pass  # a read-only workspace: progress still works, only slower next time


# ---- grading ----

@dataclass
class _Chapter:
    stem: str
    path: Path
    instructor: Path
    key: str
    course_nb: object = None
    assignment: object = None
    changed: set = field(default_factory=set)
    points: dict = field(default_factory=dict)      # grade_id -> (points, max)
    jobs: dict = field(default_factory=dict)        # exercise -> (key, [unit positions], [test indices])
    units: list = field(default_factory=list)
    cells: list = field(default_factory=list)
    origin: list = field(default_factory=list)
    fetch: dict = field(default_factory=dict)
    setup: list = field(default_factory=list)
    keys: list = field(default_factory=list)        # the cache keys of its exercises
    relied: set = field(default_factory=set)        # units that must run to their end


def _prepare(ch: _Chapter, cache: dict, stamp: str, timeout: int, used: set) -> None:
    """Work out what to run for one chapter; fill in what the cache already knows."""
    import nbformat

    from .homework import parse_assignment
    from .homework.engine import _BUILTINS, names_to_fetch
    from .homework.grading import _load_student, _merge, instructor_setup

    ch.course_nb = nbformat.read(ch.instructor, as_version=4)
    ch.assignment = parse_assignment(ch.course_nb, str(ch.instructor))
    stubs = {gid: p.stub for gid, p in _exercise_parts(learner_version(ch.course_nb, str(ch.instructor))).items()}
    student_cells, positions, problems = _load_student(ch.path)
    if student_cells is None:
        ch.jobs = None  # unreadable: the full grader says why
        return
    written = {}
    for cell in student_cells:
        if _gid(cell) and _is_solution(cell):
            written[_gid(cell)] = _code_of(cell.source)
    ch.changed = {gid for gid, stub in stubs.items() if written.get(gid, stub) != stub}
    if not ch.changed:
        # every answer is still the stub: a stub raises, so every check fails
        ch.points = {ex.grade_id: (0.0, float(ex.points)) for ex in ch.assignment.exercises}
        return
    ch.cells, ch.origin = _merge(student_cells, positions, ch.course_nb, ch.assignment)
    setup, setup_names = instructor_setup(ch.course_nb, ch.assignment)
    known = set(setup_names) | _BUILTINS | {"__builtins__"}
    modules = set()
    for i, (cell, o) in enumerate(zip(ch.cells, ch.origin)):
        if isinstance(o, int) and cell.cell_type == "code" and cell.source.strip():
            ch.units.extend(_units(i, cell.source, modules))
    by_test = {t.grade_id: t for t in ch.assignment.tests}
    for ex in ch.assignment.exercises:
        own = {k for k, u in enumerate(ch.units) if _gid(ch.cells[u.index]) == ex.grade_id}
        tests = [i for i, o in enumerate(ch.origin) if isinstance(o, str) and by_test[o].exercise == ex.grade_id]
        chosen, lines = set(), []
        for i in tests:
            source = ch.cells[i].source
            ch.fetch[i] = names_to_fetch(source, known)
            units, relied = _slice(ch.units, i, set(ch.fetch[i]), own)
            chosen.update(units)
            ch.relied |= relied
            import ast

            try:
                read = {n.id for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Name)}
            except SyntaxError:
                read = set()
            for line in setup:
                if line not in lines and (_side_effects(line) or _binds(line) & read):
                    lines.append(line)
        chosen = sorted(chosen)
        key = _digest(stamp, timeout, ex.grade_id, [ch.units[k].source for k in chosen],
                      [ch.cells[i].source for i in tests], lines)
        used.add(key)
        ch.keys.append(key)
        known_result = cache["exercises"].get(key)
        if isinstance(known_result, list) and len(known_result) == 2:
            ch.points[ex.grade_id] = (float(known_result[0]), float(known_result[1]))
        else:
            ch.jobs[ex.grade_id] = (key, chosen, tests, lines)


def _selfcheck_request(ch: _Chapter) -> dict:
    """The steps that grade the exercises of ``ch`` the cache does not know."""
    chosen, tests, lines = set(), [], []
    for _, units, own_tests, setup in ch.jobs.values():
        chosen.update(units)
        tests += own_tests
        lines += [line for line in setup if line not in lines]
    steps = [(ch.units[k].index, 0, ["code", ch.units[k].source, k in ch.relied]) for k in chosen]
    steps += [(i, 1, ["test", ch.origin[i], ch.cells[i].source, ch.fetch[i]]) for i in tests]
    return {"stem": ch.stem, "setup": lines, "steps": [s for _, _, s in sorted(steps, key=lambda t: t[:2])]}


def _run_selfcheck(chapters, timeout: int) -> dict:
    """Run the self-check process on the chapters' jobs; {stem: {test id: [status, error]}}
    for the chapters it finished."""
    import subprocess
    import tempfile

    request = {"timeout": timeout, "chapters": [_selfcheck_request(ch) for ch in chapters]}
    n_steps = sum(len(c["steps"]) for c in request["chapters"])
    scratch = tempfile.mkdtemp(prefix="lk-progress-")
    try:
        req, res = os.path.join(scratch, "request.json"), os.path.join(scratch, "result.json")
        with open(req, "w", encoding="utf-8") as f:
            json.dump(request, f)
        home = os.path.join(scratch, "home")
        os.makedirs(home)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "MPLBACKEND", "JPY", "JUPYTER"))}
        env.update({"MPLBACKEND": "Agg", "PYTHONHASHSEED": "0", "MPLCONFIGDIR": os.path.join(home, "mpl"),
                    "IPYTHONDIR": os.path.join(home, "ipython"), "OPENBLAS_NUM_THREADS": "1",
                    "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", "PYTHONDONTWRITEBYTECODE": "1"})
        work = os.path.join(scratch, "work")
        os.makedirs(work)
        here = Path(__file__).resolve().parent
        cmd = [sys.executable, "-I", "-B", str(here / "_selfcheck.py"), str(here.parent), req, res]
        try:
            subprocess.run(cmd, cwd=work, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=60 + (timeout + 5) * n_steps, check=False)
        except subprocess.TimeoutExpired:
            pass  # (subprocess.run kills it) the chapters it did not finish go to the full grader
        try:
            with open(res, encoding="utf-8") as f:
                found = json.load(f)
        except (OSError, ValueError):
            return {}
        return found if isinstance(found, dict) else {}
    finally:
        import shutil

        shutil.rmtree(scratch, ignore_errors=True)


def progress(work_dir, source_dir, *, timeout=30, chapters=None) -> list[ProgressRow]:
    """Grade the chapter in progress of every chapter of the learner's workspace.

    Only the *saved* files count, and they are only read.  A check passes when
    it passes in the course's grader (:func:`lecturekit.homework.grade_notebook`),
    but progress gets there faster:

    * a chapter whose saved file, course notebook and lecturekit are all as
      they were at the last run is not graded again (the results are kept in
      ``.lecturekit/progress-cache.json``, by a digest of those files);
    * in a chapter that changed, an exercise is graded only when what its check
      depends on changed: its check cells and the learner's cells they need
      (the answer, and every earlier cell that binds or may change a name those
      read, found by reading the code, not by running it);
    * those run in one process (``lecturekit/_selfcheck.py``: the grader's
      runner and checker without the pipe between them), without the
      chapter's other cells (figures, widgets), each step limited to
      ``timeout`` seconds;
    * a chapter whose answers are all still the stubs is not run (a stub
      raises, so every check fails);
    * a chapter that this cannot grade (a cell that calls ``exit()``, code
      that ignores the time limit, a file that cannot be read) is graded by
      the full grader.

    No sandbox: it is the learner's own code, and this works on Linux, macOS
    and Windows.  ``chapters`` (a collection of stems) limits the chapters graded.
    """
    work, source_dir = Path(work_dir), Path(source_dir)
    timeout = max(1, int(timeout))
    stamp = _code_stamp()
    cache = _read_cache(work)
    used = set()
    todo, rows_of = [], {}
    for stem, path in chapter_files(work):
        if chapters is not None and stem not in chapters:
            continue
        instructor = source_dir / f"{stem}.ipynb"
        if not instructor.exists():
            continue
        try:
            key = _digest(stamp, timeout, hashlib.sha256(path.read_bytes()).hexdigest(),
                          hashlib.sha256(instructor.read_bytes()).hexdigest())
        except OSError:
            continue
        known = cache["chapters"].get(stem)
        if isinstance(known, dict) and known.get("key") == key and known.get("file") == path.name:
            try:
                rows_of[stem] = [ProgressRow(**row) for row in known["rows"]]
                used.update(known.get("exercise_keys", []))
                continue
            except (TypeError, KeyError):
                pass
        todo.append(_Chapter(stem, path, instructor, key))

    for ch in todo:
        _prepare(ch, cache, stamp, timeout, used)
    runnable = [ch for ch in todo if ch.jobs]
    found = _run_selfcheck(runnable, timeout) if runnable else {}
    for ch in todo:
        if ch.jobs is None or (ch.jobs and not _take(ch, found.get(ch.stem), cache)):
            _grade_fully(ch, timeout)
        rows_of[ch.stem] = _rows(ch)
        cache["chapters"][ch.stem] = {"key": ch.key, "file": ch.path.name,
                                      "rows": [row.__dict__ for row in rows_of[ch.stem]],
                                      "exercise_keys": ch.keys}
    if todo:
        _write_cache(work, cache, used)
    return [row for stem in sorted(rows_of) for row in rows_of[stem]]


def _take(ch: _Chapter, outcome, cache) -> bool:
    """Put the self-check's results into ``ch`` (and the cache); False when it
    did not finish the chapter."""
    if not isinstance(outcome, dict) or "exit" in outcome or "unsure" in outcome:
        return False
    by_test = {t.grade_id: t for t in ch.assignment.tests}
    for gid, (key, _, tests, _) in ch.jobs.items():
        got = 0.0
        for i in tests:
            result = outcome.get(ch.origin[i])
            if not isinstance(result, list) or not result:
                return False
            if result[0] == "ok":
                got += float(by_test[ch.origin[i]].points)
        best = float(sum(by_test[ch.origin[i]].points for i in tests))
        ch.points[gid] = (got, best)
        cache["exercises"][key] = [got, best]
    return True


def _grade_fully(ch: _Chapter, timeout: int) -> None:
    from .homework import grade_notebook, parse_assignment

    if ch.assignment is None:
        import nbformat

        ch.course_nb = nbformat.read(ch.instructor, as_version=4)
        ch.assignment = parse_assignment(ch.course_nb, str(ch.instructor))
    # grade_notebook only reads the learner's file and runs it in a fresh
    # temporary folder of its own, so the workspace is never written to.
    report = grade_notebook(ch.path, ch.instructor, sandbox="none", timeout=timeout)
    ch.points = {ex: (float(p["points"]), float(p["max_points"])) for ex, p in report["exercises"].items()}
    ch.jobs = {}


def _rows(ch: _Chapter) -> list[ProgressRow]:
    titles = _exercise_titles(ch.course_nb, ch.assignment)
    heading = chapter_heading(ch.course_nb)
    rows = []
    for ex in ch.assignment.exercises:
        pts, best = ch.points.get(ex.grade_id, (0.0, float(ex.points)))
        status = ("done" if best > 0 and pts == best
                  else "tried" if ex.grade_id in ch.changed else "not started")
        rows.append(ProgressRow(ch.stem, ch.path.name, ex.grade_id, pts, best,
                                titles.get(ex.grade_id, ex.grade_id), status, heading))
    return rows


def _fmt(x: float) -> str:
    return f"{x:g}"


def _chapters(rows):
    """The rows grouped by file, in order: [(file, [rows])]."""
    groups = {}
    for r in rows:
        groups.setdefault(r.file, []).append(r)
    return list(groups.items())


def _next_row(rows):
    """The exercise to do next (see :func:`next_step`), or None when all are done."""
    newest = {r.chapter: r.file for r in rows}
    rows = [r for r in rows if r.file == newest[r.chapter]]
    touched = [k for k, r in enumerate(rows) if r.status != "not started"]
    start = touched[-1] if touched else 0
    if touched and rows[start].status == "done":
        start += 1
    following = next((r for r in rows[start:] if r.status != "done"), None)
    return following or next((r for r in rows if r.status != "done"), None)


def next_step(rows) -> str:
    """``"Next: Exercise 3 of chapter 4 — <title> (04_perceptron.ipynb)"``.

    The next step follows the learner: the exercise they touched last (in
    course order, newest copy of each chapter), if it is tried but not done;
    else the first exercise after it that is not done; else (nothing after it,
    or nothing touched yet) the first exercise of the course not done.
    """
    following = _next_row(rows)
    if following is None:
        return "Every exercise is done. Well done!"
    number, _, title = following.title.partition(" — ")
    if number.startswith("Exercise"):
        what = f"{number} of chapter {following.chapter_number}" + (f" — {title}" if title else "")
    else:
        what = f"{following.title} (chapter {following.chapter_number})"
    return f"Next: {what} ({following.file})"


_MARKS = {"done": "✓", "tried": "~", "not started": " "}
SAVED_NOTE = ("Graded from the saved notebooks: JupyterLab saves every few seconds; "
              "press Ctrl+S to save now.")


def format_progress(rows) -> str:
    """The progress report as text: per chapter its subtotal and, per exercise,
    its title, status and points; then the total and the next step."""
    if not rows:
        return "No chapters in your workspace yet: run `python3 course.py lab` first."
    width = max(len(r.title) for r in rows)
    lines = [SAVED_NOTE, ""]
    for file, group in _chapters(rows):
        got, best = sum(r.points for r in group), sum(r.max_points for r in group)
        done = sum(r.status == "done" for r in group)
        title = group[0].chapter_title or group[0].chapter
        lines.append(f"{title} ({file}): {_fmt(got)}/{_fmt(best)} points, "
                     f"{done} of {len(group)} exercises done")
        for r in group:
            lines.append(f"  {_MARKS[r.status]} {r.title:<{width}}  {r.status:<11}  "
                         f"{_fmt(r.points)}/{_fmt(r.max_points)}")
        lines.append("")
    total, best = sum(r.points for r in rows), sum(r.max_points for r in rows)
    counts = {status: sum(r.status == status for r in rows) for status in STATUSES}
    lines.append(f"Total: {_fmt(total)}/{_fmt(best)} points; {counts['done']} done, "
                 f"{counts['tried']} tried, {counts['not started']} not started "
                 f"(of {len(rows)} exercises).")
    lines.append(next_step(rows))
    return "\n".join(lines)


def progress_html(rows) -> str:
    """The same report as HTML (the start page's progress cell): the next step,
    then a line per chapter with its subtotal, which opens on a click to its
    exercises (the chapter of the next step starts open)."""
    import html

    if not rows:
        return f"<p>{html.escape(format_progress(rows))}</p>"
    colour = {"done": "#1a5e20", "tried": "#7a4b00", "not started": "#333"}
    following = _next_row(rows)
    out = [f'<div class="lk-progress" style="color: #111">'
           f'<p style="font-size: 1.1em"><strong>{html.escape(next_step(rows))}</strong></p>']
    for file, group in _chapters(rows):
        got, best = sum(r.points for r in group), sum(r.max_points for r in group)
        done = sum(r.status == "done" for r in group)
        title = group[0].chapter_title or group[0].chapter
        is_open = " open" if following is not None and following.file == file else ""
        out.append(f'<details{is_open}><summary><a href="{html.escape(file)}">{html.escape(title)}</a>: '
                   f"{_fmt(got)}/{_fmt(best)} points, {done} of {len(group)} exercises done</summary>"
                   '<table style="margin: 0.2em 0 0.6em 1.5em; border-collapse: collapse">')
        for r in group:
            out.append(f'<tr><td style="text-align: left">{html.escape(r.title)}</td>'
                       f'<td style="text-align: left; color: {colour[r.status]}">'
                       f"{_MARKS[r.status]} {r.status}</td>"
                       f'<td style="text-align: right">{_fmt(r.points)}/{_fmt(r.max_points)}</td></tr>')
        out.append("</table></details>")
    total, best = sum(r.points for r in rows), sum(r.max_points for r in rows)
    counts = {status: sum(r.status == status for r in rows) for status in STATUSES}
    out.append(f"<p><strong>Total: {_fmt(total)}/{_fmt(best)} points</strong>; {counts['done']} done, "
               f"{counts['tried']} tried, {counts['not started']} not started.<br>"
               f"<small>{html.escape(SAVED_NOTE)}</small></p></div>")
    return "".join(out)


class ProgressView:
    """Shows the progress report: text in a terminal, a table in a notebook."""

    def __init__(self, rows):
        self.rows = rows

    def __repr__(self) -> str:
        return format_progress(self.rows)

    def _repr_html_(self) -> str:
        return progress_html(self.rows)


def show_progress(work_dir=".", *, timeout=30):
    """The learner's progress, for a notebook cell (the start page has one).

    ``work_dir`` is the workspace (a notebook's kernel starts in it); the
    course's notebooks are found through the workspace's records.
    """
    work = Path(work_dir)
    source = _read_manifest(work).get("source")
    if not source or not Path(source).is_dir():
        raise FileNotFoundError(f"work_dir: {work.resolve()} is not a workspace made by "
                                "`python3 course.py lab` (no course recorded in "
                                f"{MANIFEST}); run the progress cell from the start page.")
    return ProgressView(progress(work, source, timeout=timeout))


# --------------------------------------------------------------------------
# command line (called by course.py)
# --------------------------------------------------------------------------

def main(argv=None) -> int:
    """``python -m lecturekit.learner setup|progress SOURCE_DIR WORK_DIR [options]``."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m lecturekit.learner",
                                     description="The self-study learner's workspace.")
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("setup", help="make or update the workspace (never overwrites)")
    s.add_argument("source_dir")
    s.add_argument("work_dir")
    s.add_argument("--no-solutions", action="store_true",
                   help="no reference solutions in this workspace")
    p = sub.add_parser("progress", help="grade the workspace and print points per exercise")
    p.add_argument("source_dir")
    p.add_argument("work_dir")
    p.add_argument("--timeout", type=int, default=30, help="seconds per cell (default 30)")
    p.add_argument("--chapter", action="append", default=None,
                   help="only this chapter (file stem, e.g. 04_perceptron); may repeat")
    args = parser.parse_args(argv)
    if args.command == "setup":
        set_up_workspace(args.source_dir, args.work_dir, solutions=not args.no_solutions)
        return 0
    if not Path(args.work_dir).is_dir():
        print(f"There is no workspace at {args.work_dir} yet: run `python3 course.py lab` first.")
        return 1
    rows = progress(args.work_dir, args.source_dir, timeout=args.timeout,
                    chapters=set(args.chapter) if args.chapter else None)
    print(format_progress(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
