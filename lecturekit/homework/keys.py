"""Homework mode, the instructor's side: from each exercise's check, the public spec and the keys.

A chapter's checks (``lecturekit/exercises/chNN.py``) hold the keys of a
graded homework: the expected value of every probe and the code that computes
it.  A homework's student build must not.  This module derives, for every
exercise, what its visible check may say without them
(:mod:`lecturekit.exercises.public`), mechanically, so that it works for any
exercise written with the ``@exercise`` / ``t.check(...)`` API:

1. :func:`start_recording` runs inside the kernel that executes an instructor
   notebook.  Every ``check_exercise(grade_id, *answers)`` of a test cell is
   first run with a recording collector (:class:`Recorder`), on the
   reference answers, with each function answer wrapped so that its calls are
   seen.  For each probe it records the call text, the expected value (a key;
   it stays with the instructor), the catalogued mistakes, and *how* the probe
   reads the answer: the answer itself, one call of the learner's function
   (with the arguments the check passed), an argument after that call, the
   answer's shape, or something only the check's code can compute
   ("opaque": the probe stays graded-only).  The check is then run again on
   reshaped versions of the reference answer (an extra axis, flattened,
   transposed, unwrapped): if one still passes, the probe's form is not a
   requirement and the public check will not test it.
2. :func:`derive` turns the records into public specs.  It keeps, per probe,
   only the form of the expected value (no value; no length for a predict or
   explain answer), the arguments, and the mistakes that are safe to name
   (:func:`mistake_decision`), each as a fingerprint of its value.  Then it
   searches everything it is about to publish (call texts, messages, hints,
   titles, arguments) for every key (:func:`find_keys`), and leaves out what
   contains one.  What was left out, and why, is in the audit.

The records and the audit are the instructor's: they contain the keys.
"""

from __future__ import annotations

import builtins
import contextlib
import copy
import functools
import inspect
import io
import json
import math
import numbers
import re
import warnings
from dataclasses import dataclass, field

import numpy as np

from ..exercises import Checks, registered
from ..exercises.public import SPEC_FORMAT, decode, encode, fingerprint, public_form
from ..feedback import _plain, matches

__all__ = ["start_recording", "record_exercise", "Recorder", "derive", "Derived", "mistake_decision",
           "key_values", "homework_keys", "renderings", "KeySet", "find_keys", "choice_like"]


# --------------------------------------------------------------------------
# recording (runs in the kernel of an instructor notebook)
# --------------------------------------------------------------------------

class _Call:
    """One call of a learner's function made by a check."""

    def __init__(self, answer, args, kwargs):
        self.answer = answer
        self.objects = args          # the live argument objects (for "an argument after the call")
        try:
            self.args = encode(list(args))
            self.kwargs = encode(dict(kwargs))
        except TypeError:
            self.args = self.kwargs = None   # not plain data: this call cannot be replayed
        self.result = None
        self.raised = None
        self.returned = False


class _Trace:
    """The answers of one check, function answers wrapped so that their calls are recorded."""

    def __init__(self, answers, reshape=None):
        self.answers = answers
        self.calls = []
        self.wrapped = tuple(self._wrap(a, k, reshape) if callable(a) else a for k, a in enumerate(answers))

    def _wrap(self, fn, k, reshape):
        @functools.wraps(fn)
        def proxy(*args, **kwargs):
            call = _Call(k, args, kwargs)
            self.calls.append(call)
            try:
                result = fn(*args, **kwargs)
            except BaseException as exc:
                call.raised = type(exc).__name__
                raise
            if reshape is not None:
                result = reshape(result)
            call.result, call.returned = result, True
            return result

        return proxy


def _exact(a, b):
    return matches(a, b, atol=0.0)


def _shape(value):
    try:
        return list(np.shape(value))
    except Exception:  # noqa: BLE001 - a ragged list
        return None


