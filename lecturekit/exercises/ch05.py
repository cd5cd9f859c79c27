"""Checks of chapter 5's exercises (the convergence proof).

Every expected value is computed here from the definitions, independently of
the learner's answer (the course's tests, kept by instructors, work the same
values out by hand): (R / gamma)^2
from R = max |x~_i| and gamma = min y_i u . x~_i / |u|, minimised by a
golden-section search, or decided exactly in ``fractions.Fraction`` on the
numbers as typed (0.1 is 1/10), so that an answer exactly on a threshold is
judged as exact arithmetic judges it.  Derived values are never shown
(``reveal=False``).
"""

import math
import warnings
from fractions import Fraction

import numpy as np

from . import Mistake, exercise

# the toy set of chapter 4 and its separating vector (0, -1, 4): the bound is 14 * 17 = 238
_X_TOY = np.array([[0.0, 3.0], [3.0, 1.0], [-3.0, -2.0], [2.0, 0.0]])
_Y_TOY = np.array([1, 1, -1, -1])


def _homogeneous(X):
    X = np.asarray(X, dtype=float)
    return np.hstack([np.ones((X.shape[0], 1)), X])


def _fraction(v) -> Fraction:
    """A number as the learner typed it: the exact fraction of its shortest decimal (0.1 -> 1/10)."""
    return Fraction(repr(float(v)))


def _exact_scores(u, X, y) -> list[Fraction]:
    """y_i u . (1, x_i) for every i, exactly, on the decimal readings of u and X."""
    u = [_fraction(v) for v in np.asarray(u, dtype=float)]
    return [int(y_i) * sum(a * b for a, b in zip(u, [Fraction(1)] + [_fraction(v) for v in x]))
            for x, y_i in zip(np.asarray(X, dtype=float), y)]


def _exact_bound(u, X, y):
    """(R / gamma)^2 = R^2 |u|^2 / (min score)^2 exactly, or None when u does not separate (a score <= 0)."""
    low = min(_exact_scores(u, X, y))
    if low <= 0:
        return None
    R2 = max(1 + sum(_fraction(v) ** 2 for v in x) for x in np.asarray(X, dtype=float))
    return R2 * sum(_fraction(v) ** 2 for v in np.asarray(u, dtype=float)) / low ** 2


# --------------------------------------------------------------------------
# Exercise 1 (derive): the best scale for the points a s (class -1) and b s (class +1), 0 < a < b
# --------------------------------------------------------------------------
# The reference is the definition itself, (R/gamma)^2 from R and gamma of the two points, fitted at three scales
# and minimised by a golden-section search; the course's tests work the coefficients out by hand.
def _scale_bound(a, b, s, turn=None):
    """(R / gamma)^2 of the points a s, b s with the halfway threshold, from the definitions; ``turn`` measures it
    the way one wrong turn does: "raw" (R and the margin of the raw x, no 1), "plane" (gamma divided by |u1|
    only), "near" (R at the point nearer the origin)."""
    Xh = np.array([[1.0, a * s], [1.0, b * s]])
    y, u = np.array([-1, 1]), np.array([-(a + b) * s / 2, 1.0])
    lengths2 = np.sum(Xh ** 2, axis=1)
    R2 = np.min(lengths2) if turn == "near" else np.max(lengths2)
    score = np.min(y * (Xh @ u))
    if turn == "raw":
        return float(np.max(Xh[:, 1] ** 2) / score ** 2)
    gamma = score / (abs(u[1]) if turn == "plane" else np.linalg.norm(u))
    return float(R2 / gamma ** 2)


def _best_scale(a, b):
    """The minimum of _scale_bound over s > 0, by golden-section search on log s (independent of the formula)."""
    lo, hi = np.log(1e-4), np.log(1e4)
    g = (np.sqrt(5) - 1) / 2
    for _ in range(200):
        p, q = hi - g * (hi - lo), lo + g * (hi - lo)
        if _scale_bound(a, b, np.exp(p)) < _scale_bound(a, b, np.exp(q)):
            hi = q
        else:
            lo = p
    s = float(np.exp((lo + hi) / 2))
    return s, _scale_bound(a, b, s)


def _coefficients(a, b, turn=None):
    """(A, B, C) with (R/gamma)^2 = A/s^2 + B + C s^2, solved from the definition at three scales."""
    scales = np.array([0.5, 1.0, 2.0])
    M = np.column_stack([1 / scales ** 2, np.ones(3), scales ** 2])
    return tuple(float(v) for v in np.linalg.solve(M, [_scale_bound(a, b, s, turn) for s in scales]))


