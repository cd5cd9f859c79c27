"""Checks of chapter 6's exercises (gradient descent and the perceptron criterion).

Every expected value is computed here, from the definitions and independently
of the library's gradient code: the criterion in exact rational arithmetic
(``fractions.Fraction``), one-sided slopes as difference quotients of that
exact, piecewise-linear function, the reference descent as its own loop.  The
mistake test and the label at a score of 0 come from
:mod:`lecturekit.conventions`.  Predict and explain answers are never shown
(``reveal=False``), and no catalogued mistake's message names a key.
"""

from fractions import Fraction

import numpy as np

from .. import conventions
from ..datasets import noisy, toy
from ..theory import is_separable
from . import Mistake, exercise


def _exact(v):
    """A float as the rational number of its shortest decimal repr (what the learner typed)."""
    return Fraction(repr(float(v)))


def _criterion(w, X, y):
    """J(w) = sum over y_i w . (1, x_i) <= 0 of -y_i w . (1, x_i), in exact arithmetic."""
    total = Fraction(0)
    for x_i, y_i in zip(conventions.homogeneous(X), y):
        margin = int(y_i) * sum(_exact(a) * _exact(b) for a, b in zip(w, x_i))
        if conventions.is_mistake(margin):
            total -= margin
    return total


# --------------------------------------------------------------------------
# Exercise 1 — predict the slopes at a kink
# --------------------------------------------------------------------------
_X1 = np.array([[1.0, 2.0], [2.0, -1.0], [0.0, 1.0]])
_Y1 = np.array([conventions.POSITIVE, conventions.POSITIVE, conventions.NEGATIVE])
_W1 = np.array([-1.0, 1.0, 0.0])
_RAISE_BIAS = np.array([1.0, 0.0, 0.0])
_H = Fraction(1, 1000)  # well inside the facets on either side: the next kink is at |t| = 1


def _f(t):
    return _criterion([_exact(a) + t * _exact(d) for a, d in zip(_W1, _RAISE_BIAS)], _X1, _Y1)


_LEFT, _RIGHT = float((_f(-_H) - _f(0)) / -_H), float((_f(_H) - _f(0)) / _H)
# the slope of the side where the point on the boundary is a mistake: the library's gradient, -sum over M of
# y_i (1, x_i) with M taken with <=, along the direction
_LIBRARY_SIDE = float(sum(-int(y_i) * _exact(v) * _exact(d)
                          for x_i, y_i in zip(conventions.homogeneous(_X1), _Y1)
                          if conventions.is_mistake(int(y_i) * sum(_exact(a) * _exact(b) for a, b in zip(_W1, x_i)))
                          for v, d in zip(x_i, _RAISE_BIAS)))


@exercise("ch06-predict-gradient", number=1, title="predict the slopes at a kink", points=2, kind="predict",
          hint="Write the three scores of w + t (1, 0, 0) as functions of t, with the 1 in front of each x. For small "
               "t < 0 and for small t > 0 separately: which examples are mistakes, and how does J change with t?")
def _predict(t, slope_left, slope_right):
    t.check(slope_left, _LEFT, call="`slope_left`", reveal=False, misconceptions=[
        Mistake("central-difference", (_LEFT + _RIGHT) / 2,
                "the average of the slopes on the two sides, which is what a central difference measures at a "
                "kink: f has a different slope on each side of t = 0"),
        Mistake("uphill", -_LEFT, "the sign is flipped: as t rises towards 0 from below, does J go up or down?"),
    ])
    t.check(slope_right, _RIGHT, call="`slope_right`", reveal=False, misconceptions=[
        Mistake("one-slope", _LIBRARY_SIDE,
                "one slope for both sides (the gradient the library returns, which counts the point on the "
                "boundary as a mistake); ask on which side of t = 0 that point is wrong"),
    ])


# --------------------------------------------------------------------------
# Exercise 2 — construct: zero criterion, yet not separating
# --------------------------------------------------------------------------
_X_TOY, _Y_TOY = toy()


@exercise("ch06-construct", number=2, title="construct: zero criterion, yet not separating", points=2,
          kind="construct",
          hint="J = 0 asks that no example is strictly on the wrong side. The perceptron also updates on an "
               "example whose score is exactly 0: look for a line through one of the points.")