class Recorder(Checks):
    """A :class:`~lecturekit.exercises.Checks` that also records every probe.

    It returns what the real collector returns (checks branch on it), so the
    check runs exactly as it does for a learner.
    """

    def __init__(self, trace):
        super().__init__()
        self.trace = trace
        self.probes = []

    def check(self, got, expected, *, call, misconceptions=(), atol=1e-9, reveal=True):
        start = len(self.trace.calls)
        was_callable = callable(got)
        error = None
        if was_callable:
            try:
                value = got()
            except BaseException as exc:  # noqa: BLE001 - the reference solution failed its own probe
                error = f"{type(exc).__name__}: {exc}"[:300]
                value = None
        else:
            value = got
        calls = self.trace.calls[start:]
        recipe = {"how": "opaque"} if error else self._recipe(was_callable, value, calls)
        try:
            expected_data = encode(expected)
        except TypeError:
            expected_data = encode(_plain(expected)) if _is_plain(expected) else None
        self.probes.append({
            "kind": "check", "call": call, "reveal": bool(reveal), "atol": float(atol),
            "expected": expected_data, "passed": error is None and matches(value, expected, atol=atol),
            "error": error, "recipe": recipe, "first_call": start,
            "mistakes": [_mistake_record(m) for m in misconceptions],
            "form": _form_or_none(expected, reveal),
        })
        if error is not None:
            def again():
                raise RuntimeError(error)

            return super().check(again, expected, call=call, misconceptions=misconceptions, atol=atol,
                                 reveal=reveal)
        return super().check(value, expected, call=call, misconceptions=misconceptions, atol=atol, reveal=reveal)

    def check_true(self, condition, *, what, mistake=None):
        self.probes.append({"kind": "check_true", "what": what,
                            "passed": type(condition) in (bool, np.bool_) and bool(condition),
                            "mistakes": [_mistake_record(mistake)] if mistake is not None else []})
        return super().check_true(condition, what=what, mistake=mistake)

    def _recipe(self, was_callable, value, calls):
        answers = self.trace.answers
        values = [k for k, a in enumerate(answers) if not callable(a)]
        if not calls:
            ks = [k for k in values if value is answers[k]] or [k for k in values if _exact(value, answers[k])]
            if len(ks) == 1:
                return {"how": "answer", "answer": ks[0]}
            ks = [k for k in values if _shape(answers[k]) is not None and _plain_or_none(value) == _shape(answers[k])
                  and not isinstance(answers[k], (str, numbers.Number))]
            if len(ks) == 1:
                return {"how": "shape", "answer": ks[0]}
            if not was_callable:   # an argument of an earlier call, as that call left it
                hits = [(c, j) for c in self.trace.calls for j, o in enumerate(c.objects) if o is value]
                if len(hits) == 1 and hits[0][0].args is not None and hits[0][0].returned:
                    c, j = hits[0]
                    return {"how": "arg-after", "answer": c.answer, "args": c.args, "kwargs": c.kwargs, "arg": j}
            return {"how": "opaque"}
        first = calls[0]
        if first.args is None or not first.returned:
            return {"how": "opaque"}
        base = {"answer": first.answer, "args": first.args, "kwargs": first.kwargs}
        if len(calls) == 1:
            if value is first.result or _exact(value, first.result):
                return {**base, "how": "call"}
            if isinstance(first.result, (tuple, list)):
                idx = [i for i, r in enumerate(first.result) if r is value or _exact(value, r)]
                if len(idx) == 1:
                    return {**base, "how": "call", "path": idx}
            idx = [j for j, o in enumerate(first.objects) if o is value]
            if len(idx) == 1:
                return {**base, "how": "arg-after", "arg": idx[0]}
        return {**base, "how": "run"}


def _is_plain(value):
    try:
        _plain(value)
    except TypeError:
        return False
    return True


def _plain_or_none(value):
    try:
        return _plain(value)
    except TypeError:
        return None


def _form_or_none(expected, reveal):
    try:
        return public_form(expected, sized=bool(reveal))
    except TypeError:
        return None


def _mistake_record(m):
    try:
        value = encode(m.value)
    except TypeError:
        value = encode(_plain(m.value)) if _is_plain(m.value) else None
    return {"id": m.id, "value": value, "message": m.message, "homework": getattr(m, "homework", None)}


# Reshapes of an answer that a check might accept as well as the original: if one of them passes the
# whole check, the public check must not insist on the original's form.
def _add_axis(x):
    if isinstance(x, np.ndarray):
        return x[np.newaxis]
    return [x]


