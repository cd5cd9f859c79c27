"""Homework mode, the student's side: what an exercise's visible check says without the answers.

In self-study, ``lecturekit/exercises/chNN.py`` holds each exercise's check:
the calls that probe the learner's answer, the expected values and the
catalogued mistakes.  Those are the keys of a graded homework.  The student
build of a homework (``python -m lecturekit.homework publish``, see
:mod:`lecturekit.homework.publish`) replaces every ``chNN.py`` by a module of
two lines that registers the exercises from ``chNN.json``, a *public spec*
derived mechanically from the real check (it was run once on the reference
solution with a recording collector, :mod:`lecturekit.homework.keys`).  A
public spec holds, per exercise:

* the heading, points, kind and hint (the same text as in self-study);
* per *probe* that can be replayed without the check's code: the call text,
  the answer it reads and how (the answer itself, a call of the learner's
  function with recorded arguments, an argument after such a call, or the
  answer's shape), the *form* of the expected value (its type and shape, no
  value; no length for a predict or explain answer) and the catalogued
  mistakes that are safe to name, each by a *fingerprint* (a hash of the
  wrong value, rounded to the probe's tolerance), never by its value;
* how many probes only the instructor's checks run (``graded_only``).

The check here says, per probe: the answer is not written yet (a stub), the
learner's code raised an error, the result is not plain data or not of the
expected form, or it is a known mistake.  It never says that an answer is
right: the grade comes from the instructor's checks.  It shares everything
else with self-study (:class:`~lecturekit.exercises.Checks`, the rendering
of :class:`~lecturekit.exercises.Outcome`), so the two modes show the same
things in the same way.

This module holds no answer and is the same file in both builds.
"""

from __future__ import annotations

import copy
import hashlib
import json
import math
import numbers
from pathlib import Path

import numpy as np

from ..feedback import _plain, describe

__all__ = ["SPEC_FORMAT", "encode", "decode", "form_of", "fits", "describe_form", "fingerprint",
           "fingerprints", "register", "run_public"]

#: Version of the public spec files (``chNN.json``).
SPEC_FORMAT = 1


# --------------------------------------------------------------------------
# values as readable JSON (arguments of the probes)
# --------------------------------------------------------------------------

_DTYPE_KINDS = "biuf"


def _leaf(x):
    if isinstance(x, float) and not math.isfinite(x):
        return {"float": repr(x)}
    return x


def encode(value):
    """``value`` as readable JSON data, with tags for what JSON has no type for.

    Plain Python values stay as they are (a non-finite float becomes
    ``{"float": "nan"}``); a tuple becomes ``{"tuple": [...]}``, a dict
    ``{"dict": {...}}`` (string keys), a numpy array ``{"ndarray": nested
    list, "dtype": "float64"}`` and a numpy scalar ``{"scalar": x, "dtype": ...}``.
    Raises TypeError for anything else (objects, functions, object arrays).
    """
    t = type(value)
    if value is None or t in (bool, int, str):
        return value
    if t is float:
        return _leaf(value)
    if isinstance(value, np.generic) and value.dtype.kind in _DTYPE_KINDS:
        return {"scalar": _leaf(value.item()), "dtype": value.dtype.name}
    if t is np.ndarray:
        if value.dtype.kind not in _DTYPE_KINDS:
            raise TypeError(f"an array of dtype {value.dtype}")
        flat = [_leaf(x) for x in value.ravel().tolist()]
        return {"ndarray": flat, "dtype": value.dtype.name, "shape": list(value.shape)}
    if t is list:
        return [encode(v) for v in value]
    if t is tuple:
        return {"tuple": [encode(v) for v in value]}
    if t is dict:
        if not all(type(k) is str for k in value):
            raise TypeError("a dict whose keys are not all strings")
        return {"dict": {k: encode(v) for k, v in value.items()}}
    raise TypeError(f"an object of type {t.__name__}")


def _unleaf(x):
    if isinstance(x, dict):
        return float(x["float"])
    return x


