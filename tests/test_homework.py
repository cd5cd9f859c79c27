"""lecturekit.homework: student versions, the grader, and tests of the tests.

The tests run on the fixture chapter tests/homework_fixtures/hw_linear.ipynb
and, without any change here, on every chapter in notebooks/*.ipynb:

* the markup is valid, every chapter has two exercises or more, and each
  exercise has test cells and at least one mutant in
  tests/homework_fixtures/mutants.py;
* the student version changes nothing but solutions, hidden tests and
  outputs, and making it twice gives the same file;
* graded as handed out, every test cell fails, and on a visible line, so the
  student's own copy fails too (nothing is solved for free); with the
  reference solutions put back, the score is full;
* every mutant (a plausible wrong answer) gets less than full points for its
  exercise.  test_kill_rate prints the kill rate.

Each notebook costs three grading runs (a runner process for the student's
cells, sandboxed when bubblewrap is here, and a checker process for the
tests): stubs, reference, mutants.  All of a notebook's mutants are tried in
one run (hw.check_mutants).  For the fixture the mutants are also graded as
ordinary submissions, to check that shortcut.

The last part checks the grader on broken submissions.  Dishonest ones are in
test_homework_cheats.py; the plain-data format, the sandbox, the learner's API
and folder grading in test_homework_grading.py.
"""

import copy
import json
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
pytest.importorskip("nbclient")

from exercise_support import FIXTURES, load_mutants  # noqa: E402
from lecturekit import homework as hw  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = FIXTURES / "hw_linear.ipynb"
CHAPTERS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
NOTEBOOKS = [FIXTURE, *CHAPTERS]


MUTANTS = load_mutants()


def rel(path):
    return str(Path(path).relative_to(ROOT))


@cache
def _read(path):
    return nbformat.read(path, as_version=4)


def instructor(path):
    """A fresh copy of an instructor notebook."""
    return copy.deepcopy(_read(path))


@cache
def _assignment_or_none(path):
    try:
        return hw.parse_assignment(_read(path), rel(path))
    except Exception:  # noqa: BLE001 - test_markup_is_valid reports it
        return None


def assignment(path):
    found = _assignment_or_none(path)
    assert found is not None, f"{rel(path)} has malformed markup (see test_markup_is_valid)"
    return found


def exercises_of(path):
    found = _assignment_or_none(path)
    return [] if found is None else [ex.grade_id for ex in found.exercises]


EXERCISES = [(path, gid) for path in NOTEBOOKS for gid in exercises_of(path)]
MUTANT_CASES = [(path, gid, k) for path, gid in EXERCISES
                for k in range(len(MUTANTS.get((path.stem, gid), [])))]


def cell_with(nb, grade_id):
    (cell,) = [c for c in nb.cells if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == grade_id]
    return cell


def student(path):
    """The student version, as handed out."""
    return hw.student_version(instructor(path), rel(path))


def solved(path, **answers):
    """The student version with the reference solutions put back.

    ``answers`` maps a solution grade_id (with '_' for '-') to the source
    the student wrote instead.
    """
    nb, ref = student(path), _read(path)
    for ex in assignment(path).exercises:
        source = answers.get(ex.grade_id.replace("-", "_"))
        if source is None:
            source = hw.reference_solution(ref.cells[ex.cell_index].source)
        cell_with(nb, ex.grade_id).source = source
    return nb


SANDBOX = "bwrap" if hw.sandbox_status()[0] else "none"  # the cheats suite needs bwrap; these tests do not
UNSANDBOXED = ["--unsandboxed"] if SANDBOX == "none" else []


def grade(submission, path=FIXTURE, **kwargs):
    """Grade a notebook (dict) or file against an instructor notebook."""
    return hw.grade(submission, path, sandbox=SANDBOX, **kwargs)


def points(report):
    return {t.grade_id: t.points for t in report.tests}


def write(tmp_path, nb, name="submission.ipynb"):
    target = tmp_path / name
    nbformat.write(nb, target)
    return target


