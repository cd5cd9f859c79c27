"""The learner's workspace (course.py lab) and progress (course.py progress).

The promises tested here: the workspace holds the student version of every
chapter; nothing the learner writes is ever lost when the course changes; the
learner's notebooks, once solved, run exactly like the instructor's; the
reference solutions are there on request for a learner and never in a class's
student versions; progress counts a correct answer and never touches the
learner's files.
"""

import hashlib
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

def test_workspace_holds_student_versions_with_solutions_on_request(tmp_path):
    src = _course(tmp_path, CHAPTER)
    work = tmp_path / "my-work"
    learner.set_up_workspace(src, work, out=io.StringIO())
    copy = nbformat.read(work / CHAPTER.name, as_version=4)
    instructor = nbformat.read(CHAPTER, as_version=4)
    code = "\n".join(c.source for c in copy.cells if c.cell_type == "code")
    assert "raise NotImplementedError()" in code
    assert "BEGIN SOLUTION" not in code and "BEGIN HIDDEN TESTS" not in code
    assert all(not c.get("outputs") for c in copy.cells if c.cell_type == "code")
    # One collapsed reference solution right after each solution cell, holding
    # exactly the instructor's solution.
    assignment = parse_assignment(instructor, "instructor")
    solutions = [c for c, kind in zip(instructor.cells, assignment.kinds) if kind == "solution"]
    blocks = [c for c in copy.cells if learner.SOLUTION_TAG in c.metadata.get("tags", [])]
    assert len(blocks) == len(solutions) >= 1
    for block, sol in zip(blocks, solutions):
        assert block.source.startswith("<details>")
        assert reference_solution(sol.source).rstrip("\n") in block.source
    for k, cell in enumerate(copy.cells):
        if learner.SOLUTION_TAG in cell.metadata.get("tags", []):
            assert copy.cells[k - 1].metadata["nbgrader"]["solution"] is True
    # Without the cells added for the learner, the copy is the class's student version.
    plain = [c for c in copy.cells if learner.SOLUTION_TAG not in c.metadata.get("tags", [])]
    assert [c.source for c in plain] == [c.source for c in student_version(instructor).cells]


def test_no_solutions_for_a_class_or_on_request(tmp_path):
    src = _course(tmp_path, CHAPTER)
    learner.set_up_workspace(src, tmp_path / "w", solutions=False, out=io.StringIO())
    copy = nbformat.read(tmp_path / "w" / CHAPTER.name, as_version=4)
    assert not any(learner.SOLUTION_TAG in c.metadata.get("tags", []) for c in copy.cells)
    instructor = nbformat.read(CHAPTER, as_version=4)
    hidden_solution = reference_solution(instructor.cells[_first_solution(instructor)[0]].source)
    text = json.dumps(student_version(instructor))
    assert json.dumps(hidden_solution.strip())[1:-1] not in text


def test_an_edit_survives_a_course_update_and_the_learner_is_told_once(tmp_path, capsys):
    src = _course(tmp_path, CHAPTER)
    work = tmp_path / "my-work"
    learner.set_up_workspace(src, work)
    assert "Made your workspace" in capsys.readouterr().out

    # The learner solves the first exercise in their copy.
    mine = work / CHAPTER.name
    nb = nbformat.read(mine, as_version=4)
    k, _ = _first_solution(nb)
    nb.cells[k].source = "# my own answer\n" + nb.cells[k].source
    nbformat.write(nb, mine)
    edited = _digest(mine)

    # Running the set-up again without a course change changes nothing.
    learner.set_up_workspace(src, work)
    assert capsys.readouterr().out == ""
    assert _digest(mine) == edited and sorted(p.name for p in work.glob("*.ipynb")) == [mine.name]

    # The course changes: the new version is added beside the learner's copy.
    course_nb = nbformat.read(src / CHAPTER.name, as_version=4)
    course_nb.cells[0].source += "\n\nA sentence added by a course update."
    nbformat.write(course_nb, src / CHAPTER.name)
    learner.set_up_workspace(src, work)
    said = capsys.readouterr().out
    new = work / (CHAPTER.stem + ".v2.ipynb")
    assert new.name in said and mine.name in said and "unchanged" in said
    assert _digest(mine) == edited
    assert "# my own answer" in nbformat.read(mine, as_version=4).cells[k].source
    assert "A sentence added by a course update." in nbformat.read(new, as_version=4).cells[0].source

    # Told once: the next run says nothing and writes nothing.
    learner.set_up_workspace(src, work)
    assert capsys.readouterr().out == ""
    assert sorted(p.name for p in work.glob("*.ipynb")) == sorted([mine.name, new.name])


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
    assert len(list(work.glob("*.ipynb"))) == 1


