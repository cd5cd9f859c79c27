"""The learner's workspace (course.py lab) and progress (course.py progress).

The promises tested here: the workspace holds the student version of every
chapter; nothing the learner writes is ever lost when the course changes; the
learner's notebooks, once solved, run exactly like the instructor's; the
reference solutions are there on request for a learner and never in a class's
student versions; progress counts a correct answer and never touches the
learner's files.
"""

import hashlib
import html
import io
import json
import os
import re
import shutil
import sys
from pathlib import Path

import nbformat
import pytest

from lecturekit import learner
from lecturekit.homework import parse_assignment, reference_solution, student_version

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
CHAPTER = ROOT / "notebooks" / "01_dot_products.ipynb"


def _digest(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _course(tmp_path, *paths):
    """A small course folder holding copies of the given chapters."""
    src = tmp_path / "course"
    src.mkdir()
    for p in paths:
        shutil.copyfile(p, src / p.name)
    return src


def _chapter_names(work):
    """The chapter notebooks of a workspace (the start page aside)."""
    return sorted(p.name for p in Path(work).glob("*.ipynb") if p.name != learner.START)


def _first_solution(nb):
    """(index, grade_id) of the first solution cell of a notebook."""
    for i, cell in enumerate(nb.cells):
        meta = cell.metadata.get("nbgrader", {})
        if meta.get("solution") and cell.cell_type == "code":
            return i, meta["grade_id"]
    raise AssertionError("no solution cell")


# --------------------------------------------------------------------------
# the copy
# --------------------------------------------------------------------------

def test_workspace_holds_student_versions_and_the_solutions_only_in_its_records(tmp_path):
    src = _course(tmp_path, CHAPTER)
    work = tmp_path / "my-work"
    learner.set_up_workspace(src, work, out=io.StringIO())
    copy = nbformat.read(work / CHAPTER.name, as_version=4)
    instructor = nbformat.read(CHAPTER, as_version=4)
    code = "\n".join(c.source for c in copy.cells if c.cell_type == "code")
    assert "raise NotImplementedError()" in code
    assert "BEGIN SOLUTION" not in code and "BEGIN HIDDEN TESTS" not in code
    assert all(not c.get("outputs") for c in copy.cells if c.cell_type == "code")
    # The copy is the class's student version, cell for cell: no solution in it, folded or not;
    # a stub that does not name what its check reads gets a line that does.
    from lecturekit.exercises import registered

    student = student_version(instructor)
    assert len(copy.cells) == len(student.cells)
    named = 0
    for mine, theirs in zip(copy.cells, student.cells):
        if mine.source == theirs.source:
            continue
        names = registered(mine.metadata["nbgrader"]["grade_id"]).expects
        added, rest = mine.source.split("\n", 1)
        assert rest == theirs.source and added.startswith("# Define ")
        assert added.endswith("the check below reads them." if len(names) > 1 else "the check below reads it.")
        assert all(name in added for name in names) and not any(name in theirs.source for name in names)
        named += 1
    assert named == 2  # chapter 1: Exercise 1's w_normal and Exercise 3's angle_ab, ..., dist_ab
    # The solutions are in the workspace's records, each the instructor's as a learner writes it.
    table = json.loads((work / learner.SOLUTIONS).read_text())
    assignment = parse_assignment(instructor, "instructor")
    assert set(table) == {e.grade_id for e in assignment.exercises}
    for ex in assignment.exercises:
        assert table[ex.grade_id]["code"] == reference_solution(instructor.cells[ex.cell_index].source).strip("\n")


def test_a_reference_solution_is_shown_only_when_asked_for(tmp_path, monkeypatch):
    src = _course(tmp_path, CHAPTER)
    work = tmp_path / "my-work"
    learner.set_up_workspace(src, work, out=io.StringIO())
    instructor = nbformat.read(CHAPTER, as_version=4)
    k, gid = _first_solution(instructor)
    expected = reference_solution(instructor.cells[k].source).strip("\n")
    monkeypatch.chdir(work)  # where a notebook's kernel starts
    shown = learner.show_solution(gid)
    assert expected in repr(shown) and "Exercise 1" in repr(shown)
    from lecturekit.exercises import show_solution  # where a learner finds it, beside check_exercise

    assert repr(show_solution(gid)) == repr(shown)
    assert html.escape(expected) in shown._repr_html_()
    # Under a check: a control whose summary is a button of its own, closed.
    control = learner.solution_html(gid)
    summary = re.search(r"<details[^>]*>(<summary[^>]*>)([^<]*)</summary>", control)
    assert summary.group(2) == "Show the reference solution"
    assert "display: inline-block" in summary.group(1)  # as wide as its label, not the row
    assert "<details " in control and " open" not in control.split(">")[0]
    assert html.escape(expected) in control
    with pytest.raises(KeyError, match="ch01-normal"):
        learner.show_solution("ch01-nothing")
    with pytest.raises(TypeError, match="grade_id"):
        learner.show_solution(4)
    # Outside a workspace: no control, and show_solution says where it works.
    monkeypatch.chdir(tmp_path)
    assert learner.solution_html(gid) is None and learner.solution_control(gid) is None
    with pytest.raises(FileNotFoundError, match="course.py lab"):
        learner.show_solution(gid)


def test_no_solutions_for_a_class_or_on_request(tmp_path, monkeypatch):
    src = _course(tmp_path, CHAPTER)
    learner.set_up_workspace(src, tmp_path / "w", solutions=False, out=io.StringIO())
    assert not (tmp_path / "w" / learner.SOLUTIONS).exists()
    monkeypatch.chdir(tmp_path / "w")
    instructor = nbformat.read(CHAPTER, as_version=4)
    k, gid = _first_solution(instructor)
    assert learner.solution_html(gid) is None
    with pytest.raises(LookupError, match="no-solutions"):
        learner.show_solution(gid)
    hidden_solution = reference_solution(instructor.cells[k].source)
    text = json.dumps(student_version(instructor))
    assert json.dumps(hidden_solution.strip())[1:-1] not in text
    page = nbformat.read(tmp_path / "w" / learner.START, as_version=4).cells[0].source
    assert "Show the reference solution" not in page


def test_running_the_set_up_again_changes_nothing(tmp_path, capsys):
    src = _course(tmp_path, CHAPTER)
    work = tmp_path / "my-work"
    learner.set_up_workspace(src, work)
    assert "Made your workspace" in capsys.readouterr().out
    mine = work / CHAPTER.name
    nb = nbformat.read(mine, as_version=4)
    k, _ = _first_solution(nb)
    nb.cells[k].source = "# my own answer\n" + nb.cells[k].source
    nbformat.write(nb, mine)
    before = {p: _digest(p) for p in work.rglob("*") if p.is_file()}
    learner.set_up_workspace(src, work)
    assert capsys.readouterr().out == ""
    assert {p: _digest(p) for p in work.rglob("*") if p.is_file()} == before


def test_new_outputs_in_the_course_are_not_an_update(tmp_path, capsys):
    src = _course(tmp_path, CHAPTER)
    work = tmp_path / "w"
    learner.set_up_workspace(src, work)
    course_nb = nbformat.read(src / CHAPTER.name, as_version=4)
    for cell in course_nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    nbformat.write(course_nb, src / CHAPTER.name)
    capsys.readouterr()
    learner.set_up_workspace(src, work)
    assert capsys.readouterr().out == ""
    assert _chapter_names(work) == [CHAPTER.name] and not (work / learner.EARLIER).exists()


def test_lost_records_never_cost_the_learner_a_file(tmp_path, capsys):
    src = _course(tmp_path, CHAPTER)
    work = tmp_path / "w"
    learner.set_up_workspace(src, work)
    mine = work / CHAPTER.name
    nb = nbformat.read(mine, as_version=4)
    k, _ = _first_solution(nb)
    nb.cells[k].source = "def dot(a, b):\n    return 42"
    nbformat.write(nb, mine)
    edited = _digest(mine)
    # The records are damaged: the copy is still recognised as this version's, and kept as it is.
    (work / learner.MANIFEST).write_text("{ not json")
    capsys.readouterr()
    learner.set_up_workspace(src, work)
    assert _digest(mine) == edited and capsys.readouterr().out == ""
    # Records lost again, and the learner also changed a lesson cell: the copy is not
    # recognised, so it is treated as an update: kept untouched aside, the answer carried.
    nb = nbformat.read(mine, as_version=4)
    lesson = next(i for i, c in enumerate(nb.cells) if c.cell_type == "code" and "nbgrader" not in c.metadata)
    nb.cells[lesson].source += "\nprint('my experiment')"
    nbformat.write(nb, mine)
    edited = _digest(mine)
    (work / learner.MANIFEST).unlink()
    learner.set_up_workspace(src, work)
    said = capsys.readouterr().out
    assert "records did not know your copy" in said
    archived = work / learner.EARLIER / f"{CHAPTER.stem}.v1.ipynb"
    assert _digest(archived) == edited
    new = nbformat.read(mine, as_version=4)
    assert "def dot(a, b):\n    return 42" in [c.source for c in new.cells]
    assert _chapter_names(work) == [CHAPTER.name]


def test_a_deleted_copy_is_made_again(tmp_path, capsys):
    src = _course(tmp_path, CHAPTER)
    work = tmp_path / "w"
    learner.set_up_workspace(src, work)
    (work / CHAPTER.name).unlink()
    capsys.readouterr()
    learner.set_up_workspace(src, work)
    assert "fresh copy" in capsys.readouterr().out and (work / CHAPTER.name).exists()


def test_chapter_files_lists_one_copy_per_chapter(tmp_path):
    for name in ["02_b.ipynb", "01_a.ipynb", "START.ipynb", ".01_a.new.ipynb"]:
        (tmp_path / name).write_text("{}")
    (tmp_path / learner.EARLIER).mkdir()
    (tmp_path / learner.EARLIER / "01_a.v1.ipynb").write_text("{}")
    assert [(s, p.name) for s, p in learner.chapter_files(tmp_path)] == [("01_a", "01_a.ipynb"),
                                                                         ("02_b", "02_b.ipynb")]
    # A workspace of the older version, with versions beside the copy: the one saved last.
    (tmp_path / "01_a.v2.ipynb").write_text("{}")
    os.utime(tmp_path / "01_a.ipynb", (1_000_000, 1_000_000))
    assert [(s, p.name) for s, p in learner.chapter_files(tmp_path)] == [("01_a", "01_a.v2.ipynb"),
                                                                         ("02_b", "02_b.ipynb")]


# --------------------------------------------------------------------------
# solved, the learner's copy runs like the instructor's
# --------------------------------------------------------------------------

def _sanitizers():
    """The regex/replace pairs of nbval_sanitize.cfg, which strict nbval applies before comparing."""
    import configparser
    cfg = configparser.ConfigParser()
    cfg.read(ROOT / "nbval_sanitize.cfg")
    return [(re.compile(cfg[s]["regex"]), cfg[s]["replace"]) for s in cfg.sections()]


_SANITIZE = _sanitizers()


def _sanitized(text):
    for regex, replace in _SANITIZE:
        text = regex.sub(replace, text)
    return text


def _text_outputs(cell):
    """What strict nbval compares of a cell's outputs (images excepted); like
    nbval (its coalesce_streams), all chunks of one stream count as one output at
    the place of the first, so a warning on stderr that lands between two prints
    in one run and after them in another changes nothing; and, as in nbval, the
    order of stdout, stderr and the other outputs relative to each other does not
    count."""
    found = []
    for out in cell.get("outputs", []):
        if out["output_type"] == "stream":
            at = next((k for k, f in enumerate(found) if f[0] == out["name"]), None)
            if at is not None:
                found[at] = (out["name"], found[at][1] + _sanitized(out["text"]))
            else:
                found.append((out["name"], _sanitized(out["text"])))
        elif out["output_type"] in ("execute_result", "display_data"):
            data = out.get("data", {})
            # compared as strict nbval compares them, after nbval_sanitize.cfg: a figure's PNG bytes
            # inside its <img> are not compared (its pixels follow the last bits of the plotted
            # numbers, which vary with the BLAS kernel), nor a warning's /tmp/ipykernel_N file name
            found.append(tuple((k, _sanitized(data[k])) for k in ("text/plain", "text/html") if k in data))
        elif out["output_type"] == "error":
            found.append(("error", out["ename"]))
    # like nbval, which keys each output by its stream name or MIME type, the order of outputs of different
    # kinds does not count (stdout printed before or after a warning on stderr), the order within a kind does
    kind = {"stdout": 0, "stderr": 1}
    return sorted(found, key=lambda f: kind.get(f[0], 2) if isinstance(f[0], str) else 2)


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_solved_learner_copy_prints_what_the_instructor_version_prints(path, tmp_path):
    from nbclient import NotebookClient

    instructor = nbformat.read(path, as_version=4)
    copy = learner.learner_version(instructor, str(path))
    solution_by_id = {c.metadata["nbgrader"]["grade_id"]: c.source for c in instructor.cells
                      if c.metadata.get("nbgrader", {}).get("solution")}
    for cell in copy.cells:
        gid = cell.metadata.get("nbgrader", {}).get("grade_id")
        if gid in solution_by_id:
            cell.source = solution_by_id[gid]
    env = {k: v for k, v in os.environ.items() if k != "MPLBACKEND"}
    env["PYTHONHASHSEED"] = "0"
    saved = dict(os.environ)
    os.environ.clear()
    os.environ.update(env)
    try:
        NotebookClient(copy, timeout=120, kernel_name="python3",
                       resources={"metadata": {"path": str(path.parent)}}).execute()
    finally:
        os.environ.clear()
        os.environ.update(saved)
    by_id = {c.get("id"): c for c in instructor.cells}
    compared = 0
    for cell in copy.cells:
        if cell.cell_type != "code" or "nbgrader" in cell.metadata:
            continue
        tags = cell.metadata.get("tags", [])
        if "nbval-ignore-output" in tags or "nbval-skip" in tags:
            continue
        assert _text_outputs(cell) == _text_outputs(by_id[cell.get("id")]), cell.source[:200]
        compared += 1
    assert compared >= 5


# --------------------------------------------------------------------------
# progress
# --------------------------------------------------------------------------

@pytest.mark.slow
def test_progress_counts_a_correct_answer_and_leaves_the_files_alone(tmp_path):
    src = _course(tmp_path, CHAPTER)
    work = tmp_path / "my-work"
    learner.set_up_workspace(src, work, out=io.StringIO())
    mine = work / CHAPTER.name
    nb = nbformat.read(mine, as_version=4)
    instructor = nbformat.read(CHAPTER, as_version=4)
    k, gid = _first_solution(nb)
    kk = next(i for i, c in enumerate(instructor.cells)
              if c.metadata.get("nbgrader", {}).get("grade_id") == gid)
    nb.cells[k].source = reference_solution(instructor.cells[kk].source)
    nbformat.write(nb, mine)
    records = work / learner.RECORDS
    before = {p: _digest(p) for p in work.rglob("*") if p.is_file() and records not in p.parents}

    rows = learner.progress(work, src, timeout=60)
    # Only the workspace's records (the progress cache) are written; the learner's files are not.
    after = {p: _digest(p) for p in work.rglob("*") if p.is_file() and records not in p.parents}
    assert after == before

    exercises = parse_assignment(instructor, "instructor").exercises
    assert [r.exercise for r in rows] == [e.grade_id for e in exercises]
    solved = {r.exercise: (r.points, r.max_points) for r in rows}
    assert solved[gid][0] == solved[gid][1] > 0
    assert all(p == 0 for ex, (p, _) in solved.items() if ex != gid)
    table = learner.format_progress(rows)
    # The table names exercises by their titles, not their internal ids.
    title = next(r.title for r in rows if r.exercise == gid)
    assert title.startswith("Exercise 1 — ") and gid not in table
    assert f"✓ {title}" in table and f"Total: {solved[gid][0]:g}/" in table
    assert [r.status for r in rows] == ["done"] + ["not started"] * (len(rows) - 1)


def test_progress_command_without_a_workspace_says_what_to_do(tmp_path, capsys):
    assert learner.main(["progress", str(ROOT / "notebooks"), str(tmp_path / "nothing")]) == 1
    assert "course.py lab" in capsys.readouterr().out


def test_course_py_lists_the_learner_commands_and_git_ignores_the_workspace():
    import subprocess

    shown = subprocess.run([sys.executable, str(ROOT / "course.py"), "--help"],
                           capture_output=True, text=True, check=True).stdout
    assert "course.py progress" in shown and "--instructor" in shown
    ignored = subprocess.run(["git", "check-ignore", "-q", "my-work/04_perceptron.ipynb"],
                             cwd=ROOT, check=False)
    assert ignored.returncode == 0


# --------------------------------------------------------------------------
# the learner's loop on a tiny course: a check_exercise cell graded as passed
# or failed, statuses, titles, subtotals and the next step
# --------------------------------------------------------------------------

def _tiny_course(folder):
    """A course of one chapter: a registered exercise (check_exercise, from
    tests/homework_fixtures/learner_exercises.py) and a classic assert-tested one."""
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}

    def solution(gid, source):
        cell = nbformat.v4.new_code_cell(source)
        cell.metadata["nbgrader"] = {"grade": False, "grade_id": gid, "locked": False,
                                     "schema_version": 3, "solution": True, "task": False}
        return cell

    def test(gid, source, points):
        cell = nbformat.v4.new_code_cell(source)
        cell.metadata["nbgrader"] = {"grade": True, "grade_id": gid, "locked": True, "points": points,
                                     "schema_version": 3, "solution": False, "task": False}
        return cell

    nb.cells = [
        nbformat.v4.new_markdown_cell("# Chapter 98 — A tiny chapter\n\nTwo small exercises. "
                                      "Nothing else."),
        nbformat.v4.new_code_cell("import numpy as np\nfrom lecturekit.exercises import check_exercise\n"
                                  "import tests.homework_fixtures.learner_exercises"),
        nbformat.v4.new_markdown_cell("## Exercises\n\n### Exercise 1 — this heading is not used "
                                      "(2 points)\n\nDouble every entry."),
        solution("ch98-double", "def double(v):\n    ### BEGIN SOLUTION\n    return 2 * v\n"
                                "    ### END SOLUTION"),
        test("ch98-double-tests", 'check_exercise("ch98-double", double)', 2),
        nbformat.v4.new_markdown_cell("### Exercise 2 — halve a number (1 point, *reproduce*)"),
        solution("tiny-halve", "def halve(x):\n    ### BEGIN SOLUTION\n    return x / 2\n"
                               "    ### END SOLUTION"),
        test("tiny-halve-tests", "assert halve(4) == 2", 1),
    ]
    folder.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, folder / "98_tiny.ipynb")
    return folder / "98_tiny.ipynb"


