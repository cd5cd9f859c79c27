"""lecturekit.feedback: visible tests that say what was called, what came back,
what was expected, a hint, and the known mistake an answer looks like."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lecturekit.feedback import ExerciseFailure, check, check_true, describe, matches

MISTAKES = [([0.0, 0.0, 0.0], "`<` instead of `<=`"),
            ([1.0, 2.0, 1.0], "the learning rate is ignored")]


def _message(got, expected=(0.5, 1.0, 0.5), misconceptions=MISTAKES):
    with pytest.raises(ExerciseFailure) as info:
        check(got, list(expected), call="perceptron_update(w, x, 1, 0.5)",
              hint="update only when y·w·x <= 0", misconceptions=misconceptions)
    return str(info.value)


def test_a_right_answer_passes_in_any_plain_form():
    for got in ([0.5, 1.0, 0.5], (0.5, 1.0, 0.5), np.array([0.5, 1.0, 0.5]),
                np.array([0.5, 1.0, 0.5], dtype=np.float32)):
        check(got, [0.5, 1.0, 0.5], call="f()", hint="h")


def test_a_failure_names_the_call_what_came_back_what_was_expected_and_a_hint():
    text = _message(np.array([2.0, 0.0, 0.0]))
    lines = text.split("\n")
    assert lines[0] == "perceptron_update(w, x, 1, 0.5) returned [2., 0., 0.]"
    assert lines[1] == "expected [0.5, 1.0, 0.5]"
    assert lines[-1] == "Hint: update only when y·w·x <= 0"
    assert "known mistake" not in text  # matches no registered mistake: the generic message


@pytest.mark.parametrize("k", range(len(MISTAKES)))
def test_an_answer_that_behaves_like_a_known_mistake_is_told_which(k):
    value, name = MISTAKES[k]
    text = _message(np.array(value))
    assert f"This looks like a known mistake: {name}" in text
    others = [n for j, (_, n) in enumerate(MISTAKES) if j != k]
    assert not any(n in text for n in others)


def test_objects_that_lie_about_equality_fail():
    class Liar:
        def __eq__(self, other):
            return True

        __hash__ = object.__hash__

        def __array__(self, dtype=None, copy=None):
            return np.array([0.5, 1.0, 0.5])

    class LiarArray(np.ndarray):
        def __eq__(self, other):
            return np.ones(3, dtype=bool)

    text = _message(Liar())
    assert "an object of type Liar" in text and "plain numbers" in text
    assert not matches(np.array([9.0, 9.0, 9.0]).view(LiarArray), [0.5, 1.0, 0.5])
    assert not matches(np.array(["0.5", "1.0", "0.5"]), [0.5, 1.0, 0.5])


def test_shapes_types_and_nan_must_agree():
    assert not matches([[0.5, 1.0, 0.5]], [0.5, 1.0, 0.5])
    assert not matches([0.5, 1.0], [0.5, 1.0, 0.5])
    assert not matches(True, 1) and not matches(1, True)
    assert not matches("1", 1)
    assert matches(float("nan"), float("nan")) and not matches(float("nan"), 0.0)
    assert matches({"a": [1, 2]}, {"a": np.array([1, 2])})
    assert not matches({"a": 1}, {"b": 1})
    assert matches(None, None) and not matches(None, 0)


@given(st.floats(-1e6, 1e6), st.floats(-1e-10, 1e-10))
def test_floats_match_to_a_relative_tolerance(x, tiny):
    assert matches(x + tiny * max(1.0, abs(x)) * 0.5, x)
    assert not matches(x + 1e-6 * max(1.0, abs(x)), x)


def test_check_true_wants_a_real_true():
    check_true(True, what="w separates the data", hint="h")
    check_true(np.bool_(True), what="w separates the data", hint="h")
    for bad in (False, 1, "yes", np.array([True, True])):
        with pytest.raises(ExerciseFailure, match="w separates the data\nHint: h"):
            check_true(bad, what="w separates the data", hint="h")


def test_describe_is_short_and_readable():
    assert describe(np.arange(1000.0)).count("...") == 1
    assert len(describe(list(range(1000)))) <= 200
    assert describe(0.1 + 0.2) == "0.3"
    assert describe(object()) == "<an object of type object>"


# ---------------------------------------------------------------- sealed answers
from lecturekit.feedback import seal  # noqa: E402


def test_a_sealed_answer_passes_without_being_shown():
    sealed = seal([0.5, -1.0, 2.0])
    assert "0.5" not in sealed and sealed.startswith("sealed:")
    check(np.array([0.5, -1.0, 2.0]), sealed, call="w", hint="h")
    check([0.50001, -1, 2], sealed, call="w", hint="h")  # 4 significant digits
    with pytest.raises(ExerciseFailure) as info:
        check([0.5, -1.0, 2.1], sealed, call="w", hint="h")
    text = str(info.value)
    assert "expected the sealed answer" in text and "2.0" not in text.split("\n")[1]


@pytest.mark.parametrize("a, b", [(6, 6.0), (-0.0, 0.0), (0.1 + 0.2, 0.3), ("b", "b"), (True, True)])
def test_equal_answers_seal_alike(a, b):
    assert seal(a) == seal(b)


@pytest.mark.parametrize("a, b", [(6, 6.01), ("b", "c"), (True, 1), ([1, 2], [2, 1]), ([1], 1), ("1", 1)])
def test_different_answers_seal_apart(a, b):
    assert seal(a) != seal(b)


def test_a_sealed_mistake_shows_its_message_only_to_that_answer():
    mistakes = [seal("a", "(a) asks too much"), seal("c", "(c) asks too little")]
    assert not any("asks" in m for m in mistakes)
    for answer, said in (("a", "(a) asks too much"), ("c", "(c) asks too little")):
        with pytest.raises(ExerciseFailure) as info:
            check(answer, seal("b"), call="answer", hint="h", misconceptions=mistakes)
        assert f"This looks like a known mistake: {said}" in str(info.value)
    with pytest.raises(ExerciseFailure) as info:
        check("d", seal("b"), call="answer", hint="h", misconceptions=mistakes)
    assert "known mistake" not in str(info.value)
    check("b", seal("b"), call="answer", hint="h", misconceptions=mistakes)


def test_the_seal_command_prints_what_to_paste(capsys):
    from lecturekit.feedback import main

    assert main(["seal", "[1, -1]"]) == 0
    assert capsys.readouterr().out.strip() == seal([1, -1])
    with pytest.raises(SystemExit):
        main(["seal", "not a literal("])
