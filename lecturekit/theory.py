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

__all__ = ["margin", "radius", "novikoff_bound", "is_separable", "cover_probability"]


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
    """Exact test of linear separability by linear programming.

    Looks for w with ``y_i w . x_i >= 1`` for all i (any strictly separating w
    can be scaled to that).  Labels of one class only are allowed, as in Cover's
    count: with a bias they are always separable, through the origin only if
    the points lie in an open half-space.  Needs SciPy (installed with scikit-learn).

    Examples
    --------
    >>> import lecturekit as lk
    >>> lk.is_separable([[0, 0], [1, 1], [0, 1], [1, 0]], [-1, -1, 1, 1])  # XOR
    False
    """
    P = _points(X, fit_intercept)
    y = check_binary_y(y, P.shape[0], one_class_ok=True)
    try:
        from scipy.optimize import linprog
    except ImportError:  # pragma: no cover - depends on the environment
        raise ImportError(
            "is_separable needs SciPy; install it with  pip install scipy  (or lecturekit[lab])."
        ) from None
    A = -(y[:, None] * P)
    res = linprog(
        c=np.zeros(P.shape[1]),
        A_ub=A,
        b_ub=-np.ones(P.shape[0]),
        bounds=[(None, None)] * P.shape[1],
        method="highs",
    )
    if res.status not in (0, 2):  # 0: found, 2: infeasible
        raise RuntimeError(f"the separability LP did not finish: {res.message}")
    return bool(res.status == 0)


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