def _answer(path, gid, source):
    """The learner writes `source` into exercise `gid` of their copy and saves it."""
    nb = nbformat.read(path, as_version=4)
    cell = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == gid)
    cell.source = source
    nbformat.write(nb, path)


RIGHT = "def double(v):\n    return 2 * v"
ADD_TWO = "def double(v):\n    return v + 2"


@pytest.mark.slow
@pytest.mark.parametrize("sandbox", ["none", "auto"])
def test_the_grader_scores_a_check_exercise_cell_passed_or_failed(tmp_path, sandbox):
    from lecturekit.homework import grade_notebook

    instructor = _tiny_course(tmp_path / "course")
    work = tmp_path / "w"
    learner.set_up_workspace(instructor.parent, work, out=io.StringIO())
    mine = work / instructor.name
    _answer(mine, "ch98-double", RIGHT)
    report = grade_notebook(mine, instructor, sandbox=sandbox, timeout=60)
    tests = {t["grade_id"]: t for t in report["tests"]}
    assert tests["ch98-double-tests"]["passed"] and tests["ch98-double-tests"]["points"] == 2
    assert not tests["tiny-halve-tests"]["passed"] and tests["tiny-halve-tests"]["points"] == 0

    _answer(mine, "ch98-double", ADD_TWO)
    report = grade_notebook(mine, instructor, sandbox=sandbox, timeout=60)
    failed = next(t for t in report["tests"] if t["grade_id"] == "ch98-double-tests")
    assert not failed["passed"] and failed["points"] == 0
    # The report's one line for the cell: which exercise, and that both probes failed.
    assert failed["error"] == ("ExerciseFailed: ✗ Exercise 1 — double a vector: 0/2 points "
                               "(2 of 2 checks failed)")