def _construct(t, w_flat):
    try:
        w = np.asarray(w_flat, dtype=float)
    except (TypeError, ValueError):
        w = np.zeros(0)
    if not t.check_true(w.shape == (3,), what=f"`w_flat` holds three numbers (b, w1, w2); got "
                                              f"{'shape ' + str(w.shape) if w.size else 'no numbers'}"):
        return
    if not t.check_true(bool(w.any()), what="`w_flat` is not the zero vector",
                        mistake=Mistake("zero-vector", None, "w = 0 is the trivial answer the exercise excludes: "
                                                             "it has no boundary at all")):
        return
    margins = [int(y_i) * sum(_exact(a) * _exact(b) for a, b in zip(w, x_i))
               for x_i, y_i in zip(conventions.homogeneous(_X_TOY), _Y_TOY)]
    t.check_true(_criterion(w, _X_TOY, _Y_TOY) == 0, what="J(w_flat) = 0 on the toy set: no example strictly on "
                                                          "its wrong side",
                 mistake=Mistake("strictly-wrong", None, "a point strictly on the wrong side adds a positive "
                                                         "term to J"))
    t.check_true(any(conventions.is_mistake(m) for m in margins),
                 what="`w_flat` does not separate the toy set: the perceptron would still update",
                 mistake=Mistake("separates", None, "a separating w also has J = 0, but then the perceptron "
                                                    "stops: put a point on the boundary"))


# --------------------------------------------------------------------------
# Exercise 3 — explain: a longer step on the bowl
# --------------------------------------------------------------------------
# One step on the bowl maps (w1 - 1, w2 + 0.5) to ((1 - 2 eta)(w1 - 1), (1 - 8 eta)(w2 + 0.5)).
_ETA3 = 0.3
_FACTORS = (1 - 2 * _ETA3, 1 - 8 * _ETA3)
_KEY3 = "b" if max(abs(f) for f in _FACTORS) > 1 else "a"


@exercise("ch06-explain", number=3, title="explain: a longer step on the bowl", points=2, kind="explain",
          hint="Write one step for each coordinate separately: what does it do to w2 + 0.5? Compare the factor "
               "you get with 1.")
def _explain(t, answer):
    t.check(answer, _KEY3, call="`answer`", reveal=False, misconceptions=[
        Mistake("longer-is-faster", "a", "a longer step is not automatically a faster descent: write out what one "
                                         "step does to the distance from the minimum, coordinate by coordinate"),
        Mistake("gradient-points-at-minimum", "c", "the gradient is perpendicular to the contours; on a bowl "
                                                   "that is narrower one way than the other, that is not the "
                                                   "direction of the lowest point"),
    ])


# --------------------------------------------------------------------------
# Exercise 4 — construct: data on which descent never leaves 0
# --------------------------------------------------------------------------
def _first_step(X, y):
    """sum_i y_i (1, x_i) exactly: the batch step from w = 0, where every example is in M."""
    total = [Fraction(0)] * 3
    for x_i, y_i in zip(conventions.homogeneous(X), y):
        total = [s + int(y_i) * _exact(v) for s, v in zip(total, x_i)]
    return total


@exercise("ch06-construct-stall", number=4, title="construct: data on which descent never leaves 0", points=2,
          kind="construct",
          hint="Which examples are in M at w = 0, so what is the first step? Write it out coordinate by coordinate, "
               "the 1 in front of each x included, and ask what the two classes must have in common.")
def _construct_stall(t, X_stall, y_stall):
    try:
        X = np.asarray(X_stall, dtype=float)
        y = np.asarray(y_stall)
    except (TypeError, ValueError):
        X, y = np.zeros((0, 0)), np.zeros(0)
    if not t.check_true(X.ndim == 2 and X.shape[1:] == (2,) and X.shape[0] >= 2 and y.shape == (X.shape[0],)
                        and bool(np.all(np.isfinite(X))),
                        what=f"`X_stall` has shape (n, 2) with n >= 2 finite rows and `y_stall` one label per row; "
                             f"got shapes {X.shape} and {y.shape}"):
        return
    if not t.check_true(set(np.unique(y).tolist()) == set(conventions.LABELS),
                        what=f"`y_stall` holds both labels {conventions.LABELS} and nothing else"):
        return
    t.check_true(len({tuple(row) for row in X.tolist()}) == X.shape[0], what="no point of `X_stall` appears twice",
                 mistake=Mistake("same-point", None, "one point with both labels: the exercise asks for different "
                                                     "points"))
    step = _first_step(X, y)
    features = [v for j, v in enumerate(step) if j != conventions.BIAS_INDEX]
    what = "the first step from w = 0 is zero in every coordinate (computed exactly)"
    if all(v == 0 for v in step):
        t.check_true(True, what=what)
    elif all(v == 0 for v in features):
        t.check_true(False, what=what, mistake=Mistake(
            "bias-forgotten", None, "the step's bias coordinate is the sum of the labels, from the 1 in front of "
                                    "every x: it is not zero here"))
    elif is_separable(X, y):
        t.check_true(False, what=what, mistake=Mistake(
            "separable", None, "a line separates these data; then the descent can never stall at w = 0 (why not?)"))
    else:
        t.check_true(False, what=what)


