"""Checks of chapter 6's exercises (gradient descent and the perceptron criterion).

Every expected value is computed here, from the definitions and independently
of the library's gradient code: the criterion in exact rational arithmetic
(``fractions.Fraction``), one-sided slopes as difference quotients of that
exact, piecewise-linear function, the reference descent as its own loop.  The
mistake test and the label at a score of 0 come from
:mod:`lecturekit.conventions`.  Predict and explain answers are never shown
(``reveal=False``), and no catalogued mistake's message names a key.
"""

import numbers
from fractions import Fraction

import numpy as np

import warnings

from .. import conventions
from ..datasets import noisy, toy
from ..theory import is_separable
from ..feedback import matches
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
# Exercise 1 — the slopes at a kink, as formulas in the data
# --------------------------------------------------------------------------
# The points (1, a), (1, -c) and (3, 0) with label +1 and (0, 0) with label -1, for a > 0 and c > 1;
# w = (-1, 1, 0) and f(t) = J(w + t d) with d = (0, 1, 1).  The check calls the learner's two functions with
# exact fractions, some of twenty digits, where no difference quotient in floating point can be exact.
_W1 = (Fraction(-1), Fraction(1), Fraction(0))
_TURN = (Fraction(0), Fraction(1), Fraction(1))
_PROBES1 = ((Fraction(5, 2), Fraction(3, 2)), (Fraction(1, 3), Fraction(7, 2)),
            (Fraction(10 ** 20 + 1), Fraction(10 ** 20 + 3)),
            (Fraction(1, 10 ** 20 + 7), Fraction(10 ** 20 + 9, 10 ** 20)))


def _data1(a, c):
    X = [(Fraction(1), a), (Fraction(1), -c), (Fraction(3), Fraction(0)), (Fraction(0), Fraction(0))]
    y = [conventions.POSITIVE, conventions.POSITIVE, conventions.POSITIVE, conventions.NEGATIVE]
    return X, y


def _margins1(a, c, t):
    """Each example's y_i (w + t d) . (1, x_i), exactly."""
    X, y = _data1(a, c)
    w = [u + t * d for u, d in zip(_W1, _TURN)]
    return [int(y_i) * (w[0] + w[1] * x_i[0] + w[2] * x_i[1]) for x_i, y_i in zip(X, y)]


def _f1(a, c, t):
    return sum((-m for m in _margins1(a, c, t) if conventions.is_mistake(m)), Fraction(0))


def _slopes1(a, c):
    """The two one-sided slopes of f at 0, exactly: f is linear on each side within |t| <= h, where h is below
    every non-zero |margin at 0| / |margin's slope in t|."""
    at0 = _margins1(a, c, Fraction(0))
    rates = [m1 - m0 for m0, m1 in zip(at0, _margins1(a, c, Fraction(1)))]
    h = min([abs(m) / abs(r) for m, r in zip(at0, rates) if m != 0 and r != 0] + [Fraction(1)]) / 2
    return (_f1(a, c, -h) - _f1(a, c, Fraction(0))) / -h, (_f1(a, c, h) - _f1(a, c, Fraction(0))) / h


def _on_boundary_rate(a, c):
    """d/dt of the sum of -margin over the examples on the boundary at t = 0: what the library's gradient gives."""
    at0 = _margins1(a, c, Fraction(0))
    return -sum((m1 - m0 for m0, m1 in zip(at0, _margins1(a, c, Fraction(1))) if m0 == 0), Fraction(0))


def _nd(pairs):
    """Pairs of fractions written out ("-7/2"): plain data that the check compares exactly, digit for digit."""
    return [[None if v is None else str(v) for v in pair] for pair in pairs]


_KEY1 = [_slopes1(a, c) for a, c in _PROBES1]
_PREDICT_MISTAKES = [
    Mistake("central-difference", _nd([((l + r) / 2,) * 2 for l, r in _KEY1]),
            "one number for both sides, the average that a central difference measures at a kink: "
            "f has a different slope on each side of t = 0"),
    Mistake("one-slope", _nd([(_on_boundary_rate(a, c),) * 2 for a, c in _PROBES1]),
            "one slope for both sides, the gradient the library returns: it counts every point on the "
            "boundary as a mistake at once; for t < 0 and for t > 0 separately, which of them is "
            "strictly wrong?"),
    Mistake("one-weight", _nd([(-a, c) for a, c in _PROBES1]),
            "your slopes are those of turning the boundary by raising w2 alone; f(t) raises w1 by t as well: "
            "write each example's margin as a function of t"),
]
_ZERO_SIDE = Mistake("one-boundary-point", None, "a slope of 0: on that side of t = 0, is every example really "
                                                 "on its right side?")
