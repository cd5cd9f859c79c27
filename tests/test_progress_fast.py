"""`course.py progress`, fast: it must give the course grader's points, every time.

progress grades only what each check needs (a slice of the learner's notebook,
found by reading the code), in one process, and keeps results by a digest of
what they depend on.  The promises tested here:

- on every chapter, with a mix of right answers, catalogued wrong answers
  (tests/homework_fixtures/mutants.py) and stubs, it gives each exercise the
  points that lecturekit.homework.grade_notebook gives it;
- nothing changed: nothing runs; one answer changed: only that exercise's
  check runs; lecturekit changed: everything is graded again;
- where a slice cannot be trusted (a cell the slice relies on fails, a cell
  calls exit(), the process dies) the chapter is graded by the full grader;
- the slicing itself: what a cell binds, reads and may change.
"""

import io
import shutil
from pathlib import Path

import nbformat
import pytest

from lecturekit import learner
from lecturekit.homework import grade_notebook, mutant_source, parse_assignment, reference_solution

from exercise_support import load_mutants

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
MUTANTS = load_mutants()


def _set(path, answers):
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        gid = cell.metadata.get("nbgrader", {}).get("grade_id")
        if gid in answers and cell.metadata["nbgrader"].get("solution"):
            cell.source = answers[gid]
    nbformat.write(nb, path)


def _mix(instructor, stem, shift):
    """Answers: by turns the reference solution, a catalogued wrong answer, the stub."""
    assignment = parse_assignment(instructor, stem)
    answers = {}
    for j, ex in enumerate(assignment.exercises):
        reference = reference_solution(instructor.cells[ex.cell_index].source)
        kind = ("reference", "mutant", "stub")[(j + shift) % 3]
        if kind == "reference":
            answers[ex.grade_id] = reference
        elif kind == "mutant" and MUTANTS.get((stem, ex.grade_id)):
            answers[ex.grade_id] = mutant_source(reference, MUTANTS[(stem, ex.grade_id)][0][1])
    return answers


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_progress_gives_the_graders_points_on_every_chapter(path, tmp_path):
    src = tmp_path / "course"
    src.mkdir()
    shutil.copyfile(path, src / path.name)
    instructor = nbformat.read(path, as_version=4)
    for shift in (0, 1, 2):
        work = tmp_path / f"w{shift}"
        learner.set_up_workspace(src, work, out=io.StringIO())
        mine = work / path.name
        _set(mine, _mix(instructor, path.stem, shift))
        rows = learner.progress(work, src, timeout=120)
        report = grade_notebook(mine, path, sandbox="none", timeout=120)
        fast = {r.exercise: (r.points, r.max_points) for r in rows}
        full = {ex: (p["points"], p["max_points"]) for ex, p in report["exercises"].items()}
        assert fast == full, (shift, {ex: (fast.get(ex), full[ex]) for ex in full if fast.get(ex) != full[ex]})
        # and something was at stake: right answers scored, wrong ones did not
        assert 0 < sum(p for p, _ in fast.values()) < sum(m for _, m in fast.values())


# --------------------------------------------------------------------------
# the cache, on a small course
# --------------------------------------------------------------------------

def _tiny(tmp_path, lesson_binds_the_answer=False):
    from test_learner_updates import _course_v1

    src = tmp_path / "course"
    src.mkdir()
    nb = _course_v1()
    if lesson_binds_the_answer:
        # a lesson cell that binds the name Exercise 3 asks for (the right value):
        # an answer cell that fails before it binds `third` leaves this one in place
        lesson = nbformat.v4.new_code_cell("third = 3.0  # from the lesson")
        lesson["id"] = "lesson-third"
        nb.cells.insert(3, lesson)
    nbformat.write(nb, src / "97_tiny.ipynb")
    work = tmp_path / "w"
    learner.set_up_workspace(src, work, out=io.StringIO())
    return src, work, work / "97_tiny.ipynb"