@pytest.mark.slow
def test_progress_shows_titles_statuses_subtotals_and_the_next_step(tmp_path, monkeypatch):
    # A chapter's exercises are registered when lecturekit/exercises/chNN.py is
    # imported; this one's module is the fixture's (already imported when
    # pytest collected it for doctests, under another module name).
    import importlib

    from lecturekit.exercises import registered

    try:
        registered("ch98-double")
    except KeyError:
        monkeypatch.syspath_prepend(str(ROOT))
        importlib.import_module("tests.homework_fixtures.learner_exercises")
    instructor = _tiny_course(tmp_path / "course")
    work = tmp_path / "w"
    learner.set_up_workspace(instructor.parent, work, out=io.StringIO())
    mine = work / instructor.name

    def report():
        rows = learner.progress(work, instructor.parent, timeout=60)
        return {r.exercise: r for r in rows}, learner.format_progress(rows)

    rows, text = report()
    assert [(r.title, r.status, r.points, r.max_points) for r in rows.values()] == [
        ("Exercise 1 — double a vector", "not started", 0, 2),   # title from lecturekit.exercises
        ("Exercise 2 — halve a number", "not started", 0, 1)]     # title from the heading
    assert "Chapter 98 — A tiny chapter (98_tiny.ipynb): 0/3 points, 0 of 2 exercises done" in text
    assert text.splitlines()[-1] == "Next: Exercise 1 of chapter 98 — double a vector (98_tiny.ipynb)"
    assert "saved" in text.splitlines()[0]

    _answer(mine, "ch98-double", ADD_TWO)
    _answer(mine, "tiny-halve", "def halve(x):\n    return x // 2")  # right on 4: passes
    rows, text = report()
    assert (rows["ch98-double"].status, rows["ch98-double"].points) == ("tried", 0)
    assert (rows["tiny-halve"].status, rows["tiny-halve"].points) == ("done", 1)
    assert "0 of 2" not in text and "1/3 points, 1 of 2 exercises done" in text
    assert "Total: 1/3 points; 1 done, 1 tried, 0 not started (of 2 exercises)." in text
    assert text.splitlines()[-1] == "Next: Exercise 1 of chapter 98 — double a vector (98_tiny.ipynb)"

    _answer(mine, "ch98-double", RIGHT)
    rows, text = report()
    assert [r.status for r in rows.values()] == ["done", "done"]
    assert text.splitlines()[-1] == "Every exercise is done. Well done!"
    html = learner.progress_html(list(rows.values()))
    assert "Exercise 1 — double a vector" in html and "3/3" in html


