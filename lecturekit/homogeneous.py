"""Homogeneous coordinates: the bias trick (chapter 2).

lecturekit puts the constant 1 **first**: an example x = (x1, ..., xd) becomes
(1, x1, ..., xd), and a homogeneous weight vector is w = (w0, w1, ..., wd)
where w0 is the bias b.  Flach writes the boundary as w . x = t, so b = -t.
(Turk's slides put the 1 last, the "Linear Discriminants" slides first; only the bookkeeping
differs: the boundary is the same.)
"""

from __future__ import annotations

import functools
import numbers

import numpy as np

from ._validation import as_float_array, check_X

__all__ = [
    "to_homogeneous",
    "from_homogeneous",
    "split_bias",
    "join_bias",
    "threshold_to_homogeneous",
    "homogeneous_to_threshold",
]


def _checked_table(function):
    """Decorator: the function receives ``X`` checked as a 2-D table of finite numbers,
    so that its body is the formula the chapter prints (``lk.show_source(lk.to_homogeneous)``)."""
    @functools.wraps(function)
    def checked(X):
        return function(check_X(X))

    return checked


@_checked_table
def to_homogeneous(X) -> np.ndarray:
    """Prepend a column of ones: (n, d) -> (n, d + 1).

    Examples
    --------
    >>> import lecturekit as lk
    >>> lk.to_homogeneous([[2.0, 3.0]])
    array([[1., 2., 3.]])
    """
    return np.hstack([np.ones((X.shape[0], 1)), X])


def from_homogeneous(Xh) -> np.ndarray:
    """Drop the leading column of ones added by :func:`to_homogeneous`."""
    Xh = check_X(Xh, "Xh")
    if Xh.shape[1] < 2 or not np.all(Xh[:, 0] == 1):
        raise ValueError(
            "Xh must be in homogeneous coordinates: at least two columns, the first all ones "
            f"(lecturekit puts the 1 first); got shape {Xh.shape}."
        )
    return Xh[:, 1:].copy()


def split_bias(w):
    """Split a homogeneous weight vector (w0, w1, ..., wd) into ((w1, ..., wd), b = w0).

    Examples
    --------
    >>> import lecturekit as lk
    >>> lk.split_bias([-1.0, 2.0, 3.0])
    (array([2., 3.]), -1.0)
    """
    w = as_float_array(w, "w", ndim=1)
    if w.shape[0] < 2:
        raise ValueError(
            f"w must be homogeneous, (bias, w1, ..., wd), so of length >= 2; got length {w.shape[0]}."
        )
    return w[1:].copy(), float(w[0])


def join_bias(w, b) -> np.ndarray:
    """Build the homogeneous weight vector (b, w1, ..., wd).

    Examples
    --------
    >>> import lecturekit as lk
    >>> lk.join_bias([2.0, 3.0], -1.0)
    array([-1.,  2.,  3.])
    """
    w = as_float_array(w, "w", ndim=1)
    if isinstance(b, bool) or not isinstance(b, numbers.Real) or not np.isfinite(b):
        raise TypeError(f"b must be a finite real number; got {b!r}.")
    return np.concatenate([[float(b)], w])


def threshold_to_homogeneous(w, t) -> np.ndarray:
    """Flach's threshold form (w, t), boundary w . x = t, as homogeneous (-t, w1, ..., wd).

    Examples
    --------
    >>> import lecturekit as lk
    >>> lk.threshold_to_homogeneous([1.0, 1.0], 2.0)
    array([-2.,  1.,  1.])
    """
    if isinstance(t, bool) or not isinstance(t, numbers.Real):
        raise TypeError(f"t must be a real number; got {t!r}.")
    return join_bias(w, -float(t))


def homogeneous_to_threshold(w):
    """Homogeneous (w0, w1, ..., wd) as Flach's threshold form ((w1, ..., wd), t = -w0)."""
    w_, b = split_bias(w)
    return w_, -b