class _Spy:
    """Records what progress sends to the self-check process and the full grader."""

    def __init__(self, monkeypatch):
        self.requests, self.full = [], []
        run, full = learner._run_selfcheck, learner._grade_fully

        def spy_run(chapters, timeout):
            self.requests.append([learner._selfcheck_request(ch) for ch in chapters])
            return run(chapters, timeout)

        def spy_full(ch, timeout):
            self.full.append(ch.stem)
            return full(ch, timeout)

        monkeypatch.setattr(learner, "_run_selfcheck", spy_run)
        monkeypatch.setattr(learner, "_grade_fully", spy_full)

    def tests_run(self):
        return [step[1] for request in self.requests for job in request for step in job["steps"]
                if step[0] == "test"]


def test_nothing_changed_runs_nothing_and_one_answer_runs_one_check(tmp_path, monkeypatch):
    src, work, mine = _tiny(tmp_path)
    _set(mine, {"tiny-halve": "def halve(x):\n    return x / 2", "tiny-double": "def double(x):\n    return 3 * x"})
    spy = _Spy(monkeypatch)
    first = learner.progress(work, src, timeout=60)
    assert [(r.exercise, r.points, r.status) for r in first] == [
        ("tiny-halve", 1, "done"), ("tiny-double", 0, "tried"), ("tiny-third", 0, "not started")]
    assert sorted(spy.tests_run()) == ["tiny-double-tests", "tiny-halve-tests", "tiny-third-tests"]
    assert spy.full == []

    # nothing changed: nothing runs, the same rows
    spy.requests.clear()
    assert learner.progress(work, src, timeout=60) == first and spy.requests == []

    # saved again with new outputs only: the chapter is read again, but no check runs
    nb = nbformat.read(mine, as_version=4)
    nb.cells[1].outputs = [nbformat.v4.new_output("stream", name="stdout", text="hello\n")]
    nbformat.write(nb, mine)
    assert learner.progress(work, src, timeout=60) == first and spy.requests == []

    # one answer changed: only its check runs
    _set(mine, {"tiny-double": "def double(x):\n    return 2 * x"})
    rows = learner.progress(work, src, timeout=60)
    assert [r.points for r in rows] == [1, 1, 0] and spy.tests_run() == ["tiny-double-tests"]

    # lecturekit changed (a check may have): everything is graded again
    spy.requests.clear()
    monkeypatch.setattr(learner, "_code_stamp", lambda: "another lecturekit")
    assert learner.progress(work, src, timeout=60) == rows
    assert sorted(spy.tests_run()) == ["tiny-double-tests", "tiny-halve-tests", "tiny-third-tests"]


def test_a_slice_that_cannot_be_trusted_goes_to_the_full_grader(tmp_path, monkeypatch):
    src, work, mine = _tiny(tmp_path, lesson_binds_the_answer=True)
    spy = _Spy(monkeypatch)
    # The answer cell fails before it binds `third`, so the check sees the lesson's
    # `third` (3.0, right): the grader gives the point; a slice that skipped the
    # lesson's cell because the answer binds `third` would not.
    _set(mine, {"tiny-third": "third = 1 / 0", "tiny-halve": "def halve(x):\n    return x / 2"})
    rows = {r.exercise: r.points for r in learner.progress(work, src, timeout=60)}
    report = grade_notebook(mine, src / "97_tiny.ipynb", sandbox="none", timeout=60)
    assert rows == {k: v["points"] for k, v in report["exercises"].items()}
    assert rows["tiny-third"] == 1 and spy.full == ["97_tiny"]


@pytest.mark.parametrize("answer", ["exit()", "import os\nos._exit(3)"], ids=["exit", "process-dies"])
def test_an_answer_that_stops_the_process_is_graded_by_the_full_grader(tmp_path, monkeypatch, answer):
    src, work, mine = _tiny(tmp_path)
    spy = _Spy(monkeypatch)
    _set(mine, {"tiny-halve": f"def halve(x):\n    return x / 2\n{answer}",
                "tiny-double": "def double(x):\n    return 2 * x"})
    rows = {r.exercise: r.points for r in learner.progress(work, src, timeout=60)}
    report = grade_notebook(mine, src / "97_tiny.ipynb", sandbox="none", timeout=60)
    assert rows == {k: v["points"] for k, v in report["exercises"].items()}
    assert spy.full == ["97_tiny"]