def _unwrap(x):
    if isinstance(x, (list, tuple, np.ndarray)) and len(x) == 1:
        return x[0]
    return None


def _flatten(x):
    a = np.asarray(x) if isinstance(x, (list, tuple, np.ndarray)) else None
    if a is None or a.dtype.kind not in "biuf" or a.ndim < 2:
        return None
    return a.ravel() if isinstance(x, np.ndarray) else a.ravel().tolist()


def _transpose(x):
    a = np.asarray(x) if isinstance(x, (list, tuple, np.ndarray)) else None
    if a is None or a.dtype.kind not in "biuf" or a.ndim != 2 or a.shape[0] == a.shape[1]:
        return None
    return a.T.copy() if isinstance(x, np.ndarray) else a.T.tolist()


RESHAPES = {"add an axis": _add_axis, "unwrap": _unwrap, "flatten": _flatten, "transpose": _transpose}


def _passes(ex, answers):
    checks = Checks()
    with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()), \
            contextlib.redirect_stderr(io.StringIO()):
        warnings.simplefilter("ignore")
        try:
            ex.run(checks, *answers)
        except Exception:  # noqa: BLE001 - a reshaped answer may break the check anywhere
            return False
    return not checks.failures


def _reshape_tolerant(ex, answers):
    """{answer index: name of a reshape} for the answers that still pass the check reshaped."""
    tolerant = {}
    for k, answer in enumerate(answers):
        for name, reshape in RESHAPES.items():
            trial = list(answers)
            changed = []
            if callable(answer):
                def reshaped(*args, _fn=answer, _reshape=reshape, **kwargs):
                    result = _fn(*args, **kwargs)
                    out = _reshape(result)
                    if out is None:
                        return result
                    changed.append(True)
                    return out

                trial[k] = reshaped
            else:
                if isinstance(answer, str):
                    continue
                shaped = reshape(copy.deepcopy(answer))
                if shaped is None:
                    continue
                trial[k] = shaped
                changed.append(True)
            if _passes(ex, tuple(trial)) and changed:
                tolerant[k] = name
                break
    return tolerant


def record_exercise(grade_id, *answers):
    """Run the check of ``grade_id`` on reference ``answers`` with a :class:`Recorder`; the record (JSON data).

    The record holds the keys (expected values, mistakes' values): it is for
    the instructor's side only.
    """
    import time

    started = time.perf_counter()
    ex = registered(grade_id)
    names = list(getattr(ex, "expects", ()) or list(inspect.signature(ex.run).parameters)[1:])
    trace = _Trace(answers)
    recorder = Recorder(trace)
    error = None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            ex.run(recorder, *trace.wrapped)
        except Exception as exc:  # noqa: BLE001
            error = f"the check stopped: {type(exc).__name__}: {exc}"[:400]
    stub_calls = {}
    for c in trace.calls:
        if c.returned and c.args is not None and c.answer not in stub_calls:
            stub_calls[c.answer] = {"args": c.args, "kwargs": c.kwargs}
    values = []
    for a in answers:
        try:
            values.append(None if callable(a) else encode(a))
        except TypeError:
            values.append(None)
    return {
        "grade_id": ex.grade_id, "number": ex.number, "title": ex.title, "points": ex.points, "kind": ex.kind,
        "hint": ex.hint, "answers": names[:len(answers)] if len(names) >= len(answers) else
        [f"answer {k + 1}" for k in range(len(answers))],
        "callable": [callable(a) for a in answers], "values": values, "probes": recorder.probes,
        "n_checks": recorder.n_checks, "failures": [f.call for f in recorder.failures], "error": error,
        "stub_calls": {str(k): v for k, v in stub_calls.items()},
        "tolerant": {str(k): v for k, v in _reshape_tolerant(ex, answers).items()},
        "seconds": round(time.perf_counter() - started, 3),
    }


