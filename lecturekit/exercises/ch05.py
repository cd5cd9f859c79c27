"""Checks of chapter 5's exercises (the convergence proof).

Every expected value is worked out by hand in the comments, or computed with
lecturekit's own functions (``lk.margin``, ``lk.novikoff_bound``,
``lk.perceptron``), which the chapter's tests compare with independent
references.  Predict and explain answers are never shown (``reveal=False``).
"""

import math
import warnings

import numpy as np

from . import Mistake, exercise
from ..theory import margin, novikoff_bound

# the toy set of chapter 4 and its separating vector (0, -1, 4): the bound is 14 * 17 = 238
_X_TOY = np.array([[0.0, 3.0], [3.0, 1.0], [-3.0, -2.0], [2.0, 0.0]])
_Y_TOY = np.array([1, 1, -1, -1])


def _homogeneous(X):
    X = np.asarray(X, dtype=float)
    return np.hstack([np.ones((X.shape[0], 1)), X])


# --------------------------------------------------------------------------
# Exercise 1 (derive): the best scale for the points s (class -1) and 2 s (class +1)
# --------------------------------------------------------------------------
# R^2 = 1 + 4 s^2, gamma^2 = (0.5 s)^2 / (1 + 2.25 s^2): (R/gamma)^2 = 4/s^2 + 25 + 36 s^2, smallest at
# s^2 = sqrt(4/36) = 1/3, where it is 12 + 25 + 12 = 49.
def _scale_bound(s):
    """(R / gamma)^2 of the points s, 2s with the halfway threshold u ~ (-1.5 s, 1), from the definitions."""
    Xh = np.array([[1.0, s], [1.0, 2 * s]])
    y, u = np.array([-1, 1]), np.array([-1.5 * s, 1.0])
    R2 = np.max(np.sum(Xh ** 2, axis=1))
    gamma = np.min(y * (Xh @ u)) / np.linalg.norm(u)
    return R2 / gamma ** 2


def _best_scale():
    """The minimum of _scale_bound, by golden-section search on log s (independent of the formula)."""
    lo, hi = np.log(1e-3), np.log(1e3)
    g = (np.sqrt(5) - 1) / 2
    for _ in range(200):
        a, b = hi - g * (hi - lo), lo + g * (hi - lo)
        if _scale_bound(np.exp(a)) < _scale_bound(np.exp(b)):
            hi = b
        else:
            lo = a
    s = float(np.exp((lo + hi) / 2))
    return s, float(_scale_bound(s))


def _coefficients():
    """(A, B, C) with (R/gamma)^2 = A/s^2 + B + C s^2, solved from the definition at three scales."""
    scales = np.array([0.5, 1.0, 2.0])
    M = np.column_stack([1 / scales ** 2, np.ones(3), scales ** 2])
    return tuple(float(v) for v in np.linalg.solve(M, [_scale_bound(s) for s in scales]))


@exercise("ch05-best-scale", number=1, title="the best scale for two points", points=2, kind="derive",
          hint="Follow section 4: R² = 1 + (the larger point)², gamma = (the smaller score) / |u~|, with "
               "|u~|² = (1.5 s)² + 1. Multiply out (R/gamma)², read off A, B and C, and minimise.")
def _best_scale_check(t, coefficients, s_best):
    t.check(lambda: [float(v) for v in coefficients], list(_coefficients()), call="`coefficients`", atol=1e-3,
            reveal=False,
            misconceptions=[Mistake("scale-no-one", [0.0, 16.0, 0.0], "measured on the raw x, without the 1: then "
                                                                      "the bound does not depend on s at all"),
                            Mistake("scale-input-norm", [4.0, 16.0, 0.0], "gamma divided by |u1| only: the theorem "
                                                                          "divides by the whole |u~|, bias included")])
    t.check(s_best, _best_scale()[0], call="`s_best`", atol=1e-3, reveal=False,
            misconceptions=[Mistake("scale-squared", 1 / 3, "s² found, not s"),
                            Mistake("scale-raw", 1.0, "the scale at which the points are 1 and 2: is that where "
                                                      "the bound is smallest? Minimise A/s² + B + C s²")])


