"""An exercise registered for the tests of the learner's loop (tests/test_learner.py).

A tiny course notebook imports this module, so the grader's checker process
(which replays the notebook's imports) finds ``ch98-double`` the way it finds a
chapter's exercises in lecturekit/exercises/chNN.py.
"""

import numpy as np

from lecturekit.exercises import Mistake, exercise

ADD_TWO = "adding 2 instead of multiplying by 2"


@exercise("ch98-double", number=1, title="double a vector", points=2, kind="reproduce",
          hint="What does `2 * v` do to each entry of `v`?")
def _double(t, double):
    t.check(lambda: double(np.array([1.0, 2.0])), [2.0, 4.0], call="`double([1, 2])`",
            misconceptions=[Mistake("add-two", [3.0, 4.0], ADD_TWO)])
    t.check(lambda: double(np.array([0.0, -1.0, 5.0])), [0.0, -2.0, 10.0], call="`double([0, -1, 5])`",
            misconceptions=[Mistake("add-two", [2.0, 1.0, 7.0], ADD_TWO)])