def test_an_untouched_stub_is_not_started_and_its_zero_is_what_the_grader_gives(tmp_path):
    # progress does not run a chapter whose exercises are all untouched stubs;
    # the grader gives such a chapter 0 points too.
    from lecturekit.homework import grade_notebook

    instructor = _tiny_course(tmp_path / "course")
    learner.set_up_workspace(instructor.parent, tmp_path / "w", out=io.StringIO())
    rows = learner.progress(tmp_path / "w", instructor.parent)
    graded = grade_notebook(tmp_path / "w" / instructor.name, instructor, sandbox="none", timeout=60)
    assert {r.exercise: (r.points, r.max_points) for r in rows} == {
        ex: (p["points"], p["max_points"]) for ex, p in graded["exercises"].items()}
    assert {r.status for r in rows} == {"not started"}


def test_show_progress_in_the_workspace_finds_the_course(tmp_path, monkeypatch):
    instructor = _tiny_course(tmp_path / "course")
    work = tmp_path / "w"
    learner.set_up_workspace(instructor.parent, work, out=io.StringIO())
    monkeypatch.chdir(work)  # where a notebook's kernel starts
    view = learner.show_progress()
    assert "Next: Exercise 1 of chapter 98" in repr(view)
    assert "<table" in view._repr_html_()
    with pytest.raises(FileNotFoundError, match="course.py lab"):
        learner.show_progress(tmp_path)