def decode(data):
    """The value :func:`encode` wrote, as fresh Python and numpy objects."""
    if data is None or type(data) in (bool, int, float, str):
        return data
    if type(data) is list:
        return [decode(v) for v in data]
    if type(data) is dict and len(data) >= 1:
        if "float" in data and len(data) == 1:
            return float(data["float"])
        if "tuple" in data:
            return tuple(decode(v) for v in data["tuple"])
        if "dict" in data:
            return {k: decode(v) for k, v in data["dict"].items()}
        if "ndarray" in data:
            dtype = np.dtype(data["dtype"])
            if dtype.kind not in _DTYPE_KINDS:
                raise ValueError(f"an array of dtype {dtype} in a public spec")
            flat = [_unleaf(x) for x in data["ndarray"]]
            return np.array(flat, dtype=dtype).reshape(data["shape"])
        if "scalar" in data:
            return np.dtype(data["dtype"]).type(_unleaf(data["scalar"]))
    raise ValueError(f"not a value of a public spec: {data!r}"[:200])


# --------------------------------------------------------------------------
# forms: the type and shape of a value, without the value
# --------------------------------------------------------------------------

def _form(p, sized):
    if p is None:
        return {"t": "none"}
    if isinstance(p, bool):
        return {"t": "bool"}
    if isinstance(p, str):
        return {"t": "str"}
    if isinstance(p, numbers.Real):
        return {"t": "number"}
    if isinstance(p, dict):
        return {"t": "dict", "keys": {k: _form(v, sized) for k, v in p.items()}}
    forms = [_form(x, sized) for x in p]
    if all(f == forms[0] for f in forms[1:]):
        form = {"t": "list", "of": forms[0] if forms else None}
        if sized:
            form["n"] = len(p)
        return form
    return {"t": "items", "of": forms}


def form_of(value, *, sized=True):
    """The form of ``value`` as plain data: what :func:`~lecturekit.feedback.matches`
    compares before it compares numbers.

    A list of equal forms is ``{"t": "list", "n": length, "of": form}``
    (no ``"n"`` when ``sized`` is False: a predict answer's length can be the
    answer); a list of different forms (a tuple such as ``(w, n_updates)``)
    is ``{"t": "items", "of": [forms]}``; a dict keeps its keys; numbers,
    strings, booleans and ``None`` are ``{"t": "number"}`` and so on.
    Raises TypeError when ``value`` is not plain data.
    """
    return _form(_plain(value), sized)


def _blur(form):
    """A form that no longer gives a value away: an empty list is any list, None is anything."""
    t = form["t"]
    if t == "none":
        return {"t": "any"}
    if t == "list":
        if form.get("n") == 0 or form["of"] is None:
            return {"t": "list", "of": None}
        return {**form, "of": _blur(form["of"])}
    if t == "items":
        return {"t": "items", "of": [_blur(f) for f in form["of"]]}
    if t == "dict":
        return {"t": "dict", "keys": {k: _blur(f) for k, f in form["keys"].items()}}
    return form


def public_form(value, *, sized=True):
    """:func:`form_of`, with the parts that would pin the value down (an empty list, None) left open."""
    return _blur(form_of(value, sized=sized))


def fits(p, form) -> bool:
    """True if plain data ``p`` has the form ``form``.

    If ``matches(got, expected)`` holds then ``fits(_plain(got), form_of(expected))``
    holds: a value that does not fit cannot be the expected one.
    """
    t = form["t"]
    if t == "any":
        return True
    if t == "none":
        return p is None
    if t == "bool":
        return isinstance(p, bool)
    if t == "str":
        return isinstance(p, str)
    if t == "number":
        return isinstance(p, numbers.Real) and not isinstance(p, bool)
    if t == "dict":
        return (isinstance(p, dict) and p.keys() == form["keys"].keys()
                and all(fits(p[k], f) for k, f in form["keys"].items()))
    if not isinstance(p, list):
        return False
    if t == "items":
        return len(p) == len(form["of"]) and all(fits(x, f) for x, f in zip(p, form["of"]))
    if "n" in form and len(p) != form["n"]:
        return False
    return form["of"] is None or all(fits(x, form["of"]) for x in p)


def _shape_of(form):
    """(shape, leaf form) of a nested list form of fixed sizes, or (None, None)."""
    shape = []
    while form["t"] == "list" and "n" in form and form["of"] is not None:
        shape.append(form["n"])
        form = form["of"]
    return (tuple(shape), form) if shape else (None, None)