# --------------------------------------------------------------------------
# markup and student versions (no kernel)
# --------------------------------------------------------------------------

@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_markup_is_valid_and_every_exercise_has_tests(path):
    try:
        found = hw.parse_assignment(instructor(path), rel(path))
    except hw.MarkupError as exc:
        pytest.fail("malformed exercise markup:\n" + "\n".join(exc.problems))
    assert not found.warnings, "\n".join(found.warnings)


def test_the_fixture_has_three_exercises_and_seven_points():
    found = assignment(FIXTURE)
    assert [ex.grade_id for ex in found.exercises] == ["hw-update", "hw-centroid-bias", "hw-lms-step"]
    assert [ex.points for ex in found.exercises] == [2, 3, 2]
    assert found.max_score == 7


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_student_version_changes_solutions_hidden_tests_and_outputs_only(path):
    before, after = instructor(path), student(path)
    kinds = assignment(path).kinds
    assert after.metadata == {k: v for k, v in before.metadata.items() if k not in ("widgets", "celltoolbar")}
    assert (after.nbformat, after.nbformat_minor) == (before.nbformat, before.nbformat_minor)
    assert len(after.cells) == len(before.cells)
    for old, new, kind in zip(before.cells, after.cells, kinds):
        assert new.cell_type == old.cell_type
        assert new.metadata == old.metadata
        assert new.get("id") == old.get("id")
        assert new.get("attachments") == old.get("attachments")
        if new.cell_type == "code":
            assert new.outputs == [] and new.execution_count is None
        if kind == "solution":
            assert new.source == hw.clear_solutions(old.source)
            assert "raise NotImplementedError()" in new.source
        elif kind == "tests":
            assert new.source == hw.clear_hidden_tests(old.source)
        else:
            assert new.source == old.source
        for marker in (hw.BEGIN_SOLUTION, hw.END_SOLUTION, hw.BEGIN_HIDDEN_TESTS, hw.END_HIDDEN_TESTS):
            assert marker not in new.source


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_student_version_is_idempotent(path, tmp_path):
    once = hw.write_student_versions([path], tmp_path / "once")
    twice = hw.write_student_versions(once, tmp_path / "twice")
    assert once[0].read_bytes() == twice[0].read_bytes()


