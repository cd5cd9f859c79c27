"""A course update in the learner's workspace (course.py lab after a chapter changed).

The promises: exactly one copy of each chapter stays in progress (the new
version, under the chapter's own name); it holds the learner's answers for
every exercise whose statement, stub and check cell did not change, and their
own cells; an exercise whose wording changed gets the new stub with the earlier
answer kept right above it; the learner's copy as it was is moved, byte for
byte, to earlier-versions/; the terminal, a note at the top of the chapter and
the start page say what changed and where the earlier copy is; progress lists
the chapter once, its total is the new version's and "Next" follows it.
"""

import hashlib
import io
import json
import shutil
from pathlib import Path

import nbformat
import pytest

from lecturekit import learner
from lecturekit.homework import grade_notebook, parse_assignment, reference_solution

ROOT = Path(__file__).resolve().parents[1]
CHAPTER = ROOT / "notebooks" / "01_dot_products.ipynb"


def _digest(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _cells(path):
    return nbformat.read(path, as_version=4).cells


def _cell(nb_or_path, gid):
    cells = nb_or_path.cells if hasattr(nb_or_path, "cells") else _cells(nb_or_path)
    return next(c for c in cells if c.metadata.get("nbgrader", {}).get("grade_id") == gid)


def _answer(path, gid, source):
    nb = nbformat.read(path, as_version=4)
    _cell(nb, gid).source = source
    nbformat.write(nb, path)


def _chapter_files(work):
    return sorted(p.name for p in Path(work).glob("*.ipynb") if p.name != learner.START)


# --------------------------------------------------------------------------
# a small course of our own, changed the way a course changes
# --------------------------------------------------------------------------

def _solution(gid, source):
    cell = nbformat.v4.new_code_cell(source)
    cell.metadata["nbgrader"] = {"grade": False, "grade_id": gid, "locked": False, "schema_version": 3,
                                 "solution": True, "task": False}
    cell["id"] = gid
    return cell


def _test(gid, source, points):
    cell = nbformat.v4.new_code_cell(source)
    cell.metadata["nbgrader"] = {"grade": True, "grade_id": gid, "locked": True, "points": points,
                                 "schema_version": 3, "solution": False, "task": False}
    cell["id"] = gid
    return cell


def _md(cell_id, source):
    cell = nbformat.v4.new_markdown_cell(source)
    cell["id"] = cell_id
    return cell


def _code(cell_id, source):
    cell = nbformat.v4.new_code_cell(source)
    cell["id"] = cell_id
    return cell


def _course_v1():
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [
        _md("title", "# Chapter 97 — Halves and doubles\n\nThis chapter halves and doubles numbers."),
        _code("imports", "import numpy as np"),
        _md("why", "## Why halve\n\nHalving is dividing by two."),
        _code("demo", "print(np.array([2.0, 4.0]) / 2)"),
        _md("exercises", "## Exercises\n\n### Exercise 1 — halve a number (1 point)\n\nWrite `halve(x)`."),
        _solution("tiny-halve", "def halve(x):\n    ### BEGIN SOLUTION\n    return x / 2\n    ### END SOLUTION"),
        _test("tiny-halve-tests", "assert halve(4) == 2\nassert halve(1) == 0.5", 1),
        _md("ex2", "### Exercise 2 — double a number (1 point)\n\nWrite `double(x)`."),
        _solution("tiny-double", "def double(x):\n    ### BEGIN SOLUTION\n    return 2 * x\n    ### END SOLUTION"),
        _test("tiny-double-tests", "assert double(3) == 6", 1),
        _md("ex3", "### Exercise 3 — a third (1 point)\n\nSet `third` to 1/3 of 9."),
        _solution("tiny-third", "### BEGIN SOLUTION\nthird = 3.0\n### END SOLUTION"),
        _test("tiny-third-tests", "assert third == 3", 1),
        _md("end", "That is all."),
    ]
    return nb


def _course_v2():
    """The course, updated: section "Why halve" reworded, Exercise 2's wording
    changed (triple, not double), a new Exercise 4, Exercise 3 removed."""
    nb = _course_v1()
    cells = {c["id"]: c for c in nb.cells}
    cells["why"].source = "## Why halve\n\nHalving is dividing by two, or multiplying by 0.5."
    cells["ex2"].source = "### Exercise 2 — triple a number (1 point)\n\nWrite `double(x)`, which returns 3x."
    cells["tiny-double-tests"].source = "assert double(3) == 9"
    keep = [c for c in nb.cells if c["id"] not in ("ex3", "tiny-third", "tiny-third-tests", "end")]
    nb.cells = keep + [
        _md("ex4", "### Exercise 4 — a quarter (1 point)\n\nWrite `quarter(x)`."),
        _solution("tiny-quarter", "def quarter(x):\n    ### BEGIN SOLUTION\n    return x / 4\n    ### END SOLUTION"),
        _test("tiny-quarter-tests", "assert quarter(8) == 2", 1),
        _md("end", "That is all."),
    ]
    return nb


@pytest.fixture
def tiny(tmp_path):
    src = tmp_path / "course"
    src.mkdir()
    nbformat.write(_course_v1(), src / "97_tiny.ipynb")
    work = tmp_path / "my-work"
    learner.set_up_workspace(src, work, out=io.StringIO(), today="2030-01-01")
    return src, work, work / "97_tiny.ipynb"


HALVE = "def halve(x):\n    return x * 0.5  # mine"
DOUBLE = "def double(x):\n    return x + x  # mine"


def _learner_works(mine):
    """The learner answers Exercises 1 and 2 and adds a note of their own after the demo."""
    _answer(mine, "tiny-halve", HALVE)
    _answer(mine, "tiny-double", DOUBLE)
    nb = nbformat.read(mine, as_version=4)
    k = next(i for i, c in enumerate(nb.cells) if c.get("id") == "demo")
    nb.cells.insert(k + 1, nbformat.v4.new_markdown_cell("My note: 0.5 * x is the same."))
    nbformat.write(nb, mine)


def test_an_update_carries_the_answers_of_unchanged_exercises_and_keeps_the_copy(tiny):
    src, work, mine = tiny
    _learner_works(mine)
    before = _digest(mine)
    nbformat.write(_course_v2(), src / "97_tiny.ipynb")
    out = io.StringIO()
    learner.set_up_workspace(src, work, out=out, today="2030-02-03")
    said = out.getvalue()

    # Exactly one copy in progress; the learner's copy, byte for byte, in earlier-versions/.
    assert _chapter_files(work) == ["97_tiny.ipynb"]
    archived = work / learner.EARLIER / "97_tiny.v1.ipynb"
    assert _digest(archived) == before
    nb = nbformat.read(mine, as_version=4)
    sources = [c.source for c in nb.cells]
    # The unchanged exercise keeps the answer; the reworded one gets the new stub and,
    # right above it, the earlier answer; the new exercise is a stub.
    assert _cell(nb, "tiny-halve").source == HALVE
    assert "raise NotImplementedError()" in _cell(nb, "tiny-double").source
    k = next(i for i, c in enumerate(nb.cells) if c.metadata.get("nbgrader", {}).get("grade_id") == "tiny-double")
    aside = nb.cells[k - 1]
    assert learner.EARLIER_ANSWER_TAG in aside.metadata["tags"] and DOUBLE in aside.source
    assert "raise NotImplementedError()" in _cell(nb, "tiny-quarter").source
    assert not any(c.metadata.get("nbgrader", {}).get("grade_id") == "tiny-third" for c in nb.cells)
    # The learner's own note, after the cell it followed.
    k = next(i for i, c in enumerate(nb.cells) if c.get("id") == "demo")
    assert nb.cells[k + 1].source == "My note: 0.5 * x is the same."
    # Everything else is the course's new version.
    assert "or multiplying by 0.5" in "\n".join(sources)
    # The note at the top says what changed, and where the earlier copy is.
    note = nb.cells[1]
    assert learner.UPDATE_NOTE_TAG in note.metadata["tags"] and "2030-02-03" in note.source
    assert "“Why halve”" in note.source and "“Exercises”" in note.source
    assert "Changed: Exercise 2 — triple a number — your earlier answer is kept right above its answer cell" \
        in note.source
    assert "New: Exercise 4 — a quarter" in note.source and "Removed: Exercise 3 — a third" in note.source
    assert "Your answers came along for Exercise 1." in note.source
    assert "[earlier-versions/97_tiny.v1.ipynb](earlier-versions/97_tiny.v1.ipynb)" in note.source
    # The terminal says it too.
    assert "Chapter 97 — Halves and doubles was updated" in said and "earlier-versions/97_tiny.v1.ipynb" in said
    assert "Changed: Exercise 2 — triple a number" in said
    # The start page lists the update.
    page = _cells(work / learner.START)[0].source
    section = page.split("## What changed in the course")[1].split("## The chapters")[0]
    assert "2030-02-03, [Chapter 97 — Halves and doubles](97_tiny.ipynb)" in section
    assert "New: Exercise 4 — a quarter" in section and "earlier-versions/97_tiny.v1.ipynb" in section
    # The workspace records the update.
    records = json.loads((work / learner.MANIFEST).read_text())
    assert [u["chapter"] for u in records["updates"]] == ["97_tiny"]

    # Running the set-up again changes nothing and says nothing.
    files = {p: _digest(p) for p in work.rglob("*") if p.is_file()}
    again = io.StringIO()
    learner.set_up_workspace(src, work, out=again, today="2030-02-04")
    assert again.getvalue() == "" and {p: _digest(p) for p in work.rglob("*") if p.is_file()} == files


def test_progress_after_an_update_lists_the_chapter_once(tiny):
    src, work, mine = tiny
    _learner_works(mine)
    rows = learner.progress(work, src, timeout=60)
    assert sum(r.max_points for r in rows) == 3 and sum(r.points for r in rows) == 2
    nbformat.write(_course_v2(), src / "97_tiny.ipynb")
    learner.set_up_workspace(src, work, out=io.StringIO(), today="2030-02-03")
    rows = learner.progress(work, src, timeout=60)
    # one chapter, the new version's exercises and total (not the old one's added to it)
    assert {r.file for r in rows} == {"97_tiny.ipynb"}
    assert [r.exercise for r in rows] == ["tiny-halve", "tiny-double", "tiny-quarter"]
    assert [(r.points, r.status) for r in rows] == [(1, "done"), (0, "not started"), (0, "not started")]
    # the same points as the course's grader gives the copy
    report = grade_notebook(mine, src / "97_tiny.ipynb", sandbox="none", timeout=60)
    assert {r.exercise: r.points for r in rows} == {k: v["points"] for k, v in report["exercises"].items()}
    assert learner.next_step(rows).startswith("Next: Exercise 2 of chapter 97")


def test_a_second_update_keeps_both_earlier_copies(tiny):
    src, work, mine = tiny
    _learner_works(mine)
    nbformat.write(_course_v2(), src / "97_tiny.ipynb")
    learner.set_up_workspace(src, work, out=io.StringIO(), today="2030-02-03")
    first = _digest(work / learner.EARLIER / "97_tiny.v1.ipynb")
    _answer(mine, "tiny-quarter", "def quarter(x):\n    return x / 4")
    second_before = _digest(mine)
    v3 = _course_v2()
    v3.cells[0].source += " A sentence more."
    nbformat.write(v3, src / "97_tiny.ipynb")
    out = io.StringIO()
    learner.set_up_workspace(src, work, out=out, today="2030-03-01")
    assert _digest(work / learner.EARLIER / "97_tiny.v1.ipynb") == first
    assert _digest(work / learner.EARLIER / "97_tiny.v2.ipynb") == second_before
    nb = nbformat.read(mine, as_version=4)
    assert _cell(nb, "tiny-quarter").source == "def quarter(x):\n    return x / 4"
    assert _cell(nb, "tiny-halve").source == HALVE
    # The note of the first update does not come along as a cell "of the learner's": one note.
    notes = [c for c in nb.cells if learner.UPDATE_NOTE_TAG in c.metadata.get("tags", [])]
    assert len(notes) == 1 and "2030-03-01" in notes[0].source
    assert "“the introduction”" in out.getvalue()
    page = _cells(work / learner.START)[0].source
    assert page.index("2030-03-01") < page.index("2030-02-03")  # newest first


def test_an_untouched_copy_is_updated_without_notes_of_answers(tiny):
    src, work, mine = tiny
    nbformat.write(_course_v2(), src / "97_tiny.ipynb")
    learner.set_up_workspace(src, work, out=io.StringIO(), today="2030-02-03")
    nb = nbformat.read(mine, as_version=4)
    assert not any(learner.EARLIER_ANSWER_TAG in c.metadata.get("tags", []) for c in nb.cells)
    assert "came along for" not in nb.cells[1].source


# --------------------------------------------------------------------------
# a real chapter, updated
# --------------------------------------------------------------------------

@pytest.mark.slow
def test_a_real_chapter_update_keeps_the_answers_and_points_of_unchanged_exercises(tmp_path):
    src = tmp_path / "course"
    src.mkdir()
    shutil.copyfile(CHAPTER, src / CHAPTER.name)
    work = tmp_path / "my-work"
    learner.set_up_workspace(src, work, out=io.StringIO())
    instructor = nbformat.read(CHAPTER, as_version=4)
    assignment = parse_assignment(instructor, "ch1")
    mine = work / CHAPTER.name
    solved = [ex.grade_id for ex in assignment.exercises[:3]]
    for gid in solved:
        _answer(mine, gid, reference_solution(_cell(instructor, gid).source))
    rows = {r.exercise: r for r in learner.progress(work, src, timeout=60)}
    assert all(rows[g].status == "done" for g in solved)
    total = sum(r.max_points for r in rows.values())

    # Upstream: Exercise 3's wording changes, and a sentence of the lesson.
    reworded = solved[2]
    k = next(i for i, c in enumerate(instructor.cells) if c.metadata.get("nbgrader", {}).get("grade_id") == reworded)
    statement = next(j for j in range(k - 1, -1, -1) if instructor.cells[j].cell_type == "markdown")
    instructor.cells[statement].source += "\n\nGive each number to four decimal places."
    instructor.cells[2].source += "\n\nOne more sentence."
    nbformat.write(instructor, src / CHAPTER.name)
    learner.set_up_workspace(src, work, out=io.StringIO(), today="2030-02-03")

    nb = nbformat.read(mine, as_version=4)
    for gid in solved[:2]:
        assert _cell(nb, gid).source == reference_solution(_cell(instructor, gid).source)
    assert "raise NotImplementedError()" in _cell(nb, reworded).source
    note = nb.cells[1].source
    assert registered_title(reworded) in note
    rows = {r.exercise: r for r in learner.progress(work, src, timeout=60)}
    assert [rows[g].status for g in solved] == ["done", "done", "not started"]
    assert sum(r.max_points for r in rows.values()) == total
    assert _chapter_files(work) == [CHAPTER.name]


def registered_title(gid):
    from lecturekit.exercises import registered

    return registered(gid).heading


# --------------------------------------------------------------------------
# a workspace made by the earlier version (folded solutions, 04_x.v2.ipynb beside the copy)
# --------------------------------------------------------------------------

def _old_workspace(src, work, stem="97_tiny"):
    """A workspace as the earlier version left it after one course update: the copy
    (with folded solution cells) and a blank newer version beside it."""
    work.mkdir()
    v1 = learner.learner_version(_course_v1(), "v1")
    k = next(i for i, c in enumerate(v1.cells) if c.metadata.get("nbgrader", {}).get("grade_id") == "tiny-halve")
    folded = nbformat.v4.new_markdown_cell("<details><summary>Reference solution</summary>\n\nx\n</details>")
    folded.metadata["tags"] = [learner.LEGACY_SOLUTION_TAG]
    v1.cells.insert(k + 1, folded)
    nbformat.write(v1, work / f"{stem}.ipynb")
    nbformat.write(learner.learner_version(_course_v1(), "v1"), work / f"{stem}.v2.ipynb")
    (work / ".lecturekit").mkdir()
    (work / learner.MANIFEST).write_text(json.dumps({"chapters": {stem: {"versions": [
        {"file": f"{stem}.ipynb", "fingerprint": "0" * 16},
        {"file": f"{stem}.v2.ipynb", "fingerprint": "1" * 16}], "told": True}}}))


def test_a_workspace_of_the_earlier_version_is_brought_to_one_copy(tmp_path):
    import os

    src = tmp_path / "course"
    src.mkdir()
    nbformat.write(_course_v1(), src / "97_tiny.ipynb")
    work = tmp_path / "my-work"
    _old_workspace(src, work)
    # Exercise 1 answered in the first copy, Exercise 2 in the second (saved later).
    _answer(work / "97_tiny.ipynb", "tiny-halve", HALVE)
    _answer(work / "97_tiny.v2.ipynb", "tiny-double", DOUBLE)
    os.utime(work / "97_tiny.ipynb", (1_000_000, 1_000_000))
    digests = {name: _digest(work / name) for name in ("97_tiny.ipynb", "97_tiny.v2.ipynb")}
    out = io.StringIO()
    learner.set_up_workspace(src, work, out=out, today="2030-02-03")
    assert _chapter_files(work) == ["97_tiny.ipynb"]
    kept = sorted((work / learner.EARLIER).glob("*.ipynb"))
    assert sorted(_digest(p) for p in kept) == sorted(digests.values())
    nb = nbformat.read(work / "97_tiny.ipynb", as_version=4)
    assert _cell(nb, "tiny-halve").source == HALVE and _cell(nb, "tiny-double").source == DOUBLE
    # no folded solution under an exercise any more
    assert not any(learner.LEGACY_SOLUTION_TAG in c.metadata.get("tags", []) for c in nb.cells)
    assert not any("<details><summary>Reference solution" in c.source for c in nb.cells)
    rows = learner.progress(work, src, timeout=60)
    assert {r.file for r in rows} == {"97_tiny.ipynb"} and sum(r.max_points for r in rows) == 3


def test_a_damaged_copy_is_kept_and_a_fresh_version_made(tiny):
    src, work, mine = tiny
    mine.write_text("{ this is not a notebook")
    nbformat.write(_course_v2(), src / "97_tiny.ipynb")
    learner.set_up_workspace(src, work, out=io.StringIO(), today="2030-02-03")
    assert (work / learner.EARLIER / "97_tiny.v1.ipynb").read_text() == "{ this is not a notebook"
    assert _cell(nbformat.read(mine, as_version=4), "tiny-quarter")
