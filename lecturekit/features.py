"""Feature maps that make curved boundaries linear (chapter 9)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ._validation import check_X

__all__ = ["square_features", "product_features"]

#: Up to this many products are computed exactly (see :func:`_products`); above it, numpy's ``a * b``.
EXACT_LIMIT = 2 ** 16


def _products(A, B) -> np.ndarray:
    """Elementwise ``A * B``, each product the float nearest the exact product of the decimal readings.

    A float x is read as the shortest decimal that reads back as x (``repr(x)``: 0.1 is 1/10), as
    :func:`lecturekit.is_separable` reads it; the product of two such decimals is computed exactly
    and rounded once.  So ``0.1 * 0.1`` gives 0.01, not 0.010000000000000002, and squares of typed
    decimals keep the exact relations between them (a midpoint stays the midpoint).  Above
    :data:`EXACT_LIMIT` products this is too slow, and numpy's ``A * B`` (within half a unit in the
    last place of the binary product) is returned instead.
    """
    A, B = np.broadcast_arrays(np.asarray(A, dtype=float), np.asarray(B, dtype=float))
    if A.size > EXACT_LIMIT:
        return A * B
    out = np.empty(A.shape, dtype=float)
    for idx, a, b in zip(np.ndindex(A.shape), A.flat, B.flat):
        try:
            out[idx] = float(Fraction(repr(float(a))) * Fraction(repr(float(b))))
        except OverflowError:  # beyond the largest float: what numpy gives, inf with its overflow warning
            out[idx] = np.float64(a) * np.float64(b)
    return out


def square_features(X) -> np.ndarray:
    """The map (x1, ..., xd) -> (x1^2, ..., xd^2).

    A linear boundary ``b + v1 x1^2 + v2 x2^2 = 0`` in the new space is the
    conic ``v1 x1^2 + v2 x2^2 = -b`` in the old one: an ellipse (or circle)
    centred at the origin when v1, v2 > 0 and b < 0.

    For arrays of at most ``EXACT_LIMIT`` (2**16 = 65,536) numbers, each square
    is the float nearest the exact square of the decimal the float reads as
    (0.1 -> 0.01); for larger arrays it is numpy's ``X * X`` (0.1 ->
    0.010000000000000002).  A square beyond the largest float is ``inf``, with
    numpy's overflow ``RuntimeWarning``, as ``X * X`` gives; a square below
    about 1e-308 is a subnormal float and keeps fewer digits.  Within those
    limits, for numbers typed with up to 7 significant digits (so that the
    square has at most 14 and reads back exactly), ``lk.is_separable`` on the
    result answers for the exact squares of the numbers as typed.

    Examples
    --------
    >>> import lecturekit as lk
    >>> lk.square_features([[1.0, -2.0]])
    array([[1., 4.]])
    >>> float(lk.square_features([[0.1]])[0, 0])   # 0.1 * 0.1 is 0.010000000000000002
    0.01
    """
    X = check_X(X)
    return _products(X, X)


def product_features(X) -> np.ndarray:
    """Append the product of the first two features: (x1, x2, ...) -> (x1, x2, ..., x1 x2).

    XOR, labelled by the sign of x1 x2, becomes linearly separable.  The
    product is rounded from the exact product of the decimal readings, as in
    :func:`square_features`.

    Examples
    --------
    >>> import lecturekit as lk
    >>> lk.product_features([[1.0, -2.0]])
    array([[ 1., -2., -2.]])
    """
    X = check_X(X)
    if X.shape[1] < 2:
        raise ValueError(f"X needs at least two features to form x1 * x2; got shape {X.shape}.")
    return np.hstack([X, _products(X[:, :1], X[:, 1:2])])