def _exact_scale_bound(a, b, s):
    """(R / gamma)^2 of the points a s, b s (Fractions) with the halfway threshold, exactly, from the definitions:
    R^2 = max |x~_i|^2, gamma^2 = (min score)^2 / |u~|^2."""
    u = (-(a + b) * s / 2, Fraction(1))
    rows = [(Fraction(1), a * s), (Fraction(1), b * s)]
    R2 = max(p * p + q * q for p, q in rows)
    low = min(y * (u[0] * p + u[1] * q) for y, (p, q) in zip((-1, 1), rows))
    return R2 * (u[0] ** 2 + u[1] ** 2) / low ** 2


def _exact_coefficients(a, b):
    """(A, B, C) as exact fractions, solved from _exact_scale_bound at s = 1, 2, 3 by Cramer's rule."""
    scales = [Fraction(1), Fraction(2), Fraction(3)]
    M = [[1 / k ** 2, Fraction(1), k ** 2] for k in scales]
    v = [_exact_scale_bound(a, b, k) for k in scales]

    def det(m):
        return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))
    d = det(M)
    return tuple(det([[v[r] if c == j else M[r][c] for c in range(3)] for r in range(3)]) / d for j in range(3))


_EXACT_PAIR = (Fraction(2, 7), Fraction(1, 3))    # a probe the lesson does not show, in fractions


def _fraction_probe(function, args, prefix):
    """``function(*args)`` on Fraction inputs, as (value, mistake): the mistake names what went wrong in the code's
    form (it raised, or floats came back) and says nothing about the values."""
    try:
        return function(*args), None
    except Exception as exc:  # noqa: BLE001 - the learner's code may raise anything on Fraction inputs
        return None, Mistake(f"{prefix}-fraction-raised", None,
                             f"called with fractions.Fraction arguments, as the prompt says the check does, your "
                             f"function raised {type(exc).__name__}: {exc}. NumPy functions (np.sqrt, np.power) "
                             f"do not take fractions; the operators + - * / and ** do")


def _float_form(prefix, names):
    return Mistake(f"{prefix}-float-form", None,
                   f"called with fractions.Fraction arguments, your function gave {names}, not exact "
                   f"fractions (they agree with the exact values to rounding): a float constant (4.0, 0.25) or a NumPy function in the formula turns fractions "
                   f"into floats. Write the constants as integers or fractions (4, 1 / 4) and use only + - * / and "
                   f"whole-number powers; the formula itself may be right")


def _close(got, exact) -> bool:
    """Whether floats agree with exact values to rounding (the form, not the formula, is what failed)."""
    try:
        return all(math.isclose(float(g), float(e), rel_tol=1e-9) for g, e in zip(got, exact))
    except (TypeError, ValueError):
        return False


def _exact(v) -> bool:
    return isinstance(v, (Fraction, int)) and not isinstance(v, bool)


def _scale_answer(best_scale, a, b):
    A, B, C, s = best_scale(a, b)
    return [float(A), float(B), float(C)], float(s)


@exercise("ch05-best-scale", number=1, title="the best scale for two points", points=2, kind="derive",
          hint="Follow section 4 with letters: write R² and gamma² for the points (1, a s) and (1, b s) and the "
               "halfway threshold, multiply (R/gamma)² out into powers of s, then minimise A/s² + B + C s². "
               "Section 4's numbers (a = 0.1, b = 0.3) let you check your A, B and C.")