def start_recording(path):
    """In an instructor notebook's kernel: record every ``check_exercise`` call into ``path`` (JSON lines).

    ``lecturekit.exercises.check_exercise`` is replaced by a function that
    first records the check on the answers it gets, then runs the real check
    (so the notebook runs as it always does).
    """
    import lecturekit.exercises as exercises

    original = getattr(exercises.check_exercise, "__wrapped__", exercises.check_exercise)

    @functools.wraps(original)
    def check_exercise(grade_id, *answers, **options):
        try:
            record = record_exercise(grade_id, *answers)
        except Exception as exc:  # noqa: BLE001 - reported by the publisher, not here
            record = {"grade_id": str(grade_id), "error": f"could not record: {type(exc).__name__}: {exc}"[:400]}
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps(record, allow_nan=False) + "\n")
        return original(grade_id, *answers, **options)

    exercises.check_exercise = check_exercise


# --------------------------------------------------------------------------
# keys and where they show
# --------------------------------------------------------------------------

def key_values(record):
    """[(probe index, expected value, reveal)] of an exercise record: its keys."""
    found = []
    for i, p in enumerate(record.get("probes", [])):
        if p["kind"] == "check" and p["expected"] is not None:
            found.append((i, decode(p["expected"]), p["reveal"]))
    return found


def choice_like(value) -> bool:
    """True for an answer that is a choice: text (a letter, a word), True/False or None.

    Naming one wrong choice as a misconception eliminates it, so a
    misconception of such a probe is never shown in homework.
    """
    try:
        p = _plain(value)
    except TypeError:
        return True

    def has_text(x):
        if isinstance(x, list):
            return any(has_text(v) for v in x)
        if isinstance(x, dict):
            return any(has_text(v) for v in x.values())
        return isinstance(x, str)

    return p is None or isinstance(p, bool) or has_text(p)


_EXCEPTION_NAMES = {name for name, obj in vars(builtins).items()
                    if isinstance(obj, type) and issubclass(obj, BaseException)}


def _significant(text):
    digits = re.sub(r"[^0-9]", "", text.split("e")[0]).lstrip("0")
    return len(digits.rstrip("0")) if "." in text else len(digits)


def _number_texts(x):
    """How a number may be printed: repr, :g, rounded to 1-6 decimals, as an int if whole."""
    x = float(x)
    texts = {repr(x), f"{x:g}", f"{x:.6g}", f"{x:.4g}", f"{x:.3g}"}
    for k in range(1, 7):
        texts.add(f"{x:.{k}f}")
        texts.add(f"{x:.{k}f}".rstrip("0").rstrip("."))
    if x.is_integer():
        texts.add(str(int(x)))
    return {t for t in texts if t not in ("", "-", "-0", "0")}


def _leaves(p):
    if isinstance(p, list):
        return sum((_leaves(v) for v in p), [])
    return [p]


def _sequence_texts(p):
    """A list of numbers (nested) printed as Python, JSON or numpy would print it."""
    formats = [repr, lambda v: f"{v:g}", lambda v: f"{v:.4g}", lambda v: str(int(v)) if float(v).is_integer() else repr(v),
               lambda v: f"{v:.1f}"]

    def render(x, fmt, open_, close):
        if isinstance(x, list):
            return open_ + ",".join(render(v, fmt, open_, close) for v in x) + close
        return fmt(float(x)) if not isinstance(x, bool) else repr(x)

    texts = set()
    for fmt in formats:
        for open_, close in (("[", "]"), ("(", ")")):
            try:
                texts.add(render(p, fmt, open_, close))
            except (TypeError, ValueError):
                pass
    try:
        arr = np.asarray(p, dtype=float)
        texts.add(np.array2string(arr, precision=4, separator=", ", suppress_small=True, threshold=20))
    except (TypeError, ValueError):
        pass
    return texts


def _common_constant(x):
    """A simple fraction, or the square root of one (1/√2 printed ``0.7071``, √5): what code and its
    docstrings print for cosines and lengths whatever the exercises ask."""
    x = float(x)
    return _simple_fraction(x) or (not x.is_integer() and (_simple_fraction(x * x) or float(x * x).is_integer()
                                                             and abs(x * x) <= 144))


def _simple_fraction(x):
    """True for a number such as 1/3, 2/3 or 1/8 (numerator and denominator at most 12, not whole):
    as common in print as a short decimal."""
    from fractions import Fraction

    x = float(x)
    if x.is_integer():
        return False
    f = Fraction(x).limit_denominator(12)
    return abs(f.numerator) <= 12 and abs(float(f) - x) <= 1e-12 * max(1.0, abs(x))


