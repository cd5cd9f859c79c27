"""The exercise checks (lecturekit.exercises): what a learner sees on success and
on failure, and that every converted chapter's test cells are one line whose
checks live in the library, with points, titles and kinds in step with the notebook."""

import re
from pathlib import Path

import nbformat
import numpy as np
import pytest

from lecturekit import homework as hw
from lecturekit.exercises import (KINDS, ExerciseFailed, Mistake, check_exercise, chapter_exercises,
                                  exercise, registered)
from lecturekit.feedback import ExerciseFailure

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))

LT = Mistake("strict-test", [0.0, 0.0, 0.0], "`<` instead of `<=`: a point on the boundary is not a mistake")


@exercise("ch99-update", number=1, title="the update step", points=2, kind="reproduce",
          hint="Which condition makes `x_i` a mistake?")
def _update(t, perceptron_update):
    x = np.array([1.0, 2.0, 1.0])
    t.check(lambda: perceptron_update(np.zeros(3), x, 1, 0.5), [0.5, 1.0, 0.5],
            call="`perceptron_update(np.zeros(3), [1, 2, 1], 1, 0.5)`", misconceptions=[LT])
    t.check(lambda: perceptron_update(np.array([0.0, 1.0, 0.0]), x, 1, 1.0), [0.0, 1.0, 0.0],
            call="`perceptron_update([0, 1, 0], [1, 2, 1], 1, 1.0)`")


@exercise("ch99-predict", number=2, title="predict a count", points=3, kind="predict",
          hint="Count the mistakes of the first epoch.")
def _predict(t, count):
    t.check(count, 4, call="`count`", reveal=False,
            misconceptions=[Mistake("visits", 6, "counting the examples visited")])


_LONG = {f"requirement {k}: " + "a long description of what the answer must do " * 3: True for k in range(4)}


@exercise("ch99-requirements", number=3, title="a verdict per requirement", points=1, kind="debug", hint="h")
def _requirements(t, verdict, secret):
    t.check(lambda: verdict(), _LONG, call="`verdict()`")
    t.check(lambda: secret(), {"a": 1, "b": 2, "c": 3}, call="`secret()`", reveal=False)


def test_a_dict_answer_shows_only_the_keys_that_failed_when_the_key_is_shown_anyway():
    """A dict of verdicts is long; shortened to fit, it could hide the one key that failed. Where the expected value
    is shown (reveal=True) the message keeps the failing keys only; where it is not (a predict answer), it names
    no key, so that one answer cannot be bisected key by key."""
    last = list(_LONG)[-1]
    with pytest.raises(ExerciseFailure) as info:
        check_exercise("ch99-requirements", lambda: {**_LONG, last: False}, lambda: {"a": 1, "b": 5, "c": 3})
    text = str(info.value)
    first = text.splitlines()[1]
    assert first.startswith("- verdict() returned {") and "requirement 3" in first and "requirement 0" not in first
    assert f"expected {{{last!r}: True}}" in text and "(its other keys are as expected)" in text
    assert "- secret() returned {'a': 1, 'b': 5, 'c': 3}" in text and "expected {'b'" not in text
    assert text.count("its other keys are as expected") == 1


def right(w, x, y, eta):
    return w + eta * y * x if y * (w @ x) <= 0 else w


def strict(w, x, y, eta):
    return w + eta * y * x if y * (w @ x) < 0 else w


def stub(w, x, y, eta):
    raise NotImplementedError()


def test_a_right_answer_prints_one_success_line(capsys):
    assert check_exercise("ch99-update", right) is None
    assert capsys.readouterr().out == "✓ Exercise 1 — the update step: 2/2 points\n"


def test_a_wrong_answer_reports_every_failed_probe_with_its_misconception():
    with pytest.raises(ExerciseFailure) as info:
        check_exercise("ch99-update", strict)
    text = str(info.value)
    assert text.splitlines()[0] == "✗ Exercise 1 — the update step: 0/2 points (1 of 2 checks failed)"
    assert "perceptron_update(np.zeros(3), [1, 2, 1], 1, 0.5) returned [0., 0., 0.]" in text
    assert "expected [0.5, 1.0, 0.5]" in text
    assert "This looks like a known mistake: < instead of <=" in text
    assert "`" not in text  # code spans are rendered, not printed with backticks
    assert text.endswith("Hint: Which condition makes x_i a mistake?")


def test_every_failure_is_reported_not_just_the_first():
    def always_zero(w, x, y, eta):
        return np.zeros(3)

    with pytest.raises(ExerciseFailure) as info:
        check_exercise("ch99-update", always_zero)
    assert "(2 of 2 checks failed)" in str(info.value)
    assert str(info.value).count("returned [0., 0., 0.]") == 2


def test_a_stub_says_it_is_not_written_yet_and_fails():
    with pytest.raises(ExerciseFailure, match="not written yet"):
        check_exercise("ch99-update", stub)


def test_a_predict_answer_is_never_shown():
    with pytest.raises(ExerciseFailure) as info:
        check_exercise("ch99-predict", 5)
    assert "4" not in str(info.value).replace("0/3", "")
    with pytest.raises(ExerciseFailure, match="counting the examples visited"):
        check_exercise("ch99-predict", 6)
    check_exercise("ch99-predict", 4.0)


def test_an_object_that_lies_about_equality_fails():
    class Liar:
        def __eq__(self, other):
            return True

    with pytest.raises(ExerciseFailure, match="not plain data|an object of type Liar"):
        check_exercise("ch99-predict", Liar())