_WRONG_SIGN = Mistake("uphill", None,
                      "compute f(0). J is never below 0: what sign can a slope just left of t = 0 have, and one "
                      "just right of it? (This says nothing about the sizes of your slopes.)")
_APPROXIMATE = Mistake("difference-quotient", None,
                       "your values are close on some of the check's inputs but not exact: floating point (a "
                       "difference quotient, or float() of the inputs) cannot represent a = 10**20 + 1 or "
                       "c = 1 + 9/10**20 exactly; write the slopes as formulas in a and c and keep a and c the "
                       "fractions the check passes in (fractions in, fractions out)")


def _exactly(v):
    """``v`` as an exact fraction (a float is taken at its exact binary value), or None if it is no number."""
    if isinstance(v, (bool, np.bool_)):
        return None
    if isinstance(v, (int, np.integer, Fraction)):
        return Fraction(v)
    if isinstance(v, (float, np.floating)) and np.isfinite(v):
        return Fraction(float(v))
    return None


@exercise("ch06-predict-gradient", number=1, title="the slopes at a kink, as formulas", points=2, kind="predict",
          hint="Write each example's margin y_i (w + t d) . (1, x_i) as a function of t, a and c, with the 1 in "
               "front of each x. For small t < 0 and for small t > 0 separately: which examples are strictly "
               "wrong, and how does J change with t?")
def _predict(t, slope_left, slope_right):
    what = ("`slope_left(a, c)` and `slope_right(a, c)` are the two one-sided slopes of f at t = 0, exactly, for "
            "every a > 0 and c > 1")
    if not t.check_true(callable(slope_left) and callable(slope_right),
                        what=what + "; they must be functions of a and c"):
        return
    got, raised = [], None
    for a, c in _PROBES1:
        try:
            got.append((_exactly(slope_left(a, c)), _exactly(slope_right(a, c))))
        except Exception as exc:  # noqa: BLE001 - the learner's code may raise anything
            raised = raised or f"{type(exc).__name__} at a = {a}, c = {c}"
            got.append((None, None))
    if raised:
        t.check_true(False, what=f"{what}; your functions raised {raised}")
        return
    numbers = all(v is not None for pair in got for v in pair)
    catalogued = numbers and any(matches(_nd(got), m.value, atol=0.0) for m in _PREDICT_MISTAKES)
    if numbers and not catalogued and got != _KEY1:
        if all(abs(g - k) <= Fraction(1, 10 ** 6) * max(1, abs(k)) for pair, key in zip(got[:2], _KEY1[:2])
               for g, k in zip(pair, key)):
            t.check_true(False, what=what, mistake=_APPROXIMATE)
            return
        if any(left > 0 or right < 0 for left, right in got):
            t.check_true(False, what=what, mistake=_WRONG_SIGN)
            return
        if any(left == 0 or right == 0 for left, right in got):
            t.check_true(False, what=what, mistake=_ZERO_SIDE)
            return
    t.check(_nd(got), _nd(_KEY1), atol=0.0,
            call="`[(slope_left(a, c), slope_right(a, c)) for (a, c) in [(5/2, 3/2), (1/3, 7/2), (10**20 + 1, "
                 "10**20 + 3), (1/(10**20 + 7), 1 + 9/10**20)]]`, as fractions",
            reveal=False, misconceptions=_PREDICT_MISTAKES)


# --------------------------------------------------------------------------
# Exercise 2 — construct: zero criterion, yet not separating
# --------------------------------------------------------------------------
_X_TOY, _Y_TOY = toy()


@exercise("ch06-construct", number=2, title="construct: zero criterion, yet not separating", points=2,
          kind="construct",
          hint="J = 0 asks that no example is strictly on the wrong side. The perceptron also updates on an "
               "example whose score is exactly 0. Draw the four points and think of lines, not of weight vectors.")
