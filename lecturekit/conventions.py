"""The course's conventions, each defined once.

The sources disagree on several small choices (chapter 2 compares them); the
course picks one of each, here, and every function, estimator, multiclass
scheme, exercise check and test derives its behaviour from these names
instead of repeating a constant.  Changing a convention means changing this
file (and the prose that teaches it); the test suite then names every place
that still disagrees (``tests/test_conventions.py``).

* **Labels** are ``NEGATIVE = -1`` and ``POSITIVE = +1`` (Flach, Daumé).
* **Homogeneous coordinates put the 1 first**: ``x~ = (1, x_1, ..., x_d)``
  and ``w~ = (w_0, w_1, ..., w_d)`` with ``w_0 = b = -t`` (the "Linear Discriminants"
  slides; Turk's slides put it last).  :func:`homogeneous`, :func:`bias` and
  :func:`normal` are the only places that know where it goes.
* **sign(0)**: a score of exactly 0 is predicted ``SIGN_AT_ZERO = -1``, as in
  scikit-learn's ``linear_model`` classifiers and ``LinearSVC`` (its ``SVC``
  predicts the positive class there; Flach's sign(0) = 0, Daumé leaves it open).
* **The mistake test** is ``y_i w~ . x~_i <= 0`` (:func:`is_mistake`): a point
  exactly on the boundary is a mistake for either class (Flach Alg. 7.1,
  line 6; Daumé's ``ya <= 0``).

Scores here are plain numbers; whether a computed score is *exactly* 0 is
decided by :mod:`lecturekit.exact` before these functions see it.

Examples
--------
>>> from lecturekit import conventions as cv
>>> cv.sign([2.5, 0.0, -1.0, 4.0]).tolist()
[1, -1, -1, 1]
>>> cv.is_mistake(0.0), cv.is_mistake(0.1)
(True, False)
>>> cv.homogeneous([[3.0, 4.0]]).tolist()
[[1.0, 3.0, 4.0]]
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "NEGATIVE",
    "POSITIVE",
    "LABELS",
    "SIGN_AT_ZERO",
    "BIAS_INDEX",
    "sign",
    "is_mistake",
    "homogeneous",
    "bias",
    "normal",
    "join",
]

#: The label of the negative class.
NEGATIVE = -1
#: The label of the positive class.
POSITIVE = 1
#: Both labels, negative first.
LABELS = (NEGATIVE, POSITIVE)
#: What :func:`sign` (and so every ``predict``) gives for a score of exactly 0.
SIGN_AT_ZERO = NEGATIVE
#: Where the constant coordinate (and the bias weight) sits in a homogeneous vector.
BIAS_INDEX = 0


def sign(scores) -> np.ndarray:
    """The predicted labels for scores: ``POSITIVE`` where > 0, ``NEGATIVE`` where < 0,
    ``SIGN_AT_ZERO`` where exactly 0.  Returns an int array of the shape of ``scores``."""
    s = np.asarray(scores, dtype=float)
    return np.where(s > 0, POSITIVE, np.where(s < 0, NEGATIVE, SIGN_AT_ZERO)).astype(np.int64)


def is_mistake(margin):
    """The perceptron's mistake test on ``margin = y_i * score``: True where ``margin <= 0``.

    Works on a number (returns a bool) or an array (returns a bool array)."""
    if np.ndim(margin) == 0:
        return bool(margin <= 0)
    return np.asarray(margin) <= 0


def homogeneous(X, lead: float = 1.0) -> np.ndarray:
    """Rows ``x_i`` of ``X`` (shape (n, d)) as homogeneous rows of length d + 1.

    ``lead`` is the constant coordinate: 1 for a classifier with a bias, 0 for one
    through the origin.  It goes at :data:`BIAS_INDEX`."""
    X = np.asarray(X, dtype=float)
    col = np.full((X.shape[0], 1), float(lead))
    return np.hstack([X[:, :BIAS_INDEX], col, X[:, BIAS_INDEX:]])


def bias(w):
    """The bias weight ``b`` of homogeneous weights (a number), or of each row of a matrix."""
    w = np.asarray(w)
    return w[..., BIAS_INDEX]


def normal(w) -> np.ndarray:
    """The feature weights ``(w_1, ..., w_d)`` of homogeneous weights (or of each row)."""
    w = np.asarray(w)
    return np.delete(w, BIAS_INDEX, axis=-1)


def join(b, normal_w) -> np.ndarray:
    """Homogeneous weights from a bias ``b`` and feature weights ``normal_w``."""
    normal_w = np.asarray(normal_w, dtype=float)
    return np.insert(normal_w, BIAS_INDEX, float(b), axis=-1)
