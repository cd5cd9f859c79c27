"""Feature maps that make curved boundaries linear (chapter 9)."""

from __future__ import annotations

import numpy as np

from ._validation import check_X

__all__ = ["square_features", "product_features"]


def square_features(X) -> np.ndarray:
    """The map (x1, ..., xd) -> (x1^2, ..., xd^2).

    A linear boundary ``b + v1 x1^2 + v2 x2^2 = 0`` in the new space is the
    conic ``v1 x1^2 + v2 x2^2 = -b`` in the old one: an ellipse (or circle)
    centred at the origin when v1, v2 > 0 and b < 0.

    Examples
    --------
    >>> import lecturekit as lk
    >>> lk.square_features([[1.0, -2.0]])
    array([[1., 4.]])
    """
    X = check_X(X)
    return X * X


def product_features(X) -> np.ndarray:
    """Append the product of the first two features: (x1, x2, ...) -> (x1, x2, ..., x1 x2).

    XOR, labelled by the sign of x1 x2, becomes linearly separable.

    Examples
    --------
    >>> import lecturekit as lk
    >>> lk.product_features([[1.0, -2.0]])
    array([[ 1., -2., -2.]])
    """
    X = check_X(X)
    if X.shape[1] < 2:
        raise ValueError(f"X needs at least two features to form x1 * x2; got shape {X.shape}.")
    return np.hstack([X, X[:, :1] * X[:, 1:2]])
