"""lecturekit.feedback: the plain-data comparison and rendering behind every exercise
check (what the learner sees on a failure is tested in test_exercises.py)."""

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from lecturekit.feedback import describe, matches


def test_a_right_answer_matches_in_any_plain_form():
    for got in ([0.5, 1.0, 0.5], (0.5, 1.0, 0.5), np.array([0.5, 1.0, 0.5]),
                np.array([0.5, 1.0, 0.5], dtype=np.float32)):
        assert matches(got, [0.5, 1.0, 0.5])
    assert not matches(np.array([2.0, 0.0, 0.0]), [0.5, 1.0, 0.5])


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

    assert not matches(Liar(), [0.5, 1.0, 0.5]) and describe(Liar()) == "<an object of type Liar>"
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


def test_describe_is_short_and_readable():
    assert describe(np.arange(1000.0)).count("...") == 1
    assert len(describe(list(range(1000)))) <= 200
    assert describe(0.1 + 0.2) == "0.3"
    assert describe(object()) == "<an object of type object>"