def _digits_of(values):
    return sum(_significant(repr(float(v))) for v in values)


def renderings(value, *, answer=True, whole_digits=3, code=False):
    """The texts that would show ``value`` (a key) if it leaked.

    Only texts specific enough to mean that value are returned: a number with
    at least three significant digits (``971``, ``-4.172``, ``0.8125``), at
    several roundings; a list (or tuple, nested or not) of numbers, not all
    equal, printed as Python, JSON or numpy would print it: any such list if
    ``answer`` (a predict or explain answer), else (the output of a function
    on a probe's input) one of four numbers or more, or with four significant
    digits or more, since short outputs such as ``[0, 1, 0]`` or ``[-1, 1]``
    are the inputs and labels of other probes all over the course; the parts
    of a tuple such as ``(w, n_updates)`` on their own; the text of an answer,
    three characters or more, not the name of a Python exception (a
    function's outcome in words, "at least 2", "not an ellipse", is what the
    exercise states, not a key).  Short
    numbers (``0.25``, ``6``), simple fractions (1/3 printed ``0.3333``),
    single letters and True/False occur
    everywhere: their leaks are found by what the public check does with
    them (it answers alike for every value of the right form), not by a text
    search.  ``whole_digits`` raises the digits a whole number needs (in
    program code, numbers such as 120 or 200 are sizes, seeds and angles);
    ``code`` leaves out the square roots of simple fractions too (a library's
    docstrings print cosines such as 0.7071).
    """
    try:
        p = _plain(value)
    except TypeError:
        return set()
    found = set()
    if isinstance(p, str):
        if answer and len(p.strip()) >= 3 and p.strip() not in _EXCEPTION_NAMES:
            found.add(p.strip())
        return found
    if isinstance(p, bool) or p is None:
        return found
    if isinstance(p, numbers.Real):
        whole = float(p).is_integer()
        need = whole_digits if whole else 3
        common = _common_constant(p) if code else _simple_fraction(p)
        if math.isfinite(p) and _significant(repr(float(p))) >= need and not common:
            # a fraction rounded to a whole number (97.25 as "97") is any whole number
            found |= {t for t in _number_texts(p) if _significant(t) >= need and (whole or "." in t or "e" in t)}
        return found
    if isinstance(p, dict):
        for v in p.values():
            found |= renderings(v, answer=answer, whole_digits=whole_digits, code=code)
        return found
    leaves = _leaves(p)
    if answer and len(leaves) >= 2 and all(isinstance(v, str) for v in leaves):
        # a row of option words (which rule decided each point: "claim", "claimers", "all"): the
        # words are what the exercise states, the key is their order
        words = [v.strip() for v in leaves]
        return {repr(words), repr(tuple(words)), json.dumps(words)}
    numeric = all(isinstance(v, numbers.Real) and not isinstance(v, bool) for v in leaves)
    if numeric and p and all(math.isfinite(v) for v in leaves) and len(set(leaves)) >= 2 and (
            answer or len(leaves) >= 4 or _digits_of(leaves) >= 4):
        found |= _sequence_texts(p)
    forms = [type(v) is list for v in p]
    if not numeric or (any(forms) and not all(forms)):
        for v in p:               # the parts of a tuple such as (w, n_updates)
            found |= renderings(v, answer=answer, whole_digits=whole_digits, code=code)
    return found


def normalise(text):
    """``text`` with the spaces around brackets, commas, colons and ``=`` removed and other runs of
    spaces made one: ``[-0.75,  0. , -1.25]`` and ``[-0.75, 0., -1.25]`` read alike."""
    text = re.sub(r"\s*([\[\](){},:;=])\s*", r"\1", text)
    return re.sub(r"\s+", " ", text)


_BEFORE = r"(?<![0-9A-Za-z_.])"
_AFTER = r"(?![0-9A-Za-z_]|\.[0-9])"


def _token(rendering):
    """A pattern for ``rendering`` as a whole token: ``971`` not inside ``9710``; a list needs no edge."""
    before = _BEFORE if re.match(r"[0-9A-Za-z_.+-]", rendering) else ""
    after = _AFTER if re.search(r"[0-9A-Za-z_.]$", rendering) else ""
    return before + re.escape(rendering) + after