def _construct(t, w_flat):
    try:
        w = np.asarray(w_flat, dtype=float)
    except (TypeError, ValueError):
        w = np.zeros(0)
    if not t.check_true(w.shape == (3,) and bool(np.all(np.isfinite(w))),
                        what=f"`w_flat` holds three numbers (b, w1, w2); got "
                             f"{'shape ' + str(w.shape) if w.size else 'no numbers'}"):
        return
    if not t.check_true(bool(w.any()), what="`w_flat` is not the zero vector",
                        mistake=Mistake("zero-vector", None, "w = 0 is the trivial answer the exercise excludes: "
                                                             "it has no boundary at all")):
        return
    t.check_true(w[conventions.BIAS_INDEX] != 0, what="the bias of `w_flat` is not 0",
                 mistake=Mistake("zero-bias", None, "a bias of 0 puts the boundary through the origin, the slice "
                                                    "w0 = 0 of the figure; the exercise asks for a boundary that "
                                                    "misses the origin"))
    margins = [int(y_i) * sum(_exact(a) * _exact(b) for a, b in zip(w, x_i))
               for x_i, y_i in zip(conventions.homogeneous(_X_TOY), _Y_TOY)]
    t.check_true(_criterion(w, _X_TOY, _Y_TOY) == 0, what="J(w_flat) = 0 on the toy set: no example strictly on "
                                                          "its wrong side",
                 mistake=Mistake("strictly-wrong", None, "a point strictly on the wrong side adds a positive "
                                                         "term to J"))
    t.check_true(any(conventions.is_mistake(m) for m in margins),
                 what="`w_flat` does not separate the toy set: the perceptron would still update",
                 mistake=Mistake("separates", None, "a separating w also has J = 0, but then the perceptron "
                                                    "stops: which examples does the perceptron update on?"))


# --------------------------------------------------------------------------
# Exercise 3 — explain: a longer step on another bowl
# --------------------------------------------------------------------------
def _bowl3(w):
    """J(w) = 3 (w1 - 1)^2 + 1/2 (w2 + 2)^2, the exercise's bowl, in exact arithmetic."""
    return 3 * (w[0] - 1) ** 2 + Fraction(1, 2) * (w[1] + 2) ** 2


_MIN3 = (Fraction(1), Fraction(-2))
_ETA3 = Fraction(3, 10)


def _curvature(j):
    """The second derivative of the bowl along coordinate j, from three values of J (exact for a quadratic)."""
    e = [Fraction(0), Fraction(0)]
    e[j] = Fraction(1)
    at = [[m + c * d for m, d in zip(_MIN3, e)] for c in (-1, 0, 1)]
    return _bowl3(at[0]) - 2 * _bowl3(at[1]) + _bowl3(at[2])


_CURVATURES = (_curvature(0), _curvature(1))
_FACTORS = tuple(1 - _ETA3 * c for c in _CURVATURES)


def _key3(factors):
    """The option that describes a descent whose coordinates are multiplied by these factors at every step."""
    if max(abs(f) for f in factors) > 1:
        return "b"
    if min(factors) < 0:
        return "d"
    return "a"


_KEY3 = _key3(_FACTORS)
_LIMIT = float(2 / max(_CURVATURES))
_ETA_LIMIT_TOL = 1e-9  # the precision the exercise states
_LETTER_MISTAKES = [
    Mistake("no-overshoot", "a", "write out what one step at this rate does to w1 - 1 and to w2 + 2, coordinate "
                                 "by coordinate: does either change sign?"),
    Mistake("overshoot-grows", "b", "compute the factor by which one step at this rate multiplies w1 - 1, and "
                                    "the one for w2 + 2, and compare each with -1, 0 and 1"),
    Mistake("gradient-points-at-minimum", "c", "the gradient is perpendicular to the contours; on a bowl that is "
                                               "narrower one way than the other, that is not the direction of the "
                                               "lowest point"),
]
_LIMIT_MISTAKES = [
    Mistake("wide-direction", float(2 / min(_CURVATURES)),
            "at this rate, from a start off the minimum in both coordinates, does every coordinate's distance "
            "from the minimum shrink?"),
    Mistake("no-chain-rule", float(2 / (max(_CURVATURES) / 2)),
            "this rate comes from a coefficient of the bowl, not from its gradient: what does one step do to "
            "each coordinate's distance from the minimum?"),
    Mistake("one-step-landing", float(1 / max(_CURVATURES)),
            "the exercise asks for the rate at which some start stops converging; at this rate, follow a start "
            "off the minimum in both coordinates for a few steps"),
]