def _best_scale_check(t, best_scale):
    # the wrong turns' values are worked out by hand in the course's tests
    t.check(lambda: _scale_answer(best_scale, 1.0, 2.0)[0], list(_coefficients(1.0, 2.0)), atol=1e-6,
            call="`best_scale(1, 2)[:3]`, the coefficients (A, B, C)", reveal=False,
            misconceptions=[Mistake("scale-no-one", list(_coefficients(1.0, 2.0, "raw")), "measured on the raw x, without the 1: then "
                                                                      "the bound does not depend on s at all"),
                            Mistake("scale-input-norm", list(_coefficients(1.0, 2.0, "plane")), "gamma divided by |u1| only: the theorem "
                                                                          "divides by the whole |u~|, bias included"),
                            Mistake("scale-near-radius", list(_coefficients(1.0, 2.0, "near")), "R taken at the point nearer the origin: "
                                                                           "R is the largest |x~_i|")])
    t.check(lambda: _scale_answer(best_scale, 1.0, 2.0)[1], _best_scale(1.0, 2.0)[0], atol=1e-4,
            call="`best_scale(1, 2)[3]`, the best scale s", reveal=False,
            misconceptions=[Mistake("scale-squared", _best_scale(1.0, 2.0)[0] ** 2, "not where A/s² + B + C s² is "
                                                                                  "smallest: evaluate it at your s and "
                                                                                  "near it"),
                            Mistake("scale-unit-point", 1 / 2.0, "the scale that makes the larger point 1: is that where "
                                                             "A/s² + B + C s² is smallest?")])
    # exact on fractions (the prompt announces it): formulas in a and b give exact fractions on Fraction inputs;
    # values fitted or minimised numerically (from lk.radius and lk.margin at a few scales, say) do not
    got, mistake = _fraction_probe(best_scale, _EXACT_PAIR, "scale")
    try:
        exact = tuple(got[:3]) if mistake is None else None
    except TypeError:
        exact = None
    if exact is not None and len(exact) == 3 and not all(_exact(v) for v in exact) and \
            _close(exact, _exact_coefficients(*_EXACT_PAIR)):
        mistake = _float_form("scale", "A, B and C as floats")
    t.check_true(exact is not None and len(exact) == 3 and all(_exact(v) for v in exact)
                 and exact == _exact_coefficients(*_EXACT_PAIR),
                 what="`best_scale(Fraction(2, 7), Fraction(1, 3))[:3]` are exact fractions equal to the coefficients "
                      "A, B, C of (R/gamma)² for these points",
                 mistake=mistake)
    for a, b in ((0.1, 0.3), (0.5, 3.0), (2.0, 7.0)):
        t.check(lambda a=a, b=b: _scale_answer(best_scale, a, b)[0], list(_coefficients(a, b)), atol=1e-6,
                call=f"`best_scale({a:g}, {b:g})[:3]`", reveal=False)
        t.check(lambda a=a, b=b: _scale_answer(best_scale, a, b)[1], _best_scale(a, b)[0], atol=1e-4,
                call=f"`best_scale({a:g}, {b:g})[3]`", reveal=False)


# --------------------------------------------------------------------------
# Exercise 2 (construct): a smaller bound than the widest gap
# --------------------------------------------------------------------------
# The widest gap in the plane is the line x2 = 0.5, u~ = (-0.5, 0, 1), with bound 655; needed: at most 560.
_X_C = np.array([[10.0, 0.0], [10.0, 1.0], [9.0, -1.0], [11.0, 3.0]])
_Y_C = np.array([-1, 1, -1, 1])
_LIMIT_C = 560
_WIDEST_GAP = (-0.5, 0.0, 1.0)


def _multiple_of(w, v) -> bool:
    """Whether w = c v for some c > 0, decided exactly on the numbers as typed."""
    w, v = [_fraction(a) for a in np.asarray(w, dtype=float)], [_fraction(a) for a in v]
    c = next((a / b for a, b in zip(w, v) if b != 0), None)
    return c is not None and c > 0 and all(a == c * b for a, b in zip(w, v))


def _input_space_bound(u, X, y):
    """R^2 / (the margin measured in the plane)^2: the bound with gamma divided by |(w1, w2)| only, exactly."""
    low = min(_exact_scores(u, X, y))
    normal = sum(_fraction(v) ** 2 for v in np.asarray(u, dtype=float)[1:])
    if low <= 0 or normal == 0:
        return None
    R2 = max(1 + sum(_fraction(v) ** 2 for v in x) for x in np.asarray(X, dtype=float))
    return R2 * normal / low ** 2


@exercise("ch05-construct", number=2, title="a smaller bound than the widest gap", points=2, kind="construct",
          hint="What is gamma for the line x2 = 0.5 on the points (1, x1, x2), and what is |u~| made of?")
def _construct(t, w_tilde):
    w = np.asarray(w_tilde, dtype=float)
    if not t.check_true(w.shape == (3,) and bool(np.all(np.isfinite(w))),
                        what=f"`w_tilde` has three numbers (b, w1, w2); got shape {w.shape}"):
        return
    if not t.check_true(bool(w.any()), what="`w_tilde` is not the zero vector",
                        mistake=Mistake("zero-vector", None, "w = 0 has no direction: every score is 0, "
                                                             "a mistake for the perceptron")):
        return
    bound = _exact_bound(w, _X_C, _Y_C)
    mistake = None
    last = w[[2, 0, 1]]  # read as (w1, w2, b): the bias written last
    last_bound = _exact_bound(last, _X_C, _Y_C)
    if last_bound is not None and last_bound <= _LIMIT_C and (bound is None or bound > _LIMIT_C):
        mistake = Mistake("bias-last", None, "the bias written last: w_tilde is (b, w1, w2), with the bias first")
    elif bound is None and _exact_bound(-w, _X_C, _Y_C) is not None:
        mistake = Mistake("wrong-side", None, "every y_i w_tilde . (1, x_i) is negative: w_tilde points to the "
                                              "negatives' side; the label +1 goes with a positive score")
    elif _multiple_of(w, _WIDEST_GAP):
        mistake = Mistake("widest-gap-line", None, "that is the widest-gap line itself, with its bound of 655: the "
                                                   "widest gap is measured in the plane; is the theorem's gamma?")
    elif bound is not None and bound > _LIMIT_C and (_input_space_bound(w, _X_C, _Y_C) or math.inf) <= _LIMIT_C:
        mistake = Mistake("input-space-norm", None, "the margin measured with |(w1, w2)| only, as for the widest gap "
                                                    "in the plane; the theorem divides by the whole |w_tilde|, bias "
                                                    "included")
    if not t.check_true(bound is not None, what="`w_tilde` separates the four points (every y_i w_tilde . (1, x_i) "
                        "> 0, decided exactly on the numbers as typed)", mistake=mistake):
        return
    t.check_true(bool(bound <= _LIMIT_C), what=f"the bound (R/gamma)² of `w_tilde` on these points is at most "
                 f"{_LIMIT_C}", mistake=mistake)