_LEAF_WORDS = {"number": ("a number", "numbers"), "bool": ("True or False", "booleans"),
               "str": ("a string", "strings"), "none": ("None", "None values"), "any": ("a value", "values")}


def describe_form(form) -> str:
    """A form in words: ``"a list or array of 3 numbers"``, ``"an array of shape (4, 2) of numbers"``,
    ``"a pair: (a list or array of 3 numbers, a number)"``, ``"a list of numbers"``."""
    t = form["t"]
    if t in _LEAF_WORDS:
        return _LEAF_WORDS[t][0]
    if t == "dict":
        keys = ", ".join(repr(k) for k in form["keys"])
        return f"a dict with the keys {keys}" if keys else "an empty dict"
    if t == "items":
        n = len(form["of"])
        name = {2: "a pair", 3: "a triple"}.get(n, f"a tuple of {n}")
        return f"{name}: (" + ", ".join(describe_form(f) for f in form["of"]) + ")"
    shape, leaf = _shape_of(form)
    if shape is not None and leaf["t"] in _LEAF_WORDS:
        plural = _LEAF_WORDS[leaf["t"]][1]
        if len(shape) == 1:
            return f"a list or array of {shape[0]} {plural}"
        return f"an array of shape {shape} of {plural}"
    if form["of"] is None:
        return "a list" + (" of length 0" if form.get("n") == 0 else "")
    inner = form["of"]
    size = f"of {form['n']} " if "n" in form else "of "
    if inner["t"] in _LEAF_WORDS:
        return f"a list {size}{_LEAF_WORDS[inner['t']][1]}"
    return f"a list {size}items, each {describe_form(inner)}"


# --------------------------------------------------------------------------
# fingerprints of catalogued mistakes
# --------------------------------------------------------------------------

def _number(x, atol):
    """A number as the index of its cell on a grid of cells one tolerance wide: ``atol`` wide
    below 1 in size, ``atol`` times the size above (cells of equal width on a log scale), as
    :func:`~lecturekit.feedback.matches` measures the tolerance (``atol * max(1, |b|)``)."""
    x = float(x)
    if math.isnan(x):
        return "nan"
    if math.isinf(x) or atol <= 0:
        return repr(x)
    a = abs(x)
    k = round(a / atol) if a < 1 else round(1 / atol) + round(math.log(a) / math.log1p(atol))
    return "0" if k == 0 else ("-" if x < 0 else "") + str(k)


def _canonical(p, atol):
    if isinstance(p, list):
        return "[" + ",".join(_canonical(v, atol) for v in p) + "]"
    if isinstance(p, dict):
        return "{" + ",".join(f"{k!r}:{_canonical(p[k], atol)}" for k in sorted(p)) + "}"
    if p is None or isinstance(p, (bool, str)):
        return repr(p)
    return _number(p, atol)


def _hash(salt, text):
    return hashlib.sha256(f"{salt}\n{text}".encode()).hexdigest()[:32]


def fingerprint(salt: str, value, atol: float) -> str:
    """A hash of plain data ``value`` with its numbers rounded to cells one tolerance ``atol`` wide.

    ``salt`` (the exercise, probe and mistake) makes equal values of different
    probes hash differently.  Raises TypeError when ``value`` is not plain data.
    """
    return _hash(salt, _canonical(_plain(value), atol))


def _numbers(p):
    if isinstance(p, list):
        return sum((_numbers(v) for v in p), [])
    if isinstance(p, dict):
        return sum((_numbers(p[k]) for k in sorted(p)), [])
    if isinstance(p, numbers.Real) and not isinstance(p, bool):
        return [p]
    return []


def _replace_numbers(p, it):
    if isinstance(p, list):
        return [_replace_numbers(v, it) for v in p]
    if isinstance(p, dict):
        return {k: _replace_numbers(p[k], it) for k in p}
    if isinstance(p, numbers.Real) and not isinstance(p, bool):
        return next(it)
    return p


