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

**Sealed answers.**  A *predict* or *explain* exercise asks for a value the
learner works out by hand; a visible test that printed that value would give
it away.  There the test holds it sealed: ``expected=seal(value)`` is written
into the cell as a fingerprint (``"sealed:3f…"``), and the check compares the
fingerprint of the learner's answer (numbers to 4 significant digits).  A
misconception can be sealed too, message and all: ``seal(value, message)``
gives one opaque string, and its message is revealed only to a learner whose
answer is that value.  ``python -m lecturekit.feedback seal "VALUE" ["MESSAGE"]``
prints the strings to paste into a test cell.

:func:`check` compares plain data only (numbers, booleans, strings, arrays,
lists, tuples, dicts).  Anything else fails with a message saying what type
arrived, so an object with a crafted ``__eq__`` cannot pass.
"""

from __future__ import annotations

import numbers

import numpy as np

__all__ = ["ExerciseFailure", "check", "check_true", "matches", "describe", "seal"]


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


# --------------------------------------------------------------------------
# sealed answers
# --------------------------------------------------------------------------

_SEALED, _SEALED_MESSAGE = "sealed:", "sealed-mistake:"


def _canonical(plain) -> str:
    """A text form of plain data in which equal answers look alike: numbers to
    4 significant digits (6, 6.0 and 6.0001 agree), -0 as 0."""
    if isinstance(plain, list):
        return "[" + ",".join(_canonical(v) for v in plain) + "]"
    if isinstance(plain, dict):
        return "{" + ",".join(f"{k!r}:{_canonical(plain[k])}" for k in sorted(plain)) + "}"
    if isinstance(plain, bool) or plain is None or isinstance(plain, str):
        return repr(plain)
    text = format(float(plain), ".4g")
    return "0" if text in ("-0", "0") else text


def _digest(tag: str, value) -> str:
    import hashlib

    return hashlib.sha256((tag + _canonical(_plain(value))).encode()).hexdigest()


def _keystream(key: str, n: int) -> bytes:
    import hashlib

    out, k = b"", 0
    while len(out) < n:
        out += hashlib.sha256(f"{key}:{k}".encode()).digest()
        k += 1
    return out[:n]


def seal(value, message: str | None = None) -> str:
    """The sealed form of an expected answer (or, with ``message``, of a
    misconception: its value and the message shown when an answer has it).

    >>> seal(6.0) == seal(6) == seal(np.float64(6.00001))
    True
    >>> check(6, seal(6.0), call="bound", hint="R² / γ²")
    >>> text = seal("a", "(a) is too strong")
    >>> "too strong" in text
    False
    """
    if message is None:
        return _SEALED + _digest("answer:", value)[:24]
    data = message.encode("utf-8")
    key = _digest("mistake-key:", value)
    cipher = bytes(a ^ b for a, b in zip(data, _keystream(key, len(data))))
    return _SEALED_MESSAGE + _digest("mistake:", value)[:24] + ":" + cipher.hex()


def _is_sealed(value) -> bool:
    return isinstance(value, str) and value.startswith(_SEALED)


def _unseal_message(sealed: str, got):
    """The message of a sealed misconception if ``got`` is its value, else None."""
    try:
        _, mark, cipher = sealed.split(":", 2)
        if _digest("mistake:", got)[:24] != mark:
            return None
        data = bytes.fromhex(cipher)
    except (ValueError, TypeError):
        return None
    key = _digest("mistake-key:", got)
    return bytes(a ^ b for a, b in zip(data, _keystream(key, len(data)))).decode("utf-8", "replace")


def _same_answer(got, expected, atol) -> bool:
    if _is_sealed(expected):
        try:
            return _SEALED + _digest("answer:", got)[:24] == expected
        except TypeError:
            return False
    return matches(got, expected, atol=atol)


def check(got, expected, *, call: str, hint: str, misconceptions=(), atol: float = 1e-9):
    """Pass silently if ``got`` matches ``expected``; otherwise raise
    :class:`ExerciseFailure` saying what was called, what came back, what was
    expected (unless it is sealed), the misconception it looks like (if any)
    and a hint.

    ``expected`` may be sealed (:func:`seal`); each misconception is a
    ``(value, message)`` pair or one sealed string from ``seal(value, message)``.
    """
    if _same_answer(got, expected, atol):
        return
    shown = ("the sealed answer (this test does not show it: work it out, or open the "
             "reference solution)") if _is_sealed(expected) else describe(expected)
    lines = [f"{call} returned {describe(got)}", f"expected {shown}"]
    try:
        _plain(got)
    except TypeError as exc:
        lines.append(f"(it returned {exc.args[0]}; return plain numbers, lists or numpy arrays)")
    else:
        for item in misconceptions:
            if isinstance(item, str) and item.startswith(_SEALED_MESSAGE):
                message = _unseal_message(item, got)
            else:
                value, text = item
                message = text if _same_answer(got, value, atol) else None
            if message is not None:
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


def main(argv=None) -> int:
    """``python -m lecturekit.feedback seal VALUE [MESSAGE]``: print the sealed
    string to paste into a test cell.  VALUE is a Python literal (``6.0``,
    ``"b"``, ``[1, -1, 0]``)."""
    import argparse
    import ast

    parser = argparse.ArgumentParser(prog="python -m lecturekit.feedback")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("seal", help="seal an expected answer, or a misconception with its message")
    p.add_argument("value", help="a Python literal")
    p.add_argument("message", nargs="?", default=None)
    args = parser.parse_args(argv)
    try:
        value = ast.literal_eval(args.value)
    except (ValueError, SyntaxError):
        parser.error(f"VALUE must be a Python literal such as 6.0, \"b\" or [1, -1]; got {args.value!r}")
    print(seal(value, args.message))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
