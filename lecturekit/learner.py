"""The self-study learner's workspace: their own copy of the course, and their progress.

``python3 course.py lab`` calls :func:`set_up_workspace`: it makes the student
version of every chapter (exercises as stubs, hidden tests and outputs removed,
by :func:`lecturekit.homework.student_version`) in a git-ignored folder,
``my-work/``, with a start page, ``START.ipynb`` (the chapters with a line
each, how exercises work, where to begin, and a cell that shows the
progress), and opens JupyterLab on it.  ``python3 course.py progress`` calls
:func:`progress`: it grades the learner's *saved* copies with the course's
grader and prints, per chapter, each exercise's title, status and points, the
chapter's subtotal, and the next step.  An exercise's status is

* ``done``: every point;
* ``tried``: the learner changed the exercise cell (it is no longer the stub
  their copy was made with, whitespace aside), not every point yet;
* ``not started``: the cell is still the stub.

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
import re
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
    "START",
    "start_page",
    "progress",
    "ProgressRow",
    "format_progress",
    "progress_html",
    "next_step",
    "show_progress",
    "main",
]

#: Where the workspace keeps its records, relative to the workspace folder.
MANIFEST = Path(".lecturekit") / "workspace.json"
#: The start page JupyterLab opens on (made by :func:`set_up_workspace`).
START = "START.ipynb"
#: Pages copied beside the chapters when the course has them (chapters link them).
EXTRA_PAGES = ("notation.md",)
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
            # JupyterLab does not put a cell with "editable": false into edit
            # mode, so a double-click (a notebook reflex) leaves the block
            # rendered and closed; a click on its summary still opens it.
            block.metadata["editable"] = False
            block.metadata["deletable"] = False
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
- `START.ipynb` shows your progress; `python3 course.py progress` prints it
  (both grade the saved files and never change them).
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
    # Where the course is, for the progress cell of the start page.
    manifest["source"] = str(source_dir.resolve())
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
    _write_pages(source_dir, work, manifest, paths, solutions)
    _write_manifest(work, manifest)
    if made:
        messages.insert(0, f"Made your workspace {work}: {len(made)} chapter(s) copied "
                           f"({made[0]} … {made[-1]}).")
    for message in messages:
        print(message, file=out)
    return messages


def _write_pages(source_dir: Path, work: Path, manifest: dict, paths, solutions: bool) -> None:
    """The start page and the course's extra pages (notation.md), kept up to
    date with the course unless the learner changed them (then they are theirs)."""
    import nbformat

    pages = manifest.setdefault("pages", {})
    extra = [name for name in EXTRA_PAGES if (source_dir / name).is_file()]
    wanted = {START: nbformat.writes(start_page(paths, solutions=solutions, folder=work.name,
                                                notation="notation.md" in extra))}
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


def _first_sentence(nb) -> str:
    """The first sentence of the chapter's first paragraph after its title."""
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            continue
        lines = cell.source.splitlines()
        body = [line.strip() for line in lines if not line.startswith("#")]
        paragraph = []
        for line in body:
            if not line and paragraph:
                break
            if line:
                paragraph.append(line)
        text = " ".join(paragraph)
        if text:
            end = re.search(r"[.!?](\s|$)", text)
            return text[: end.start() + 1] if end else text
    return ""


_START_HEAD = """\
# Start here: linear classifiers from first principles

This folder, `{folder}`, is your own copy of the course: write in it freely. It is saved every
few seconds, and `python3 course.py lab` never overwrites your work (when the course is updated,
the new version of a chapter appears beside your copy, e.g. `04_perceptron.v2.ipynb`).

## The chapters

{chapters}

## How a chapter works

- Read it from the top and run each code cell with **Shift+Enter** (or *Run ▸ Run All Cells*).
- **Questions** have their answer folded under them: think first, then click **Answer**.
- **Exercises** are code cells that hold `raise NotImplementedError()`: replace that line with your
  answer, run the cell, then run the *check* cell under it. A green line
  (✓ *Exercise 2 — …: 3/3 points*) means done; a red box says what your code returned, what was
  expected and, when it is a common mistake, which one. **Hint** under it opens a hint.
{solutions}{notation}

## Where to begin

Open [{first}]({first_file}) and read from the top. Coming back? The last line of your progress
below names your next exercise.

## Your progress

Run the cell below (**Shift+Enter**) to see your points, chapter by chapter. It grades the *saved*
notebooks (JupyterLab saves every few seconds; **Ctrl+S** saves now), the same view as
`python3 course.py progress` in a terminal. It never changes your files.
"""

_START_SOLUTIONS = """\
- Under each exercise a folded **Reference solution** holds one answer: open it with a click
  after you have tried (a double-click does not open it for editing)."""

_START_PROGRESS = """\
from lecturekit.learner import show_progress
show_progress()"""