def test_an_endless_answer_is_stopped_after_the_time_limit(tmp_path):
    src, work, mine = _tiny(tmp_path)
    _set(mine, {"tiny-halve": "def halve(x):\n    while True:\n        pass",
                "tiny-double": "def double(x):\n    return 2 * x"})
    rows = {r.exercise: r.points for r in learner.progress(work, src, timeout=2)}
    assert rows == {"tiny-halve": 0, "tiny-double": 1, "tiny-third": 0}


def test_a_damaged_copy_gets_zero_and_no_crash(tmp_path):
    src, work, mine = _tiny(tmp_path)
    mine.write_text("{ not a notebook")
    rows = learner.progress(work, src, timeout=60)
    assert [r.points for r in rows] == [0, 0, 0]


# --------------------------------------------------------------------------
# the slicing
# --------------------------------------------------------------------------

def _plan(*sources):
    modules = set()
    units = []
    for i, source in enumerate(sources):
        units.extend(learner._units(i, source, modules))
    return units


def _needs(units, before, wanted, own=()):
    chosen, _ = learner._slice(units, before, set(wanted), set(own))
    return [units[k].source.splitlines()[0] for k in chosen]


def test_a_functions_own_names_do_not_pull_in_cells():
    units = _plan("w = [1, 2]\neta = 0.5",
                  "def update(w, x, eta):\n    return [a + eta * b for a, b in zip(w, x)]",
                  "import numpy as np")
    assert _needs(units, 3, {"update"}) == ["def update(w, x, eta):"]


def test_a_global_a_function_reads_is_needed():
    units = _plan("scale = 3", "def f(x):\n    return scale * x", "plt_never_read = 1")
    assert _needs(units, 3, {"f"}) == ["scale = 3", "def f(x):"]


def test_a_cell_that_may_change_a_name_in_place_is_needed():
    units = _plan("X = [3, 1, 2]", "X.sort()", "X[0] = 9", "mutate(X)", "print(X)", "Y = sorted(X)")
    assert _needs(units, 6, {"X"}) == ["X = [3, 1, 2]", "X.sort()", "X[0] = 9", "mutate(X)"]


def test_a_name_bound_again_hides_the_earlier_cells_that_bound_it():
    units = _plan("meet = slow_computation()", "meet = [1.0, 2.0]")
    assert _needs(units, 2, {"meet"}) == ["meet = [1.0, 2.0]"]
    chosen, relied = learner._slice(units, 2, {"meet"}, set())
    assert relied == {1}  # it is relied on to run to its end
    # bound conditionally, or read before it is bound again: the earlier cell is needed
    units = _plan("meet = slow()", "if flag:\n    meet = [1.0]")
    assert _needs(units, 2, {"meet"}) == ["meet = slow()", "if flag:"]
    units = _plan("meet = slow()", "meet = meet + [1.0]")
    assert _needs(units, 2, {"meet"}) == ["meet = slow()", "meet = meet + [1.0]"]


def test_an_import_cell_is_split_and_only_what_is_read_is_imported():
    units = _plan("%matplotlib inline\nimport numpy as np\nimport matplotlib.pyplot as plt\nimport lecturekit as lk",
                  "def f(x):\n    return np.sum(x)")
    assert _needs(units, 2, {"f"}) == ["import numpy as np", "def f(x):"]
    # pyplot comes with its magic
    units = _plan("%matplotlib inline\nimport matplotlib.pyplot as plt", "def g():\n    return plt.gca()")
    assert _needs(units, 2, {"g"}) == ["%matplotlib inline", "def g():"]
    # an import that may do more than bind a name (register exercises, say) always runs
    units = _plan("import numpy as np\nimport my_course_checks", "x = 1")
    assert _needs(units, 2, {"x"}) == ["import my_course_checks", "x = 1"]


def test_a_cell_that_does_not_parse_binds_nothing():
    units = _plan("x = 1", "x = (", "y = x")
    assert _needs(units, 3, {"y"}) == ["x = 1", "y = x"]