# --------------------------------------------------------------------------
# Exercise 3 (construct): a third point that raises the bound and shortens the run
# --------------------------------------------------------------------------
# The points 10 (class -1) and 30 (class +1) with u~ ~ (-20, 1): bound 3613.01, and the perceptron makes 203
# updates.  The check decides separation and the bounds exactly and counts the updates with lk.perceptron.
_FAR_X, _FAR_Y, _FAR_U = (10.0, 30.0), (-1, 1, 1), (-20.0, 1.0)
_FAR_MOST_UPDATES = 5   # the two points alone take 203 updates (section 4's table at s = 100)


def _doubling_reference(a, b):
    """The smallest x > b at which the bound of u~ ~ (-(a+b)/2, 1) on a, b and x (class +1) is at least twice the
    bound on a, b alone, found by bisection on the two bounds computed as written (not from a closed formula)."""
    m, h = (a + b) / 2, (b - a) / 2
    two = (1 + b * b) / h ** 2

    def doubled(x):
        return (1 + max(b, x) ** 2) / min(h, x - m) ** 2 >= 2 * two

    lo, hi = b, 2 * b + 2
    if not doubled(hi):
        return math.nan
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if doubled(mid) else (mid, hi)
    return hi


def _far_probe(a, b):
    """The one message for every wrong doubling_square on the pair (a, b): a probe the learner can recompute."""
    return (f"on a = {a:g}, b = {b:g}, put a third point of class +1 at x = the square root of your value and compute "
            f"the two bounds with lk.novikoff_bound for u~ = ({-(a + b) / 2:g}, 1): the prompt asks for the smallest "
            f"x > b at which the bound on the three points is at least twice the bound on the two. Is your x that one?")


@exercise("ch05-far-point", number=3, title="construct: a larger bound, fewer updates", points=2,
          kind="construct",
          hint="Which of R and gamma can a third point change, and by how much must the bound grow? Write both "
               "bounds with letters before you try numbers. For the run, recall what made the two-point run slow "
               "in section 4, then follow the first updates by hand with the third point as a letter.")