# --------------------------------------------------------------------------
# the start page
# --------------------------------------------------------------------------

_OTHER_CHAPTER = re.compile(r"\bchapters?\s+(\d+)", re.I)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_each_chapter_is_described_by_a_sentence_about_itself(path):
    nb = nbformat.read(path, as_version=4)
    line = learner.chapter_description(nb)
    own = re.match(r"chapter\s+(\d+)", learner.chapter_heading(nb), re.I).group(1)
    intro = " ".join(nb.cells[0].source.split())
    assert line and " ".join(line.split()) in intro  # the chapter's own words
    assert line.endswith((".", "!")) and not line.endswith("?")
    assert [n for n in _OTHER_CHAPTER.findall(line) if n != own] == [], line  # not about another chapter
    assert len(line) <= 400


def test_a_chapter_may_give_its_own_description(tmp_path):
    nb = nbformat.read(CHAPTER, as_version=4)
    nb.metadata["lecturekit"] = {"summary": "Dot products, by hand and as geometry."}
    assert learner.chapter_description(nb) == "Dot products, by hand and as geometry."


def test_the_start_page_lists_every_chapter_and_shows_progress(tmp_path):
    src = _course(tmp_path, *NOTEBOOKS)
    work = tmp_path / "my-work"
    learner.set_up_workspace(src, work, out=io.StringIO())
    page = nbformat.read(work / learner.START, as_version=4)
    text = page.cells[0].source
    for path in NOTEBOOKS:
        title = learner.chapter_heading(nbformat.read(path, as_version=4))
        assert f"[**{title}**]({path.name}) — " in text, title
    for words in ("Exercises", "Show the reference solution", "Answer", "Where to begin", "Ctrl+S",
                  "one copy of each chapter", learner.EARLIER):
        assert words in text
    assert "What changed in the course" not in text  # no update yet
    assert f"({NOTEBOOKS[0].name})" in text.split("## Where to begin")[1]
    assert [c.cell_type for c in page.cells] == ["markdown", "code", "markdown"]
    assert "show_progress()" in page.cells[1].source
    assert learner.START not in [p.name for _, p in learner.chapter_files(work)]


