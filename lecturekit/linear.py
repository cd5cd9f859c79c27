"""Closed-form linear classifiers: the basic linear (closest-centroid) classifier
and the least-squares classifier (Flach §7.1 and the Prologue).
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from . import conventions, exact
from ._validation import check_binary_y, check_bool, check_X
from .results import LinearClassifier

__all__ = ["centroid_classifier", "least_squares_classifier"]


def centroid_classifier(X, y, *, fit_intercept: bool = True) -> LinearClassifier:
    """The basic linear classifier: the perpendicular bisector of the two class means.

    With class means mu+ and mu-, a point is classified by the closer mean.
    Expanding ``|x - mu-|^2 - |x - mu+|^2 > 0`` gives the linear rule
    ``w . x + b > 0`` with::

        w = mu+ - mu-
        b = -(|mu+|^2 - |mu-|^2) / 2

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,), labels -1/+1
    fit_intercept : bool, default True
        False keeps w = mu+ - mu- and sets b = 0 (boundary through the origin).

    Returns
    -------
    LinearClassifier
        With homogeneous ``w = (b, w1, ..., wd)``.

    References
    ----------
    Flach, *Machine Learning*, Prologue and §7.1 (Eq. 7.7 with M = identity).

    Examples
    --------
    >>> import lecturekit as lk
    >>> res = lk.centroid_classifier([[2.0, 0.0], [4.0, 0.0], [0.0, 0.0]], [1, 1, -1])
    >>> res.w  # mu+ = (3, 0), mu- = (0, 0): w = (3, 0), b = -9/2
    array([-4.5,  3. ,  0. ])
    """
    X = check_X(X)
    y = check_binary_y(y, X.shape[0])
    fit_intercept = check_bool(fit_intercept, "fit_intercept")
    mu_pos = X[y > 0].mean(axis=0)
    mu_neg = X[y < 0].mean(axis=0)
    with np.errstate(over="ignore", invalid="ignore"):
        w = mu_pos - mu_neg
        b = (mu_neg @ mu_neg - mu_pos @ mu_pos) / 2 if fit_intercept else 0.0
    if not (np.all(np.isfinite(w)) and np.isfinite(b)):
        raise ValueError(f"X: the class means are too large for floating point (their squared lengths, which "
                         f"the bias needs, pass {np.finfo(float).max:.3g}; the largest |x| is "
                         f"{np.abs(X).max():.3g}); divide X by a power of 10 and fit again")
    w = conventions.join(b, w)
    return LinearClassifier(w, method="centroid", exact=_exact_weights(w, X, y, fit_intercept, _exact_centroid))


def least_squares_classifier(X, y, *, fit_intercept: bool = True) -> LinearClassifier:
    """The least-squares classifier: regress the -1/+1 labels on (1, x) and threshold at 0.

    Minimises ``sum_i (y_i - w . x_i)^2`` over homogeneous w, i.e. solves the
    normal equations ``(X^T X) w = X^T y`` (Flach Eq. 7.7's
    ``M^-1 (n+ mu+ - n- mu-)`` with ``M = X^T X``).  Solved with
    ``np.linalg.lstsq``, which also handles rank-deficient X (minimum-norm w).

    Examples
    --------
    >>> import lecturekit as lk
    >>> res = lk.least_squares_classifier([[0.0], [1.0], [3.0], [4.0]], [-1, -1, 1, 1])
    >>> res.w.round(4)
    array([-1.2,  0.6])
    """
    X = check_X(X)
    y = check_binary_y(y, X.shape[0])
    fit_intercept = check_bool(fit_intercept, "fit_intercept")
    if fit_intercept:
        Xh = conventions.homogeneous(X)
        w, *_ = np.linalg.lstsq(Xh, y, rcond=None)
    else:
        w_, *_ = np.linalg.lstsq(X, y, rcond=None)
        w = conventions.join(0.0, w_)
    return LinearClassifier(w, method="least squares",
                            exact=_exact_weights(w, X, y, fit_intercept, _exact_least_squares,
                                                 max_features=EXACT_MAX_FEATURES, check=_trusted))


# --------------------------------------------------------------------------
# exact weights, for decisions near 0 (lecturekit.exact)
# --------------------------------------------------------------------------

def _exact_weights(w, X, y, fit_intercept, solve, max_features=None, check=None):
    """The exact weights of a closed-form fit, computed from a copy of the data when first needed.

    Large data (more than exact.MAX_KEPT numbers, or more than ``max_features`` features: least
    squares solves its normal equations in fractions, whose cost grows steeply with the number of
    features) keep no copy: decisions near 0 then use w as stored, read as decimals."""
    if X.size > exact.MAX_KEPT or (max_features is not None and X.shape[1] > max_features):
        return exact.ExactLinear.of_weights(w)
    Xc, yc = X.copy(), np.asarray(y).copy()
    if check is None:
        return exact.ExactLinear(w, err=None, weights_fn=lambda: solve(Xc, yc, fit_intercept))
    return exact.ExactLinear(w, err=None, weights_fn=lambda: check(w, Xc, solve(Xc, yc, fit_intercept)))


# Least squares is solved exactly for data with at most this many features (the data a learner
# types; chapter 9's monomials of degree 2 have 5). The exact solve happens at the first decision
# of every fit and its cost grows steeply with the number of features (the integer entries of the
# elimination grow with every column), so larger fits keep the stored w.
EXACT_MAX_FEATURES = 8

# A float fit whose training scores are farther than this (relative to the largest score, and to
# the labels' scale 1) from the exact fit's does not approximate it: see _trusted.
SOLVE_TRUST = 2.0**-26


def _trusted(w, X, w_exact):
    """``w_exact``, or None when the float w is not a rounding of it but another classifier.

    That happens when the system is ill-conditioned: points collinear up to the rounding of their
    coordinates (multiples of (cos 1, sin 1)) are not collinear read as decimals, so the exact
    normal equations have a unique solution far from numpy's. The stored w is then the
    classifier (its scores agree with w . x), as when the equations are singular.

    Least squares only: the exact class means of the centroid classifier are always what its float
    means approximate (they move continuously with the data), however large the coordinates."""
    if w_exact is None:
        return None
    Xh = conventions.homogeneous(X)
    gap = np.abs(Xh @ (w - np.array([float(v) for v in w_exact]))).max()
    return w_exact if gap <= SOLVE_TRUST * max(1.0, np.abs(Xh @ w).max()) else None


def _decimal_rows(X):
    return [[exact.decimal(v) for v in row] for row in X]


def _exact_centroid(X, y, fit_intercept):
    """w = mu+ - mu-, b = (|mu-|^2 - |mu+|^2) / 2 with the class means of the data as typed."""
    rows = _decimal_rows(X)
    pos = [r for r, yi in zip(rows, y) if yi > 0]
    neg = [r for r, yi in zip(rows, y) if yi < 0]
    mu_pos = [sum(col, Fraction(0)) / len(pos) for col in zip(*pos)]
    mu_neg = [sum(col, Fraction(0)) / len(neg) for col in zip(*neg)]
    w = [a - b for a, b in zip(mu_pos, mu_neg)]
    b = (sum(v * v for v in mu_neg) - sum(v * v for v in mu_pos)) / 2 if fit_intercept else Fraction(0)
    return _join_exact(b, w)


def _join_exact(b, w):
    out = list(w)
    out.insert(conventions.BIAS_INDEX, b)
    return out


def _exact_least_squares(X, y, fit_intercept):
    """The exact solution of the normal equations, or None when they have no unique solution
    (then decisions near 0 use the stored minimum-norm w, read as decimals).

    Column a of the homogeneous data is ``Z[:, a] / s_a`` with integers Z and s_a (the common
    denominator of the column's decimals), so the normal equations become the integer system
    ``Z^T Z v = Z^T y`` with ``w_a = s_a v_a``: the same solution, without a fraction per entry."""
    rows = _decimal_rows(X)
    if fit_intercept:
        rows = [_join_exact(Fraction(1), r) for r in rows]
    n, d1 = len(rows), len(rows[0])
    if n < d1:  # rank(X^T X) <= n < d1: singular, no unique solution
        return None
    scale = [math.lcm(*(r[a].denominator for r in rows)) for a in range(d1)]
    Z = [[int(r[a] * scale[a]) for a in range(d1)] for r in rows]
    cols = list(zip(*Z))
    A = [[sum(p * q for p, q in zip(cols[a], cols[b])) for b in range(d1)] for a in range(d1)]
    rhs = [sum(p * int(yi) for p, yi in zip(cols[a], y)) for a in range(d1)]
    sol = _solve_exact(A, rhs)
    if sol is None:
        return None
    w = [v * s for v, s in zip(sol, scale)]
    return w if fit_intercept else _join_exact(Fraction(0), w)


def _solve_exact(A, b):
    """The exact solution of the integer system A v = b (Fractions), or None if A is singular.

    Fraction-free (Bareiss) elimination: every division is exact, so the entries stay integers
    (minors of A) and no fraction is reduced until the back substitution."""
    n = len(A)
    M = [[int(v) for v in row] + [int(b[i])] for i, row in enumerate(A)]
    prev = 1
    for c in range(n):
        p = next((r for r in range(c, n) if M[r][c] != 0), None)
        if p is None:
            return None
        M[c], M[p] = M[p], M[c]
        piv, row_c = M[c][c], M[c]
        for r in range(c + 1, n):
            row_r = M[r]
            f = row_r[c]
            M[r] = [0] * (c + 1) + [(row_r[j] * piv - f * row_c[j]) // prev for j in range(c + 1, n + 1)]
        prev = piv
    v = [Fraction(0)] * n
    for i in range(n - 1, -1, -1):
        v[i] = (M[i][n] - sum((M[i][j] * v[j] for j in range(i + 1, n)), Fraction(0))) / M[i][i]
    return v
