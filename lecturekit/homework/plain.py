"""Plain data across a process boundary, without pickle.

The grader never lets a live object of the student's cross into the process
that judges it.  What crosses is *plain data*: ``None``, ``bool``, ``int``,
``float``, ``complex``, ``fractions.Fraction``, ``str``, numpy scalars and arrays of numbers, booleans
or text, and ``list``/``tuple``/``dict`` of those.  Every value is turned into
JSON with a few tagged objects, and read back by :func:`decode`, which trusts
nothing: it rebuilds fresh Python and numpy values from checked parts, so an
object with a crafted ``__eq__`` or ``__array_function__`` cannot get through.

The tags (a JSON object always has exactly one key):

===========  =====================================================
``{"t": [...]}``            a tuple
``{"d": {...}}``            a dict with string keys
``{"k": [[key, value]...]}``  a dict with other plain, hashable keys
``{"c": [re, im]}``         a Python complex
``{"q": [num, den]}``       a ``fractions.Fraction`` (den > 0)
``{"a": [dtype, shape, base64]}``  a numpy array (C order)
``{"n": [dtype, base64]}``  a numpy scalar
``{"f": name}``             a function of the student's, by name (arguments only)
``{"h": number}``           a callable the student's code returned (a handle)
===========  =====================================================

This file is also loaded by path (not as part of lecturekit) inside the
sandbox and in the checker process, so it imports only the standard library
and numpy.
"""

from __future__ import annotations

import base64
import json
import re
from fractions import Fraction

import numpy as np

MAX_DEPTH = 60             # nesting of lists/tuples/dicts
MAX_ITEMS = 2_000_000      # list items, dict entries and array elements in one value
MAX_BYTES = 32_000_000     # bytes of one encoded message
_DTYPE = re.compile(r"^[<>|=]([biuf][1248]|c(8|16)|f16|c32|b1|U[0-9]{1,6})$")


class NotPlain(TypeError):
    """A value that is not plain data; the message says what it is."""


def _kind(value):
    return type(value).__name__


class _Budget:
    def __init__(self):
        self.items = 0

    def take(self, n):
        self.items += n
        if self.items > MAX_ITEMS:
            raise NotPlain(f"more than {MAX_ITEMS} items")


def encode(value, *, functions=None, handles=None, depth=0, budget=None):
    """``value`` as a JSON-ready structure, or raise :class:`NotPlain`.

    ``functions`` maps ``id(callable)`` to a student name (used for the
    arguments the checker passes); ``handles`` is a list into which callables
    are put, and encoded as their index (used for the student's results).
    """
    budget = budget or _Budget()
    if depth > MAX_DEPTH:
        raise NotPlain(f"nested more than {MAX_DEPTH} levels deep")
    t = type(value)
    if value is None or t is bool or t is str:
        return value
    if t is int:
        return value
    if t is float:
        return value
    if t is complex:
        return {"c": [value.real, value.imag]}
    if t is Fraction:
        return {"q": [int(value.numerator), int(value.denominator)]}
    if isinstance(value, np.generic) and t.__module__ == "numpy":
        if value.dtype.kind not in "biufcU":
            raise NotPlain(f"a numpy {value.dtype} scalar")
        return {"n": [value.dtype.str, base64.b64encode(value.tobytes()).decode("ascii")]}
    if t is np.ndarray:
        if value.dtype.kind not in "biufcU" or value.dtype.fields is not None:
            raise NotPlain(f"a numpy array of dtype {value.dtype}")
        budget.take(value.size)
        data = np.ascontiguousarray(value).tobytes()
        return {"a": [value.dtype.str, list(value.shape), base64.b64encode(data).decode("ascii")]}
    if t is list or t is tuple:
        budget.take(len(value))
        items = [encode(v, functions=functions, handles=handles, depth=depth + 1, budget=budget)
                 for v in value]
        return items if t is list else {"t": items}
    if t is dict:
        budget.take(len(value))
        if all(type(k) is str for k in value):
            return {"d": {k: encode(v, functions=functions, handles=handles, depth=depth + 1, budget=budget)
                          for k, v in value.items()}}
        return {"k": [[encode(k, depth=depth + 1, budget=budget),
                       encode(v, functions=functions, handles=handles, depth=depth + 1, budget=budget)]
                      for k, v in value.items()]}
    if functions is not None and id(value) in functions:
        return {"f": functions[id(value)]}
    if handles is not None and callable(value):
        handles.append(value)
        return {"h": len(handles) - 1}
    raise NotPlain(f"an object of type {_kind(value)}")


def dumps(value, **kwargs):
    """JSON bytes of ``value`` (see :func:`encode`)."""
    return json.dumps(encode(value, **kwargs), allow_nan=True, separators=(",", ":")).encode("utf-8")


class BadData(ValueError):
    """Data that does not follow the format (only a hostile sender makes it)."""


