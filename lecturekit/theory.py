"""Quantities of the convergence proof (Novikoff 1962; Daumé's and Dietterich's notes).

If some unit vector u separates the data with margin
``gamma = min_i y_i u . x_i > 0`` and every example has ``|x_i| <= R``, the
perceptron started at w = 0 makes at most ``(R / gamma)^2`` updates.

All three functions measure on the points the perceptron actually sees: the
homogeneous (1, x_i) with a bias, or the raw x_i with ``fit_intercept=False``.
"""

from __future__ import annotations

import math

import numpy as np

from ._validation import check_binary_y, check_bool, check_count, check_weights, check_X

__all__ = ["margin", "radius", "novikoff_bound", "is_separable", "separation_certificate",
           "cover_probability"]


def _points(X, fit_intercept):
    X = check_X(X)
    fit_intercept = check_bool(fit_intercept, "fit_intercept")
    return np.hstack([np.ones((X.shape[0], 1)), X]) if fit_intercept else X


def margin(w, X, y, *, fit_intercept: bool = True, space: str = "homogeneous") -> float:
    """Smallest signed distance ``min_i y_i w . x_i / |w|`` of the data to the hyperplane of w.

    Parameters
    ----------
    w : array-like
        Homogeneous weights (bias first) of length d + 1, or length d with
        ``fit_intercept=False``.
    X, y : raw data and -1/+1 labels
    space : {"homogeneous", "input"}, default "homogeneous"
        "homogeneous" divides by the norm of the whole vector (the margin in the
        proof); "input" divides by ``|(w1, ..., wd)|``, the Euclidean distance to
        the boundary line in the plane of the raw features.

    Returns
    -------
    float
        Positive iff w separates the data (every point strictly on its side).

    Examples
    --------
    >>> import lecturekit as lk
    >>> lk.margin([0.0, 1.0], [[2.0], [-1.0]], [1, -1])
    1.0
    """
    P = _points(X, fit_intercept)
    y = check_binary_y(y, P.shape[0])
    w = check_weights(w, P.shape[1], "w", what=" (bias first)" if fit_intercept else "")
    if space not in ("homogeneous", "input"):
        raise ValueError(f"space must be 'homogeneous' or 'input'; got {space!r}.")
    scale = np.linalg.norm(w[1:] if (space == "input" and fit_intercept) else w)
    if scale == 0:
        raise ValueError("w has no direction (its normal part is zero); a margin is undefined.")
    return float(np.min(y * (P @ w)) / scale)


def radius(X, *, fit_intercept: bool = True) -> float:
    """R = max_i |x_i|, measured on (1, x_i) with a bias.

    Examples
    --------
    >>> import lecturekit as lk
    >>> lk.radius([[0.0, 0.0], [3.0, 4.0]], fit_intercept=False)
    5.0
    """
    P = _points(X, fit_intercept)
    return float(np.sqrt(np.max(np.sum(P * P, axis=1))))


def novikoff_bound(X, y, u, *, fit_intercept: bool = True) -> float:
    """Novikoff's mistake bound ``(R / gamma)^2`` for any separating u.

    u is normalised inside, so any positive multiple gives the same bound.
    The bound is valid for :func:`lecturekit.perceptron` started at w = 0
    with any eta.

    Raises
    ------
    ValueError
        If u does not separate the data (gamma <= 0): no bound follows.

    Examples
    --------
    >>> import lecturekit as lk
    >>> X = [[0.0, 3.0], [3.0, 1.0], [-3.0, -2.0], [2.0, 0.0]]
    >>> round(lk.novikoff_bound(X, [1, 1, -1, -1], [0.0, -1.0, 4.0]), 6)  # R^2 = 14, gamma = 1/sqrt(17)
    238.0
    """
    gamma = margin(u, X, y, fit_intercept=fit_intercept)
    if gamma <= 0:
        raise ValueError(
            f"u does not separate the data (its margin is {gamma:.4g} <= 0), so Novikoff's theorem "
            "gives no bound. Pass a u with y_i u . x_i > 0 for every i, e.g. a converged perceptron's w."
        )
    R = radius(X, fit_intercept=fit_intercept)
    return (R / gamma) ** 2


def is_separable(X, y, *, fit_intercept: bool = True) -> bool:
    """Exact test of linear separability: is there a w with ``y_i w . x_i > 0`` for every i?

    With a bias the test runs on the homogeneous points (1, x_i), so it asks
    for a line (plane) anywhere; with ``fit_intercept=False`` on the raw x_i,
    through the origin.  Labels of one class only are allowed, as in Cover's
    count: with a bias they are always separable, through the origin only if
    the points lie in an open half-space.  No SciPy needed: see
    :func:`separation_certificate` for how it decides and for the evidence.

    Examples
    --------
    >>> import lecturekit as lk
    >>> lk.is_separable([[0, 0], [1, 1], [0, 1], [1, 0]], [-1, -1, 1, 1])  # XOR
    False
    >>> lk.is_separable([[0, 0], [1, 1], [0, 1], [1, 0]], [-1, 1, 1, 1])   # OR
    True
    """
    return separation_certificate(X, y, fit_intercept=fit_intercept)[0]