def _far_point(t, x_new, doubling_square):
    number = isinstance(x_new, (int, float, np.integer, np.floating)) and not isinstance(x_new, (bool, np.bool_))
    if not t.check_true(number and bool(np.isfinite(float(x_new))),
                        what=f"`x_new` is one number (the position of the third point); got {type(x_new).__name__}"):
        return
    # the formula first, on pairs the learner does not see, against the bisection on the bounds
    for a, b in ((1.0, 2.0), (0.1, 0.3), (2.0, 7.0), (0.5, 3.0)):
        t.check(lambda a=a, b=b: float(doubling_square(a, b)), _doubling_reference(a, b) ** 2, atol=1e-7,
                call=f"`doubling_square({a:g}, {b:g})`", reveal=False,
                misconceptions=[Mistake("far-doubling-probe", 2 * b * b, _far_probe(a, b)),
                                Mistake("far-doubling-probe", 4 * b * b, _far_probe(a, b))])
    # exact on fractions: a formula keeps Fraction inputs exact; a bisection on the bounds (lk.novikoff_bound with
    # a third point) gives a float.  The exact value is read off the bisection as the nearest fraction with a small
    # denominator (the course's tests check it against the formula worked out by hand).
    a, b = Fraction(3, 7), Fraction(5, 4)
    expected = Fraction(_doubling_reference(float(a), float(b)) ** 2).limit_denominator(1000)
    v, mistake = _fraction_probe(doubling_square, (a, b), "far")
    if mistake is None and not _exact(v) and isinstance(v, (float, np.floating)) and _close([v], [expected]):
        mistake = _float_form("far", "x² as a float")
    t.check_true(_exact(v) and v == expected,
                 what="`doubling_square(Fraction(3, 7), Fraction(5, 4))` is an exact fraction x² with x > b at which "
                      "the bound on the three points is exactly twice the bound on the two",
                 mistake=mistake)
    x = float(x_new)
    X3, y3 = np.array([[_FAR_X[0]], [x], [_FAR_X[1]]]), np.array(_FAR_Y)
    bound2 = _exact_bound(_FAR_U, np.array([[_FAR_X[0]], [_FAR_X[1]]]), np.array([-1, 1]))
    bound3 = _exact_bound(_FAR_U, X3, y3)
    if not t.check_true(bound3 is not None,
                        what="u~ = (-20, 1) separates the three points (every y_i u~ . (1, x_i) > 0, decided exactly "
                             "on the numbers as typed)",
                        mistake=Mistake("far-not-separating", None, "a point of class +1 with score "
                                                                    "y u~ . (1, x_new) <= 0 (on the threshold of u~ "
                                                                    "or on its class -1 side): the theorem gives no "
                                                                    "bound for this u~")):
        return
    if not t.check_true(bool(bound3 >= 2 * bound2),
                        what="the bound (R/gamma)² for u~ = (-20, 1) on the three points is at least twice the "
                             "two points' bound",
                        mistake=Mistake("far-bound-small", None, "the bound grew by less than a factor 2: which of "
                                                                 "R and gamma does the third point change, and by "
                                                                 "how much?")):
        return
    n_updates, stopped = _updates(X3, y3)
    made = f"it made {n_updates}" if stopped else f"it had not stopped after {_MAX_EPOCHS:,} epochs"
    t.check_true(bool(stopped and n_updates <= _FAR_MOST_UPDATES),
                 what=f"the perceptron from w = 0, visiting 10, x_new, 30 in that order, makes at most "
                      f"{_FAR_MOST_UPDATES} updates ({made})",
                 mistake=Mistake("far-count-not-fewer", None, "this point raised the bound, and the run is still "
                                                              "longer than the prompt allows: the bound does not "
                                                              "fix the count in either direction. Follow the run "
                                                              "update by update from w = 0 with x_new as a letter: "
                                                              "after which update could every score have the "
                                                              "right sign, and what must x_new satisfy for that?")
                 if stopped else None)


# --------------------------------------------------------------------------
# Exercise 4 (extend): the distance argument for a perceptron that steps eta y x while y w.x <= tau
# --------------------------------------------------------------------------
# The reference does not use a closed formula: it builds the worst update the rule allows (an example at margin
# exactly gamma along u, of length exactly beta, scored exactly tau by w) as vectors, measures the change of
# |w - a u|^2 with numpy, and divides the start |0 - a u|^2 by the fall; best_a is found by a golden-section search.
# the course's tests work the formulas out by hand and runs the perceptron against them.
def _worst_fall(a, beta2, gamma, tau, eta):
    """The least fall of |w - a u|^2 at one update of the rule, measured on a worst-case update."""
    u = np.array([1.0, 0.0])
    x = np.array([gamma, math.sqrt(beta2 - gamma ** 2)])   # y = +1: y u . x = gamma, |x|^2 = beta2
    w = np.array([0.0, tau / x[1]])                          # y w . x = tau: the largest score that still updates
    step = eta * x
    # |w - a u|^2 - |w + step - a u|^2, written as a difference of squares (no cancellation of two large numbers)
    return float(-np.dot(step, 2 * (w - a * u) + step))


def _distance_reference(a, beta2, gamma, tau, eta=1.0):
    fall = _worst_fall(a, beta2, gamma, tau, eta)
    return float("inf") if fall <= 1e-12 * max(1.0, a * a) else float(np.sum((a * np.array([1.0, 0.0])) ** 2) / fall)


def _best_a_reference(beta2, gamma, tau, eta=1.0):
    """The a > 0 with the smallest _distance_reference, by golden-section search over log a."""
    lo, hi = 1e-6 * beta2 / gamma, 1e6 * (beta2 + tau + 1) / gamma
    while math.isinf(_distance_reference(lo, beta2, gamma, tau, eta)):  # start where the argument proves something
        lo *= 1.5
    lo, hi = math.log(lo), math.log(hi)
    g = (math.sqrt(5) - 1) / 2
    for _ in range(300):
        p, q = hi - g * (hi - lo), lo + g * (hi - lo)
        if _distance_reference(math.exp(p), beta2, gamma, tau, eta) < \
                _distance_reference(math.exp(q), beta2, gamma, tau, eta):
            hi = q
        else:
            lo = p
    return math.exp((lo + hi) / 2)


def _least_a(beta2, gamma, tau, eta=1.0):
    """The a at which the worst update's fall reaches 0 (below it the argument proves nothing), by bisection."""
    lo, hi = 0.0, 1.0
    while _worst_fall(hi, beta2, gamma, tau, eta) <= 0:
        hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if _worst_fall(mid, beta2, gamma, tau, eta) > 0 else (mid, hi)
    return hi