# --------------------------------------------------------------------------
# Exercise 5 — extend: the gradient of a new criterion
# --------------------------------------------------------------------------
_X_LINE, _Y_LINE = np.array([[1.0], [2.0], [3.0]]), np.array([1, 1, -1])


def squared_margin_criterion(w, X, y, b):
    """J_q(w) = 1/2 sum over y_i w . (1, x_i) <= b of (b - y_i w . (1, x_i))^2, from its definition."""
    m = np.asarray(y) * (conventions.homogeneous(X) @ np.asarray(w, dtype=float))
    short = m <= b
    return 0.5 * float(np.sum((b - m[short]) ** 2))


def _numerical(w, X, y, b, h=1e-6):
    """Central differences of J_q: independent of any formula for its gradient (J_q is smooth)."""
    w = np.asarray(w, dtype=float)
    out = np.zeros_like(w)
    for j in range(w.size):
        e = np.zeros_like(w)
        e[j] = h
        out[j] = (squared_margin_criterion(w + e, X, y, b) - squared_margin_criterion(w - e, X, y, b)) / (2 * h)
    return out


@exercise("ch06-margin-gradient", number=5, title="extend: the gradient of a new criterion", points=2,
          kind="extend",
          hint="Near a w where no score equals b the set of examples in the sum does not change; differentiate "
               "one term (b - y_i w . x_i)^2 / 2 with the chain rule, then check your function against "
               "lk.numerical_gradient before you run this cell.")
def _margin_gradient(t, squared_margin_gradient):
    # toy set, w = (0.5, 1, -1), b = 1: margins -2.5, 2.5, 0.5, -2.5; the short ones are examples 1, 3, 4
    # with b - m = 3.5, 0.5, 3.5: gradient -(3.5 (1, 0, 3) + 0.5 (-1)(1, -3, -2) + 3.5 (-1)(1, 2, 0))
    # = -(3.5 - 0.5 - 3.5, 0 + 1.5 - 7, 10.5 + 1 - 0) = (0.5, 5.5, -11.5)
    w = [0.5, 1.0, -1.0]
    t.check(lambda: squared_margin_gradient(w, _X_TOY, _Y_TOY, 1.0), [0.5, 5.5, -11.5],
            call="`squared_margin_gradient([0.5, 1, -1], X_toy, y_toy, b=1)`",
            misconceptions=[
                Mistake("perceptron-gradient", [1.0, -1.0, -5.0], "the factor (b - y_i w . x_i) is missing: that is "
                                                                  "the gradient of the linear criterion over the "
                                                                  "same set"),
                Mistake("uphill", [-0.5, -5.5, 11.5], "the gradient's sign is flipped"),
                Mistake("no-half", [1.0, 11.0, -23.0], "the 1/2 in front of the sum is forgotten: twice the "
                                                       "gradient"),
                Mistake("perceptron-set", [0.0, 7.0, -10.5], "the sum runs over the mistakes (y_i w . x_i <= 0) "
                                                             "instead of the examples with y_i w . x_i <= b"),
            ])
    # at w = 0 every margin is 0 <= b: the gradient is -b sum_i y_i (1, x_i) = -2 (0, 4, 6) for b = 2
    t.check(lambda: squared_margin_gradient([0.0, 0.0, 0.0], _X_TOY, _Y_TOY, 2.0), [0.0, -8.0, -12.0],
            call="`squared_margin_gradient([0, 0, 0], X_toy, y_toy, b=2)`")
    # a separating w with every margin above b: nothing in the sum
    t.check(lambda: squared_margin_gradient([0.0, -1.0, 4.0], _X_TOY, _Y_TOY, 0.5), [0.0, 0.0, 0.0],
            call="`squared_margin_gradient([0, -1, 4], X_toy, y_toy, b=0.5)`")
    # with a bias, against central differences of J_q at a few points away from the edges m_i = b
    for w_r, b in (([-2.5, 1.0], 1.0), ([0.3, -0.2], 0.5), ([1.0, 0.25], 1.4)):
        t.check(lambda: squared_margin_gradient(w_r, _X_LINE, _Y_LINE, b), _numerical(w_r, _X_LINE, _Y_LINE, b),
                atol=1e-5, call=f"`squared_margin_gradient({w_r}, [[1], [2], [3]], [1, 1, -1], b={b})` against "
                                "central differences of J_q")