def test_the_start_page_is_updated_with_the_course_unless_the_learner_changed_it(tmp_path):
    src = _course(tmp_path, CHAPTER)
    work = tmp_path / "w"
    learner.set_up_workspace(src, work, out=io.StringIO())
    start = work / learner.START
    # Running its progress cell (outputs, metadata) is not a change of the page.
    nb = nbformat.read(start, as_version=4)
    nb.cells[1].outputs = [nbformat.v4.new_output("stream", name="stdout", text="x\n")]
    nb.metadata["language_info"] = {"name": "python"}
    nbformat.write(nb, start)
    (src / "notation.md").write_text("# Notation\n\n$w$: the weights\n")
    shutil.copyfile(ROOT / "notebooks" / "02_homogeneous_coordinates.ipynb",
                    src / "02_homogeneous_coordinates.ipynb")
    learner.set_up_workspace(src, work, out=io.StringIO())
    text = nbformat.read(start, as_version=4).cells[0].source
    assert "Chapter 2" in text and "(notation.md)" in text
    assert (work / "notation.md").read_text() == (src / "notation.md").read_text()
    # The learner edits the page and the notation: both are theirs from now on.
    nb = nbformat.read(start, as_version=4)
    nb.cells[0].source += "\n\nmy notes"
    nbformat.write(nb, start)
    (work / "notation.md").write_text("my notation\n")
    (src / "notation.md").write_text("# Notation, revised\n")
    learner.set_up_workspace(src, work, out=io.StringIO())
    assert nbformat.read(start, as_version=4).cells[0].source.endswith("my notes")
    assert (work / "notation.md").read_text() == "my notation\n"