@exercise("ch06-explain", number=3, title="explain: a longer step on another bowl", points=2, kind="explain",
          hint="Write one step for each coordinate separately: what does it do to w1 - 1, and to w2 + 2? Compare "
               "each factor you get with -1, 0 and 1, and ask for which rates both factors stay between -1 and 1.")
def _explain(t, answer, eta_limit):
    if isinstance(answer, str):
        answer = answer.strip().lower()  # "B" and " b" mean the option b
    if isinstance(eta_limit, (numbers.Real, np.integer, np.floating)) and not isinstance(eta_limit, (bool, np.bool_)):
        # any real number, a Fraction included (the message below suggests one), is compared as a float
        # show the number as typed, every digit: a rounded display of a near miss would read as the key
        limit_ok = t.check_true(
            matches(float(eta_limit), _LIMIT, atol=_ETA_LIMIT_TOL),
            what=f"`eta_limit` is {float(eta_limit)!r}: that is not the rate that separates the two "
                 f"behaviours to within {_ETA_LIMIT_TOL:g} (give it exactly, e.g. as a fraction a / b)",
            mistake=next((m for m in _LIMIT_MISTAKES if matches(float(eta_limit), m.value)), None))
    else:
        limit_ok = t.check(eta_limit, _LIMIT, call="`eta_limit`", reveal=False, misconceptions=_LIMIT_MISTAKES)
    # the letter is graded together with the limit: trying the four letters one after another says nothing until the
    # limit, which needs the same per-coordinate factors as the letter, is right
    if limit_ok:
        t.check(answer, _KEY3, call="`answer`", reveal=False, misconceptions=_LETTER_MISTAKES)


# --------------------------------------------------------------------------
# Exercise 4 — construct: data on which descent never leaves 0
# --------------------------------------------------------------------------
def _first_step(X, y):
    """The batch step from w = 0 with rate 1, exactly."""
    total = [Fraction(0)] * 3
    for x_i, y_i in zip(conventions.homogeneous(X), y):
        total = [s + int(y_i) * _exact(v) for s, v in zip(total, x_i)]
    return total


_GIVEN = ((np.array([2.0, 0.0]), conventions.POSITIVE), (np.array([0.0, 1.0]), conventions.POSITIVE),
          (np.array([-1.0, 0.0]), conventions.NEGATIVE))


def _point(row):
    return "(" + ", ".join(f"{v:g}" for v in row) + ")"


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
    rows = [(tuple(row), int(label)) for row, label in zip(X.tolist(), y.tolist())]
    t.check_true(all((tuple(x.tolist()), int(label)) in rows for x, label in _GIVEN),
                 what="`X_stall` contains the three given points, with their labels")
    labels_of = {}
    for row, label in rows:
        labels_of.setdefault(row, set()).add(label)
    repeated = [row for row, labels in labels_of.items() if sum(r == row for r, _ in rows) > 1]
    both = [row for row in repeated if len(labels_of[row]) > 1]
    if both:
        mistake = Mistake("same-point", None, f"the point {_point(both[0])} appears with both labels: the exercise "
                                              "asks for different points")
    elif repeated:
        mistake = Mistake("repeated-point", None, f"the point {_point(repeated[0])} appears more than once, with "
                                                  "the same label: the exercise asks for different points")
    else:
        mistake = None
    t.check_true(not repeated, what="no point of `X_stall` appears twice", mistake=mistake)
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
    """J_s(w) = 1/2 sum over y_i w . (1, x_i) <= b of (b - y_i w . (1, x_i))^2, from its definition."""
    m = np.asarray(y) * (conventions.homogeneous(X) @ np.asarray(w, dtype=float))
    short = m <= b
    return 0.5 * float(np.sum((b - m[short]) ** 2))


_X_BIG, _Y_BIG = np.array([[3000.0], [-2000.0], [1000.0]]), np.array([1, -1, 1])


