"""The checks behind the chapters' exercises, kept out of the notebooks.

A chapter's test cell is one line, in nbgrader's form (a locked, graded cell;
hidden tests may follow it for the instructor)::

    from lecturekit.exercises import check_exercise
    check_exercise("ch04-epoch", perceptron_epoch)

The expected values, the calls that probe the learner's answer and the
catalogued misconceptions live here, one module per chapter
(``lecturekit/exercises/ch04.py``), the way Kaggle Learn's ``learntools``
keeps its checks beside the lessons.  So the answer of a *predict* or
*explain* exercise is nowhere in the notebook a learner reads before
answering (it is in this package's source, which is not hidden: the course
claims no more than that).  For graded homework, the student build of
``python -m lecturekit.homework publish`` replaces each chapter module by what
its checks can say without the answers (:mod:`lecturekit.exercises.public`).

A check is a function registered with :func:`exercise`.  It receives a
:class:`Checks` collector and the learner's answers, in the order the test
cell passes them, and runs every probe; :func:`check_exercise` then

* shows one short line when every probe passed
  (``✓ Exercise 2 — one epoch: 3/3 points``), as text and HTML;
* otherwise shows *every* failed probe (what was called, what came back, what
  was expected unless that would give the answer away, the named
  misconception) with the exercise's hint collapsed under it, and raises
  :class:`~lecturekit.feedback.ExerciseFailure`, whose
  ``_render_traceback_`` keeps IPython from printing a Python traceback.
  nbgrader and lecturekit's grader see an error, as they must.

Example of a chapter module (an exercise that is not in the course)::

    import numpy as np
    from lecturekit.exercises import Mistake, exercise

    @exercise("ch00-clip", number=1, title="clip to an interval", points=2, kind="reproduce",
              hint="Compare each entry with both ends of the interval.")
    def _clip(t, clip):
        t.check(lambda: clip(np.array([-3.0, 0.25, 7.0]), -1.0, 2.0), [-1.0, 0.25, 2.0],
                call="`clip([-3, 0.25, 7], lo=-1, hi=2)`",
                misconceptions=[Mistake("ends-swapped", [2.0, 2.0, -1.0], "`lo` and `hi` swapped")])

A probe's ``got`` may be a value or a function of no arguments that computes
it (``lambda: f(...)``): then an exception raised by the learner's code is
reported as that probe's failure and the other probes still run.
Only plain data (numbers, strings, booleans, numpy arrays, lists, tuples,
dicts) is compared (:func:`lecturekit.feedback.matches`): the grader runs
these checks in a clean process that receives nothing else.
"""

from __future__ import annotations

import html
import importlib
import re
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from ..feedback import ExerciseFailure, _plain, describe, matches

__all__ = ["KINDS", "Mistake", "ExerciseFailed", "KNOWN_MISTAKE", "Exercise", "Checks", "exercise", "check_exercise",
           "registered", "chapter_exercises", "show_solution"]

#: What an exercise asks of the learner.  ``reproduce`` is writing code or a
#: formula the course has shown; the others need understanding.  At most a
#: quarter of a chapter's points may come from ``reproduce`` (a test checks it).
KINDS = ("reproduce", "construct", "predict", "debug", "extend", "derive", "explain")

_REGISTRY: dict[str, "Exercise"] = {}


@dataclass(frozen=True)
class Mistake:
    """A catalogued misconception: what a learner who has it gets on a probe.

    ``id`` is stable (class reports count misconceptions by it); ``value`` is
    what that mistake returns on the probe's inputs; ``message`` names it.

    ``homework`` says whether the student build of a homework (see
    :mod:`lecturekit.exercises.public`) may name this mistake, where the
    answer itself is not checked.  ``None`` (the default) decides by rule:
    yes on a probe whose expected value self-study shows (``reveal=True``),
    no on a predict or explain answer (``reveal=False``), whose
    misconceptions narrow down the answer.  ``True`` vouches that the
    message does not identify a predict answer; it never applies to a
    multiple-choice (text), yes/no or ``None`` answer, where naming a wrong
    option eliminates it.  ``False`` keeps the mistake out of homework.
    """

    id: str
    value: object
    message: str
    homework: bool | None = None


