"""The self-study learner's workspace: their own copy of the course, and their progress.

``python3 course.py lab`` calls :func:`set_up_workspace`: it makes the student
version of every chapter (exercises as stubs, hidden tests and outputs removed,
by :func:`lecturekit.homework.student_version`) in a git-ignored folder,
``my-work/``, and opens that folder in JupyterLab.  ``python3 course.py
progress`` calls :func:`progress`: it grades the learner's copies with the
course's grader and prints a table of points per exercise.

Nothing the learner writes is ever lost:

* a chapter is copied only when the learner has no copy of it yet;
* when a chapter of the course changed since the learner's copy was made (the
  course was updated), the new version is added *beside* the old one, as
  ``04_perceptron.v2.ipynb``, and the learner is told once; the old copy is
  never touched;
* :func:`progress` only reads the learner's files (the grader runs them in a
  temporary folder of its own), so grading never writes to ``my-work/``.

The workspace remembers what it made in ``my-work/.lecturekit/workspace.json``:
for every chapter, its versions (file name and a fingerprint of the student
version it was made from) and whether the learner has been told about the
newest one.

Reference solutions are there on request: under each exercise the learner's
copy has a collapsed "Reference solution" block (an HTML ``<details>``
element, which JupyterLab shows closed until it is clicked).  Instructors who
give the course to a class use ``python -m lecturekit.homework student``,
which never includes them; ``course.py lab --no-solutions`` leaves them out of
a self-study workspace too.

This module needs nbformat (and, for :func:`progress`, the grader's
nbclient/ipykernel); it runs on Linux, macOS and Windows alike and starts no
sandbox: a learner grading their own code needs none.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "MANIFEST",
    "SOLUTION_TAG",
    "learner_version",
    "fingerprint",
    "set_up_workspace",
    "chapter_files",
    "progress",
    "format_progress",
    "main",
]

#: Where the workspace keeps its records, relative to the workspace folder.
MANIFEST = Path(".lecturekit") / "workspace.json"
#: Cell tag of the "Reference solution" blocks added under each exercise.
SOLUTION_TAG = "lecturekit-reference-solution"

_SOLUTION_BLOCK = """\
<details><summary>Reference solution (open it after you have tried)</summary>

```python
{code}
```

</details>"""


# --------------------------------------------------------------------------
# the learner's version of a chapter
# --------------------------------------------------------------------------

def learner_version(nb, name="notebook", *, solutions=True):
    """The learner's copy of an instructor notebook (a new notebook).

    It is the student version a class gets (stubs, no hidden tests, no
    outputs), plus, when ``solutions`` is true, a collapsed "Reference
    solution" markdown cell right after each exercise's solution cell.
    """
    from .homework import parse_assignment, reference_solution, student_version

    out = student_version(nb, name)
    if not solutions:
        return out
    import nbformat

    assignment = parse_assignment(nb, name)
    cells = []
    for original, cell, kind in zip(nb.cells, out.cells, assignment.kinds):
        cells.append(cell)
        if kind == "solution":
            code = reference_solution(original.source).rstrip("\n")
            block = nbformat.v4.new_markdown_cell(_SOLUTION_BLOCK.format(code=code))
            block.metadata["tags"] = [SOLUTION_TAG]
            # A stable id, so the same chapter always gives the same file.
            block["id"] = (cell.get("id") or "cell")[:50] + "-solution"
            cells.append(block)
    out.cells = cells
    return out


def fingerprint(nb) -> str:
    """A fingerprint of what a learner's copy is made of: the cells' types and
    sources, in order.  Outputs, ids and metadata do not count, so re-running
    the course notebooks (new outputs) is not a course update."""
    digest = hashlib.sha256()
    for cell in nb.cells:
        digest.update(cell.cell_type.encode() + b"\0" + cell.source.encode() + b"\0\0")
    return digest.hexdigest()[:16]


# --------------------------------------------------------------------------
# the workspace
# --------------------------------------------------------------------------

def _read_manifest(work: Path) -> dict:
    path = work / MANIFEST
    if not path.exists():
        return {"chapters": {}}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        # A damaged record must not cost the learner anything: start a new one
        # (existing notebooks are still never overwritten, see below).
        return {"chapters": {}}
    if not isinstance(data, dict) or not isinstance(data.get("chapters"), dict):
        return {"chapters": {}}
    return data


def _write_manifest(work: Path, data: dict) -> None:
    path = work / MANIFEST
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def _version_name(stem: str, k: int) -> str:
    return f"{stem}.ipynb" if k == 1 else f"{stem}.v{k}.ipynb"


_WORKSPACE_README = """\
# Your workspace

These notebooks are your own copy of the course: write in them freely.
`python3 course.py lab` never overwrites them. When the course is updated, the
new version of a chapter appears beside your copy (for example
`04_perceptron.v2.ipynb`) and your copy stays as it is.

- Exercises are stubs (`raise NotImplementedError()`): replace them with your
  code and run the test cell below each one.
- Under each exercise a collapsed "Reference solution" block holds a solution:
  open it after you have tried.
- The answers to the Questions are collapsed under each question ("Answer").
- `python3 course.py progress` grades your copies and prints your points per
  exercise (it never changes your files).