def fingerprints(salt: str, value, atol: float) -> set:
    """The fingerprints under which ``value`` counts as a catalogued mistake.

    Besides :func:`fingerprint` itself, a value of at most three numbers is
    also hashed with each number moved by half its tolerance either way, so
    that a number just across a rounding boundary from the mistake still
    matches (a larger value is hashed as it is).  Raises TypeError for data
    that is not plain.
    """
    p = _plain(value)
    found = {_hash(salt, _canonical(p, atol))}
    nums = _numbers(p)
    if 0 < len(nums) <= 3:
        import itertools

        options = []
        for x in nums:
            if isinstance(x, float) and math.isnan(x):
                options.append([x])
                continue
            step = atol * max(1.0, abs(x)) / 2
            options.append([x, x - step, x + step])
        for combo in itertools.product(*options):
            found.add(_hash(salt, _canonical(_replace_numbers(p, iter(combo)), atol)))
    return found


def away(value):
    """A value of the same form as ``value`` that does not match it: the expected value a check passes to
    ``t.check`` for a probe whose answer is wrong, when it holds the key only as a fingerprint, never as a value.

    >>> away([1.0, True, "a"])
    [2.0, False, 'not a']
    """
    if isinstance(value, dict):
        return {k: away(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, np.ndarray)):
        return [away(v) for v in value]
    if isinstance(value, (bool, np.bool_)):
        return not value
    if isinstance(value, str) or value is None:
        return f"not {value}"
    x = float(value)
    return x + 1.0 if np.isfinite(x) else 0.0


def hashed_check(t, compute, key, *, salt, atol, call, placeholder=None, mistakes=(), max_named=None):
    """``t.check`` of ``compute()`` against the value whose fingerprint (:func:`fingerprints`, ``salt``,
    ``atol``) is ``key``, so that the check module holds no expected value.  ``mistakes`` are (id, fingerprint,
    message) triples, named when the learner's value has that fingerprint under the salt ``salt/id``;
    ``max_named`` keeps the first ones only.  When ``compute()`` raises, ``t.check`` runs it again against
    ``placeholder`` and reports the error on its own."""
    # imported here: the exercises package imports this module
    from . import Mistake

    try:
        value = compute()
        found = fingerprints(salt, value, atol)
    except Exception:  # noqa: BLE001 - the learner's code may raise anything; t.check reports it on its own call
        t.check(compute, placeholder, call=call, reveal=False, atol=atol)
        return
    named = [Mistake(mid, value, message) for mid, fp, message in mistakes
             if fp in fingerprints(f"{salt}/{mid}", value, atol)]
    t.check(compute, value if key in found else away(value), call=call, reveal=False, atol=atol,
            misconceptions=named if max_named is None else named[:max_named])


# --------------------------------------------------------------------------
# the public check
# --------------------------------------------------------------------------

def _probe_value(probe, answers):
    """What the probe reads of the answers (may raise: the learner's code runs here)."""
    k = probe["answer"]
    how = probe["how"]
    answer = answers[k]
    if how == "answer":
        return answer
    if how == "shape":
        return list(np.shape(answer))
    if how == "stub":   # no call to replay: the stub is told by its source, as handed out
        if _is_stub(answer):
            raise NotImplementedError()
        return None
    args = list(decode(probe["args"]))
    kwargs = decode(probe["kwargs"])
    result = answer(*args, **kwargs)
    if how == "arg-after":
        return args[probe["arg"]]
    for index in probe.get("path") or ():
        result = result[index]
    return result


# nbgrader's default stub, as the grader's markup writes it (lecturekit.homework.markup.CODE_STUB; a
# test holds the two together): spelled out here so that the library does not import the grader
STUB_LINES = ("# YOUR CODE HERE", "raise NotImplementedError()")


def _is_stub(function):
    """True if the source of ``function`` still holds the stub of the student version."""
    import inspect

    try:
        source = inspect.getsource(function)
    except (OSError, TypeError):
        return False
    lines = [line.strip() for line in source.splitlines()]
    first, second = STUB_LINES
    return any(a == first and b == second for a, b in zip(lines, lines[1:]))