def test_an_answer_of_the_wrong_kind_is_a_failure_not_a_crash():
    with pytest.raises(ExerciseFailure) as info:
        check_exercise("ch99-update", 3)
    text = str(info.value)
    assert "perceptron_update is 3" in text and "it must be a function" in text
    assert text.count("perceptron_update is 3") == 1  # said once, not once per probe
    assert "TypeError" not in text  # the check's own error is not the learner's business


def test_a_message_from_the_learners_code_cannot_forge_a_line_of_feedback():
    def forger(w, x, y, eta):
        raise ValueError("x\n  This looks like a known mistake: nothing\n✓ all passed")

    with pytest.raises(ExerciseFailure) as info:
        check_exercise("ch99-update", forger)
    lines = str(info.value).splitlines()
    assert not any(line.lstrip().startswith(("This looks like", "✓")) for line in lines), lines


def test_in_a_notebook_the_traceback_is_one_line_and_the_html_shows_the_hint():
    with pytest.raises(ExerciseFailed) as info:
        check_exercise("ch99-update", strict)
    failure = info.value
    failure.shown = True
    lines = failure._render_traceback_()
    assert len(lines) == 1 and "0/2 points" in lines[0] and "Traceback" not in lines[0]
    page = failure.outcome._repr_html_()
    assert "<code>perceptron_update(np.zeros(3), [1, 2, 1], 1, 0.5)</code>" in page
    assert "<details><summary>Hint</summary>" in page and "`" not in page


def test_values_are_shown_as_code_and_a_stub_gets_one_line_not_one_per_probe():
    with pytest.raises(ExerciseFailed) as info:
        check_exercise("ch99-update", strict)
    page = info.value.outcome._repr_html_()
    assert "returned <code>[0., 0., 0.]</code><br>expected <code>[0.5, 1.0, 0.5]</code>" in page
    with pytest.raises(ExerciseFailed) as info:
        check_exercise("ch99-update", stub)
    text = str(info.value)
    assert text.splitlines()[0] == "✗ Exercise 1 — the update step: 0/2 points (the answer is not written yet)"
    assert text.count("NotImplementedError") == 1 and len(text.splitlines()) == 3
    # A stub beside a written answer is still reported probe by probe.
    calls = []

    def half_written(w, x, y, eta):
        calls.append(1)
        if len(calls) == 1:
            raise NotImplementedError()
        return np.zeros(3)

    with pytest.raises(ExerciseFailed) as info:
        check_exercise("ch99-update", half_written)
    assert "(2 of 2 checks failed)" in str(info.value)


def test_registration_rejects_bad_ids_and_kinds():
    with pytest.raises(ValueError, match="grade_id"):
        exercise("epoch", number=1, title="t", points=1, kind="predict", hint="h")
    with pytest.raises(ValueError, match="kind must be one of"):
        exercise("ch99-x", number=1, title="t", points=1, kind="retype", hint="h")
    with pytest.raises(KeyError, match="no exercise is registered as 'ch99-nothing'"):
        registered("ch99-nothing")


# --------------------------------------------------------------------------
# the chapters
# --------------------------------------------------------------------------

CALL = re.compile(r'from lecturekit\.exercises import check_exercise\n'
                  r'check_exercise\("(ch\d\d-[a-z0-9-]+)"(, [A-Za-z_][A-Za-z0-9_]*)*\)')
HEADING = re.compile(r"^### Exercise (\d+) — (.+?) \((\d+(?:\.\d+)?) points?\)", re.M)


def _converted(path):
    """(assignment, notebook) of a chapter whose test cells call check_exercise, else None."""
    nb = nbformat.read(path, as_version=4)
    if not any("check_exercise(" in c.source for c in nb.cells if c.cell_type == "code"):
        return None
    return hw.parse_assignment(nb, path.stem), nb


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_converted_chapter_keeps_its_checks_in_the_library(path):
    found = _converted(path)
    if found is None:
        pytest.skip("this chapter's test cells do not use check_exercise yet")
    assignment, nb = found
    chapter = "ch" + path.stem[:2]
    registered_ids = {e.grade_id for e in chapter_exercises(chapter)}
    for ex in assignment.exercises:
        assert len(ex.tests) == 1, f"{ex.grade_id}: one test cell per exercise"
        cell = nb.cells[ex.tests[0].cell_index]
        visible = hw.clear_hidden_tests(cell.source).strip()
        m = CALL.fullmatch(visible)
        assert m, f"{ex.grade_id}: the visible test is not the one-line check_exercise call:\n{visible}"
        assert m.group(1) == ex.grade_id
        reg = registered(ex.grade_id)
        assert reg.points == cell.metadata["nbgrader"]["points"], ex.grade_id
        heading = next(HEADING.search(c.source) for c in reversed(nb.cells[:ex.cell_index])
                       if c.cell_type == "markdown" and HEADING.search(c.source))
        assert (int(heading.group(1)), heading.group(2), float(heading.group(3))) == \
               (reg.number, reg.title[:1].upper() + reg.title[1:] if heading.group(2)[:1].isupper()
                else reg.title, reg.points), ex.grade_id
    assert registered_ids == {ex.grade_id for ex in assignment.exercises}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_at_most_a_quarter_of_a_chapters_points_reproduce_code_shown_in_the_course(path):
    if _converted(path) is None:
        pytest.skip("this chapter's test cells do not use check_exercise yet")
    exercises = chapter_exercises("ch" + path.stem[:2])
    assert all(e.kind in KINDS for e in exercises)
    total = sum(e.points for e in exercises)
    reproduced = sum(e.points for e in exercises if e.kind == "reproduce")
    assert reproduced <= total / 4, [(e.grade_id, e.kind, e.points) for e in exercises]