"""


def set_up_workspace(source_dir, work_dir, *, solutions=True, out=None) -> list[str]:
    """Make or update the learner's workspace; return the messages for the learner.

    For each ``*.ipynb`` of ``source_dir``:

    * no copy yet: write the learner version as ``work_dir/<name>.ipynb``;
    * a copy made from the same course version: nothing to do;
    * the course changed since: write the new version as ``<stem>.v<k>.ipynb``
      (``k`` one more than the newest version) and say so, once.

    A notebook of the learner's is never overwritten or deleted, even when
    the records in ``.lecturekit/`` are lost.
    """
    import nbformat

    source_dir, work = Path(source_dir), Path(work_dir)
    out = sys.stdout if out is None else out
    paths = sorted(p for p in source_dir.glob("*.ipynb") if not p.name.startswith("."))
    if not paths:
        raise FileNotFoundError(f"source_dir: no .ipynb files in {source_dir}")
    work.mkdir(parents=True, exist_ok=True)
    readme = work / "README.md"
    if not readme.exists():
        readme.write_text(_WORKSPACE_README, encoding="utf-8")

    manifest = _read_manifest(work)
    messages, made = [], []
    for path in paths:
        stem = path.stem
        version = learner_version(nbformat.read(path, as_version=4), str(path), solutions=solutions)
        mark = fingerprint(version)
        record = manifest["chapters"].setdefault(stem, {"versions": [], "told": True})
        versions = record["versions"]
        if versions and versions[-1]["fingerprint"] == mark:
            if not record.get("told", True):
                messages.append(_update_message(stem, versions))
                record["told"] = True
            continue
        # First copy, or a course update: the next free version name.
        k = len(versions) + 1
        while (work / _version_name(stem, k)).exists():
            # A file of the learner's that the records do not know: keep it.
            k += 1
        target = work / _version_name(stem, k)
        nbformat.write(version, target)
        versions.append({"file": target.name, "fingerprint": mark})
        if len(versions) == 1 and k == 1:
            made.append(target.name)
        else:
            messages.append(_update_message(stem, versions))
        record["told"] = True
    _write_manifest(work, manifest)
    if made:
        messages.insert(0, f"Made your workspace {work}: {len(made)} chapter(s) copied "
                           f"({made[0]} … {made[-1]}).")
    for message in messages:
        print(message, file=out)
    return messages


def _update_message(stem: str, versions: list) -> str:
    older = ", ".join(v["file"] for v in versions[:-1]) or "(none)"
    return (f"The course's chapter {stem} was updated. The new version is "
            f"{versions[-1]['file']}; your copy {older} is unchanged.")


def chapter_files(work_dir) -> list[tuple[str, Path]]:
    """(chapter stem, file) for every learner notebook in the workspace, in
    chapter order, newest version last."""
    work = Path(work_dir)
    found = []
    for path in sorted(work.glob("*.ipynb")):
        stem, _, rest = path.stem.partition(".v")
        if rest and not rest.isdigit():
            stem = path.stem
        found.append((stem, int(rest) if rest.isdigit() else 1, path))
    found.sort(key=lambda t: (t[0], t[1]))
    return [(stem, path) for stem, _, path in found]


# --------------------------------------------------------------------------
# progress
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class ProgressRow:
    """Points of one exercise in one of the learner's notebooks."""

    chapter: str
    file: str
    exercise: str
    points: float
    max_points: float


def progress(work_dir, source_dir, *, timeout=30, chapters=None) -> list[ProgressRow]:
    """Grade every notebook of the learner's workspace against the course.

    Each file is graded by :func:`lecturekit.homework.grade_notebook` (the instructor's tests put
    back in, each cell limited to ``timeout`` seconds) without a sandbox: it
    is the learner's own code, and this must work on macOS and Windows too.
    The learner's files are never modified.  ``chapters`` (a collection of
    stems) limits the chapters graded.
    """
    from .homework import grade_notebook

    source_dir = Path(source_dir)
    rows = []
    for stem, path in chapter_files(work_dir):
        if chapters is not None and stem not in chapters:
            continue
        instructor = source_dir / f"{stem}.ipynb"
        if not instructor.exists():
            continue
        # grade_notebook only reads the learner's file and runs it in a fresh
        # temporary folder of its own, so the workspace is never written to.
        report = grade_notebook(path, instructor, sandbox="none", timeout=timeout)
        for exercise, pts in report["exercises"].items():
            rows.append(ProgressRow(stem, path.name, exercise, float(pts["points"]),
                                    float(pts["max_points"])))
    return rows


def _fmt(x: float) -> str:
    return f"{x:g}"


def format_progress(rows) -> str:
    """The progress table as text: chapter, exercise, points, and the totals."""
    if not rows:
        return "No chapters in your workspace yet: run `python3 course.py lab` first."
    width_c = max(len("chapter"), *(len(r.file) for r in rows))
    width_e = max(len("exercise"), *(len(r.exercise) for r in rows))
    lines = [f"{'chapter':<{width_c}}  {'exercise':<{width_e}}  points",
             f"{'-' * width_c}  {'-' * width_e}  ------"]
    done = 0
    for r in rows:
        tick = "  ✓" if r.points == r.max_points and r.max_points > 0 else ""
        done += bool(tick)
        lines.append(f"{r.file:<{width_c}}  {r.exercise:<{width_e}}  "
                     f"{_fmt(r.points)}/{_fmt(r.max_points)}{tick}")
    total = sum(r.points for r in rows)
    best = sum(r.max_points for r in rows)
    lines.append(f"Total: {_fmt(total)}/{_fmt(best)} points; "
                 f"{done} of {len(rows)} exercises complete.")
    return "\n".join(lines)


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
                   help="leave the reference solutions out of new copies")
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