def _row(chapter, n, status):
    points = {"done": 1.0}.get(status, 0.0)
    return learner.ProgressRow(f"0{chapter}_c", f"0{chapter}_c.ipynb", f"ch0{chapter}-e{n}", points, 1.0,
                               f"Exercise {n} — task {n}", status, f"Chapter {chapter} — C{chapter}")


@pytest.mark.parametrize("statuses, expected", [
    # nothing touched: the course's first exercise
    ({}, (1, 1)),
    # the learner went straight to chapter 4 and did its first exercise: the next one there
    ({(4, 1): "done"}, (4, 2)),
    # tried, not done: finish it
    ({(4, 1): "done", (4, 2): "tried"}, (4, 2)),
    # the last exercise touched is the last of the course: back to the first not done
    ({(4, 2): "done", (1, 1): "done"}, (1, 2)),
])
def test_the_next_step_follows_the_learner(statuses, expected):
    rows = [_row(c, n, statuses.get((c, n), "not started")) for c in (1, 4) for n in (1, 2)]
    chapter, n = expected
    assert learner.next_step(rows) == (f"Next: Exercise {n} of chapter {chapter} — task {n} "
                                       f"(0{chapter}_c.ipynb)")
    assert learner.next_step([_row(1, 1, "done")]) == "Every exercise is done. Well done!"