def _whole_or_real(value, reference):
    """The reference when the learner gave its integer part (the most whole updates), else the value as given.
    A bound that is a whole number may come out a hair below it in floating point, so both neighbours count."""
    whole = {math.floor(reference - 1e-6), math.floor(reference + 1e-6)} if math.isfinite(reference) else set()
    if math.isfinite(value) and value in whole:
        return reference
    return value


_ROUNDED_UP = "rounded up: no run makes more updates than the bound, so the most whole updates is its integer part"


@exercise("ch05-distance", number=4, title="the distance argument with a safety margin", points=2, kind="extend",
          hint="Expand |w + eta y x - a u|² as in section 5, keeping a and eta as letters, and use the new update "
               "condition for the middle term. Where does the distance start, what is the least it falls per "
               "update, and when is that not a fall? Then minimise the bound over a.")
def _distance(t, distance_bound, best_a):
    # each wrong turn is the reference with one ingredient changed (the course's tests have them by hand)
    probe = (200.0, 2.5, 0.05, 0.5, 3.0)
    a, beta2, gamma, tau, eta = probe
    reference = _distance_reference(*probe)

    def turned(*args):
        return a * a / _worst_fall(*args)

    t.check(lambda: _whole_or_real(float(distance_bound(*probe)), reference), reference,
            call="`distance_bound(200, 2.5, 0.05, 0.5, 3)`", atol=1e-6, reveal=False,
            misconceptions=[Mistake("distance-no-tau", turned(a, beta2, gamma, 0.0, eta),
                                    "the middle term taken as at most 0, as for a mistake: the update now happens "
                                    "while y w · x <= tau"),
                            Mistake("distance-tau-once", turned(a, beta2, gamma, tau / 2, eta),
                                    "tau counted once: the middle term of the expansion is 2 eta y w · x"),
                            Mistake("distance-tau-no-eta", turned(a, beta2, gamma, tau / eta, eta),
                                    "the middle term without eta: the step is eta y x, so the cross term is "
                                    "2 eta y w · x"),
                            Mistake("distance-eta-once", turned(a, beta2 / eta, gamma, tau, eta),
                                    "eta not squared in the last term: the step eta y x has squared length "
                                    "eta² |x|²"),
                            Mistake("distance-no-eta", turned(a, beta2, gamma, tau, 1.0),
                                    "at this probe your bound is not the argument's: expand "
                                    "|w + eta y x - a u|² again, term by term, with this rule's step eta y x and "
                                    "its test y w · x <= tau"),
                            Mistake("distance-no-two", turned(a, beta2, gamma / 2, tau, eta),
                                    "the drop taken as a eta gamma - ..., without the 2 of the cross term"),
                            Mistake("distance-start", a / _worst_fall(*probe),
                                    "the start taken as a, not a²: the squared distance of 0 from a u"),
                            Mistake("distance-rounded-up", float(math.floor(reference) + 1), _ROUNDED_UP)])
    section_5 = (2.7122 / 0.0476, 2.7122, 0.0476, 0.0, 1.0)
    t.check(lambda: _whole_or_real(float(distance_bound(*section_5)), _distance_reference(*section_5)),
            _distance_reference(*section_5), atol=1e-6,
            call="`distance_bound(beta2 / gamma, beta2, gamma, 0, 1)` (section 5's run and choice of a)",
            reveal=False)
    probe_half = (30.0, 1.0, 0.1, 0.25, 0.5)
    t.check(lambda: _whole_or_real(float(distance_bound(*probe_half)), _distance_reference(*probe_half)),
            _distance_reference(*probe_half), atol=1e-6, call="`distance_bound(30, 1, 0.1, 0.25, 0.5)`", reveal=False)

    no_bound = "float('inf') (no bound)"
    returned_none = Mistake("distance-none", "None",
                            "your function returned None here (a path through it that ends without return): "
                            "the prompt asks for float('inf') when the argument shows no fall")

    def said(*args):
        got = distance_bound(*args)
        if got is None:
            return "None"
        got = float(got)
        return no_bound if math.isinf(got) and got > 0 else got

    t.check(lambda: said(20.0, 2.5, 0.05, 0.5, 3.0), no_bound, call="`distance_bound(20, 2.5, 0.05, 0.5, 3)`",
            misconceptions=[Mistake("distance-negative", 400 / _worst_fall(20.0, 2.5, 0.05, 0.5, 3.0),
                                    "a negative 'bound': when the least fall is not positive the argument proves "
                                    "nothing"), returned_none])
    t.check(lambda: said(4.0, 3.0, 0.5, 0.5, 1.0), no_bound,
            call="`distance_bound(4, 3, 0.5, 0.5, 1)`", misconceptions=[returned_none])
    t.check(lambda: float(best_a(2.5, 0.05, 0.5, 3.0)), _best_a_reference(2.5, 0.05, 0.5, 3.0), atol=1e-4,
            call="`best_a(2.5, 0.05, 0.5, 3)`", reveal=False,
            misconceptions=[Mistake("best-a-no-tau", _best_a_reference(2.5, 0.05, 0.0, 3.0),
                                    "an a that ignores tau: minimise a² / (the least fall) for this rule"),
                            Mistake("best-a-least", _least_a(2.5, 0.05, 0.5, 3.0),
                                    "the smallest a that proves anything, not the a with the smallest bound"),
                            Mistake("best-a-tau-once", _best_a_reference(2.5, 0.05, 0.25, 3.0),
                                    "tau counted once in the best a: the middle term of the expansion is "
                                    "2 eta y w · x"),
                            Mistake("best-a-no-eta", _best_a_reference(2.5, 0.05, 0.5, 1.0),
                                    "section 5's a with tau, eta left out: with tau > 0 the step size no longer "
                                    "cancels")])
    t.check(lambda: float(best_a(1.0, 0.2, 2.0, 0.5)), _best_a_reference(1.0, 0.2, 2.0, 0.5), atol=1e-4,
            call="`best_a(1, 0.2, 2, 0.5)`", reveal=False)