def _exact_criterion(w, X, y, b, *, edge=None):
    """J_s from its definition, in exact rational arithmetic on the numbers as typed (``edge`` replaces the b of
    the condition under the sum: a criterion that sums over another set of examples)."""
    b, edge = _exact(b), _exact(b if edge is None else edge)
    total = Fraction(0)
    for x_i, y_i in zip(conventions.homogeneous(X), y):
        m = int(y_i) * sum(w_j * _exact(v) for w_j, v in zip(w, x_i))
        if m <= edge:
            total += (b - m) ** 2 / 2
    return total


def _exact_slopes(w, X, y, b, **kw):
    """The gradient of J_s, exactly, from values of J_s alone: where no margin crosses an edge within h, J_s is a
    quadratic in each coordinate, and a central difference of a quadratic is its derivative, exactly."""
    w = [_exact(v) for v in w]
    scale = max(abs(_exact(v)) for v in np.ravel(conventions.homogeneous(X))) or Fraction(1)
    h = Fraction(1, 10 ** 9) / scale
    out = []
    for j in range(len(w)):
        up, down = list(w), list(w)
        up[j] += h
        down[j] -= h
        out.append((_exact_criterion(up, X, y, b, **kw) - _exact_criterion(down, X, y, b, **kw)) / (2 * h))
    return np.array([float(v) for v in out])


def _numerical(w, X, y, b, h=1e-6):
    """Central differences of J_s in floats: what the learner can compute with lk.numerical_gradient."""
    w = np.asarray(w, dtype=float)
    out = np.zeros_like(w)
    for j in range(w.size):
        e = np.zeros_like(w)
        e[j] = h
        out[j] = (squared_margin_criterion(w + e, X, y, b) - squared_margin_criterion(w - e, X, y, b)) / (2 * h)
    return out


_W5, _B5 = [0.5, 1.0, -1.0], 1.0
_MARGIN_MISTAKES = [
    Mistake("perceptron-set", _exact_slopes(_W5, _X_TOY, _Y_TOY, _B5, edge=0.0),
            "which examples does the sum of J_s run over? At this w, list each example's y_i w . x_i next to b"),
]
_UPHILL = Mistake("uphill", None, "J_s does not rise along your vector g here: J_s(w + s g) <= J_s(w) for a small "
                                  "s > 0 (compute both). A gradient points where the function rises fastest")
_NOT_THE_SLOPES = Mistake("no-half", None, "J_s rises along your vector g here, but g is not its gradient: compare "
                                           "each coordinate with central differences of your own J_s at this w "
                                           "(lk.numerical_gradient), and differentiate one term with the chain rule")
_LINEAR = Mistake("perceptron-gradient", None,
                  "your g is the same at every w with the same examples in the sum, like the gradient of a "
                  "criterion that is linear in the margin; J_s is quadratic in it: differentiate one of its terms "
                  "with the chain rule")


def _first_probe(t, squared_margin_gradient):
    """The toy set at w = (0.5, 1, -1), b = 1, with feedback that observes what a wrong g fails."""
    call = "`squared_margin_gradient([0.5, 1, -1], X_toy, y_toy, b=1)`"
    expected = _exact_slopes(_W5, _X_TOY, _Y_TOY, _B5)
    try:
        got = np.asarray(squared_margin_gradient(list(_W5), _X_TOY, _Y_TOY, _B5), dtype=float)
    except Exception:  # noqa: BLE001 - t.check runs it again and reports what it raised
        got = None
    if (got is None or got.shape != expected.shape or not np.all(np.isfinite(got)) or not np.any(got)
            or matches(got, expected) or any(matches(got, m.value) for m in _MARGIN_MISTAKES)):
        return t.check(lambda: squared_margin_gradient(list(_W5), _X_TOY, _Y_TOY, _B5), expected, call=call,
                       reveal=False, misconceptions=_MARGIN_MISTAKES)
    # a gradient that does not change when w moves along a direction that keeps the same examples in the sum
    moved = [v + 0.1 * d for v, d in zip(_W5, (0.0, 0.0, 1.0))]
    try:
        again = np.asarray(squared_margin_gradient(moved, _X_TOY, _Y_TOY, _B5), dtype=float)
    except Exception:  # noqa: BLE001
        again = None
    w = np.asarray(_W5)
    s = 1e-4 / float(np.linalg.norm(got))
    rises = squared_margin_criterion(w + s * got, _X_TOY, _Y_TOY, _B5) > squared_margin_criterion(w, _X_TOY, _Y_TOY, _B5)
    if not rises:
        mistake = _UPHILL
    elif again is not None and again.shape == got.shape and np.array_equal(again, got):
        mistake = _LINEAR
    else:
        mistake = _NOT_THE_SLOPES
    return t.check_true(False, what=f"{call} is the gradient of J_s at w = (0.5, 1, -1), b = 1", mistake=mistake)