# --------------------------------------------------------------------------
# Exercise 2 — construct a weight vector with a large margin
# --------------------------------------------------------------------------
_X_C = np.array([[2.0, 2.0], [3.0, 1.0], [-1.0, -1.0], [0.0, -2.0]])
_Y_C = np.array([1, 1, -1, -1])


def _margin(w, X, y):
    w = np.asarray(w, dtype=float)
    return float(np.min(y * (_homogeneous(X) @ w)) / np.linalg.norm(w))


@exercise("ch05-construct", number=2, title="construct a weight vector with a large margin", points=2,
          kind="construct",
          hint="Draw the four points and look for a line that keeps all of them far away. Every unit of "
               "bias adds to the length of w_tilde too, so a line that needs little bias is cheap.")
def _construct(t, w_tilde):
    w = np.asarray(w_tilde, dtype=float)
    if not t.check_true(w.shape == (3,), what=f"`w_tilde` has three numbers (b, w1, w2); got shape {w.shape}"):
        return
    if not t.check_true(bool(w.any()), what="`w_tilde` is not the zero vector",
                        mistake=Mistake("zero-vector", None, "w = 0 has no direction: every score is 0, "
                                                             "a mistake for the perceptron")):
        return
    scores = _Y_C * (_homogeneous(_X_C) @ w)
    low = float(np.min(scores))
    last = w[[2, 0, 1]]  # read as (w1, w2, b): the bias written last
    bias_last = bool(last.any()) and _margin(last, _X_C, _Y_C) >= 1
    mistake = None
    if bias_last and low / np.linalg.norm(w) < 1:
        mistake = Mistake("bias-last", None, "the bias written last: w_tilde is (b, w1, w2), with the bias first")
    elif low > 0 and w[1:].any() and low / np.linalg.norm(w[1:]) >= 1 > low / np.linalg.norm(w):
        mistake = Mistake("input-space-norm", None, "the margin is measured with |(w1, w2)| only; the theorem "
                                                    "divides by the whole |w_tilde|, bias included")
    elif low > 0 and w[0] > 0:
        mistake = Mistake("bias-towards-negatives", None, "a positive bias pulls the boundary towards the "
                                                          "negatives: it separates, but a negative is too close")
    t.check_true(bool(low > 0), what="`w_tilde` separates the four points (every y_i w_tilde . (1, x_i) > 0)",
                 mistake=mistake if low <= 0 else None)
    t.check_true(bool(low / np.linalg.norm(w) >= 1), what="the margin of `w_tilde`, min y_i w_tilde . (1, x_i) "
                 "/ |w_tilde|, is at least 1", mistake=mistake)


# --------------------------------------------------------------------------
# Exercise 3 (explain): a far point
# --------------------------------------------------------------------------
# (10, 30) and a new x = 50 (class +1), u = (-20, 1): scores y u.(1, x) = 10, 10, 30, so gamma = 10 / sqrt(401)
# is unchanged; R^2 goes from 1 + 900 to 1 + 2500, and the bound grows by 2501 / 901 = 2.78.
def _far_point_key():
    X, y, u = np.array([[10.0], [30.0]]), np.array([-1, 1]), np.array([-20.0, 1.0])
    before = novikoff_bound(X, y, u)
    after = novikoff_bound(np.vstack([X, [[50.0]]]), np.append(y, 1), u)
    return "a" if after > before else ("b" if after == before else "c")


@exercise("ch05-explain", number=3, title="explain: a far point", points=2, kind="explain",
          hint="Work out R and gamma before and after, on the points (1, x): which of the three points decides "
               "each of them?")
def _explain(t, answer):
    got = answer.strip().lower() if isinstance(answer, str) else answer
    t.check(got, _far_point_key(), call="`answer`", reveal=False, misconceptions=[
        Mistake("far-nearest-only", "b", "taking both R and gamma to depend on the points nearest the threshold: "
                                         "which points does each definition in section 1 look at?"),
        Mistake("far-margin-sum", "c", "taking a large score to raise the margin: gamma is taken over the points "
                                       "in a particular way (section 1), which one?"),
        Mistake("far-not-separating", "d", "is the new point on its own side of the threshold x = 20?"),
    ])


