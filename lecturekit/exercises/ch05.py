"""Checks of chapter 5's exercises (the convergence proof).

Every expected value is worked out by hand in the comments, or computed with
lecturekit's own functions (``lk.margin``, ``lk.novikoff_bound``,
``lk.perceptron``), which the chapter's tests compare with independent
references.  Predict and explain answers are never shown (``reveal=False``).
"""

import warnings

import numpy as np

from . import Mistake, exercise

# the toy set of chapter 4 and its separating vector (0, -1, 4): the bound is 14 * 17 = 238
_X_TOY = np.array([[0.0, 3.0], [3.0, 1.0], [-3.0, -2.0], [2.0, 0.0]])
_Y_TOY = np.array([1, 1, -1, -1])


def _homogeneous(X):
    X = np.asarray(X, dtype=float)
    return np.hstack([np.ones((X.shape[0], 1)), X])


# --------------------------------------------------------------------------
# Exercise 1 — predict the bound by hand
# --------------------------------------------------------------------------
# (2, 1), (-1, 2) with y = +1 and (0, -1) with y = -1; u = (0, 0, 3), bias first.
# Squared lengths of (1, x): 6, 6, 2 -> R^2 = 6.  Scores y u.(1, x): 3, 6, 3 and |u| = 3 -> gamma = 1.
RAW_R = Mistake("raw-radius", 5.0, "R measured on the raw x, without the 1")
UNNORMALISED = Mistake("unnormalised-margin", 3.0, "u is not normalised: gamma = min y_i u . x_i for the u as given")
MAX_MARGIN = Mistake("max-for-min", 2.0, "max instead of min for gamma")
NO_SQUARE = Mistake("no-square", 6.0 ** 0.5, "R / gamma without the square")


@exercise("ch05-predict-bound", number=1, title="predict the bound by hand", points=2, kind="predict",
          hint="Put the 1 in front of each point first. R is the longest of the three vectors; the margin "
               "is the smallest label-times-score, divided by the length of u.")
def _predict_bound(t, R_squared, gamma, bound):
    t.check(R_squared, 6.0, call="`R_squared`", reveal=False,
            misconceptions=[RAW_R])
    t.check(gamma, 1.0, call="`gamma`", reveal=False,
            misconceptions=[UNNORMALISED, MAX_MARGIN])
    t.check(bound, 6.0, call="`bound`", reveal=False,
            misconceptions=[Mistake("raw-radius", 5.0, RAW_R.message), NO_SQUARE])


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
# Exercise 3 — explain: scaling the features
# --------------------------------------------------------------------------
# (10, 30) and a new x = 50 (class +1), u = (-20, 1): scores y u.(1, x) = 10, 10, 30, so gamma = 10 / sqrt(401)
# is unchanged; R^2 goes from 1 + 900 to 1 + 2500, and the bound by 2501 / 901 = 2.78.
@exercise("ch05-explain", number=3, title="explain: a far point", points=2, kind="explain",
          hint="Work out R and gamma before and after, on the points (1, x): which of the three points decides "
               "each of them?")
def _explain(t, answer):
    t.check(answer, "a", call="`answer`", reveal=False, misconceptions=[
        Mistake("radius-of-nearest", "b", "R is the radius of all the points, not of the nearest ones: a far point "
                                          "raises R, and with it the bound"),
        Mistake("margin-as-sum", "c", "the margin is the smallest score over the examples, not a sum or an average: "
                                      "a far point cannot raise it"),
    ])


# --------------------------------------------------------------------------
# Exercise 4 — the margin of a hyperplane (reproduce: the lesson shows the one line)
# --------------------------------------------------------------------------
@exercise("ch05-margin", number=4, title="the margin of a hyperplane", points=2, kind="reproduce",
          hint="Section 1 gives the recipe: the smallest label-times-score over the homogeneous points, "
               "divided by the length of the whole u.")
def _margin_of(t, margin_of):
    X_b, y_b = np.array([[1.0], [1.2], [2.0]]), np.array([-1, 1, 1])
    # by hand: y_i (0, -1, 4) . (1, x_i) = 12, 1, 5, 2 and |(0, -1, 4)| = sqrt(17)
    t.check(lambda: margin_of([0.0, -1.0, 4.0], _X_TOY, _Y_TOY), 1 / np.sqrt(17),
            call="`margin_of([0, -1, 4], X_toy, y_toy)`",
            misconceptions=[Mistake("unnormalised", 1.0, "u is not normalised: the smallest score instead of the "
                                                         "smallest distance"),
                            Mistake("max-for-min", 12 / np.sqrt(17), "max instead of min: the farthest example "
                                                                     "instead of the nearest")])
    t.check(lambda: margin_of([0.0, -10.0, 40.0], _X_TOY, _Y_TOY), 1 / np.sqrt(17),
            call="`margin_of([0, -10, 40], X_toy, y_toy)`")
    # u = (-2.2, 2) puts the threshold at x = 1.1: scores 0.2, 0.2, 1.8 and |u| = sqrt(8.84)
    t.check(lambda: margin_of([-2.2, 2.0], X_b, y_b), 0.2 / np.sqrt(8.84),
            call="`margin_of([-2.2, 2], [[1], [1.2], [2]], [-1, 1, 1])`",
            misconceptions=[Mistake("no-homogeneous-one", -2 / np.sqrt(8.84), "the homogeneous 1 is forgotten: "
                                                                             "the bias u[0] is never used"),
                            Mistake("input-space-norm", 0.1, "divided by |(u1, ..., ud)|, the input-space norm, "
                                                             "instead of |u|")])
    # u = (0, 1, 0) gets (2, 0) wrong: y u . x = -2, so the margin is -2
    t.check(lambda: margin_of([0.0, 1.0, 0.0], _X_TOY, _Y_TOY), -2.0,
            call="`margin_of([0, 1, 0], X_toy, y_toy)`",
            misconceptions=[Mistake("no-label", 0.0, "the label is left out: min |u . x| instead of min y u . x")])