@exercise("ch06-margin-gradient", number=5, title="extend: the gradient of a new criterion", points=2,
          kind="extend",
          hint="Near a w where no score equals b the set of examples in the sum does not change; differentiate "
               "one term (b - y_i w . x_i)^2 / 2 with the chain rule, then check your function against "
               "lk.numerical_gradient before you run this cell.")
def _margin_gradient(t, squared_margin_gradient):
    _first_probe(t, squared_margin_gradient)
    for w_r, b in (([0.0, 0.0, 0.0], 2.0), ([0.0, -1.0, 4.0], 0.5)):
        t.check(lambda: squared_margin_gradient(w_r, _X_TOY, _Y_TOY, b), _exact_slopes(w_r, _X_TOY, _Y_TOY, b),
                call=f"`squared_margin_gradient({w_r}, X_toy, y_toy, b={b})`", reveal=False)
    # with a bias, against central differences of J_s at a few points away from the edges m_i = b
    for w_r, b in (([-2.5, 1.0], 1.0), ([0.3, -0.2], 0.5), ([1.0, 0.25], 1.4)):
        t.check(lambda: squared_margin_gradient(w_r, _X_LINE, _Y_LINE, b), _numerical(w_r, _X_LINE, _Y_LINE, b),
                atol=1e-5, reveal=False,
                call=f"`squared_margin_gradient({w_r}, [[1], [2], [3]], [1, 1, -1], b={b})` against central "
                     "differences of J_s (compare them yourself with lk.numerical_gradient)")
    # Two probes that no difference quotient in floats passes, whatever its step h: (a) large margins on whole
    # numbers, where (J(w + h e) - J(w - h e)) / 2h loses about |J| 1e-16 / h to rounding; (b) a margin within
    # 5e-4 of b, which a step h >= 1e-3 carries across b.
    for w_r, X_r, y_r, b in (([1.0, -3.0], _X_BIG, _Y_BIG, 2.0), ([0.5, 0.4995], _X_LINE, _Y_LINE, 1.0)):
        exact = _exact_slopes(w_r, X_r, y_r, b)
        call = (f"`squared_margin_gradient({w_r}, {np.asarray(X_r).tolist()}, {np.asarray(y_r).tolist()}, "
                f"b={b})`")
        if t.check(lambda: squared_margin_gradient(w_r, X_r, y_r, b), exact, call=call, reveal=False):
            continue
        try:
            got = np.asarray(squared_margin_gradient(w_r, X_r, y_r, b), dtype=float)
            close = got.shape == exact.shape and bool(np.allclose(got, exact, rtol=1e-5, atol=1e-6))
        except Exception:  # noqa: BLE001 - the learner's code may raise anything; the probe above reported it
            close = False
        if close:
            t.check_true(False, what=f"{call} is the exact gradient, not an approximation", mistake=Mistake(
                "finite-differences", None, "close, but not the gradient: a difference quotient (J(w + h e) - "
                                            "J(w - h e)) / 2h is an approximation that rounding or a margin "
                                            "near b spoils; derive the formula with the chain rule"))


