"""Dot products and their geometry (chapter 1).

The dot product of two vectors w and x of length d is ``w . x = sum_i w_i x_i``.
For unit vectors it is the cosine of the angle between them; for a unit
vector u it is the (signed) length of the projection of x onto u.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from ._validation import as_float_array

__all__ = ["dot", "norm", "cosine", "angle", "project", "projection_length"]


def _pair(a, b):
    a = as_float_array(a, "a", ndim=1)
    b = as_float_array(b, "b", ndim=1)
    if a.shape != b.shape:
        raise ValueError(
            f"a and b must have the same length; got {a.shape[0]} and {b.shape[0]}."
        )
    return a, b


def _nonzero(a, name):
    if not a.any():
        raise ValueError(f"{name} is the zero vector, which has no direction; pass a non-zero vector.")
    n = norm(a)
    if not math.isfinite(n):
        raise ValueError(f"{name} is too long for floating point: its length {n} overflows (largest float "
                         f"{np.finfo(float).max:.3g}); divide it by a power of 2 first, which changes no direction.")
    return n


def _two_vectors(function=None, *, nonzero=()):
    """Decorator: the function receives ``a`` and ``b`` as float arrays of one length.

    Checking the input here keeps the body of each function the formula the
    chapter prints (``lk.show_source(lk.dot)``).  ``nonzero`` names the
    arguments that must not be the zero vector (they need a direction).
    """
    need = (nonzero,) if isinstance(nonzero, str) else tuple(nonzero)

    def wrap(f):
        @functools.wraps(f)
        def checked(a, b, **kwargs):
            a, b = _pair(a, b)
            for name, v in (("a", a), ("b", b)):
                if name in need:
                    _nonzero(v, name)
            return f(a, b, **kwargs)

        return checked

    return wrap if function is None else wrap(function)


def _scaled_when_out_of_range(f):
    """Decorator for ``dot``: when a product ``a_i b_i`` leaves the range of floats, add them up scaled.

    The plain sum is kept whenever every product fits (not inf, and not lost to
    underflow).  Otherwise ``a`` and ``b`` are divided by powers of 2 (exact)
    so that their largest coordinates lie in [0.5, 1), summed the same way,
    and the sum is scaled back: the products may overflow or underflow while
    the dot product fits.  A dot product beyond the largest float is an
    OverflowError; one below the smallest is a zero that keeps its sign
    (``math.copysign(1.0, result)``).
    """
    tiny = np.finfo(float).tiny

    @functools.wraps(f)
    def checked(a, b):
        with np.errstate(over="ignore", invalid="ignore", under="ignore"):
            result = f(a, b)
            products = np.abs(a * b)
        lost = bool(np.any((products < tiny) & (a != 0) & (b != 0)))
        if math.isfinite(result) and not lost:
            return result
        ea = math.frexp(float(np.max(np.abs(a))))[1]
        eb = math.frexp(float(np.max(np.abs(b))))[1]
        with np.errstate(under="ignore"):
            scaled = f(np.ldexp(a, -ea), np.ldexp(b, -eb))
        try:
            result = math.ldexp(scaled, ea + eb)
        except OverflowError:
            result = math.inf
        if not math.isfinite(result):
            raise OverflowError(f"a · b overflows floating point: it is about {scaled:.3g} × 2^{ea + eb}, beyond the "
                                f"largest float (about 1.8e308). Divide a or b by a power of 2 first, which scales "
                                f"the dot product by the same factor exactly.")
        return result

    return checked


@_two_vectors
@_scaled_when_out_of_range
def dot(a, b) -> float:
    """Dot product ``sum_i a_i b_i`` of two vectors of equal length.

    Parameters
    ----------
    a, b : array-like of shape (d,)

    Returns
    -------
    float

    Examples
    --------
    >>> import lecturekit as lk
    >>> lk.dot([1, 2, 3], [4, 5, 6])
    32.0

    The products are added by ``np.sum`` in numpy's order (pairwise), so for
    more than a few coordinates the result can differ from a left-to-right
    loop by a rounding error: in the last digit, or in sign where the products
    cancel to (nearly) 0.  When a product overflows or underflows, the sum is taken with both
    vectors scaled by powers of 2 and scaled back: products beyond the range
    of floats whose sum fits give that sum.  A dot product too large for a
    float is an error, not ``inf`` or ``nan``; one too small for a float
    (below about 5e-324) is ``0.0`` or ``-0.0`` with the sign of the exact
    dot product (unless rounding cancels it):

    >>> lk.dot([1e200, 1e200], [1e200, -1e200])
    0.0
    >>> lk.dot([1e-160, 3e-160], [2e-160, 1e-160])
    5e-320
    >>> lk.dot([1e-200, -3e-200], [2e-200, 1e-200])
    -0.0
    >>> lk.dot([1e200, 1e200], [1e200, -1e199])
    Traceback (most recent call last):
    ...
    OverflowError: a · b overflows floating point: ...
    """
    return float(np.sum(a * b))


def norm(a) -> float:
    """Euclidean length ``sqrt(a . a)``.

    Computed as ``math.hypot`` does it, with the coordinates scaled first, so
    that the squares neither overflow (coordinates above about 1e154) nor
    underflow (below about 1e-154): a non-zero vector has a non-zero length,
    and a length that fits in a float is returned to within rounding.

    Examples
    --------
    >>> import lecturekit as lk
    >>> lk.norm([3, 4])
    5.0
    >>> lk.norm([3e-170, 4e-170]), lk.norm([1e200, 1e200]) == 2 ** 0.5 * 1e200
    (5e-170, True)
    """
    a = as_float_array(a, "a", ndim=1)
    return math.hypot(*a.tolist())


@_two_vectors(nonzero=("a", "b"))
def cosine(a, b) -> float:
    """Cosine of the angle between a and b: ``a . b / (|a| |b|)``.

    It equals ``dot(a, b)`` when both are unit vectors, and is computed that
    way (each vector divided by its length first, so that no product
    overflows or underflows).  Clipped to [-1, 1] against rounding.

    Examples
    --------
    >>> import lecturekit as lk
    >>> lk.cosine([1, 0], [1, 1])  # doctest: +ELLIPSIS
    0.7071...
    """
    return float(np.clip(dot(a / norm(a), b / norm(b)), -1.0, 1.0))


@_two_vectors(nonzero=("a", "b"))
def angle(a, b, *, degrees: bool = False) -> float:
    """Angle between a and b in radians (or degrees), in [0, pi].

    Examples
    --------
    >>> import lecturekit as lk
    >>> lk.angle([1, 0], [0, 2], degrees=True)
    90.0
    """
    ua, ub = a / norm(a), b / norm(b)
    # 2 atan2(|ua - ub|, |ua + ub|) keeps its absolute accuracy (about 1e-16 rad) near 0 and pi,
    # where arccos of a rounded cosine loses up to 1e-8 rad (Kahan)
    theta = float(2 * np.arctan2(np.linalg.norm(ua - ub), np.linalg.norm(ua + ub)))
    return float(np.degrees(theta)) if degrees else theta


@_two_vectors(nonzero="b")
def projection_length(a, b) -> float:
    """Signed length of the projection of a onto the direction of b: ``a . b / |b|``.

    Examples
    --------
    >>> import lecturekit as lk
    >>> lk.projection_length([3, 4], [1, 0])
    3.0
    """
    return dot(a, b / norm(b))


@_two_vectors(nonzero="b")
def project(a, b) -> np.ndarray:
    """Vector projection of a onto b: ``(a . b / b . b) b``, computed as ``(a . u) u``
    for the unit vector ``u = b / |b|``.

    Examples
    --------
    >>> import lecturekit as lk
    >>> lk.project([3, 4], [2, 0])
    array([3., 0.])
    """
    u = b / norm(b)
    return dot(a, u) * u
