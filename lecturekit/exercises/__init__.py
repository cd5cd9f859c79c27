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
dicts) is compared, as in :func:`lecturekit.feedback.check`: the grader runs
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
           "registered", "chapter_exercises"]

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


def exercise(grade_id: str, *, number: int, title: str, points: float, kind: str, hint: str):
    """Register the decorated function as the check of ``grade_id``.

    ``hint`` guides the method (it never contains the answer's code or value);
    it is shown, collapsed, under a failed check.
    """
    if not re.fullmatch(r"ch\d\d-[a-z0-9-]+", grade_id):
        raise ValueError(f"grade_id must look like 'ch04-epoch'; got {grade_id!r}")
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}; got {kind!r}")

    def register(run):
        if grade_id in _REGISTRY and _REGISTRY[grade_id].run.__module__ != run.__module__:
            raise ValueError(f"grade_id {grade_id!r} is registered twice")
        _REGISTRY[grade_id] = Exercise(grade_id, int(number), title, float(points), kind, hint, run)
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

@dataclass
class _Failure:
    call: str
    got: str
    expected: str | None
    mistake: Mistake | None
    note: str | None = None


class Checks:
    """Collects the probes of one exercise; every failure is kept, not just the first."""

    def __init__(self):
        self.failures: list[_Failure] = []
        self.n_checks = 0

    def check(self, got, expected, *, call: str, misconceptions=(), atol: float = 1e-9,
              reveal: bool = True) -> bool:
        """Compare ``got`` (a value, or a function of no arguments giving it) with ``expected``.

        ``reveal=False`` keeps the expected value out of the message (predict
        and explain exercises).  Returns whether the probe passed.
        """
        self.n_checks += 1
        if callable(got):
            try:
                got = got()
            except NotImplementedError:
                self.failures.append(_Failure(call, "raised NotImplementedError", None, None,
                                              _NOT_WRITTEN))
                return False
            except Exception as exc:  # noqa: BLE001 - the learner's code may raise anything
                self.failures.append(_Failure(call, f"raised {type(exc).__name__}: {_message(exc)}",
                                              None, None))
                return False
        if matches(got, expected, atol=atol):
            return True
        try:
            _plain(got)
        except TypeError as exc:
            self.failures.append(_Failure(call, f"returned {_span(describe(got))}",
                                          _span(describe(expected)) if reveal else None, None,
                                          f"it returned {exc.args[0]}; return plain numbers, "
                                          "lists or numpy arrays"))
            return False
        mistake = next((m for m in misconceptions if matches(got, m.value, atol=atol)), None)
        self.failures.append(_Failure(call, f"returned {_span(describe(got))}",
                                      _span(describe(expected)) if reveal else None, mistake))
        return False

    def check_true(self, condition, *, what: str, mistake: Mistake | None = None) -> bool:
        """A property that must hold (construct exercises): ``what`` says which one failed."""
        self.n_checks += 1
        if type(condition) in (bool, np.bool_) and bool(condition):
            return True
        self.failures.append(_Failure(what, "", None, mistake))
        return False


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
_STUB_ADVICE = ("Replace `raise NotImplementedError()` in the exercise's cell with your answer, "
                "run that cell, then run this check again.")

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

    def _failures(self) -> list:
        if self.not_written:
            return [_Failure(_STUB_ADVICE, "", None, None)]
        return self.checks.failures

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
    plain text; in IPython, where the feedback is already displayed, the
    traceback is one line instead of Python's frames."""

    def __init__(self, outcome: Outcome, shown: bool):
        super().__init__(outcome.text())
        self.outcome, self.shown = outcome, shown

    def _render_traceback_(self):
        if self.shown:
            return [f"\x1b[31m{self.outcome.summary}\x1b[0m — what went wrong is shown above."]
        return self.outcome.text().splitlines()


def _display(outcome: Outcome) -> bool:
    """Show the outcome in a notebook (True), or do nothing outside IPython (False)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    if shell is None or not hasattr(shell, "kernel"):
        return False
    from IPython.display import display

    display(outcome)
    return True


def check_exercise(grade_id: str, *answers):
    """Run the registered check of ``grade_id`` on the learner's ``answers``.

    Shows a one-line success, or every failed probe with the hint collapsed and
    raises :class:`~lecturekit.feedback.ExerciseFailure` (so graders score the
    cell 0).  Outside a notebook the success line is printed.
    """
    ex = registered(grade_id)
    checks = Checks()
    try:
        ex.run(checks, *answers)
    except Exception as exc:  # noqa: BLE001 - an answer of the wrong shape or type
        checks.failures.append(_Failure(f"checking {ex.heading}", f"stopped: {type(exc).__name__}: "
                                        f"{_message(exc)}", None, None,
                                        "check that each answer has the type and shape the exercise asks for"))
    outcome = Outcome(ex, checks)
    shown = _display(outcome)
    if outcome.passed:
        if not shown:
            print(outcome.summary)
        return None
    raise ExerciseFailed(outcome, shown)