class KeySet:
    """Keys to search texts for: ``{label: (value, is_answer)}`` (see :func:`renderings`)."""

    def __init__(self, keys, *, whole_digits=3, code=False):
        self.keys = dict(keys)
        owner = {}
        for label, (value, is_answer) in self.keys.items():
            for r in renderings(value, answer=is_answer, whole_digits=whole_digits, code=code):
                owner.setdefault(normalise(r), label)
        self.owner = owner
        alternatives = sorted(owner, key=len, reverse=True)
        self.pattern = re.compile("|".join(map(_token, alternatives))) if alternatives else None

    def find(self, text):
        """[(key label, rendering)] of the keys ``text`` shows (see :func:`normalise`; numbers as whole tokens)."""
        if self.pattern is None:
            return []
        flat = normalise(text)
        hits, seen = [], set()
        for m in self.pattern.finditer(flat):
            label = self.owner[m.group(0)]
            if label not in seen:
                seen.add(label)
                hits.append((label, m.group(0)))
        return hits


def find_keys(text, keys):
    """[(key label, rendering)] for each key of ``keys`` (a :class:`KeySet`, or ``{label: value}``
    of answers) that ``text`` shows."""
    if not isinstance(keys, KeySet):
        keys = KeySet({label: (value, True) for label, value in keys.items()})
    return keys.find(text)


# --------------------------------------------------------------------------
# deriving the public specs
# --------------------------------------------------------------------------

def mistake_decision(mistake, probe, answer_keys, keys=None):
    """(shown, reason): may the student build name this catalogued mistake?

    ``probe`` is the probe's record; ``answer_keys`` maps labels to the
    predict/explain answers of the whole homework, ``keys`` to all its keys
    (the message must show none of them).
    """
    expected = decode(probe["expected"]) if probe["expected"] is not None else None
    if mistake.get("homework") is False:
        return False, "marked homework=False"
    if mistake["value"] is None:
        return False, "its value is not plain data"
    if not probe["reveal"]:
        if choice_like(expected):
            return False, "the answer is a choice (text, True/False or None): naming a wrong one eliminates it"
        if mistake.get("homework") is not True:
            return False, ("a mistake in a predict or explain answer narrows the answer down; mark it "
                           "Mistake(..., homework=True) if its message does not give the answer away")
    value = decode(mistake["value"])
    if expected is not None and matches(value, expected, atol=probe["atol"]):
        # self-study never names it (the right answer passes first); a fingerprint would flag the right answer
        return False, "its value is this probe's expected value"
    for label, key in answer_keys.items():   # its fingerprint would tell that answer apart
        try:
            if matches(value, key, atol=probe["atol"]):
                return False, f"its value is the answer of {label}"
        except Exception:  # noqa: BLE001
            pass
    hits = find_keys(mistake["message"], answer_keys if keys is None else keys)
    if hits:
        return False, f"its message shows {hits[0][1]!r}, the key of {hits[0][0]}"
    return True, "shown"


@dataclass
class Derived:
    """The public specs of a homework, and the instructor's audit of what was left out."""

    specs: dict                       # chapter -> {"format", "chapter", "exercises": [...]}
    audit: dict                       # grade_id -> {"probes": [...], "problems": [...]}
    keys: dict                        # "grade_id probe i" -> (expected value, is an answer): the keys
    problems: list = field(default_factory=list)   # publishing must stop
    notes: list = field(default_factory=list)      # worth knowing