# --------------------------------------------------------------------------
# Exercise 5 — debug: a bound that a run breaks
# --------------------------------------------------------------------------
# The given code divides by |u[1:]|.  On (10, 30) with u = (-20, 1): R^2 = 1 + 900 = 901, the smallest
# score is 10, |u| = sqrt(401): the bound is 901 * 401 / 100 = 3613.01 (the buggy code: 901 / 100 = 9.01).
@exercise("ch05-bound", number=5, title="debug: a bound that a run breaks", points=2, kind="debug",
          hint="Compare the code line by line with the definitions of R and gamma in section 1. Which vector "
               "must have length 1 in the theorem, and does the code measure all of it?")
def _bound(t, novikoff_by_hand):
    X100, y2 = np.array([[10.0], [30.0]]), np.array([-1, 1])
    t.check(lambda: novikoff_by_hand(X100, y2, [-20.0, 1.0]), 901 * 401 / 100,
            call="`novikoff_by_hand([[10], [30]], [-1, 1], [-20, 1])`",
            misconceptions=[Mistake("input-space-norm", 9.01, "the margin is still divided by |(u1, ..., ud)|, "
                                                              "the input-space norm, instead of |u|"),
                            Mistake("raw-radius", 900 * 401 / 100, "the homogeneous 1 is forgotten in R: R = max "
                                                                   "|x_i| on the raw features"),
                            Mistake("no-square", np.sqrt(901 * 401 / 100), "R / gamma without the square")])
    t.check(lambda: novikoff_by_hand(_X_TOY, _Y_TOY, [0.0, -1.0, 4.0]), 238.0,
            call="`novikoff_by_hand(X_toy, y_toy, [0, -1, 4])`")
    t.check(lambda: novikoff_by_hand(_X_TOY, _Y_TOY, [0.0, -2.0, 8.0]), 238.0,
            call="`novikoff_by_hand(X_toy, y_toy, [0, -2, 8])`")
    # two points on a line: R^2 = 1 + 0.3^2 = 1.09, gamma = 0.1 / sqrt(1.04)
    t.check(lambda: novikoff_by_hand(np.array([[0.1], [0.3]]), y2, [-0.2, 1.0]), 1.09 * 1.04 / 0.01,
            call="`novikoff_by_hand([[0.1], [0.3]], [-1, 1], [-0.2, 1])`")


# --------------------------------------------------------------------------
# Exercise 6 — construct: a slow set of four points
# --------------------------------------------------------------------------
def _updates(X, y):
    """The perceptron's updates on (X, y) from w = 0, and whether it stopped (at most 20 000 epochs)."""
    from ..perceptron import perceptron

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = perceptron(X, y, max_epochs=20_000)
    return res.n_updates, bool(res.converged)


@exercise("ch05-slow", number=6, title="construct: four points that take long", points=2, kind="construct",
          hint="The number of updates is at most (R/gamma)^2. Which of the two can you make large, or small, "
               "while the points stay separable? Section 4 shows what the constant 1 does to both.")
def _slow(t, X_slow, y_slow):
    X = np.asarray(X_slow, dtype=float)
    y = np.asarray(y_slow)
    if not t.check_true(X.shape == (4, 2), what=f"`X_slow` holds four points in the plane, shape (4, 2); got "
                                                f"shape {X.shape}"):
        return
    if not t.check_true(y.shape == (4,) and bool(np.all(np.isin(y, (-1, 1)))),
                        what="`y_slow` holds four labels, each -1 or +1"):
        return
    if not t.check_true(bool(np.all(np.isfinite(X))), what="every coordinate of `X_slow` is a finite number"):
        return
    n_updates, stopped = _updates(X, y)
    if not t.check_true(stopped, what="the perceptron stops on (X_slow, y_slow): the points are linearly "
                                      "separable",
                        mistake=Mistake("not-separable", None, "these labels are not linearly separable: the "
                                                               "theorem needs separable data, and the perceptron "
                                                               "never stops")):
        return
    t.check_true(n_updates >= 10, what=f"the perceptron needs at least 10 updates from w = 0 (it needed "
                                       f"{n_updates})",
                 mistake=Mistake("fast-set", None, "a wide gap near the origin makes the perceptron fast: "
                                                   "gamma is large compared with R"))