# --------------------------------------------------------------------------
# Exercise 5 (extend): the bound from a start w0
# --------------------------------------------------------------------------

def _start_reference(w0, X, y, u, *, with_c=True, with_n2=True, unit=True, n2_projection=False):
    """The largest k the proof's chain allows from the start w0 (u scaled to length 1), found by bisection,
    independently of any closed formula.  The keywords give the values of the wrong turns; the course's tests
    derives the reference and each of them by hand."""
    Xh = np.hstack([np.ones((len(X), 1)), np.asarray(X, dtype=float)])
    u = np.asarray(u, dtype=float)
    u = u / np.linalg.norm(u) if unit else u
    w0 = np.asarray(w0, dtype=float)
    R2, gamma = float(np.max(np.sum(Xh ** 2, axis=1))), float(np.min(np.asarray(y) * (Xh @ u)))
    c, n2 = (float(w0 @ u) if with_c else 0.0), (float(w0 @ w0) if with_n2 else 0.0)
    if n2_projection:
        n2 = float(w0 @ u) ** 2

    def allowed(k):
        return c + k * gamma <= 0 or (c + k * gamma) ** 2 <= n2 + k * R2

    lo, hi = 0.0, 1.0
    while allowed(hi):
        hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if allowed(mid) else (lo, mid)
    return lo


_AT_ZERO = ("after 0 updates the weights are w0 itself: put k = 0 and w_k = w0 into each of your two inequalities; "
            "do both hold for this w0, whatever it is?")


@exercise("ch05-start", number=5, title="the bound from another start", points=3, kind="extend",
          hint="Redo section 1's argument for inequality 2 from w0 instead of 0, then put both inequalities into "
               "the chain and find the largest k for which it can still hold.")
def _start(t, bound_from_start):
    X, y = _X_TOY, _Y_TOY
    u = [0.0, -1.0, 4.0]

    def given(w0, v, reference):
        return lambda: _whole_or_real(float(bound_from_start(w0, X.copy(), y.copy(), v)), reference)

    t.check(given([0.0, 0.0, 0.0], u, 238.0), 238.0, atol=1e-6,
            call="`bound_from_start([0, 0, 0], X_toy, y_toy, [0, -1, 4])`", reveal=False)
    w0 = [1.0, 2.0, -1.0]
    reference = _start_reference(w0, X, y, u)
    t.check(given(w0, u, reference), reference, atol=1e-6,
            call="`bound_from_start([1, 2, -1], X_toy, y_toy, [0, -1, 4])`", reveal=False,
            misconceptions=[Mistake("start-chain-at-zero", _start_reference(w0, X, y, u, with_c=False), _AT_ZERO),
                            Mistake("start-chain-at-zero", _start_reference(w0, X, y, u, with_n2=False), _AT_ZERO),
                            Mistake("start-not-unit", _start_reference(w0, X, y, u, unit=False),
                                    "call your function with u and with 2 u: the theorem's bound holds for every "
                                    "length of u and gives one number; does yours?"),
                            Mistake("start-rounded-up", float(math.floor(reference) + 1), _ROUNDED_UP)])
    w_off = [5.0, 4.0, 2.0]       # w0 . u = 4 but |w0|² = 45: taking one for the other costs 3 updates
    reference = _start_reference(w_off, X, y, u)
    t.check(given(w_off, u, reference), reference, atol=1e-6,
            call="`bound_from_start([5, 4, 2], X_toy, y_toy, [0, -1, 4])`", reveal=False,
            misconceptions=[Mistake("start-chain-at-zero", _start_reference(w_off, X, y, u, n2_projection=True),
                                    _AT_ZERO),
                            Mistake("start-chain-at-zero", _start_reference(w_off, X, y, u, with_n2=False), _AT_ZERO)])
    w_side = [1.0, 4.0, 1.0]      # at right angles to u: w0 . u = 0 but |w0|² = 18
    reference = _start_reference(w_side, X, y, u)
    t.check(given(w_side, u, reference), reference, atol=1e-6,
            call="`bound_from_start([1, 4, 1], X_toy, y_toy, [0, -1, 4])`", reveal=False)
    w_good = [0.0, -3.0, 12.0]    # a start along u: a head start that shortens the bound
    reference = _start_reference(w_good, X, y, [0.0, -2.0, 8.0])
    t.check(given(w_good, [0.0, -2.0, 8.0], reference), reference, atol=1e-6,
            call="`bound_from_start([0, -3, 12], X_toy, y_toy, [0, -2, 8])`", reveal=False)