# --------------------------------------------------------------------------
# Exercise 4 (derive): the distance argument with any a
# --------------------------------------------------------------------------
# |w(k+1) - a u|^2 <= |w(k) - a u|^2 - (2 a gamma - beta^2): a drop only when 2 a gamma > beta^2; it starts at
# |0 - a u|^2 = a^2, so at most a^2 / (2 a gamma - beta^2) updates.  At a = beta^2 / gamma: beta^2 / gamma^2.
def _distance_reference(a, beta2, gamma):
    drop = 2 * a * gamma - beta2
    return float("inf") if drop <= 0 else a * a / drop


@exercise("ch05-distance", number=4, title="the distance argument with any $a$", points=2, kind="derive",
          hint="Expand |w + y x - a u|² as in section 5, but keep a as a letter. Where does the distance start, "
               "and what is the least it falls per update? When is that least fall not a fall?")
def _distance(t, distance_bound):
    t.check(lambda: float(distance_bound(57.0, 2.7, 0.05)), _distance_reference(57.0, 2.7, 0.05),
            call="`distance_bound(57, 2.7, 0.05)`", atol=1e-6,
            misconceptions=[Mistake("distance-no-two", 57.0 ** 2 / (57.0 * 0.05 - 2.7),
                                    "the drop taken as a gamma - beta², without the 2 of the cross term"),
                            Mistake("distance-start", 57.0 / (2 * 57.0 * 0.05 - 2.7),
                                    "the start taken as a, not a²: the squared distance of 0 from a u")])
    beta2, gamma = 2.7122, 0.0476
    a = beta2 / gamma
    t.check(lambda: float(distance_bound(a, beta2, gamma)), _distance_reference(a, beta2, gamma), atol=1e-6,
            call="`distance_bound(beta2 / gamma, beta2, gamma)` (section 5's choice of a)")
    def said(a, beta2, gamma):
        got = float(distance_bound(a, beta2, gamma))
        return "no bound (inf)" if math.isinf(got) and got > 0 else got

    t.check(lambda: said(1.0, 2.7, 0.05), "no bound (inf)", call="`distance_bound(1, 2.7, 0.05)`",
            misconceptions=[Mistake("distance-negative", 1.0 / (2 * 0.05 - 2.7),
                                    "a negative 'bound': when 2 a gamma <= beta² the argument proves nothing")])
    t.check(lambda: said(5.0, 2.5, 0.25), "no bound (inf)",
            call="`distance_bound(5, 2.5, 0.25)` (2 a gamma = beta² exactly)")


# --------------------------------------------------------------------------
# Exercise 5 (extend): the bound from a start w0
# --------------------------------------------------------------------------

def _start_reference(w0, X, y, u):
    """The largest k with w0.u + k gamma <= sqrt(|w0|^2 + k R^2) (unit u), found by bisection on the
    inequality itself, independently of the quadratic formula."""
    Xh = np.hstack([np.ones((len(X), 1)), np.asarray(X, dtype=float)])
    u = np.asarray(u, dtype=float) / np.linalg.norm(u)
    w0 = np.asarray(w0, dtype=float)
    R2, gamma = float(np.max(np.sum(Xh ** 2, axis=1))), float(np.min(np.asarray(y) * (Xh @ u)))
    c, n2 = float(w0 @ u), float(w0 @ w0)

    def allowed(k):
        return c + k * gamma <= 0 or (c + k * gamma) ** 2 <= n2 + k * R2

    lo, hi = 0.0, 1.0
    while allowed(hi):
        hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if allowed(mid) else (lo, mid)
    return lo