def decode(data, *, function=None, handle=None, depth=0, budget=None):
    """Rebuild plain data from :func:`encode`'s structure, checking every part.

    ``function(name)`` and ``handle(number)`` turn the two callable tags into
    objects; without them those tags are refused.  Raises :class:`BadData`.
    """
    budget = budget or _Budget()
    if depth > MAX_DEPTH + 2:
        raise BadData("nested too deeply")
    t = type(data)
    if data is None or t in (bool, str, float):
        return data
    if t is int:
        return data
    if t is list:
        budget.take(len(data))
        return [decode(v, function=function, handle=handle, depth=depth + 1, budget=budget) for v in data]
    if t is not dict or len(data) != 1:
        raise BadData(f"unexpected {t.__name__}")
    ((tag, body),) = data.items()
    try:
        if tag == "t" and type(body) is list:
            budget.take(len(body))
            return tuple(decode(v, function=function, handle=handle, depth=depth + 1, budget=budget) for v in body)
        if tag == "d" and type(body) is dict:
            budget.take(len(body))
            return {str(k): decode(v, function=function, handle=handle, depth=depth + 1, budget=budget)
                    for k, v in body.items()}
        if tag == "k" and type(body) is list:
            budget.take(len(body))
            out = {}
            for pair in body:
                if type(pair) is not list or len(pair) != 2:
                    raise BadData("a dict entry is not a pair")
                key = decode(pair[0], depth=depth + 1, budget=budget)
                hash(key)  # a list key raises TypeError
                out[key] = decode(pair[1], function=function, handle=handle, depth=depth + 1, budget=budget)
            return out
        if tag == "c" and type(body) is list and len(body) == 2 and all(type(x) in (int, float) for x in body):
            return complex(body[0], body[1])
        if tag == "q" and type(body) is list and len(body) == 2 and all(type(x) is int for x in body) \
                and body[1] > 0:
            return Fraction(body[0], body[1])
        if tag == "a" and type(body) is list and len(body) == 3:
            dtype, shape, raw = body
            if type(dtype) is not str or not _DTYPE.match(dtype) or type(shape) is not list \
                    or len(shape) > 32 or not all(type(n) is int and n >= 0 for n in shape) or type(raw) is not str:
                raise BadData("malformed array")
            dt = np.dtype(dtype)
            size = 1
            for n in shape:
                size *= n
            budget.take(size)
            buffer = base64.b64decode(raw.encode("ascii"), validate=True)
            if len(buffer) != size * dt.itemsize:
                raise BadData("array data of the wrong length")
            return np.frombuffer(buffer, dtype=dt).reshape(shape).copy()
        if tag == "n" and type(body) is list and len(body) == 2:
            dtype, raw = body
            if type(dtype) is not str or not _DTYPE.match(dtype) or type(raw) is not str:
                raise BadData("malformed numpy scalar")
            dt = np.dtype(dtype)
            buffer = base64.b64decode(raw.encode("ascii"), validate=True)
            if len(buffer) != dt.itemsize:
                raise BadData("numpy scalar of the wrong length")
            return np.frombuffer(buffer, dtype=dt)[0].copy()
        if tag == "f" and type(body) is str and function is not None:
            return function(body)
        if tag == "h" and type(body) is int and handle is not None:
            return handle(body)
    except BadData:
        raise
    except (ValueError, TypeError, OverflowError, MemoryError, RecursionError) as exc:
        raise BadData(f"malformed {tag!r} value: {exc}") from None
    raise BadData(f"unknown tag {tag!r}")


def loads(raw, **kwargs):
    """Parse and :func:`decode` JSON bytes from an untrusted sender.  Raises :class:`BadData`."""
    if len(raw) > MAX_BYTES:
        raise BadData(f"more than {MAX_BYTES} bytes")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError, MemoryError) as exc:
        raise BadData(f"not valid JSON: {type(exc).__name__}") from None
    return decode(data, **kwargs)


def parse(raw):
    """Parse JSON bytes from an untrusted sender into plain JSON values.  Raises :class:`BadData`."""
    if len(raw) > MAX_BYTES:
        raise BadData(f"more than {MAX_BYTES} bytes")
    try:
        return json.loads(raw)
    except (ValueError, RecursionError, MemoryError) as exc:
        raise BadData(f"not valid JSON: {type(exc).__name__}") from None


# --------------------------------------------------------------------------
# frames: one message = 8 bytes of length, then that many bytes of JSON
# --------------------------------------------------------------------------

def text_of(exc, limit=2000):
    """An exception's message, cut to ``limit`` characters, for a reply.

    ``str(exc)`` runs code of the exception's class, which the student may have
    written: if it fails, a fixed text stands in."""
    try:
        text = str(exc)
    except Exception:  # noqa: BLE001
        text = "<the exception's message could not be read>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def write_frame(fd, payload):
    """Write one message to a file descriptor (blocking, complete)."""
    data = len(payload).to_bytes(8, "big") + payload
    view = memoryview(data)
    while view:
        n = _write(fd, view)
        view = view[n:]


def _write(fd, view):
    import os

    return os.write(fd, view)


def read_frame(fd, limit=MAX_BYTES):
    """Read one message; None at end of file.  Raises BadData for a frame over ``limit``."""
    head = _read_exact(fd, 8)
    if head is None:
        return None
    size = int.from_bytes(head, "big")
    if size > limit:
        raise BadData(f"a message of {size} bytes (the limit is {limit})")
    body = _read_exact(fd, size)
    if body is None:
        raise BadData("the message was cut off")
    return body


def _read_exact(fd, n):
    import os

    chunks, got = [], 0
    while got < n:
        chunk = os.read(fd, min(n - got, 1 << 20))
        if not chunk:
            if got:
                raise BadData("the message was cut off")
            return None
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)