# --------------------------------------------------------------------------
# Exercise 6 (construct): a run of at least 3 updates that makes exactly (R / gamma)^2 of them
# --------------------------------------------------------------------------

_MAX_EPOCHS = 20_000
_MIN_TIGHT = 3   # a tight run of 2 updates is printed in section 4 (two standardised points)


def _updates(X, y):
    """The perceptron's updates on (X, y) from w = 0, and whether it stopped (at most 20 000 epochs).
    lk.perceptron decides every mistake exactly on the numbers as typed, as the theorem's arithmetic does."""
    from ..perceptron import perceptron

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = perceptron(X, y, max_epochs=_MAX_EPOCHS)
    return res.n_updates, bool(res.converged)


@exercise("ch05-tight", number=6, title="construct: a run that reaches its bound", points=2, kind="construct",
          hint="Write each tight link of section 2's chain as an equation on z_k = y_k (1, x_k): what must |z_k|, "
               "u . z_k and w_(k-1) . z_k be? Then ask how many such z_k fit in the space of (1, x1, x2) with decimal "
               "coordinates, and at which update counts.")
def _tight(t, X_tight, y_tight, u_tight):
    X, y, u = np.asarray(X_tight, dtype=float), np.asarray(y_tight), np.asarray(u_tight, dtype=float)
    if not t.check_true(X.ndim == 2 and X.shape[1:] == (2,) and 2 <= X.shape[0] <= 50 and bool(np.all(np.isfinite(X))),
                        what=f"`X_tight` holds 2 to 50 points in the plane, shape (n, 2); got shape {X.shape}"):
        return
    if not t.check_true(y.shape == (X.shape[0],) and set(np.asarray(y).tolist()) == {-1, 1},
                        what="`y_tight` holds one label per point, -1 and +1 both present"):
        return
    if not t.check_true(u.shape == (3,) and bool(np.all(np.isfinite(u))), what="`u_tight` holds three numbers"):
        return
    # whether u separates is decided exactly on the numbers as typed: a point exactly on u's line (a score of 0,
    # which floating point may compute as +1e-17) means u does not separate, as for lk.novikoff_bound
    bound = _exact_bound(u, X, y) if u.any() else None
    if not t.check_true(bound is not None, what="`u_tight` separates the points (every y_i u . (1, x_i) > 0, "
                        "decided exactly on the numbers as typed)",
                        mistake=Mistake("tight-u-not-separating", None, "u does not separate the data: the theorem "
                                                                         "gives no bound for it")):
        return
    n_updates, stopped = _updates(X, y)
    whole = "" if bound.denominator == 1 else " (a bound that is not a whole number can never be reached)"
    # one verdict for both requirements; a tight run of one or two updates (section 4's standardised pair, with a
    # zero column, scaled or repeated) is named as what it is, a run too short for the exercise
    if not stopped:
        mistake = None
    elif n_updates != bound:
        mistake = Mistake("tight-slack", None, "a link of the chain has slack: print, update by update, "
                                               "w_k . u against k gamma and |w_k|² against k R²")
    else:
        mistake = Mistake("tight-too-short", None, f"this run reaches its bound in {n_updates} update"
                                                   f"{'' if n_updates == 1 else 's'}; the exercise asks for a run "
                                                   f"of at least {_MIN_TIGHT} updates that reaches its bound")
    t.check_true(stopped and n_updates == bound and n_updates >= _MIN_TIGHT,
                 what=f"the perceptron should make exactly (R/gamma)² = {float(bound):.4g} updates for this u, and at "
                      f"least {_MIN_TIGHT}; it made {n_updates}{whole}",
                 mistake=mistake)
