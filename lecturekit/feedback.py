"""Feedback for the exercises' visible tests: say what was called, what came
back, what was expected, and one hint, and name a known misconception when the
learner's answer behaves like it.

A visible test stays a plain Python cell (nbgrader and the grader take it as it
is); it just calls :func:`check` instead of a bare ``assert``::

    from lecturekit.feedback import check
    check(perceptron_update(np.zeros(3), x, 1, 0.5), [0.5, 1.0, 0.5],
          call="perceptron_update(np.zeros(3), x, 1, 0.5)",
          hint="Alg. 7.1 updates only when y·(w·x) <= 0.",
          misconceptions=[
              ([0.0, 0.0, 0.0], "this looks like using `< 0` where the mistake test is "
                                "`<= 0`: a point on the boundary counts as a mistake"),
          ])

``misconceptions`` lists ``(what that mistake returns on these inputs, message)``
pairs; the values are worked out by hand (or by running the registered wrong
answer once) and written into the test, so the check needs nothing but plain
data.  The first misconception whose value matches wins; an answer that matches
none gets the generic message.

:func:`check` compares plain data only (numbers, booleans, strings, arrays,
lists, tuples, dicts).  Anything else fails with a message saying what type
arrived, so an object with a crafted ``__eq__`` cannot pass.
"""

from __future__ import annotations

import numbers

import numpy as np

__all__ = ["ExerciseFailure", "check", "check_true", "matches", "describe"]


class ExerciseFailure(AssertionError):
    """A visible test failed; the message says what, why and what to try."""


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


def check(got, expected, *, call: str, hint: str, misconceptions=(), atol: float = 1e-9):
    """Pass silently if ``got`` matches ``expected``; otherwise raise
    :class:`ExerciseFailure` saying what was called, what came back, what was
    expected, the misconception it looks like (if any) and a hint."""
    if matches(got, expected, atol=atol):
        return
    lines = [f"{call} returned {describe(got)}", f"expected {describe(expected)}"]
    try:
        _plain(got)
    except TypeError as exc:
        lines.append(f"(it returned {exc.args[0]}; return plain numbers, lists or numpy arrays)")
    else:
        for value, message in misconceptions:
            if matches(got, value, atol=atol):
                lines.append(f"This looks like a known mistake: {message}")
                break
    lines.append(f"Hint: {hint}")
    raise ExerciseFailure("\n".join(lines))


def check_true(condition, *, what: str, hint: str):
    """Pass if ``condition`` is exactly ``True`` (a real bool); otherwise raise
    :class:`ExerciseFailure` with ``what`` (the property that failed) and a hint.

    For *construct* exercises, whose tests check a property rather than a value.
    """
    if type(condition) in (bool, np.bool_) and bool(condition):
        return
    raise ExerciseFailure(f"{what}\nHint: {hint}")