def start_page(chapter_paths, *, solutions=True, folder="my-work", notation=False):
    """The start page (a notebook): the chapters with a line each, how exercises
    and answers work, where to begin, and a cell that shows the learner's progress."""
    import nbformat

    items, first, first_file = [], "", ""
    for path in chapter_paths:
        nb = nbformat.read(path, as_version=4)
        title = chapter_heading(nb) or Path(path).stem
        first, first_file = (first, first_file) if first else (title, Path(path).name)
        line = _first_sentence(nb)
        items.append(f"- [**{title}**]({Path(path).name}) — {line}".rstrip(" —"))
    solutions_line = _START_SOLUTIONS if solutions else ""
    notation = ("\n- The course's notation is on one page: [notation.md](notation.md)." if notation else "")
    head = _START_HEAD.format(folder=folder, chapters="\n".join(items), notation=notation,
                              solutions=solutions_line,
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
        if path.name == START:
            continue
        stem, _, rest = path.stem.partition(".v")
        if rest and not rest.isdigit():
            stem = path.stem
        found.append((stem, int(rest) if rest.isdigit() else 1, path))
    found.sort(key=lambda t: (t[0], t[1]))
    return [(stem, path) for stem, _, path in found]


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
    still the stub the workspace was made with).
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


def _normalised(source: str) -> str:
    return "\n".join(line.rstrip() for line in source.strip().splitlines())


def _exercise_titles(nb, assignment) -> dict:
    """grade_id -> "Exercise 3 — <title>": from lecturekit.exercises when the
    chapter registers it, else from the markdown heading above the exercise."""
    from . import exercises

    titles = {}
    for ex in assignment.exercises:
        try:
            titles[ex.grade_id] = exercises.registered(ex.grade_id).heading
            continue
        except (KeyError, ImportError):  # not converted yet: the notebook's heading
            pass
        heading = ""
        for cell in reversed(nb.cells[: ex.cell_index]):
            if cell.cell_type == "markdown":
                # The last heading of the cell ("## Exercises" may come before it).
                found = [line for line in cell.source.splitlines() if line.startswith("#")]
                heading = re.sub(r"\s*\([^()]*\bpoints?\b[^()]*\)\s*$", "",
                                 found[-1].lstrip("#").strip()) if found else ""
                if heading:
                    break
        titles[ex.grade_id] = heading or ex.grade_id
    return titles


def progress(work_dir, source_dir, *, timeout=30, chapters=None) -> list[ProgressRow]:
    """Grade every notebook of the learner's workspace against the course.

    Each file is graded by :func:`lecturekit.homework.grade_notebook` (the instructor's tests put
    back in, each cell limited to ``timeout`` seconds) without a sandbox: it
    is the learner's own code, and this must work on macOS and Windows too.
    Only the *saved* files count.  A file whose exercise cells are all still
    the stubs is not run: a stub raises ``NotImplementedError``, so each of
    its exercises has 0 points (tests/test_learner.py checks that grading
    agrees).  The learner's files are never modified.  ``chapters`` (a
    collection of stems) limits the chapters graded.
    """
    import nbformat

    from .homework import grade_notebook, parse_assignment

    source_dir = Path(source_dir)
    rows = []
    for stem, path in chapter_files(work_dir):
        if chapters is not None and stem not in chapters:
            continue
        instructor = source_dir / f"{stem}.ipynb"
        if not instructor.exists():
            continue
        course_nb = nbformat.read(instructor, as_version=4)
        assignment = parse_assignment(course_nb, str(instructor))
        stubs = {cell.metadata["nbgrader"]["grade_id"]: _normalised(cell.source)
                 for cell in learner_version(course_nb, str(instructor), solutions=False).cells
                 if cell.metadata.get("nbgrader", {}).get("solution")}
        try:
            mine = nbformat.read(path, as_version=4)
            written = {cell.metadata["nbgrader"]["grade_id"]: _normalised(cell.source)
                       for cell in mine.cells if cell.metadata.get("nbgrader", {}).get("grade_id")}
        except Exception:  # noqa: BLE001 - the grader reports an unreadable file its own way
            written = {}
        changed = {gid for gid, stub in stubs.items() if written.get(gid, stub) != stub}
        if changed:
            # grade_notebook only reads the learner's file and runs it in a fresh
            # temporary folder of its own, so the workspace is never written to.
            report = grade_notebook(path, instructor, sandbox="none", timeout=timeout)
            points = {ex: (float(p["points"]), float(p["max_points"]))
                      for ex, p in report["exercises"].items()}
        else:
            points = {ex.grade_id: (0.0, float(ex.points)) for ex in assignment.exercises}
        titles = _exercise_titles(course_nb, assignment)
        heading = chapter_heading(course_nb)
        for exercise, (pts, best) in points.items():
            status = ("done" if best > 0 and pts == best
                      else "tried" if exercise in changed else "not started")
            rows.append(ProgressRow(stem, path.name, exercise, pts, best,
                                    titles.get(exercise, exercise), status, heading))
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