def test_lost_records_never_cost_the_learner_a_file(tmp_path, capsys):
    src = _course(tmp_path, CHAPTER)
    work = tmp_path / "w"
    learner.set_up_workspace(src, work)
    mine = work / CHAPTER.name
    mine.write_text(mine.read_text() + "\n")  # the learner saved it
    edited = _digest(mine)
    (work / learner.MANIFEST).write_text("{ not json")
    learner.set_up_workspace(src, work)
    assert _digest(mine) == edited
    assert (work / (CHAPTER.stem + ".v2.ipynb")).exists()


def test_chapter_files_lists_versions_in_order(tmp_path):
    for name in ["02_b.ipynb", "01_a.v10.ipynb", "01_a.ipynb", "01_a.v2.ipynb"]:
        (tmp_path / name).write_text("{}")
    assert [p.name for _, p in learner.chapter_files(tmp_path)] == [
        "01_a.ipynb", "01_a.v2.ipynb", "01_a.v10.ipynb", "02_b.ipynb"]
    assert [s for s, _ in learner.chapter_files(tmp_path)] == ["01_a", "01_a", "01_a", "02_b"]


# --------------------------------------------------------------------------
# solved, the learner's copy runs like the instructor's
# --------------------------------------------------------------------------

_PNG_BYTES = re.compile(r"data:image/png;base64,[A-Za-z0-9+/=]+")


def _text_outputs(cell):
    """What strict nbval compares of a cell's outputs (images excepted); like
    nbval, consecutive chunks of one stream count as one output."""
    found = []
    for out in cell.get("outputs", []):
        if out["output_type"] == "stream":
            if found and found[-1][0] == out["name"]:
                found[-1] = (out["name"], found[-1][1] + out["text"])
            else:
                found.append((out["name"], out["text"]))
        elif out["output_type"] in ("execute_result", "display_data"):
            data = out.get("data", {})
            # a figure's PNG bytes inside its <img> are not compared (nbval_sanitize.cfg): its
            # pixels follow the last bits of the plotted numbers, which vary with the BLAS kernel
            found.append(tuple((k, _PNG_BYTES.sub("data:image/png;base64,PNG-DATA", data[k]))
                               for k in ("text/plain", "text/html") if k in data))
        elif out["output_type"] == "error":
            found.append(("error", out["ename"]))
    return found


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
    before = {p.name: _digest(p) for p in work.rglob("*") if p.is_file()}

    rows = learner.progress(work, src, timeout=60)
    after = {p.name: _digest(p) for p in work.rglob("*") if p.is_file()}
    assert after == before

    exercises = parse_assignment(instructor, "instructor").exercises
    assert [r.exercise for r in rows] == [e.grade_id for e in exercises]
    solved = {r.exercise: (r.points, r.max_points) for r in rows}
    assert solved[gid][0] == solved[gid][1] > 0
    assert all(p == 0 for ex, (p, _) in solved.items() if ex != gid)
    table = learner.format_progress(rows)
    assert gid in table and f"Total: {solved[gid][0]:g}/" in table


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