def run_public(spec, t, *answers):
    """The visible check of a homework exercise: run the probes of ``spec`` on ``answers``.

    ``t`` is a :class:`~lecturekit.exercises.Checks`; failures are added to it
    as the self-study check adds them, except that no expected value is ever
    shown (the expected *form* is) and only the mistakes the spec names are
    recognised.
    """
    from . import Mistake, _error_advice, _Failure, _message, _NOT_WRITTEN, _span

    names = spec["answers"]
    if len(answers) != len(names):
        t.n_checks += 1
        t.failures.append(_Failure(f"checking {len(answers)} answer(s)", "", None, None,
                                   f"this exercise takes {len(names)}: {', '.join(names)}"))
        return
    for k, name in enumerate(names):
        if spec["callable"][k] and not callable(answers[k]):
            t.n_checks += 1
            t.failures.append(_Failure(f"`{name}`", f"is {_span(describe(answers[k]))}", None, None,
                                       f"`{name}` must be a function; it is a {type(answers[k]).__name__}"))
            return
    for k, name in enumerate(names):
        if not spec["callable"][k]:
            try:
                _plain(answers[k])
            except TypeError as exc:
                t.n_checks += 1
                t.failures.append(_Failure(f"`{name}`", f"is {_span(describe(answers[k]))}", None, None,
                                           f"it is {exc.args[0]}; answer with plain numbers, text, lists or "
                                           "numpy arrays"))
                return
    for i, probe in enumerate(spec["probes"]):
        t.n_checks += 1
        call = probe["call"]
        try:
            value = _probe_value(probe, answers)
        except NotImplementedError:
            t.failures.append(_Failure(call, "raised NotImplementedError", None, None, _NOT_WRITTEN))
            continue
        except Exception as exc:  # noqa: BLE001 - the learner's code may raise anything
            ename, message = type(exc).__name__, _message(exc)
            t.failures.append(_Failure(call, f"raised {ename}: {message}", None, None, _error_advice(exc),
                                       error=(ename, message)))
            continue
        if probe["how"] in ("run", "stub"):
            continue
        try:
            plain = _plain(value)
        except TypeError as exc:
            t.failures.append(_Failure(call, f"returned {_span(describe(value))}", None, None,
                                       f"it returned {exc.args[0]}; return plain numbers, lists or numpy arrays"))
            continue
        if probe["how"] == "shape":
            wrong = None if plain == probe["shape"] else f"shape {tuple(probe['shape'])}"
        else:
            form = probe.get("form")
            wrong = describe_form(form) if form is not None and not fits(plain, form) else None
        seen = None
        salt = f"{spec['grade_id']}/{i}"
        for m in probe["mistakes"]:
            if m["fingerprint"] in fingerprints(f"{salt}/{m['id']}", plain, probe["atol"]):
                seen = Mistake(m["id"], None, m["message"])
                break
        if wrong is not None or seen is not None:
            shown = str(tuple(plain)) if probe["how"] == "shape" else describe(value)
            verb = "returned" if probe["how"] in ("call", "arg-after") else "is"
            t.failures.append(_Failure(call, f"{verb} {_span(shown)}", wrong, seen))


def _copy_answers(answers):
    """Value answers are copied so that a probe cannot change the learner's variables."""
    return tuple(a if callable(a) else copy.deepcopy(a) for a in answers)


def register(module_name: str) -> None:
    """Register the exercises of the public spec next to the module ``module_name``
    (``lecturekit/exercises/ch04.json`` for ``lecturekit.exercises.ch04``)."""
    import sys

    from . import _REGISTRY, Exercise

    path = Path(sys.modules[module_name].__file__).with_suffix(".json")
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("format") != SPEC_FORMAT:
        raise ValueError(f"{path.name}: public spec format {data.get('format')!r}; this lecturekit reads "
                         f"format {SPEC_FORMAT}. Install the lecturekit build that came with the homework.")
    for spec in data["exercises"]:
        def run(t, *answers, _spec=spec):
            run_public(_spec, t, *_copy_answers(answers))

        run.__module__ = module_name
        _REGISTRY[spec["grade_id"]] = Exercise(spec["grade_id"], int(spec["number"]), spec["title"],
                                               float(spec["points"]), spec["kind"], spec["hint"], run,
                                               expects=tuple(spec["answers"]), homework=True)