# --------------------------------------------------------------------------
# Exercise 6 — debug: a descent that says it converged
# --------------------------------------------------------------------------
def _descend(X, y, eta1, theta, max_iter, *, report="separates"):
    """The exercise's descent, written from its statement; ``report`` selects what a mistake returns."""
    Xh = conventions.homogeneous(X)
    y = np.asarray(y)
    w = np.zeros(Xh.shape[1])
    stopped_by_rule = False
    for k in range(1, max_iter + 1):
        wrong = conventions.is_mistake(y * (Xh @ w))
        step = eta1 / k * (y[wrong] @ Xh[wrong])
        if np.linalg.norm(step) < theta:
            stopped_by_rule = True
            break
        w = w + step
    if report == "rule":
        return {"w": w.tolist(), "separates": stopped_by_rule}
    return {"w": w.tolist(), "separates": not bool(np.any(conventions.is_mistake(y * (Xh @ w))))}


def _run(descend, X, y, eta1, theta, max_iter):
    try:
        out = descend(X, y, eta1, theta, max_iter)
    except ZeroDivisionError:
        return "ZeroDivisionError"
    if not (isinstance(out, (tuple, list)) and len(out) == 2):
        raise TypeError(f"descend must return a pair (w, separates); it returned {type(out).__name__}")
    w, ok = out
    if type(ok) not in (bool, np.bool_):
        raise TypeError(f"the second value returned must be True or False; got {type(ok).__name__}")
    return {"w": np.asarray(w, dtype=float).tolist(), "separates": bool(ok)}


_XN, _YN = noisy(40, flip=0.1, seed=3)


@exercise("ch06-debug-stop", number=6, title="debug: a descent that says it converged", points=2, kind="debug",
          hint="Run the given code by hand for k = 0. Then ask what the stopping rule measures when eta(k) = eta1 / k: "
               "can it tell a separating w from any other?")
def _debug_stop(t, descend):
    k_from_zero = Mistake("k-from-zero", "ZeroDivisionError", "eta(k) = eta1 / k is used with k = 0: the schedule "
                                                              "counts its steps from 1")
    t.check(lambda: _run(descend, _X_TOY, _Y_TOY, 1.0, 1e-3, 1000), _descend(_X_TOY, _Y_TOY, 1.0, 1e-3, 1000),
            call="`descend(X_toy, y_toy, eta1=1, theta=1e-3, max_iter=1000)`", misconceptions=[k_from_zero])
    t.check(lambda: _run(descend, _XN, _YN, 0.1, 1e-3, 100_000), _descend(_XN, _YN, 0.1, 1e-3, 100_000),
            call="`descend(Xn, yn, eta1=0.1, theta=1e-3)` on the noisy data of section 6",
            misconceptions=[
                Mistake("rule-means-converged", _descend(_XN, _YN, 0.1, 1e-3, 100_000, report="rule"),
                        "the stopping rule's verdict reported as the answer: a short step says the rate is small, "
                        "not that the examples are right"),
                Mistake("strict-test", {"w": [0.0, 0.0, 0.0], "separates": False},
                        "`<` instead of `<=`: at w = 0 no example counts as a mistake, the first step is zero and "
                        "the rule stops at once"),
            ])
    t.check(lambda: _run(descend, _XN, _YN, 0.1, 1e-3, 5), _descend(_XN, _YN, 0.1, 1e-3, 5),
            call="`descend(Xn, yn, eta1=0.1, theta=1e-3, max_iter=5)`")