@dataclass(frozen=True)
class Exercise:
    """One graded exercise: where it is, what it is worth, and its check."""

    grade_id: str
    number: int
    title: str
    points: float
    kind: str
    hint: str
    run: Callable = field(repr=False)
    #: The names the exercise's answer cell must define, in the order its
    #: check cell passes them (``("perceptron_update",)``).
    expects: tuple = ()
    #: True in the student build of a homework: the check says what it can
    #: without the answers, and the grade comes from the instructor's checks.
    homework: bool = False

    @property
    def chapter(self) -> str:
        """``"ch04"`` for ``"ch04-epoch"``."""
        return self.grade_id.split("-", 1)[0]

    @property
    def heading(self) -> str:
        """``"Exercise 2 — one epoch"``."""
        return f"Exercise {self.number} — {self.title}"

    @property
    def expects_text(self) -> str:
        """``"`a_dot_b`, `angle_ab` and `proj_a_on_b`"`` (code spans)."""
        return _and([f"`{name}`" for name in self.expects])


def _and(items) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _parameters(run) -> tuple:
    """The names of a check's answers: its parameters after the collector."""
    import inspect

    try:
        params = list(inspect.signature(run).parameters.values())
    except (TypeError, ValueError):
        return ()
    return tuple(p.name for p in params[1:]
                 if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD))


def exercise(grade_id: str, *, number: int, title: str, points: float, kind: str, hint: str,
             expects=None):
    """Register the decorated function as the check of ``grade_id``.

    ``hint`` guides the method (it never contains the answer's code or value);
    it is shown, collapsed, under a failed check.  ``expects`` names what the
    answer cell defines, in the order the check cell passes them; by default
    the check function's own parameter names after the collector
    (``def _update(t, perceptron_update)`` expects ``perceptron_update``).
    Messages use them ("run the cell of Exercise 3 first — it defines
    `angle_ab`").
    """
    if not re.fullmatch(r"ch\d\d-[a-z0-9-]+", grade_id):
        raise ValueError(f"grade_id must look like 'ch04-epoch'; got {grade_id!r}")
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}; got {kind!r}")

    def register(run):
        if grade_id in _REGISTRY and _REGISTRY[grade_id].run.__module__ != run.__module__:
            raise ValueError(f"grade_id {grade_id!r} is registered twice")
        names = tuple(expects) if expects is not None else _parameters(run)
        _REGISTRY[grade_id] = Exercise(grade_id, int(number), title, float(points), kind, hint, run, names)
        return run

    return register


