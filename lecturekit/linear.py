"""Closed-form linear classifiers: the basic linear (closest-centroid) classifier
and the least-squares classifier (Flach §7.1 and the Prologue).
"""

from __future__ import annotations

import numpy as np

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
    w = mu_pos - mu_neg
    b = -(mu_pos @ mu_pos - mu_neg @ mu_neg) / 2 if fit_intercept else 0.0
    return LinearClassifier(np.concatenate([[b], w]), method="centroid")


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
        Xh = np.hstack([np.ones((X.shape[0], 1)), X])
        w, *_ = np.linalg.lstsq(Xh, y, rcond=None)
    else:
        w_, *_ = np.linalg.lstsq(X, y, rcond=None)
        w = np.concatenate([[0.0], w_])
    return LinearClassifier(w, method="least squares")