def _start_variant(w0, X, y, u, *, with_c=True, with_n2=True, unit=True):
    Xh = np.hstack([np.ones((len(X), 1)), np.asarray(X, dtype=float)])
    u = np.asarray(u, dtype=float)
    u = u / np.linalg.norm(u) if unit else u
    w0 = np.asarray(w0, dtype=float)
    R2, gamma = float(np.max(np.sum(Xh ** 2, axis=1))), float(np.min(np.asarray(y) * (Xh @ u)))
    c, n2 = (float(w0 @ u) if with_c else 0.0), (float(w0 @ w0) if with_n2 else 0.0)
    b = R2 - 2 * gamma * c
    return float((b + np.sqrt(max(b * b + 4 * gamma ** 2 * (n2 - c * c), 0.0))) / (2 * gamma ** 2))


@exercise("ch05-start", number=5, title="the bound from another start", points=3, kind="extend",
          hint="Inequality 2 still adds at most R² per update, but to |w0|². Square the chain where its left side is "
               "positive: you get a quadratic inequality in k, and the bound is its larger root.")
def _start(t, bound_from_start):
    X, y = _X_TOY, _Y_TOY
    u = [0.0, -1.0, 4.0]
    t.check(lambda: float(bound_from_start([0.0, 0.0, 0.0], X.copy(), y.copy(), u)), 238.0, atol=1e-6,
            call="`bound_from_start([0, 0, 0], X_toy, y_toy, [0, -1, 4])`")
    w0 = [1.0, 2.0, -1.0]
    t.check(lambda: float(bound_from_start(w0, X.copy(), y.copy(), u)), _start_reference(w0, X, y, u), atol=1e-6,
            call="`bound_from_start([1, 2, -1], X_toy, y_toy, [0, -1, 4])`",
            misconceptions=[Mistake("start-no-c", _start_variant(w0, X, y, u, with_c=False),
                                    "the start's head start w0 · u left out of inequality 1"),
                            Mistake("start-no-length", _start_variant(w0, X, y, u, with_n2=False),
                                    "the start's length |w0|² left out of inequality 2"),
                            Mistake("start-not-unit", _start_variant(w0, X, y, u, unit=False),
                                    "u not scaled to length 1: gamma and w0 · u change with the length of u")])
    w_good = [0.0, -3.0, 12.0]    # a start along u: a head start that shortens the bound
    t.check(lambda: float(bound_from_start(w_good, X.copy(), y.copy(), [0.0, -2.0, 8.0])),
            _start_reference(w_good, X, y, [0.0, -2.0, 8.0]), atol=1e-6,
            call="`bound_from_start([0, -3, 12], X_toy, y_toy, [0, -2, 8])`")


# --------------------------------------------------------------------------
# Exercise 6 (construct): a run that makes exactly (R / gamma)^2 updates
# --------------------------------------------------------------------------

def _updates(X, y):
    """The perceptron's updates on (X, y) from w = 0, and whether it stopped (at most 20 000 epochs)."""
    from ..perceptron import perceptron

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = perceptron(X, y, max_epochs=20_000)
    return res.n_updates, bool(res.converged)


@exercise("ch05-tight", number=6, title="construct: a run that reaches its bound", points=2, kind="construct",
          hint="Read the conditions of section 2 for a tight chain, one link at a time, and look for the smallest "
               "data set that can meet all of them: how many updates, on which points, at what margins?")
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
    gamma = margin(u, X, y) if u.any() else 0.0
    if not t.check_true(bool(gamma > 0), what="`u_tight` separates the points (its margin is positive)",
                        mistake=Mistake("tight-u-not-separating", None, "u does not separate the data: the theorem "
                                                                         "gives no bound for it")):
        return
    bound = novikoff_bound(X, y, u)
    n_updates, stopped = _updates(X, y)
    t.check_true(stopped and n_updates >= bound * (1 - 1e-9),
                 what=f"the perceptron makes (R/gamma)^2 = {bound:.4g} updates for this u (it made {n_updates})",
                 mistake=Mistake("tight-slack", None, "a link of the chain has slack: an update gains more than gamma "
                                                      "along u, or an example was not exactly on the boundary or not "
                                                      "at length R")
                 if stopped else None)
