"""Tests of the tests: plausible wrong answers ("mutants") must lose points.

A mutant is ``(description, change)``.  Its description says which
misconception it plays, in one of two forms:

* the **id** of a misconception of the exercise's check (``"strict-test"``,
  the id of a :class:`lecturekit.exercises.Mistake`): the message is then the
  one the check shows, taken from the check's own catalogue
  (:func:`misconceptions_offered`), so it is written once, in the check;
* the message written out (the older form, still read): it must then equal
  the check's message as a learner reads it, code spans rendered.

A description is an id when it is one lower-case word or several joined by
hyphens (:func:`misconception_id`); a message always has a space.
"""

from __future__ import annotations

import ast
import math
import re
from dataclasses import dataclass, field

from . import engine
from .engine import Run
from .grading import DEFAULT_TIMEOUT, INTERRUPT_GRACE, MAX_RESTARTS, _describe_failure, _fmt, \
    _read_instructor, instructor_setup, resolve_sandbox
from .markup import _grade_id, parse_assignment, reference_solution

__all__ = ["mutant_source", "MutantResult", "MutantReport", "check_mutants", "misconception_id",
           "misconceptions_offered", "mutant_messages"]

_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def misconception_id(description):
    """The misconception id a mutant's description names, or None when the
    description is a message written out.

    >>> misconception_id("strict-test"), misconception_id("`<` instead of `<=`")
    ('strict-test', None)
    """
    if isinstance(description, str) and _ID.fullmatch(description):
        return description
    return None


def misconceptions_offered(grade_id, *answers):
    """The catalogue of the check of ``grade_id``: ``{id: [message, ...]}`` of every
    misconception it offers while it checks ``answers``.

    The check runs as :func:`lecturekit.exercises.check_exercise` runs it
    (nothing is shown); every :class:`~lecturekit.exercises.Mistake` that a probe
    could name is recorded, whether the probe passed or not.  An id usually has
    one message; a check may word one misconception differently on two probes
    (its messages are listed in the order the probes offer them).
    """
    from ..exercises import Checks, registered

    found = {}

    def note(mistakes):
        for m in mistakes:
            if m is not None and m.message not in found.setdefault(m.id, []):
                found[m.id].append(m.message)

    class Recording(Checks):
        def check(self, got, expected, *, misconceptions=(), **kwargs):
            note(misconceptions)
            return super().check(got, expected, misconceptions=misconceptions, **kwargs)

        def check_true(self, condition, *, mistake=None, **kwargs):
            note([mistake])
            return super().check_true(condition, mistake=mistake, **kwargs)

    checks = Recording()
    try:
        registered(grade_id).run(checks, *answers)
    except Exception:  # noqa: BLE001 - an answer the check cannot use: what was offered so far counts
        pass
    return found


def mutant_messages(description, catalogue, *, exercise="the exercise"):
    """What the check may say about a mutant: for an id, the catalogue's messages
    for it as a learner reads them (code spans rendered as plain text); a message
    written out, as it is.  Raises ValueError for an id the catalogue lacks."""
    from ..exercises import _plain_text

    mid = misconception_id(description)
    if mid is None:
        return [description]
    if mid not in catalogue:
        known = ", ".join(sorted(catalogue)) or "none"
        raise ValueError(f"the mutant names the misconception {mid!r}, which the check of {exercise} does not "
                         f"offer (its ids: {known}); add a Mistake with that id to the check, or use one of these")
    return [_plain_text(message) for message in catalogue[mid]]


def mutant_source(reference, change):
    """Put a plausible mistake into a reference solution.

    Parameters
    ----------
    reference : str
        The solution cell as a student would hand it in (see
        :func:`reference_solution`).
    change : str, (old, new) or list of (old, new)
        The whole new source, or text replacements.  Each ``old`` must occur
        exactly once.

    Raises
    ------
    ValueError
        When a replacement does not apply, or the result is the reference.

    >>> mutant_source("if s <= 0:\\n    w = w + x", ("<= 0", "< 0"))
    'if s < 0:\\n    w = w + x'
    """
    if isinstance(change, str):
        source = change
    else:
        pairs = [change] if len(change) == 2 and all(isinstance(c, str) for c in change) else list(change)
        source = reference
        for old, new in pairs:
            count = source.count(old)
            if count != 1:
                raise ValueError(f"{old!r} occurs {count} times in the reference solution (it must occur once)")
            source = source.replace(old, new)
    if source == reference:
        raise ValueError("the mutant is the reference solution")
    return source