def _texts_of(obj):
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for v in obj.values():
            yield from _texts_of(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _texts_of(v)


def _contains_key(args_value, own_keys):
    """True if an argument (decoded) holds one of the exercise's own keys as a sequence or scalar."""
    def walk(x):
        yield x
        if isinstance(x, (list, tuple)):
            for v in x:
                yield from walk(v)
        elif isinstance(x, dict):
            for v in x.values():
                yield from walk(v)
        elif isinstance(x, np.ndarray) and x.ndim >= 1:
            yield x.tolist()
            for row in (x if x.ndim >= 2 else []):
                yield from walk(row)

    for part in walk(args_value):
        for key, reveal in own_keys:
            try:
                p = _plain(key)
            except TypeError:
                continue
            trivial = isinstance(p, (bool, str)) or p is None or (
                isinstance(p, list) and len(set(map(repr, _leaves(p)))) < 2)
            if isinstance(p, numbers.Real) and reveal:
                continue     # a scalar output may be any input number too; only answers count
            if trivial:
                continue
            try:
                if matches(part, key, atol=1e-9):
                    return True
            except Exception:  # noqa: BLE001
                pass
    return False


def homework_keys(records):
    """The keys of a homework: ``{"grade_id probe i": (expected value, is a predict/explain answer)}``
    (a probe that does not reveal its value and compares an answer the learner wrote, not what a call
    of the learner's function returned).

    Every probe's expected value is a key, except two kinds that say nothing
    the exercise does not: the shape an answer must have (a probe that
    compares ``np.shape(answer)``), and an argument that must come back
    unchanged (the caller's array after a call).
    """
    keys = {}
    for r in records:
        if "probes" not in r:
            continue
        gid = r["grade_id"]
        for i, value, reveal in key_values(r):
            recipe = r["probes"][i]["recipe"]
            if recipe["how"] == "shape" and reveal:
                continue
            if recipe["how"] == "arg-after":
                before = decode(recipe["args"])[recipe["arg"]]
                if matches(value, before, atol=0.0):
                    continue
            # a hidden value the learner answers with is a predict/explain answer, searched however
            # short; what a hidden probe's call of the learner's function returns is not (the graded
            # answer of a function exercise is its code): it is searched as any function output
            answer = not reveal and recipe["how"] not in ("call", "run", "arg-after")
            keys[f"{gid} probe {i + 1}"] = (value, answer)
    return keys


def derive(records):
    """Public specs (no keys) and the audit from the exercise records of :func:`record_exercise`.

    ``records`` is a list of records (several per exercise when a test cell
    ran more than once: the last counts).
    """
    by_id = {}
    for r in records:
        by_id[r["grade_id"]] = r
    problems, notes = [], []
    key_table = homework_keys(by_id.values())
    keys = KeySet(key_table)
    specs, audit = {}, {}
    for gid, r in sorted(by_id.items(), key=lambda kv: (kv[0].split("-")[0], kv[1].get("number", 0))):
        mine = audit[gid] = {"probes": [], "problems": []}
        if r.get("error"):
            mine["problems"].append(r["error"])
            problems.append(f"{gid}: {r['error']}")
            if "probes" not in r:
                continue
        if r["failures"]:
            msg = "the reference solution fails its own check at: " + "; ".join(r["failures"])
            mine["problems"].append(msg)
            problems.append(f"{gid}: {msg}")
        if len(r["probes"]) != r["n_checks"]:
            msg = f"{len(r['probes'])} probes recorded of {r['n_checks']} checks"
            mine["problems"].append(msg)
            problems.append(f"{gid}: {msg}")
        own = {label: key for label, key in key_table.items() if label.split(" ", 1)[0] == gid}
        own_keys = [(v, not is_answer) for v, is_answer in own.values()]
        answer_keys = {label: v for label, (v, is_answer) in own.items() if is_answer}
        public_texts = {"title": r["title"], "hint": r["hint"]}
        for where, text in public_texts.items():
            hits = find_keys(text, keys)
            if hits:
                msg = f"its {where} shows {hits[0][1]!r}, the key of {hits[0][0]}: change the text"
                mine["problems"].append(msg)
                problems.append(f"{gid}: {msg}")
        tolerant = {int(k) for k in r.get("tolerant", {})}
        out_probes, used = [], set()
        graded_only = 0
        for i, p in enumerate(r["probes"]):
            entry = {"probe": i + 1, "call": p.get("call", p.get("what")), "kind": p["kind"]}
            mine["probes"].append(entry)
            recipe = p.get("recipe", {"how": "opaque"})
            how = recipe["how"]
            reason = None
            if p["kind"] == "check_true":
                reason = "a property the check's code decides (check_true)"
            elif how == "opaque":
                reason = "the check's own code computes what is compared"
            elif p["error"]:
                reason = "the reference solution raised here"
            if reason is None:
                hits = find_keys(p["call"], keys)
                if hits:
                    reason = f"its call text shows {hits[0][1]!r}, the key of {hits[0][0]}"
            if reason is None and "args" in recipe:
                args = decode(recipe["args"]), decode(recipe["kwargs"])
                label = f"{gid} probe {i + 1}"
                mine_and_answers = [(v, not is_answer) for name, (v, is_answer) in own.items()
                                    if name == label or is_answer]
                text_hits = find_keys(json.dumps([recipe["args"], recipe["kwargs"]]), keys)
                if text_hits:
                    reason = f"its arguments show {text_hits[0][1]!r}, the key of {text_hits[0][0]}"
                elif _contains_key(args, mine_and_answers):
                    reason = "its input is its own expected output (or a predict answer of this exercise)"
            if reason is not None:
                graded_only += 1
                entry.update(public=False, reason=reason)
                continue
            probe = {"call": p["call"], "answer": recipe["answer"], "how": how, "atol": p["atol"]}
            for key in ("args", "kwargs", "path", "arg"):
                if key in recipe:
                    probe[key] = recipe[key]
            form = None
            if how == "shape":
                if not p["reveal"]:
                    graded_only += 1
                    mine["probes"][-1].update(public=False, reason="the shape of a predict answer can be the answer")
                    continue
                probe["shape"] = form = [int(n) for n in decode(p["expected"])]
            elif how != "run":
                form = p["form"] if recipe["answer"] not in tolerant else None
                probe["form"] = form
            entry.update(public=True, how=how,
                         form=("not checked: the check accepts the answer reshaped ("
                               f"{r['tolerant'][str(recipe['answer'])]})" if how not in ("run", "shape")
                               and recipe["answer"] in tolerant else form))
            shown = []
            entry["mistakes"] = []
            if how != "run":
                for m in p["mistakes"]:
                    ok, why = mistake_decision(m, p, answer_keys, keys)
                    entry["mistakes"].append({"id": m["id"], "message": m["message"], "shown": ok, "reason": why})
                    if ok:
                        salt = f"{gid}/{len(out_probes)}/{m['id']}"
                        shown.append({"id": m["id"], "message": m["message"],
                                      "fingerprint": fingerprint(salt, decode(m["value"]), p["atol"])})
            probe["mistakes"] = shown
            out_probes.append(probe)
            used.add(recipe["answer"])
        for k, is_fn in enumerate(r["callable"]):
            if not is_fn or k in used:
                continue
            name = r["answers"][k]
            stub = r.get("stub_calls", {}).get(str(k))
            if stub is not None and not find_keys(json.dumps(stub), keys) \
                    and not _contains_key((decode(stub["args"]), decode(stub["kwargs"])), own_keys):
                out_probes.append({"call": f"`{name}(...)`", "answer": k, "how": "run", "args": stub["args"],
                                   "kwargs": stub["kwargs"], "atol": 1e-9, "mistakes": [], "for_stub": True})
            else:
                # no call to replay: a stub is told by its code (it raises NotImplementedError)
                notes.append(f"{gid}: `{name}` is never called with plain arguments that hold no key, so the "
                             "student build tells a stub only by its code")
                out_probes.append({"call": f"`{name}`", "answer": k, "how": "stub", "atol": 1e-9, "mistakes": [],
                                   "for_stub": True})
        if not out_probes:
            notes.append(f"{gid}: the student build checks only that the answer is plain data; every probe is "
                         "graded-only")
        spec = {"grade_id": gid, "number": r["number"], "title": r["title"], "points": r["points"],
                "kind": r["kind"], "hint": r["hint"], "answers": r["answers"], "callable": r["callable"],
                "probes": out_probes, "graded_only": graded_only}
        chapter = gid.split("-", 1)[0]
        specs.setdefault(chapter, {"format": SPEC_FORMAT, "chapter": chapter, "exercises": []})
        specs[chapter]["exercises"].append(spec)
        # everything published must be free of keys (a last search over the spec as written)
        for text in _texts_of(spec):
            hits = find_keys(text, keys)
            if hits:
                msg = f"the public spec still shows {hits[0][1]!r}, the key of {hits[0][0]}"
                mine["problems"].append(msg)
                problems.append(f"{gid}: {msg}")
                break
    return Derived(specs, audit, key_table, problems, notes)