def _load_chapter(chapter: str) -> None:
    try:
        importlib.import_module(f"{__name__}.{chapter}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{chapter}":
            raise


def registered(grade_id: str) -> Exercise:
    """The :class:`Exercise` registered as ``grade_id`` (its chapter module is imported)."""
    if not isinstance(grade_id, str):
        raise TypeError(f"grade_id must be a string such as 'ch04-epoch'; got {type(grade_id).__name__}")
    _load_chapter(grade_id.split("-", 1)[0])
    try:
        return _REGISTRY[grade_id]
    except KeyError:
        raise KeyError(f"no exercise is registered as {grade_id!r}; lecturekit/exercises/"
                       f"{grade_id.split('-', 1)[0]}.py registers a chapter's exercises") from None


def chapter_exercises(chapter: str) -> list[Exercise]:
    """The exercises of ``chapter`` (``"ch04"``), in their order in the chapter."""
    _load_chapter(chapter)
    return sorted((e for e in _REGISTRY.values() if e.chapter == chapter), key=lambda e: e.number)


# --------------------------------------------------------------------------
# running a check
# --------------------------------------------------------------------------

_NOTHING = object()


@dataclass
class _Failure:
    call: str
    got: str
    expected: str | None
    mistake: Mistake | None
    note: str | None = None
    #: (exception name, message) when the learner's own code raised
    error: tuple | None = None


class _Watch:
    """What the learner's functions do while their exercise is checked.

    :func:`check_exercise` hands the check a thin wrapper of each function
    the learner gave, which counts the calls, keeps the value the last call
    returned and the exceptions it raised.  So a failed probe can say whether
    the learner's code raised (show its message) or returned something the
    check could not use (say what it returned and what the check needs,
    never the check's own ``float()`` or ``int()`` error).
    """

    def __init__(self):
        self.calls = 0
        self.returned = _NOTHING
        self.raised = []

    def wrap(self, function):
        import functools

        watch = self

        @functools.wraps(function)
        def learner_function(*args, **kwargs):
            watch.calls += 1
            try:
                value = function(*args, **kwargs)
            except BaseException as exc:
                watch.raised.append(exc)
                raise
            watch.returned = value
            return value

        return learner_function

    def raised_by_learner(self, exc) -> bool:
        return any(exc is seen for seen in self.raised)


def _is_function(value) -> bool:
    return callable(value) and not isinstance(value, (type, np.ndarray))


class Checks:
    """Collects the probes of one exercise; every failure is kept, not just the first."""

    def __init__(self, watch: _Watch | None = None, answers: dict | None = None):
        self.failures: list[_Failure] = []
        self.n_checks = 0
        self._watch = _Watch() if watch is None else watch
        self._answers = dict(answers or {})
        self._seen_calls = self._watch.calls

    def check(self, got, expected, *, call: str, misconceptions=(), atol: float = 1e-9,
              reveal: bool = True) -> bool:
        """Compare ``got`` (a value, or a function of no arguments giving it) with ``expected``.

        ``reveal=False`` keeps the expected value out of the message (predict
        and explain exercises).  Returns whether the probe passed.
        """
        self.n_checks += 1
        since = self._seen_calls
        try:
            if callable(got):
                try:
                    got = got()
                except Exception as exc:  # noqa: BLE001 - the learner's code may raise anything
                    self.failures.append(self._stopped(exc, call, expected, reveal, since))
                    return False
            # "returned" is said of what a function of the learner's gave, "is" of a variable
            verb = "returned" if self._watch.calls > since else "is"
            if matches(got, expected, atol=atol):
                return True
            try:
                _plain(got)
            except TypeError as exc:
                self.failures.append(_Failure(call, f"{verb} {_span(describe(got))}",
                                              _span(describe(expected)) if reveal else None, None,
                                              f"it is {exc.args[0]}; the check needs "
                                              f"{_kind_of(expected, reveal)}"))
                return False
            mistake = next((m for m in misconceptions if matches(got, m.value, atol=atol)), None)
            note = None
            if got is None and verb == "returned":
                note = "a function that ends without `return` gives None"
            # which keys failed is said only where the expected value is shown anyway (a predict answer's
            # keys graded one by one could be bisected)
            shown_got, shown_expected = _differing_items(got, expected, atol) if reveal else (got, expected)
            if shown_got is not got:
                note = "its other keys are as expected"
            self.failures.append(_Failure(call, f"{verb} {_span(describe(shown_got))}",
                                          _span(describe(shown_expected)) if reveal else None, mistake, note))
            return False
        finally:
            self._seen_calls = self._watch.calls

    def _stopped(self, exc, call, expected, reveal, since) -> _Failure:
        """The failure of a probe that raised: the learner's error, or (when the
        check itself could not use the learner's value) what that value was."""
        if isinstance(exc, NotImplementedError):
            return _Failure(call, "raised NotImplementedError", None, None, _NOT_WRITTEN)
        if self._watch.raised_by_learner(exc):
            ename, message = type(exc).__name__, _message(exc)
            return _Failure(call, f"raised {ename}: {message}", None, None, _error_advice(exc),
                            error=(ename, message))
        need = f"the check needs {_kind_of(expected, reveal)}"
        if self._watch.calls > since and self._watch.returned is not _NOTHING:
            value = self._watch.returned
            note = need + (" (a function that ends without `return` gives None)" if value is None else "")
            return _Failure(call, f"returned {_span(describe(value))}", None, None, note)
        named = _named_in(call, self._answers)
        if named is not None:
            value = self._answers[named]
            if isinstance(exc, TypeError) and "not callable" in _message(exc) and not callable(value):
                need = f"the check calls it: it must be a function (`def {named}(...):`)"
            return _Failure(f"`{named}`", f"is {_span(describe(value))}", None, None, need)
        return _Failure(call, "could not be checked", None, None,
                        need + "; check the type and shape of your answer")

    def check_true(self, condition, *, what: str, mistake: Mistake | None = None) -> bool:
        """A property that must hold (construct exercises): ``what`` says which one failed."""
        self.n_checks += 1
        if type(condition) in (bool, np.bool_) and bool(condition):
            return True
        self.failures.append(_Failure(what, "", None, mistake))
        return False


def _differing_items(got, expected, atol):
    """A dict answer and its expected dict, cut down to the keys whose values differ (when some agree), so that
    a long message, shortened to fit, cannot hide the one key that failed; otherwise both as they are."""
    if not (isinstance(got, dict) and isinstance(expected, dict)) or set(got) != set(expected):
        return got, expected
    differ = [k for k in expected if not matches(got[k], expected[k], atol=atol)]
    if not differ or len(differ) == len(expected):
        return got, expected
    return {k: got[k] for k in differ}, {k: expected[k] for k in differ}


def _named_in(call: str, answers: dict):
    """The one answer name that ``call`` mentions (``"`np.shape(w_margin)`"`` -> ``"w_margin"``)."""
    found = [name for name in answers if re.search(rf"(?<![\w.]){re.escape(name)}(?!\w)", call)]
    return found[0] if len(found) == 1 else None


def _kind_of(expected, reveal: bool) -> str:
    """What the check compares with, in words: ``a number``, ``a list of 3 numbers``."""
    try:
        plain = _plain(expected)
    except TypeError:
        return "plain data (numbers, lists or numpy arrays)"
    if plain is None:
        return "None"
    if isinstance(plain, bool):
        return "True or False"
    if isinstance(plain, (int, float)):
        return "a number"
    if isinstance(plain, str):
        return "a string"
    if isinstance(plain, dict):
        return "a dict"
    try:
        array = np.asarray(plain, dtype=float)
    except (TypeError, ValueError):
        return "a list"
    if not reveal:
        return "a list of numbers" if array.ndim == 1 else "a table of numbers (a list of rows)"
    if array.ndim == 1:
        return f"a list of {array.shape[0]} numbers"
    return f"a table of numbers of shape {tuple(array.shape)}"


#: How a learner gets a module back that the chapter's first cell imports.
_IMPORTS = {"np": "import numpy as np", "plt": "import matplotlib.pyplot as plt",
            "lk": "import lecturekit as lk", "warnings": "import warnings"}
_RUN_ABOVE = "after a kernel restart, Run ▸ Run All Above Selected Cell runs every cell above"


def _error_advice(exc) -> str | None:
    """A line of advice for an error of the learner's code, when one fits."""
    if not isinstance(exc, NameError) or isinstance(exc, UnboundLocalError):
        return None
    name = _missing_name(exc)
    if name is None:
        return None
    if name in _IMPORTS:
        return (f"`{name}` is not defined where your code runs: run the chapter's first code cell "
                f"(it has `{_IMPORTS[name]}`) — {_RUN_ABOVE}")
    return (f"`{name}` is not defined where your code runs: run the cells above first ({_RUN_ABOVE}); "
            "if it is a name of your own, check its spelling")


def _missing_name(exc):
    name = getattr(exc, "name", None)
    if isinstance(name, str) and name:
        return name
    m = re.search(r"name '([A-Za-z_]\w*)' is not defined", _message(exc))
    return m.group(1) if m else None


def _span(value: str) -> str:
    """A value shown as a code span (rendered as code in HTML, plain in text)."""
    return value if ("`" in value or "\n" in value) else f"`{value}`"


def _message(exc) -> str:
    try:
        text = str(exc)
    except Exception:  # noqa: BLE001 - a __str__ that raises
        text = "(its message could not be read)"
    # one line: a message with line breaks could forge a line of the feedback
    # (a fake "This looks like a known mistake: …" that a class report would count)
    text = " ".join(text.split())
    return text if len(text) <= 300 else text[:299] + "…"


_NOT_WRITTEN = "this answer is not written yet"


def _stub_advice(ex: Exercise) -> str:
    defines = f" so that it defines {ex.expects_text}" if ex.expects else ""
    return (f"Replace `raise NotImplementedError()` in the cell of {ex.heading.split(' — ')[0]} with "
            f"your answer{defines}, run that cell, then run this check again.")


_CODE = re.compile(r"`([^`]+)`")


def _plain_text(text: str) -> str:
    """Markdown code spans as plain text (the backticks dropped)."""
    return _CODE.sub(r"\1", text)


def _html_text(text: str) -> str:
    """Markdown code spans as <code>, everything else escaped."""
    parts = _CODE.split(text)
    return "".join(f"<code>{html.escape(p)}</code>" if k % 2 else html.escape(p)
                   for k, p in enumerate(parts))


KNOWN_MISTAKE = "This looks like a known mistake: "


class Outcome:
    """What :func:`check_exercise` shows: one line on success, the failures otherwise."""

    def __init__(self, ex: Exercise, checks: Checks):
        self.exercise, self.checks = ex, checks
        self.passed = not checks.failures
        # Every probe stopped at the stub: one line says so, not one per probe.
        self.not_written = bool(checks.failures) and all(f.note == _NOT_WRITTEN for f in checks.failures)
        errors = {f.error for f in checks.failures}
        # Every probe stopped at the same error of the learner's code (a missing
        # `import numpy`): said once, not once per probe.
        self.same_error = len(checks.failures) > 1 and len(errors) == 1 and None not in errors

    def _failures(self) -> list:
        if self.not_written:
            return [_Failure(_stub_advice(self.exercise), "", None, None)]
        if self.same_error:
            first = self.checks.failures[0]
            return [_Failure(f"Every check stopped at the same error: {first.call}", first.got, None, None,
                             first.note, first.error)]
        unique = []  # the same message twice says nothing new
        for f in self.checks.failures:
            if f not in unique:
                unique.append(f)
        return unique

    @property
    def summary(self) -> str:
        ex = self.exercise
        if ex.homework:
            return self._homework_summary()
        got = ex.points if self.passed else 0
        mark = "✓" if self.passed else "✗"
        text = f"{mark} {ex.heading}: {got:g}/{ex.points:g} points"
        if self.not_written:
            text += f" ({_NOT_WRITTEN.replace('this answer', 'the answer')})"
        elif not self.passed:
            k, n = len(self.checks.failures), self.checks.n_checks
            text += f" ({k} of {n} checks failed)"
        return text

    def _homework_summary(self) -> str:
        ex = self.exercise
        graded = f"your instructor's tests grade it ({ex.points:g} point{'s' if ex.points != 1 else ''})"
        if self.passed:
            return f"✓ {ex.heading}: no problem found; {graded}"
        if self.not_written:
            return f"✗ {ex.heading}: {_NOT_WRITTEN.replace('this answer', 'the answer')}"
        k = len(self.checks.failures)
        return f"✗ {ex.heading}: {k} problem{'s' if k != 1 else ''} found; {graded}"

    def _failure_lines(self, f: _Failure) -> list[str]:
        first = f"{f.call} {f.got}".rstrip() if f.got else f.call
        lines = [first]
        if f.expected is not None:
            lines.append(f"expected {f.expected}")
        if f.note:
            lines.append(f"({f.note})")
        if f.mistake is not None:
            lines.append(KNOWN_MISTAKE + f.mistake.message)
        return lines

    def text(self) -> str:
        """Plain text: the summary, then each failure (for the grader and the terminal)."""
        out = [self.summary]
        for f in self._failures():
            lines = self._failure_lines(f)
            out.append("- " + _plain_text(lines[0]))
            out.extend("  " + _plain_text(line) for line in lines[1:])
        if not self.passed and self.exercise.hint:
            out.append("Hint: " + _plain_text(self.exercise.hint))
        return "\n".join(out)

    def __repr__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        colour, background = ("#1a5e20", "#e8f5e9") if self.passed else ("#8b1a1a", "#fdecea")
        body = [f'<div class="lk-exercise-{"pass" if self.passed else "fail"}" role="status" '
                f'style="border-left: 4px solid {colour}; background: {background}; color: #111; '
                f'padding: 0.4em 0.8em; font-size: 1em;">'
                f'<strong style="color: {colour}">{html.escape(self.summary)}</strong>']
        if self.checks.failures:
            body.append("<ul style='margin: 0.3em 0'>")
            for f in self._failures():
                lines = self._failure_lines(f)
                body.append("<li>" + "<br>".join(_html_text(line) for line in lines) + "</li>")
            body.append("</ul>")
            if self.exercise.hint:
                body.append("<details><summary>Hint</summary>"
                            f"<p>{_html_text(self.exercise.hint)}</p></details>")
        body.append("</div>")
        return "".join(body)


class ExerciseFailed(ExerciseFailure):
    """The error a failed exercise raises: its message is the whole feedback in
    plain text.  In a notebook, where the feedback is already displayed, the
    kernel shows nothing more (see :func:`_kernel_handler`); where that handler
    is not installed, the traceback is one line instead of Python's frames."""

    def __init__(self, outcome: Outcome, shown: bool):
        super().__init__(outcome.text())
        self.outcome, self.shown = outcome, shown

    def _render_traceback_(self):
        if self.shown:
            return [f"\x1b[31m{self.outcome.summary}\x1b[0m — what went wrong is shown above."]
        return self.outcome.text().splitlines()


def _kernel():
    """The IPython kernel's shell, or None outside a notebook."""
    import sys

    if "IPython" not in sys.modules:  # a kernel has imported it long before: no kernel here
        return None
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    shell = get_ipython()
    return shell if shell is not None and hasattr(shell, "kernel") else None


def _display(outcome) -> bool:
    """Show the outcome in a notebook (True), or do nothing outside IPython (False)."""
    if _kernel() is None:
        return False
    from IPython.display import display

    display(outcome)
    return True


def _stopped_whole(ex: Exercise, exc, watch: _Watch, answers: dict) -> _Failure:
    """The failure of a check that stopped outside a probe: an error of the
    learner's function, or an answer of a type or shape the check cannot use."""
    if isinstance(exc, NotImplementedError) and watch.raised_by_learner(exc):
        return _Failure("your answer raised NotImplementedError", "", None, None, _NOT_WRITTEN)
    if watch.raised_by_learner(exc):
        functions = [name for name, value in answers.items() if _is_function(value)]
        who = f"`{functions[0]}`" if len(functions) == 1 else "your code"
        return _Failure(who, f"raised {type(exc).__name__}: {_message(exc)}", None, None, _error_advice(exc),
                        error=(type(exc).__name__, _message(exc)))
    shown = [f"`{name}` is {_span(describe(value, limit=80))}" for name, value in answers.items()]
    return _Failure(f"{ex.heading} could not use your answer" + (": " + "; ".join(shown) if shown else ""),
                    "", None, None, "check that each answer has the type and shape the exercise asks for")


def check_exercise(grade_id: str, *answers):
    """Run the registered check of ``grade_id`` on the learner's ``answers``.

    Shows a one-line success, or every failed probe with the hint collapsed and
    raises :class:`~lecturekit.feedback.ExerciseFailure` (so graders score the
    cell 0).  Outside a notebook the success line is printed.
    """
    ex = registered(grade_id)
    watch = _Watch()
    names = list(ex.expects) + [f"answer {k + 1}" for k in range(len(ex.expects), len(answers))]
    given = dict(zip(names, answers))
    checks = Checks(watch, given)
    try:
        ex.run(checks, *[watch.wrap(a) if _is_function(a) else a for a in answers])
    except Exception as exc:  # noqa: BLE001 - an answer of the wrong shape or type
        checks.failures.append(_stopped_whole(ex, exc, watch, given))
    outcome = Outcome(ex, checks)
    shown = _display(outcome)
    if not outcome.passed:
        _FAILED_RUNS[grade_id] = _FAILED_RUNS.get(grade_id, 0) + 1
    if shown and (outcome.passed or _FAILED_RUNS[grade_id] >= SOLUTION_AFTER_FAILURES):
        _offer_solution(ex)
    if outcome.passed:
        if not shown:
            print(outcome.summary)
        return None
    raise ExerciseFailed(outcome, shown)


def show_solution(grade_id: str):
    """The reference solution of exercise ``grade_id`` (the first argument of its
    check), in the learner's workspace: see :func:`lecturekit.learner.show_solution`."""
    from ..learner import show_solution as show

    return show(grade_id)


#: A learner's workspace offers the reference solution under a check that passed, or after this many
#: failed runs of the check in one session: a single wrong guess (at a predict exercise, say) does not
#: put the answer one click away.
SOLUTION_AFTER_FAILURES = 3
_FAILED_RUNS: dict[str, int] = {}


def _offer_solution(ex: Exercise) -> None:
    """Under a check in the learner's workspace: the control that shows the
    reference solution (see :func:`lecturekit.learner.solution_control`)."""
    try:
        from ..learner import solution_control

        control = solution_control(ex.grade_id)
    except Exception:  # noqa: BLE001 - the offer must never break a check
        return
    if control is not None:
        from IPython.display import display

        display(control)


# --------------------------------------------------------------------------
# in a notebook: a check cell run before its answer cell, and no second red line
# --------------------------------------------------------------------------

class MissingAnswer:
    """What a check cell shows when a name it passes is not defined yet (the
    answer cell was not run, or the kernel was restarted since)."""

    def __init__(self, ex: Exercise | None, name: str):
        self.exercise, self.name = ex, name

    def lines(self) -> list[str]:
        ex, name = self.exercise, self.name
        if ex is None or name not in ex.expects:
            return [f"`{name}` is not defined yet: run the cells above this one first; {_RUN_ABOVE}."]
        which = ex.heading.split(" — ")[0]
        return [f"`{name}` is not defined yet: run the cell of {which} (above this check) first — "
                f"it defines {ex.expects_text}.",
                f"Then run this check again; {_RUN_ABOVE}."]

    @property
    def summary(self) -> str:
        return (f"{self.exercise.heading}: not checked yet" if self.exercise is not None
                else "Not checked yet")

    def __repr__(self) -> str:
        return "\n".join([self.summary] + [_plain_text(line) for line in self.lines()])

    def _repr_html_(self) -> str:
        return ('<div class="lk-exercise-missing" role="status" style="border-left: 4px solid #7a4b00; '
                'background: #fff4e5; color: #111; padding: 0.4em 0.8em; font-size: 1em;">'
                f'<strong style="color: #7a4b00">{html.escape(self.summary)}</strong>'
                + "".join(f"<p style='margin: 0.3em 0'>{_html_text(line)}</p>" for line in self.lines())
                + "</div>")


_CHECK_CALL = re.compile(r"""check_exercise\(\s*["'](ch\d\d-[a-z0-9-]+)["']""")


def missing_answer(exc, tb) -> MissingAnswer | None:
    """The message for a NameError raised by a check cell itself, else None."""
    import linecache

    if not isinstance(exc, NameError) or tb is None:
        return None
    while tb.tb_next is not None:
        tb = tb.tb_next
    if tb.tb_frame.f_code.co_name != "<module>":
        return None  # raised inside a function, not by the cell's own line
    source = "".join(linecache.getlines(tb.tb_frame.f_code.co_filename))
    found = _CHECK_CALL.search(source)
    name = _missing_name(exc)
    if found is None or name is None:
        return None
    try:
        ex = registered(found.group(1))
    except KeyError:
        ex = None
    return MissingAnswer(ex, name)


def _kernel_handler(shell, etype, value, tb, tb_offset=None):
    """IPython's handler for ExerciseFailed and NameError in the learner's kernel.

    A failed check has shown its box already: nothing more is printed (the
    cell still fails, so Run All stops there).  A check cell whose answer
    is not defined yet says which cell to run.  Anything else gets IPython's
    usual traceback.
    """
    try:
        if isinstance(value, ExerciseFailed) and value.shown:
            return []
        message = missing_answer(value, tb)
        if message is not None:
            from IPython.display import display

            display(message)
            return []
    except Exception:  # noqa: BLE001 - fall back to the usual traceback
        pass
    shell.showtraceback((etype, value, tb), tb_offset=tb_offset)
    return []


_HANDLED = (ExerciseFailed, NameError)


def _install_kernel_handler() -> None:
    """Install :func:`_kernel_handler` in the notebook's kernel, unless another
    library has a handler of its own there."""
    shell = _kernel()
    if shell is None:
        return
    current = getattr(shell, "custom_exceptions", ())
    if current and current != _HANDLED:
        return
    shell.set_custom_exc(_HANDLED, _kernel_handler)


_install_kernel_handler()