def test_student_command_writes_a_folder_and_is_idempotent(tmp_path, capsys):
    source = tmp_path / "src"
    source.mkdir()
    (source / "hw_linear.ipynb").write_bytes(FIXTURE.read_bytes())
    (source / "hw_copy.ipynb").write_bytes(FIXTURE.read_bytes())
    assert hw.main(["student", str(source), "-o", str(tmp_path / "a")]) == 0
    assert hw.main(["student", str(tmp_path / "a"), "-o", str(tmp_path / "b")]) == 0
    out = capsys.readouterr().out
    assert "wrote" in out and "hw_copy.ipynb" in out
    for name in ("hw_linear.ipynb", "hw_copy.ipynb"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
        text = (tmp_path / "a" / name).read_text()
        assert "BEGIN SOLUTION" not in text and "HIDDEN TESTS" not in text
        assert "w + eta * y_i * x_i" not in text and "lk.lms(" not in text


def test_student_command_refuses_to_overwrite_the_instructor_notebooks(tmp_path, capsys):
    (tmp_path / "hw_linear.ipynb").write_bytes(FIXTURE.read_bytes())
    assert hw.main(["student", str(tmp_path), "-o", str(tmp_path)]) == 2
    assert "overwrite" in capsys.readouterr().err
    assert (tmp_path / "hw_linear.ipynb").read_bytes() == FIXTURE.read_bytes()


# ---- malformed markup is refused, with notebook, cell and line ----

def _broken(cell_index, source=None, metadata=None):
    nb = instructor(FIXTURE)
    if source is not None:
        nb.cells[cell_index].source = source
    if metadata is not None:
        nb.cells[cell_index].metadata = metadata
    return nb


UPDATE, UPDATE_TESTS, DEMO, BIAS, BIAS_TESTS = 3, 4, 6, 8, 9  # cell indices in the fixture
SOLUTION_META = {"nbgrader": {"grade": False, "solution": True, "locked": False, "task": False,
                              "grade_id": "x-extra", "schema_version": 3}}

MALFORMED = {
    "BEGIN without END": (
        BIAS, "mu_pos = 1\n### BEGIN SOLUTION\nb = 0", None, "cell 9 (hw-centroid-bias), line 2", "no END"),
    "END without BEGIN": (
        BIAS, "b = 0\n### END SOLUTION", None, "cell 9 (hw-centroid-bias), line 2", "without a matching BEGIN"),
    "nested solution blocks": (
        BIAS, "### BEGIN SOLUTION\n### BEGIN SOLUTION\nb = 0\n### END SOLUTION\n### END SOLUTION", None,
        "cell 9 (hw-centroid-bias), line 2", "cannot be nested"),
    "hidden tests inside a solution block": (
        BIAS, "### BEGIN SOLUTION\n### BEGIN HIDDEN TESTS\nb = 0\n### END HIDDEN TESTS\n### END SOLUTION",
        None, "cell 9 (hw-centroid-bias), line 2", "cannot be nested"),
    "END of the wrong kind": (
        UPDATE_TESTS, "assert True\n### BEGIN HIDDEN TESTS\nassert 1\n### END SOLUTION", None,
        "cell 5 (hw-update-tests), line 4", "close that block first"),
    "hidden tests in a solution cell": (
        BIAS, "### BEGIN HIDDEN TESTS\nb = 0\n### END HIDDEN TESTS", None,
        "cell 9 (hw-centroid-bias), line 1", "hidden-test block outside a test cell"),
    "hidden tests in an ordinary cell": (
        DEMO, "x = 1\n### BEGIN HIDDEN TESTS\nassert x\n### END HIDDEN TESTS", None,
        "cell 7, line 2", "hidden-test block outside a test cell"),
    "a solution block in a test cell": (
        UPDATE_TESTS, "### BEGIN SOLUTION\nassert True\n### END SOLUTION", None,
        "cell 5 (hw-update-tests), line 1", "solution block outside a solution cell"),
    "a near-miss marker (two #)": (
        BIAS, "## BEGIN SOLUTION\nb = 0\n### END SOLUTION", None,
        "cell 9 (hw-centroid-bias), line 1", "looks like a marker"),
    "a lowercase marker": (
        BIAS, "# begin solution\nb = 0\n# end solution", None,
        "cell 9 (hw-centroid-bias), line 1", "looks like a marker"),
    "a marker inside a line of code": (
        DEMO, "x = 1  ### BEGIN SOLUTION", None, "cell 7, line 1", "looks like a marker"),
    "a solution cell without a block": (
        BIAS, "b = -(mu_pos @ mu_pos - mu_neg @ mu_neg) / 2", None, "cell 9 (hw-centroid-bias)",
        "without a '### BEGIN SOLUTION'"),
    "markers indented so that the stub breaks the def": (
        UPDATE, "def f(w):\n### BEGIN SOLUTION\n    return w\n### END SOLUTION", None,
        "cell 4 (hw-update), line 3", "not valid Python"),
    "a duplicate grade_id": (
        DEMO, "### BEGIN SOLUTION\nx = 1\n### END SOLUTION",
        {"nbgrader": {**SOLUTION_META["nbgrader"], "grade_id": "hw-update"}},
        "cell 7 (hw-update)", "also used by cell 4"),
    "a test cell without points": (
        UPDATE_TESTS, None, {"nbgrader": {"grade": True, "solution": False, "locked": True, "task": False,
                                          "grade_id": "hw-update-tests", "schema_version": 3}},
        "cell 5 (hw-update-tests)", "needs \"points\""),
    "an invalid grade_id": (
        DEMO, "### BEGIN SOLUTION\nx = 1\n### END SOLUTION",
        {"nbgrader": {**SOLUTION_META["nbgrader"], "grade_id": "ex 1"}}, "cell 7", "valid grade_id"),
    "a manually graded answer": (
        DEMO, None, {"nbgrader": {**SOLUTION_META["nbgrader"], "grade": True, "points": 1}},
        "cell 7 (x-extra)", "not supported"),
}


@pytest.mark.parametrize("case", MALFORMED, ids=list(MALFORMED))
def test_malformed_markup_is_refused_with_notebook_cell_and_line(case):
    index, source, metadata, where, what = MALFORMED[case]
    with pytest.raises(hw.MarkupError) as caught:
        hw.student_version(_broken(index, source, metadata), "chapter.ipynb")
    message = str(caught.value)
    assert f"chapter.ipynb: {where}" in message and what in message, message


def test_student_command_refuses_malformed_markup_and_writes_nothing(tmp_path, capsys):
    good = tmp_path / "good.ipynb"
    good.write_bytes(FIXTURE.read_bytes())
    bad = write(tmp_path, _broken(BIAS, "mu_pos = 1\n### BEGIN SOLUTION\nb = 0"), "bad.ipynb")
    assert hw.main(["student", str(good), str(bad), "-o", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert f"{bad}: cell 9 (hw-centroid-bias), line 2" in err
    assert "nothing was written" in err
    assert not (tmp_path / "out").exists()


def test_check_command_lists_exercises(capsys):
    assert hw.main(["check", str(FIXTURE)]) == 0
    out = capsys.readouterr().out
    assert "3 exercise(s), 7 point(s)" in out
    assert "hw-centroid-bias: hw-centroid-bias-tests (3)" in out


def test_stub_keeps_the_indentation_of_the_begin_marker():
    source = ("def f(x):\n    if x:\n        ### BEGIN SOLUTION\n        return 1\n        ### END SOLUTION\n"
              "    return 0")
    assert hw.clear_solutions(source) == (
        "def f(x):\n    if x:\n        # YOUR CODE HERE\n        raise NotImplementedError()\n    return 0")


# --------------------------------------------------------------------------
# every chapter: stubs score 0, reference solutions score full
# --------------------------------------------------------------------------

@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_stubs_fail_every_test_nothing_is_solved_for_free(path):
    """Graded as handed out, every test cell fails, and it fails on a visible line.

    A test cell that fails only in its hidden block would pass for the
    student on the stub.  The visible lines run in the same order with or
    without the hidden ones, so a failure on a visible line means the
    student's copy fails too.  One run checks both.
    """
    assignment(path)
    report = grade(student(path), path)
    free = [t.grade_id for t in report.tests if t.passed]
    assert not free, f"these test cells pass on the stubs:\n{report.format()}"
    visible_pass = [t.grade_id for t in report.tests if t.hidden]
    assert not visible_pass, f"the visible tests of these cells pass on the stubs:\n{report.format()}"
    assert report.score == 0


def test_the_stub_check_sees_visible_tests_that_pass_on_the_stub():
    nb = instructor(FIXTURE)
    tests = nb.cells[UPDATE_TESTS]
    tests.source = "assert True\n" + tests.source[tests.source.index("### BEGIN HIDDEN TESTS"):]
    report = grade(hw.student_version(nb), nb, cwd=FIXTURES, stop_after="hw-update")
    (test, *_) = report.tests
    assert not test.passed and test.hidden and test.error == "NotImplementedError in a hidden test"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_reference_solutions_score_full(path):
    report = grade(solved(path), path)
    assert report.score == report.max_score == assignment(path).max_score, report.format()
    assert not report.notes and not report.problems, report.format()


# --------------------------------------------------------------------------
# tests of the tests: mutants
# --------------------------------------------------------------------------

def test_every_chapter_has_at_least_two_exercises():
    few = [f"{path.name}: {len(exercises_of(path))}" for path in CHAPTERS if len(exercises_of(path)) < 2]
    assert not few, "chapters with fewer than two exercises:\n  " + "\n  ".join(few)


def test_every_exercise_has_a_mutant():
    missing = [f"{path.stem}: {gid}" for path, gid in EXERCISES if not MUTANTS.get((path.stem, gid))]
    assert not missing, ("exercises without a plausible wrong answer in "
                         "tests/homework_fixtures/mutants.py:\n  " + "\n  ".join(missing))
    few = [gid for path, gid in EXERCISES if path == FIXTURE and len(MUTANTS[(path.stem, gid)]) < 2]
    assert not few, f"the fixture's exercises need two mutants each: {few}"


def test_no_mutant_is_registered_for_a_missing_exercise():
    known = {(path.stem, gid) for path, gid in EXERCISES}
    stale = sorted(key for key in MUTANTS if key not in known)
    assert not stale, f"mutants for exercises that do not exist (renamed?): {stale}"


def reference_of(path, gid):
    return hw.reference_solution(_read(path).cells[assignment(path).exercise(gid).cell_index].source)


def mutants_for(path):
    return {gid: changes for (stem, gid), changes in MUTANTS.items() if stem == path.stem}


@cache
def mutant_report(path):
    """All mutants of a notebook, in one run (see hw.check_mutants)."""
    return hw.check_mutants(path, mutants_for(path), sandbox=SANDBOX)


def mutant_result(path, gid, k):
    found = [r for r in mutant_report(path).results if r.exercise == gid]
    assert len(found) > k, f"{gid} has no test cells, so its mutants were not run"
    return found[k]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_mutant_run_is_trustworthy(path):
    """The reference solutions keep full points all through the run that probes the mutants."""
    report = mutant_report(path)
    assert not report.problems, report.format()


@pytest.mark.parametrize("path, gid, k", MUTANT_CASES,
                         ids=[f"{p.stem}:{g}:{k}" for p, g, k in MUTANT_CASES])
def test_mutant_is_killed(path, gid, k):
    result = mutant_result(path, gid, k)
    assert result.applied, f"the mutant '{result.description}' of {gid} {result.detail}"
    assert result.killed, (f"the tests of {gid} give full points to a wrong answer: {result.description}\n"
                           f"{mutant_report(path).format()}")


FIXTURE_ROUNDS = range(max(len(changes) for (stem, _), changes in MUTANTS.items() if stem == FIXTURE.stem))


@pytest.mark.parametrize("r", FIXTURE_ROUNDS)
def test_the_grader_agrees_with_the_mutant_run(r):
    """The fixture's mutants, handed in as students' notebooks and graded, lose points.

    This checks the one-run shortcut of check_mutants against real grading.
    The fixture's exercises do not use each other's answers, so one
    submission carries mutant r of every exercise (or the reference if the
    exercise has fewer mutants).
    """
    answers, expected = {}, {}
    for gid in exercises_of(FIXTURE):
        changes = MUTANTS[(FIXTURE.stem, gid)]
        if r < len(changes):
            answers[gid.replace("-", "_")] = hw.mutant_source(reference_of(FIXTURE, gid), changes[r][1])
            expected[gid] = mutant_result(FIXTURE, gid, r).points
    report = grade(solved(FIXTURE, **answers))
    for gid in exercises_of(FIXTURE):
        got, full = report.exercise_points(gid)
        assert got == expected.get(gid, full), report.format()
        assert (got < full) == (gid in expected), report.format()


def test_check_mutants_reports_state_left_behind_and_bad_mutants():
    # State is left behind in the student's process: the checker has its own numpy and lecturekit,
    # so a mutant can only break later *student* cells (np.array, used by the data cell) or the
    # data the restored reference reads (y).
    mutants = {
        "hw-update": [("breaks numpy for the later cells",
                       reference_of(FIXTURE, "hw-update") + "\nnp.array = None")],
        "hw-centroid-bias": [("cuts y short, which the restored reference reads",
                              reference_of(FIXTURE, "hw-centroid-bias") + "\ny = y[:2]")],
        "hw-lms-step": [("does not apply", ("no such text", "x"))],
        "hw-nope": [("no such exercise", "x = 1")],
    }
    report = hw.check_mutants(FIXTURE, mutants, sandbox=SANDBOX)
    text = "\n".join(report.problems)
    assert "'hw-nope', which is not an exercise" in text
    assert "hw-centroid-bias-tests fails with the reference solution" in text
    assert "hw-centroid-bias-tests fails again after the mutants" in text
    bad = [r for r in report.results if r.exercise == "hw-lms-step"]
    assert [r.applied for r in bad] == [False] and "occurs 0 times" in bad[0].detail
    assert "INVALID" in report.format()


def test_kill_rate(capsys):
    """Every mutant of every notebook is killed; prints the rate."""
    counts = {}
    for path in NOTEBOOKS:
        results = mutant_report(path).results
        group = counts.setdefault("fixture" if path == FIXTURE else "chapters", [0, 0])
        group[0] += sum(r.killed for r in results)
        group[1] += len(results)
    killed, total = sum(k for k, _ in counts.values()), sum(n for _, n in counts.values())
    parts = ", ".join(f"{group} {k}/{n}" for group, (k, n) in counts.items())
    with capsys.disabled():
        print(f"\n[homework] mutant kill rate: {killed}/{total} = {100 * killed / total:.0f}% ({parts})")
    assert killed == total


# --------------------------------------------------------------------------
# the grader on bad and dishonest submissions
# --------------------------------------------------------------------------

@pytest.mark.parametrize("content, says", [
    (b'{"cells": [', "not valid JSON (line 1"),
    (b"", "not valid JSON"),
    (b"\xff\xfe\x00garbage", "not UTF-8"),
    (b"[1, 2, 3]", "JSON but not a notebook"),
    (b'{"metadata": {}}', "no list of 'cells'"),
], ids=["truncated", "empty", "binary", "json-list", "no-cells"])
def test_unreadable_notebooks_score_zero_with_a_reason(tmp_path, content, says):
    path = tmp_path / "broken.ipynb"
    path.write_bytes(content)
    report = grade(path)
    assert report.score == 0 and report.max_score == 7
    assert any(says in p for p in report.problems), report.problems
    assert all(t.error == "the student notebook could not be read" for t in report.tests)


def test_cli_grades_a_broken_file_and_writes_json(tmp_path, capsys):
    path = tmp_path / "broken.ipynb"
    path.write_text('{"cells": [')
    out = tmp_path / "out" / "report.json"
    assert hw.main(["grade", str(path), "--instructor", str(FIXTURE), "--json", str(out), *UNSANDBOXED]) == 0
    assert "Total: 0/7" in capsys.readouterr().out
    data = json.loads(out.read_text())
    assert data["score"] == 0 and data["max_score"] == 7 and len(data["tests"]) == 3


def test_endless_loops_are_interrupted_and_the_rest_is_graded():
    # the limit is generous so that ordinary cells (imports) never hit it on a loaded machine
    endless_function = ("def perceptron_update(w, x_i, y_i, eta):\n"
                        "    while True:\n        pass")
    endless_cell = "b = 0\nwhile True:\n    pass"
    report = grade(solved(FIXTURE, hw_update=endless_function, hw_centroid_bias=endless_cell), timeout=8)
    assert points(report) == {"hw-update-tests": 0, "hw-centroid-bias-tests": 0, "hw-lms-step-tests": 2}
    by_id = {t.grade_id: t for t in report.tests}
    assert "still running after 8 s" in by_id["hw-update-tests"].error
    assert by_id["hw-update-tests"].line == 2
    assert any("hw-centroid-bias: the solution cell failed: still running after 8 s" in n for n in report.notes)
    assert report.kernel_restarts == 0  # the interrupt was enough


def test_a_loop_that_ignores_the_interrupt_costs_a_fresh_kernel():
    stubborn = ("def lms_step(w, x_i, y_i, eta):\n    return w\n"
                "while True:\n    try:\n        while True:\n            pass\n"
                "    except KeyboardInterrupt:\n        pass")
    report = grade(solved(FIXTURE, hw_lms_step=stubborn), timeout=8, grace=1)
    assert points(report) == {"hw-update-tests": 2, "hw-centroid-bias-tests": 3, "hw-lms-step-tests": 0}
    assert report.kernel_restarts == 1
    assert any("did not stop when interrupted" in n for n in report.notes), report.notes


def test_exceptions_and_sys_exit_fail_only_their_exercise():
    report = grade(solved(FIXTURE, hw_update="import sys\nsys.exit()",
                          hw_centroid_bias="raise ValueError('no idea')"))
    assert points(report) == {"hw-update-tests": 0, "hw-centroid-bias-tests": 0, "hw-lms-step-tests": 2}
    by_id = {t.grade_id: t for t in report.tests}
    assert by_id["hw-update-tests"].error == "NameError: name 'perceptron_update' is not defined"
    assert any("hw-centroid-bias: the solution cell failed: ValueError: no idea" in n for n in report.notes)
    assert any("hw-update: the solution cell failed: SystemExit" in n for n in report.notes)


def test_a_dead_kernel_or_quit_restarts_and_skips_that_cell():
    nb = solved(FIXTURE, hw_lms_step="import os\nos._exit(1)")
    nb.cells.insert(UPDATE_TESTS + 1, nbformat.v4.new_code_cell("quit()"))
    report = grade(nb)
    assert points(report) == {"hw-update-tests": 2, "hw-centroid-bias-tests": 3, "hw-lms-step-tests": 0}
    assert report.kernel_restarts == 2
    text = "\n".join(report.notes)
    assert "cell 6 of the student notebook: the cell called exit() or quit()" in text, text
    assert "hw-lms-step: the solution cell failed: the process running the student's code died" in text, text


def test_deleted_cells_are_graded_and_deleted_tests_restored():
    nb = solved(FIXTURE)
    del nb.cells[BIAS_TESTS]   # a test cell: put back from the instructor version
    del nb.cells[BIAS]         # a solution cell: its tests go at the end and fail
    del nb.cells[UPDATE_TESTS]
    report = grade(nb)
    assert points(report) == {"hw-update-tests": 2, "hw-centroid-bias-tests": 0, "hw-lms-step-tests": 2}
    by_id = {t.grade_id: t for t in report.tests}
    assert by_id["hw-update-tests"].restored == "deleted"
    assert by_id["hw-centroid-bias-tests"].error == "NameError: name 'b' is not defined"
    assert any("hw-centroid-bias: the solution cell is missing" in n for n in report.notes)


def test_a_notebook_with_every_cell_deleted_scores_zero():
    nb = student(FIXTURE)
    nb.cells = []
    report = grade(nb)
    assert report.score == 0 and len(report.tests) == 3
    assert all(t.restored == "deleted" for t in report.tests)


def test_tampered_test_cells_are_replaced_by_the_instructor_version(tmp_path):
    wrong = hw.mutant_source(reference_of(FIXTURE, "hw-update"), ("<= 0", "< 0"))
    nb = solved(FIXTURE, hw_update=wrong)
    tests = nb.cells[UPDATE_TESTS]
    tests.source = "assert True"                             # the student "fixes" the test
    tests.metadata["nbgrader"]["points"] = 100               # and the points
    nb.cells.insert(0, nbformat.v4.new_code_cell(            # and adds a free bonus
        "assert True", metadata={"nbgrader": {"grade": True, "solution": False, "points": 50,
                                              "grade_id": "bonus", "locked": True, "schema_version": 3}}))
    moved = nb.cells.pop(BIAS_TESTS + 1)                     # moving a test cell is no tampering
    nb.cells.insert(1, moved)
    executed = tmp_path / "executed.ipynb"
    report = grade(write(tmp_path, nb), executed=executed)
    assert points(report) == {"hw-update-tests": 0, "hw-centroid-bias-tests": 3, "hw-lms-step-tests": 2}
    assert report.max_score == 7
    by_id = {t.grade_id: t for t in report.tests}
    assert by_id["hw-update-tests"].restored == "changed"
    assert by_id["hw-centroid-bias-tests"].restored is None
    assert by_id["hw-update-tests"].error.startswith("AssertionError at line 2: assert np.allclose(")
    assert "hw-update-tests: the student's copy of this test cell was changed" in report.format()
    # the executed notebook holds the instructor's test, right after the solution, with its outputs
    ran = nbformat.read(executed, as_version=4)
    sources = [c.source for c in ran.cells]
    assert "assert True" in sources  # the student's cells are kept...
    at = sources.index(wrong)
    assert ran.cells[at + 1].source == _read(FIXTURE).cells[UPDATE_TESTS].source  # ...the test is back
    assert any(o.get("output_type") == "error" for o in ran.cells[at + 1].outputs)


def test_a_failing_hidden_test_does_not_show_its_source():
    # eta ignored: the visible tests pass, the first hidden test fails
    report = grade(solved(FIXTURE, hw_update=hw.mutant_source(
        reference_of(FIXTURE, "hw-update"), ("eta * y_i * x_i", "y_i * x_i"))), stop_after="hw-update")
    (test,) = [t for t in report.tests if t.grade_id == "hw-update-tests"]
    assert test.error == "AssertionError in a hidden test"
    assert [t.error for t in report.tests if t.grade_id != "hw-update-tests"] == [
        "not run (stopped after exercise hw-update)"] * 2


def test_junk_cells_and_duplicated_solutions():
    data = json.loads(nbformat.writes(solved(FIXTURE)))
    solution = data["cells"][UPDATE]
    solution["metadata"]["tags"] = "not a list"  # malformed metadata is ignored
    first_try = copy.deepcopy(solution)
    first_try["source"] = "def perceptron_update(w, x_i, y_i, eta):\n    return w"
    # a wrong first attempt above the solution: the tests go after the last cell with the id
    data["cells"][UPDATE:UPDATE] = [first_try, "not a cell", {"cell_type": "widget", "source": "x"}]
    report = grade(data)
    assert report.score == 7, report.format()
    assert sum("was left out" in p for p in report.problems) == 2


def test_cli_report_format_and_json(tmp_path):
    nb = solved(FIXTURE, hw_lms_step=hw.mutant_source(reference_of(FIXTURE, "hw-lms-step"), ("w + eta", "w - eta")))
    del nb.cells[UPDATE_TESTS]
    submission = write(tmp_path, nb)
    out = tmp_path / "report.json"
    run = subprocess.run([sys.executable, "-m", "lecturekit.homework", "grade", str(submission),
                          "--instructor", rel(FIXTURE), "--json", str(out), "--timeout", "30", *UNSANDBOXED],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert re.search(r"^  hw-update-tests +2/2  ok$", run.stdout, re.M), run.stdout
    assert re.search(r"^  hw-centroid-bias-tests +3/3  ok$", run.stdout, re.M), run.stdout
    assert re.search(r"^  hw-lms-step-tests +0/2  FAILED \(AssertionError at line 1: assert ", run.stdout,
                     re.M), run.stdout
    assert "Total: 5/7" in lines
    assert "hw-update-tests: the student's copy of this test cell was deleted" in run.stdout
    data = json.loads(out.read_text())
    assert (data["score"], data["max_score"]) == (5, 7)
    assert data["exercises"]["hw-lms-step"] == {"points": 0, "max_points": 2}
    assert [t["restored"] for t in data["tests"]] == ["deleted", None, None]


def test_cli_refuses_a_malformed_instructor_notebook(tmp_path, capsys):
    bad = write(tmp_path, _broken(BIAS, "### END SOLUTION"), "bad.ipynb")
    assert hw.main(["grade", str(FIXTURE), "--instructor", str(bad)]) == 2
    assert "cell 9 (hw-centroid-bias), line 1" in capsys.readouterr().err
    assert hw.main(["grade", str(FIXTURE), "--instructor", str(tmp_path / "missing.ipynb")]) == 2