# --------------------------------------------------------------------------
# Exercise 6 — debug: a descent that says it converged
# --------------------------------------------------------------------------
def _descend(X, y, eta1, theta, max_iter, *, report="separates", order="test-first"):
    """What a correct ``descend`` returns, read off the library's batch perceptron with the 1/k schedule.

    The library's run stops once no example is a mistake; from there every step of the exercise's loop is zero.
    ``order="step-first"`` takes the step before it tests its length (the slides' repeat-until loop); both orders
    are correct fixes.  ``report`` gives a wrong answer's verdict instead: how the loop ended (``"rule"``,
    ``"budget"``) or no example strictly wrong (``"criterion"``)."""
    from ..gradient import batch_perceptron

    X, y = np.asarray(X, dtype=float), np.asarray(y)
    Xh = conventions.homogeneous(X)
    if theta > 0:  # the rule fires by the step whose rate eta1 / k times sum_i |x_i| falls below theta
        needed = int(eta1 * float(np.sum(np.linalg.norm(Xh, axis=1))) / theta) + 2
        budget = min(max_iter, needed)
    else:
        budget = max_iter
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        run = batch_perceptron(X, y, eta=eta1, schedule="1/k", max_iter=budget)
    path = run.path
    w, stopped_by_rule = path[0], False
    for k in range(1, max_iter + 1):
        after = path[min(k, len(path) - 1)]
        short = float(np.linalg.norm(after - path[min(k - 1, len(path) - 1)])) < theta
        if order == "step-first":
            w = after
        if short:
            stopped_by_rule = True
            break
        if order == "test-first":
            w = after
        if k >= len(path) - 1 and not theta > 0:  # no mistakes left and a rule that never fires: w stays
            break
    margins = y * (Xh @ w)
    separates = not bool(np.any(conventions.is_mistake(margins)))
    verdict = {"rule": stopped_by_rule, "budget": stopped_by_rule and separates,
               "criterion": not bool(np.any(margins < 0))}.get(report, separates)
    return {"w": np.asarray(w, dtype=float).tolist(), "separates": verdict}


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


def _probe(t, descend, args, *, call, misconceptions=()):
    """One probe of ``descend(*args)``: the answer of either loop order is right (see ``_descend``)."""
    refs = [_descend(*args, order=order) for order in ("test-first", "step-first")]
    try:
        first = _run(descend, *args)
    except Exception:  # noqa: BLE001 - t.check below runs it again and reports what it raised
        first = None
    expected = next((r for r in refs if first is not None and matches(first, r)), refs[0])
    return t.check(lambda: _run(descend, *args), expected, call=call, misconceptions=misconceptions, reveal=False)


_XN, _YN = noisy(40, flip=0.1, seed=3)
_X_XOR = np.array([[1.0, 1.0], [-1.0, -1.0], [1.0, -1.0], [-1.0, 1.0]])
_Y_XOR = np.array([conventions.POSITIVE, conventions.POSITIVE, conventions.NEGATIVE, conventions.NEGATIVE])
_X_EDGE = np.array([[-2.0, 1.0], [-2.0, -1.0], [0.0, 1.0]])
_Y_EDGE = np.array([conventions.POSITIVE, conventions.NEGATIVE, conventions.NEGATIVE])


@exercise("ch06-debug-stop", number=6, title="debug: a descent that says it converged", points=2, kind="debug",
          hint="Run the given code by hand for its first pass through the loop. Then ask what the stopping rule "
               "measures when eta(k) = eta1 / k: can it tell a separating w from any other?")
