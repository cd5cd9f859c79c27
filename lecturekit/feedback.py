"""Plain data for the exercises' checks: compare a learner's answer with an
expected value, and show a value in a feedback message.

The checks (:mod:`lecturekit.exercises`) compare only plain data: numbers,
booleans, strings, numpy arrays of numbers, lists, tuples and dicts of them.
The grader runs the learner's code in a sandbox and the checks in a separate
process that receives nothing else, and an object with a crafted ``__eq__``
must not pass, so anything that is not plain data never matches.
:class:`ExerciseFailure` is the error a failed check raises.
"""

from __future__ import annotations

import numbers

import numpy as np

__all__ = ["ExerciseFailure", "matches", "describe"]


class ExerciseFailure(AssertionError):
    """An exercise's check failed; the message says what, why and what to try."""


_PLAIN_SCALARS = (bool, int, float, complex, str, np.bool_, np.integer, np.floating)


def _plain(value):
    """``value`` as plain data (lists of Python scalars), or raise TypeError."""
    if value is None or type(value) in (bool, int, float, str):
        return value
    if isinstance(value, (np.bool_, np.integer, np.floating)):
        return value.item()
    if type(value) is np.ndarray:
        if value.dtype.kind not in "biuf":
            raise TypeError(f"an array of dtype {value.dtype}")
        return value.tolist()
    if type(value) in (list, tuple):
        return [_plain(v) for v in value]
    if type(value) is dict:
        return {str(k): _plain(v) for k, v in value.items()}
    raise TypeError(f"an object of type {type(value).__name__}")


def matches(got, expected, *, atol: float = 1e-9) -> bool:
    """True if ``got`` equals ``expected`` as plain data (floats to ``atol``).

    Shapes must agree exactly: ``[1, 2]`` does not match ``[[1, 2]]``.
    """
    try:
        a, b = _plain(got), _plain(expected)
    except TypeError:
        return False
    return _same(a, b, atol)


def _same(a, b, atol) -> bool:
    if isinstance(a, list) or isinstance(b, list):
        return (isinstance(a, list) and isinstance(b, list) and len(a) == len(b)
                and all(_same(x, y, atol) for x, y in zip(a, b)))
    if isinstance(a, dict) or isinstance(b, dict):
        return (isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys()
                and all(_same(a[k], b[k], atol) for k in a))
    if isinstance(a, str) or isinstance(b, str) or a is None or b is None:
        return type(a) is type(b) and a == b
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, numbers.Real) and isinstance(b, numbers.Real):
        if np.isnan(a) or np.isnan(b):
            return bool(np.isnan(a) and np.isnan(b))
        return abs(a - b) <= atol * max(1.0, abs(b))
    return False


def describe(value, *, limit: int = 200) -> str:
    """A short, readable rendering of a value for a feedback message."""
    try:
        plain = _plain(value)
    except TypeError as exc:
        return f"<{exc.args[0]}>"
    if isinstance(value, np.ndarray) and value.ndim:
        text = np.array2string(np.asarray(plain), precision=4, separator=", ",
                               suppress_small=True, threshold=20)
    elif isinstance(plain, float):
        text = f"{plain:.6g}"
    else:
        text = repr(plain)
    return text if len(text) <= limit else text[: limit - 1] + "…"