def _defined_names(source):
    """Names bound at the top level of a cell: functions, classes and assigned variables."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    names = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.append(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                names += [n.id for n in ast.walk(target) if isinstance(n, ast.Name)]
    return list(dict.fromkeys(names))


@dataclass
class MutantResult:
    """How the tests of one exercise treated one plausible wrong answer."""

    exercise: str
    description: str
    killed: bool
    points: float      # what the exercise's tests gave the mutant
    max_points: float
    detail: str | None = None  # the first failing test, or why the mutant could not be applied
    applied: bool = True       # False: the change did not apply (counts as not killed)


@dataclass
class MutantReport:
    """Mutants of one notebook.  ``problems`` means the run cannot be trusted."""

    notebook: str
    results: list
    problems: list = field(default_factory=list)
    without_mutants: list = field(default_factory=list)

    @property
    def killed(self):
        return sum(r.killed for r in self.results)

    def format(self):
        lines = [f"{self.notebook}: {self.killed}/{len(self.results)} mutants killed"]
        lines += [f"  ! {p}" for p in self.problems]
        width = max([len(r.exercise) for r in self.results] + [10])
        for r in self.results:
            verdict = "killed  " if r.killed else "SURVIVED" if r.applied else "INVALID "
            lines.append(f"  {r.exercise:<{width}}  {verdict}  {_fmt(r.points)}/{_fmt(r.max_points)}  "
                         f"{r.description}" + (f"  [{r.detail}]" if r.detail else ""))
        if self.without_mutants:
            lines.append("  exercises without mutants: " + ", ".join(self.without_mutants))
        return "\n".join(lines)


def check_mutants(instructor, mutants, *, timeout=DEFAULT_TIMEOUT, sandbox="auto", cwd=None,
                  grace=INTERRUPT_GRACE, max_restarts=MAX_RESTARTS):
    """Check that each exercise's tests fail plausible wrong answers, in one run of the notebook.

    A separate grading run per mutant costs two processes and the whole
    notebook each time.  This function runs the notebook once, with reference
    solutions, the way :func:`grade` runs a submission (cells in the runner,
    tests in the checker).  Right after the last test cell of an exercise it
    adds probe steps.  For each mutant, they (1) delete the names that the
    solution cell defines, (2) run the mutant, (3) run the exercise's test
    cells again.  Then they delete the names, run the reference solution and
    its tests once more, and the notebook goes on.

    A mutant is *killed* when its tests give less than the exercise's full
    points.  The run reports a problem, and cannot be trusted, if the
    reference solutions lose points anywhere, or fail again after the
    mutants.  That happens when a mutant leaves state behind.

    Parameters
    ----------
    instructor : str, Path or NotebookNode
    mutants : dict
        ``{solution grade_id: [(description, change), ...]}``, where
        ``change`` is as in :func:`mutant_source`.
    timeout, sandbox, cwd, grace, max_restarts
        As in :func:`lecturekit.homework.grade`.

    Returns
    -------
    MutantReport
    """
    instructor_nb, name, _ = _read_instructor(instructor)
    assignment = parse_assignment(instructor_nb, name)
    mode, _ = resolve_sandbox(sandbox)
    report = MutantReport(name, [])
    known = {ex.grade_id for ex in assignment.exercises}
    report.problems += [f"mutants for {gid!r}, which is not an exercise of this notebook"
                        for gid in mutants if gid not in known]
    report.without_mutants = [ex.grade_id for ex in assignment.exercises if not mutants.get(ex.grade_id)]
    report.problems += [f"{ex.grade_id} has mutants but no test cells" for ex in assignment.exercises
                        if mutants.get(ex.grade_id) and not ex.tests]

    steps, origin, planned = [], [], []

    def code(source, tag):
        steps.append(("code", source))
        origin.append(tag)

    def test(grade_id, tag):
        steps.append(("test", grade_id, instructor_nb.cells[by_id[grade_id].cell_index].source))
        origin.append(tag)

    def reset(names):
        return f"for _name in {names!r}:\n    globals().pop(_name, None)\ndel _name"

    by_id = {t.grade_id: t for t in assignment.tests}
    last_test = {ex.grade_id: max(t.cell_index for t in ex.tests) for ex in assignment.exercises if ex.tests}
    for index, cell in enumerate(instructor_nb.cells):
        kind = assignment.kinds[index]
        if kind == "tests":
            test(_grade_id(cell), ("test", _grade_id(cell)))
        elif cell.cell_type == "code":
            code(reference_solution(cell.source) if kind == "solution" else cell.source, None)
        for ex in assignment.exercises:
            if last_test.get(ex.grade_id) != index or not mutants.get(ex.grade_id):
                continue
            reference = reference_solution(instructor_nb.cells[ex.cell_index].source)
            names = _defined_names(reference)
            for k, (description, change) in enumerate(mutants[ex.grade_id]):
                try:
                    source = mutant_source(reference, change)
                except ValueError as exc:
                    planned.append((ex, description, None, f"cannot be applied: {exc}"))
                    continue
                planned.append((ex, description, k, None))
                code(reset(names), None)
                code(source, ("mutant", ex.grade_id, k))
                for t in ex.tests:
                    test(t.grade_id, ("probe", ex.grade_id, k, t.grade_id))
            code(reset(names), None)
            code(reference, ("restore", ex.grade_id))
            for t in ex.tests:
                test(t.grade_id, ("again", t.grade_id))

    timeout = max(1, int(math.ceil(timeout)))
    setup, setup_names = instructor_setup(instructor_nb, assignment)
    runs, _, problems = engine.execute(steps, sandbox=mode, cwd=cwd, timeout=timeout, grace=grace,
                                       max_restarts=max_restarts, setup=setup, setup_names=setup_names,
                                       total_timeout=None)
    report.problems += problems
    for i, tag in enumerate(origin):
        if tag and tag[0] in ("test", "again") and runs.get(i, Run("not run")).status != "ok":
            when = ("with the reference solution" if tag[0] == "test"
                    else "again after the mutants (a mutant left state behind?)")
            report.problems.append(f"{tag[1]} fails {when}: {_describe_failure(runs.get(i))}")
    for ex, description, k, invalid in planned:
        if invalid:
            report.results.append(MutantResult(ex.grade_id, description, False, 0.0, ex.points, invalid,
                                               applied=False))
            continue
        got, detail = 0.0, None
        for i, tag in enumerate(origin):
            if tag and tag[0] == "probe" and tag[1:3] == (ex.grade_id, k):
                run = runs.get(i)
                if run is not None and run.status == "ok":
                    got += by_id[tag[3]].points
                elif detail is None:
                    detail = f"{tag[3]}: " + _describe_failure(
                        run, instructor_nb.cells[by_id[tag[3]].cell_index].source, by_id[tag[3]].hidden_lines)
        report.results.append(MutantResult(ex.grade_id, description, got < ex.points, got, ex.points, detail))
    return report