def _debug_stop(t, descend):
    k_from_zero = Mistake("k-from-zero", "ZeroDivisionError", "the code divides by k = 0 on its first pass: which "
                                                              "k does the slides' schedule eta(1) / k start from?")
    _probe(t, descend, (_X_TOY, _Y_TOY, 1.0, 1e-3, 1000),
           call="`descend(X_toy, y_toy, eta1=1, theta=1e-3, max_iter=1000)`", misconceptions=[k_from_zero])
    _probe(t, descend, (_XN, _YN, 0.1, 1e-3, 100_000),
           call="`descend(Xn, yn, eta1=0.1, theta=1e-3)` on the noisy data of section 6",
           misconceptions=[
                Mistake("rule-means-converged", _descend(_XN, _YN, 0.1, 1e-3, 100_000, report="rule"),
                        "the stopping rule's verdict reported as the answer: a short step says the rate is small, "
                        "not that the examples are right"),
                Mistake("strict-test", {"w": [0.0, 0.0, 0.0], "separates": False},
                        "`<` instead of `<=`: at w = 0 no example counts as a mistake, the first step is zero and "
                        "the rule stops at once"),
            ])
    _probe(t, descend, (_XN, _YN, 0.1, 1e-3, 5),
           call="`descend(Xn, yn, eta1=0.1, theta=1e-3, max_iter=5)`")
    # separable data on which the descent stops before it has separated them, by the rule or by the budget: the
    # answer is about the w returned, not about the data (lk.is_separable(X_toy, y_toy) is True)
    _probe(t, descend, (_X_TOY, _Y_TOY, 1.0, 1.0, 1000),
           call="`descend(X_toy, y_toy, eta1=1, theta=1, max_iter=1000)`")
    # the rule stops at once, at w = 0: every score is 0, so J = 0 and no example is strictly wrong, yet none is right
    _probe(t, descend, (_X_TOY, _Y_TOY, 1.0, 100.0, 1000),
           call="`descend(X_toy, y_toy, eta1=1, theta=100, max_iter=1000)`")
    # the XOR corners with theta = 0 (the rule never fires): the first step is 0, so w stays 0 for the whole budget;
    # J(0) = 0 and no example is strictly wrong, and the J = 0 / "all margins >= 0" reading of "separates" says True
    zero_not_separating = _probe(t, descend, (_X_XOR, _Y_XOR, 1.0, 0.0, 10),
           call="`descend(X_xor, y_xor, eta1=1, theta=0, max_iter=10)` on the XOR corners",
           misconceptions=[
                Mistake("zero-criterion", _descend(_X_XOR, _Y_XOR, 1.0, 0.0, 10, report="criterion"),
                        "J(w) = 0, or no example strictly on its wrong side, is not the same as separating: an "
                        "example with score exactly 0 is still a mistake (section 2, exercise 2)"),
            ])
    # theta = 0: the rule never fires, so the budget ends the run; by then w separates the toy set
    _probe(t, descend, (_X_TOY, _Y_TOY, 1.0, 0.0, 10),
           call="`descend(X_toy, y_toy, eta1=1, theta=0, max_iter=10)`",
           misconceptions=[
                # the same misconception as the rule's verdict taken for the answer: how the loop ended
                Mistake("rule-means-converged", _descend(_X_TOY, _Y_TOY, 1.0, 0.0, 10, report="budget"),
                        "how the loop ended reported as the answer: the budget ran out here, but the w returned "
                        "separates the data; the answer is about w, not about why the loop stopped"),
            ])
    # the budget runs out at w(8), which separates: the answer is about the w returned, not about the w before it
    _probe(t, descend, (_X_TOY, _Y_TOY, 1.0, 1e-3, 8),
           call="`descend(X_toy, y_toy, eta1=1, theta=1e-3, max_iter=8)`",
           misconceptions=[
                Mistake("rule-means-converged", _descend(_X_TOY, _Y_TOY, 1.0, 1e-3, 8, report="budget"),
                        "how the loop ended, or the mistakes of an earlier iterate, reported as the answer: the "
                        "answer is about the w returned"),
            ])
    about_w = _probe(t, descend, (_X_TOY, _Y_TOY, 1.0, 1e-3, 1),
           call="`descend(X_toy, y_toy, eta1=1, theta=1e-3, max_iter=1)`",
           misconceptions=[
                Mistake("data-not-w", {"w": _descend(_X_TOY, _Y_TOY, 1.0, 1e-3, 1)["w"],
                                       "separates": bool(is_separable(_X_TOY, _Y_TOY))},
                        "True here is a fact about the data (a line separates them), not about the w returned"),
            ])
    # two negatives end on the boundary of the w returned, w = (-1, -1, 1) with margins (2, 0, 0): a verdict read off
    # predict, which labels a score of exactly 0 as -1, calls this w separating; the mistake test does not (named only
    # when the verdict is about the w returned and J = 0 has not been taken for separating: on these separable data
    # either verdict says True as well)
    _probe(t, descend, (_X_EDGE, _Y_EDGE, 1.0, 0.0, 2),
           call="`descend([[-2, 1], [-2, -1], [0, 1]], [1, -1, -1], eta1=1, theta=0, max_iter=2)`",
           misconceptions=[] if not (about_w and zero_not_separating) else [
                Mistake("predict-at-zero", {"w": _descend(_X_EDGE, _Y_EDGE, 1.0, 0.0, 2)["w"], "separates": True},
                        "a label from `predict` is not the mistake test: `predict` gives a point with score exactly "
                        "0 a label, and the perceptron counts y w . x <= 0 as a mistake whatever that label is"),
            ])