def separation_certificate(X, y, *, fit_intercept: bool = True):
    """Decide separability and return the evidence: ``(True, w)`` or ``(False, lam)``.

    Write z_i = y_i x_i (with x_i = (1, x_i) when ``fit_intercept``).  Gordan's
    theorem of the alternative (1873) says that exactly one of these holds:

    * some w has ``z_i . w > 0`` for every i (the data are separable), or
    * some lam >= 0, not all 0, has ``sum_i lam_i z_i = 0``: a mixture of
      the points, each pulled to its own side, meets at the origin, so every
      w scores that mixture 0 and cannot score all its parts positive.

    The second is a linear feasibility problem (``lam >= 0``, ``sum lam = 1``,
    ``Z^T lam = 0``), solved here by phase 1 of the simplex method with
    Bland's rule, which cannot cycle.  When it has no solution, the dual
    values at the simplex optimum give the separating w.  Each z_i is scaled
    to length 1 first (that changes neither alternative).

    Returns
    -------
    (True, w) with w the homogeneous weights (bias first with a bias), every
    ``y_i w . x_i > 0``; or (False, lam) with lam >= 0, ``sum lam = 1`` and
    ``sum_i lam_i y_i x_i / |x_i|`` equal to 0 up to rounding.

    Examples
    --------
    >>> import numpy as np, lecturekit as lk
    >>> X = [[0, 0], [1, 1], [0, 1], [1, 0]]
    >>> ok, lam = lk.separation_certificate(X, [-1, -1, 1, 1])  # XOR
    >>> ok, np.round(lam, 3).tolist()  # the two diagonals share their midpoint (0.5, 0.5)
    (False, [0.25, 0.25, 0.25, 0.25])
    >>> ok, w = lk.separation_certificate(X, [-1, 1, 1, 1])      # OR
    >>> ok, bool(np.all(np.array([-1, 1, 1, 1]) * (lk.to_homogeneous(X) @ w) > 0))
    (True, True)
    """
    P = _points(X, fit_intercept)
    y = check_binary_y(y, P.shape[0], one_class_ok=True)
    Z = y[:, None] * P
    norms = np.linalg.norm(Z, axis=1)
    if np.any(norms == 0):  # x_i = 0 through the origin: w . 0 = 0 is never > 0
        lam = (norms == 0) / np.count_nonzero(norms == 0)
        return False, lam
    found, vector = _gordan(Z / norms[:, None])
    if found:
        return True, vector
    lam = vector / norms  # a mixture of the unscaled z_i that also meets at 0
    return False, lam / lam.sum()


_TOL = 1e-9  # on unit-length z_i


def _gordan(Z):
    """Phase 1 of the simplex method for ``Z^T lam = 0, sum lam = 1, lam >= 0``.

    Returns (False, lam) if that system has a solution, else (True, w) with
    ``Z w > 0``.  Rows of Z must have length 1.
    """
    n, D = Z.shape
    m = D + 1
    A = np.vstack([Z.T, np.ones(n)])                    # m x n
    b = np.zeros(m)
    b[-1] = 1.0
    # tableau [A | I | b] with the m artificial variables as the first basis,
    # and the reduced costs of "minimise the sum of the artificials" below it
    T = np.zeros((m + 1, n + m + 1))
    T[:m, :n], T[:m, n:n + m], T[:m, -1] = A, np.eye(m), b
    T[m, :n], T[m, -1] = -A.sum(axis=0), -b.sum()
    basis = list(range(n, n + m))
    for _ in range(50 * (n + m)):
        costs = T[m, :n]
        j = int(np.argmin(costs))                        # Dantzig: steepest reduced cost
        if costs[j] >= -_TOL:
            break
        # ratio test, ties broken lexicographically on (b, B^-1) row by row: the
        # rows of B^-1 are what a tiny perturbation (eps, eps^2, ...) of b would
        # add, so every pivot makes progress on that perturbed problem and the
        # method cannot cycle on this very degenerate system (b is 0 but for 1)
        rows = np.flatnonzero(T[:m, j] > _TOL)
        keys = T[rows][:, np.r_[n + m, n:n + m]] / T[rows, j][:, None]
        for k in range(m + 1):
            best = keys[:, k] <= keys[:, k].min() + _TOL
            rows, keys = rows[best], keys[best]
            if rows.size == 1:
                break
        i = rows[0]
        T[i] /= T[i, j]
        others = np.arange(m + 1) != i
        T[others] -= np.outer(T[others, j], T[i])
        basis[i] = j
    else:  # pragma: no cover - the lexicographic rule terminates; this guards rounding
        raise RuntimeError("the separability test did not finish; please report the data")
    if -T[m, -1] <= _TOL:                                # artificials at 0: lam solves it
        lam = np.zeros(n + m)
        lam[basis] = T[:m, -1]
        lam = np.clip(lam[:n], 0.0, None)
        return False, lam
    # dual values u = 1 - (reduced costs of the artificials): u . A_j <= 0 for every
    # column, u . b = u[-1] > 0, so w = -u[:D] has z_j . w >= u[-1] > 0
    u = 1.0 - T[m, n:n + m]
    return True, -u[:D]


def cover_probability(n: int, d: int, *, fit_intercept: bool = True) -> float:
    """Chance that n points in general position with random labels are linearly separable.

    Cover's function-counting theorem (1965): through the origin in D
    dimensions, ``C(n, D) = 2 sum_{k=0}^{D-1} binom(n-1, k)`` of the ``2^n``
    labellings are separable.  With a bias, D = d + 1.

    Examples
    --------
    >>> import lecturekit as lk
    >>> lk.cover_probability(4, 2)  # 4 points in the plane: 14 of 16 labellings
    0.875
    """
    n = check_count(n, "n")
    d = check_count(d, "d")
    D = d + 1 if check_bool(fit_intercept, "fit_intercept") else d
    count = 2 * sum(math.comb(n - 1, k) for k in range(min(D, n)))
    return count / 2**n
