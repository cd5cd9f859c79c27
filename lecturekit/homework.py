"""Homework from the course notebooks: student versions and a grader.

The chapter notebooks mark their exercises with nbgrader's markup, so an
instructor who runs nbgrader can use the same files.  This module needs no
nbgrader.  It offers four commands::

    python -m lecturekit.homework check   notebooks/
    python -m lecturekit.homework student notebooks/ -o build/student/
    python -m lecturekit.homework grade   STUDENT.ipynb --instructor notebooks/04_perceptron.ipynb
                                          [--json out.json] [--timeout 30] [--executed out.ipynb]
    python -m lecturekit.homework mutants notebooks/ --mutants tests/homework_fixtures/mutants.py

The last command checks the tests themselves: each exercise's tests must
fail plausible wrong answers (see :func:`check_mutants`).

Markup
------
* A **solution cell** is a code cell with the metadata
  ``{"nbgrader": {"solution": true, "grade": false, "locked": false, "task": false,
  "grade_id": "ch04-update", "schema_version": 3}}``.  The reference answer
  sits between a line ``### BEGIN SOLUTION`` and a line ``### END SOLUTION``.
  The student version replaces those lines, markers included, with
  ``# YOUR CODE HERE`` and ``raise NotImplementedError()``, indented like the
  BEGIN marker.
* A **test cell** is a code cell with ``{"nbgrader": {"grade": true,
  "solution": false, "locked": true, "task": false, "points": 2,
  "grade_id": "ch04-update-tests", "schema_version": 3}}``.  It holds plain
  ``assert`` lines and, optionally, a block between ``### BEGIN HIDDEN TESTS``
  and ``### END HIDDEN TESTS`` that the student version leaves out.
* A test cell belongs to the closest solution cell above it.  That solution
  cell and its test cells make one *exercise*.

Markers must be exactly these four lines (spaces around them are allowed).
Anything else that looks like a marker is refused: ``## BEGIN SOLUTION`` or
``# begin solution``, or ``BEGIN SOLUTION`` in the middle of a line.
Otherwise a typo would leak a solution, and nbgrader and this module could
read a notebook in two different ways.  Nested or unbalanced markers, a
solution block outside a solution cell and a hidden block outside a test cell
are refused too.  Every message names the notebook, the cell (counted from 1)
and the line.

Grading
-------
``grade`` never changes the student's file.  It builds a new notebook in
memory and runs it with the ``python3`` kernel.  The working directory is the
instructor notebook's folder, so relative paths behave as they do in the
course.  The new notebook is made in two steps.

1. It keeps the student's cells in the student's order, minus every cell whose
   ``grade_id`` is the id of an instructor test cell.  Changed, moved or copied
   test cells are thrown away this way.
2. It puts every instructor test cell back, hidden tests included.  Each one
   goes right after the student cell whose ``grade_id`` matches its *anchor*,
   the closest solution or test cell above it in the instructor notebook.  A
   test cell anchored on another test cell follows that test cell, so test
   cells that sit together stay together in the instructor's order.  If the
   anchor is missing from the student notebook, or no anchor exists, the test
   cell goes at the end.  If the student has several cells with the anchor's
   id, it goes after the last of them.

A test cell earns its points if it runs without an error.  There is no
partial credit inside a cell.  A cell that is still running after ``timeout``
seconds is interrupted (SIGINT, like Jupyter's stop button) and counts as
failed.  The kernel may ignore the interrupt for ``grace`` more seconds (a
loop that catches ``KeyboardInterrupt``, or a blocking C call).  It may also
die (``os._exit``), or a cell may call ``exit()``.  In these cases the grader
starts a fresh kernel and runs the notebook again from the top.  Every cell
that stopped a kernel is skipped, and the results of the new run are used.
After ``max_restarts`` restarts the remaining cells count as not run.  A
student file that is not valid JSON, or not a notebook, is not run at all:
every test gets 0 and the report says why.  Grading never raises because of
anything in the student's file.

The grader runs student code with your permissions.  Like nbgrader and otter,
it is not a sandbox.  A determined student can patch numpy or lecturekit
inside the kernel and fool a test.  Run it in a container if that matters to
you.
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import copy
import json
import math
import re
import signal
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

__all__ = [
    "BEGIN_SOLUTION", "END_SOLUTION", "BEGIN_HIDDEN_TESTS", "END_HIDDEN_TESTS", "CODE_STUB",
    "MarkupError", "Assignment", "Exercise", "TestCell",
    "clear_solutions", "clear_hidden_tests", "reference_solution",
    "parse_assignment", "student_version", "write_student_versions",
    "GradeReport", "TestResult", "grade",
    "mutant_source", "MutantResult", "MutantReport", "check_mutants", "main",
]

BEGIN_SOLUTION = "### BEGIN SOLUTION"
END_SOLUTION = "### END SOLUTION"
BEGIN_HIDDEN_TESTS = "### BEGIN HIDDEN TESTS"
END_HIDDEN_TESTS = "### END HIDDEN TESTS"
CODE_STUB = "# YOUR CODE HERE\nraise NotImplementedError()"  # nbgrader's default stub

DEFAULT_TIMEOUT = 30      # seconds per cell
INTERRUPT_GRACE = 5       # seconds a timed-out cell gets to honour the interrupt
MAX_RESTARTS = 3          # fresh kernels per grading run
OUTPUT_LIMIT = 1_000_000  # characters of stream output kept per cell

_SOLUTION, _HIDDEN = "solution", "hidden tests"
_MARKERS = {
    BEGIN_SOLUTION: (_SOLUTION, True),
    END_SOLUTION: (_SOLUTION, False),
    BEGIN_HIDDEN_TESTS: (_HIDDEN, True),
    END_HIDDEN_TESTS: (_HIDDEN, False),
}
# Old nbgrader versions took any line *containing* these words as a marker.
_MARKER_WORDS = ("BEGIN SOLUTION", "END SOLUTION", "BEGIN HIDDEN TESTS", "END HIDDEN TESTS")
# A comment that is a near miss of a marker: "## BEGIN SOLUTION", "# end solution", ...
_NEAR_MISS = re.compile(r"^#.*\b(begin|end)\b\W*(solution|hidden\W*tests?)\b", re.IGNORECASE)
_GRADE_ID = re.compile(r"^[a-zA-Z0-9_\-]+$")  # nbgrader's rule
_STUB_IN_SOURCE = re.compile(r"^([ \t]*)# YOUR CODE HERE\n\1raise NotImplementedError\(\)[ \t]*$", re.M)
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_CELL_LINE = re.compile(r"Cell In\[\d*\], line (\d+)")


# --------------------------------------------------------------------------
# markup: regions inside one cell
# --------------------------------------------------------------------------

class MarkupError(ValueError):
    """The exercise markup of one or more notebooks is malformed.

    ``problems`` lists every problem found, one string each, with notebook,
    cell and line.
    """

    def __init__(self, problems):
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


def _scan(source):
    """Find the marker blocks of a cell.

    Returns ``(blocks, problems)``.  ``blocks`` holds ``(kind, begin, end,
    indent)`` tuples with 0-based line numbers of the two markers.
    ``problems`` holds ``(line_number, message)`` pairs with 1-based line
    numbers.
    """
    blocks, problems = [], []
    open_kind = open_line = open_indent = None
    for i, line in enumerate(source.split("\n")):
        stripped = line.strip()
        marker = _MARKERS.get(stripped)
        if marker is None:
            if any(word in line for word in _MARKER_WORDS) or _NEAR_MISS.match(stripped):
                problems.append((i + 1, f"{stripped!r} looks like a marker but is not exactly one of "
                                        f"'{BEGIN_SOLUTION}', '{END_SOLUTION}', '{BEGIN_HIDDEN_TESTS}', "
                                        f"'{END_HIDDEN_TESTS}' on a line of its own"))
            continue
        kind, is_begin = marker
        if is_begin:
            if open_kind is not None:
                problems.append((i + 1, f"'{stripped}' inside the {open_kind} block opened at line "
                                        f"{open_line + 1}; blocks cannot be nested"))
            else:
                open_kind, open_line, open_indent = kind, i, line[: len(line) - len(line.lstrip())]
        elif open_kind is None:
            problems.append((i + 1, f"'{stripped}' without a matching BEGIN line above it"))
        elif open_kind != kind:
            problems.append((i + 1, f"'{stripped}' inside the {open_kind} block opened at line "
                                    f"{open_line + 1}; close that block first"))
        else:
            blocks.append((kind, open_line, i, open_indent))
            open_kind = None
    if open_kind is not None:
        problems.append((open_line + 1, f"the {open_kind} block opened here has no END line"))
    return blocks, problems


def _rewrite(source, kind, stub):
    """Replace every ``kind`` block of ``source`` by ``stub`` (a list of lines, or None to drop it)."""
    blocks, problems = _scan(source)
    if problems:
        raise MarkupError(f"line {n}: {msg}" for n, msg in problems)
    lines = source.split("\n")
    out, pos = [], 0
    for block_kind, begin, end, indent in blocks:
        if block_kind != kind:
            continue
        out += lines[pos:begin]
        if stub is not None:
            out += [indent + s for s in stub]
        pos = end + 1
    out += lines[pos:]
    return "\n".join(out)


def clear_solutions(source):
    """Replace each ``### BEGIN SOLUTION`` ... ``### END SOLUTION`` block with the stub.

    The stub is indented like the BEGIN marker.

    >>> src = "def f(x):\\n    ### BEGIN SOLUTION\\n    return 2 * x\\n    ### END SOLUTION"
    >>> print(clear_solutions(src))
    def f(x):
        # YOUR CODE HERE
        raise NotImplementedError()
    """
    return _rewrite(source, _SOLUTION, CODE_STUB.split("\n"))


def clear_hidden_tests(source):
    """Remove each ``### BEGIN HIDDEN TESTS`` ... ``### END HIDDEN TESTS`` block, markers included.

    >>> print(clear_hidden_tests("assert f(1) == 2\\n### BEGIN HIDDEN TESTS\\nassert f(0) == 0\\n### END HIDDEN TESTS"))
    assert f(1) == 2
    """
    return _rewrite(source, _HIDDEN, None)


def reference_solution(source):
    """The instructor's solution cell as a student would hand it in: the marker lines removed.

    >>> print(reference_solution("def f(x):\\n    ### BEGIN SOLUTION\\n    return 2 * x\\n    ### END SOLUTION"))
    def f(x):
        return 2 * x
    """
    return "\n".join(line for line in source.split("\n") if line.strip() not in _MARKERS)


def _hidden_lines(source):
    """1-based numbers of the lines inside hidden-test blocks (markers included)."""
    blocks, _ = _scan(source)
    return frozenset(n + 1 for kind, b, e, _ in blocks if kind == _HIDDEN for n in range(b, e + 1))


# --------------------------------------------------------------------------
# markup: a whole notebook
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class TestCell:
    """An instructor test cell: its points, and the solution cell it belongs to (None if none)."""

    __test__ = False  # not a pytest class

    grade_id: str
    cell_index: int
    points: float
    exercise: str | None
    hidden_lines: frozenset = frozenset()


@dataclass(frozen=True)
class Exercise:
    """A solution cell and the test cells below it, up to the next solution cell."""

    grade_id: str
    cell_index: int
    tests: tuple

    @property
    def points(self):
        return sum(t.points for t in self.tests)


@dataclass(frozen=True)
class Assignment:
    """The exercises of one instructor notebook.

    ``kinds`` gives each cell's role: "solution", "tests" or None.
    ``warnings`` lists things that are legal but probably a mistake.
    """

    name: str
    exercises: tuple
    tests: tuple
    kinds: tuple
    warnings: tuple = ()

    @property
    def max_score(self):
        return sum(t.points for t in self.tests)

    def exercise(self, grade_id):
        for ex in self.exercises:
            if ex.grade_id == grade_id:
                return ex
        raise KeyError(f"{self.name} has no exercise {grade_id!r}")


def _nbgrader_meta(cell):
    """The cell's nbgrader metadata as a dict ({} when absent or malformed)."""
    metadata = cell.get("metadata")
    meta = metadata.get("nbgrader") if isinstance(metadata, dict) else None
    return meta if isinstance(meta, dict) else {}


def _grade_id(cell):
    gid = _nbgrader_meta(cell).get("grade_id")
    return gid if isinstance(gid, str) and gid else None


def _has_magic(source):
    return any(line.lstrip().startswith(("%", "!")) for line in source.split("\n"))


def parse_assignment(nb, name="notebook"):
    """Check the exercise markup of a notebook and return its :class:`Assignment`.

    Parameters
    ----------
    nb : nbformat.NotebookNode
        An instructor notebook (a student version parses as well).
    name : str
        Used in messages, normally the notebook's path.

    Raises
    ------
    MarkupError
        Lists every problem, each with notebook, cell and line.
    """
    problems, warnings, kinds, seen = [], [], [], {}
    tests, solutions = [], []
    current = None  # grade_id of the last solution cell

    for index, cell in enumerate(nb.cells):
        source = cell.get("source", "")
        meta = _nbgrader_meta(cell)
        gid = _grade_id(cell)
        where = f"{name}: cell {index + 1}" + (f" ({gid})" if gid else "")
        flags = {key: meta.get(key) is True for key in ("solution", "grade", "locked", "task")}
        kind = None

        if any(flags.values()):
            if not gid or not _GRADE_ID.match(gid):
                problems.append(f"{where}: nbgrader cell without a valid grade_id (letters, digits, "
                                f"'-' and '_' only); got {meta.get('grade_id')!r}")
            elif gid in seen:
                problems.append(f"{where}: grade_id {gid!r} is also used by cell {seen[gid] + 1}")
            else:
                seen[gid] = index
            if flags["task"] or (flags["solution"] and flags["grade"]) or (
                    cell.cell_type != "code" and (flags["solution"] or flags["grade"])):
                problems.append(f"{where}: manually graded answers and tasks are not supported; "
                                "use a code solution cell followed by a code test cell")
            elif flags["solution"]:
                kind = "solution"
            elif flags["grade"]:
                kind = "tests"
                points = meta.get("points")
                if isinstance(points, bool) or not isinstance(points, (int, float)) \
                        or not math.isfinite(points) or points < 0:
                    problems.append(f"{where}: test cell needs \"points\": a number >= 0; got {points!r}")
                if not source.strip():
                    problems.append(f"{where}: the test cell is empty")

        blocks, cell_problems = _scan(source)
        problems += [f"{where}, line {n}: {msg}" for n, msg in cell_problems]
        for block_kind, begin, _, _ in blocks:
            if block_kind == _SOLUTION and kind != "solution":
                problems.append(f"{where}, line {begin + 1}: a solution block outside a solution cell "
                                "(its nbgrader metadata needs \"solution\": true)")
            if block_kind == _HIDDEN and kind != "tests":
                problems.append(f"{where}, line {begin + 1}: a hidden-test block outside a test cell "
                                "(its nbgrader metadata needs \"grade\": true)")

        if kind == "solution" and not cell_problems:
            if not any(b[0] == _SOLUTION for b in blocks) and not _STUB_IN_SOURCE.search(source):
                problems.append(f"{where}: solution cell without a '{BEGIN_SOLUTION}' ... "
                                f"'{END_SOLUTION}' block; mark the lines to hide (nbgrader would "
                                "replace the whole cell)")
        if kind in ("solution", "tests") and not cell_problems and not _has_magic(source):
            student = clear_solutions(source) if kind == "solution" else clear_hidden_tests(source)
            try:
                ast.parse(student)
            except SyntaxError as exc:
                problems.append(f"{where}, line {exc.lineno}: the student version of this cell is not "
                                f"valid Python ({exc.msg}); check the markers' indentation")

        if kind == "solution" and gid:
            current = gid
            solutions.append((gid, index))
        elif kind == "tests" and gid:
            if current is None:
                warnings.append(f"{where}: test cell with no solution cell above it")
            points = meta.get("points")
            points = float(points) if isinstance(points, (int, float)) and not isinstance(points, bool) else 0.0
            tests.append(TestCell(gid, index, points, current,
                                  _hidden_lines(source) if not cell_problems else frozenset()))
        kinds.append(kind)

    if problems:
        raise MarkupError(problems)
    exercises = []
    for gid, index in solutions:
        own = tuple(t for t in tests if t.exercise == gid)
        if not own:
            warnings.append(f"{name}: cell {index + 1} ({gid}): solution cell with no test cell below it")
        exercises.append(Exercise(gid, index, own))
    return Assignment(name, tuple(exercises), tuple(tests), tuple(kinds), tuple(warnings))


# --------------------------------------------------------------------------
# student versions
# --------------------------------------------------------------------------

def student_version(nb, name="notebook"):
    """Return the student version of an instructor notebook (a new notebook).

    Each solution block becomes the stub.  Hidden tests are removed.  Code
    cells lose their outputs and execution counts.  The notebook loses its
    saved widget state (``metadata.widgets``, the state of the cleared
    outputs) and nbgrader's toolbar setting (``metadata.celltoolbar``).
    Nothing else changes: metadata, cell ids, markdown and every other cell
    stay as they are.  Applied to a student version it changes nothing.

    Raises
    ------
    MarkupError
        When the markup is malformed (see :func:`parse_assignment`).
    """
    assignment = parse_assignment(nb, name)
    out = copy.deepcopy(nb)
    for cell, kind in zip(out.cells, assignment.kinds):
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
        if kind == "solution":
            cell.source = clear_solutions(cell.source)
        elif kind == "tests":
            cell.source = clear_hidden_tests(cell.source)
    for key in ("widgets", "celltoolbar"):
        out.metadata.pop(key, None)
    return out


def _notebook_paths(paths):
    """Expand directories to their *.ipynb files (sorted, not recursive)."""
    found = []
    for path in map(Path, paths):
        if path.is_dir():
            inside = sorted(p for p in path.glob("*.ipynb") if not p.name.startswith("."))
            if not inside:
                raise FileNotFoundError(f"no .ipynb files in {path}")
            found += inside
        elif path.is_file():
            found.append(path)
        else:
            raise FileNotFoundError(f"{path} does not exist")
    return found


def write_student_versions(paths, output_dir):
    """Write the student version of each notebook in ``paths`` into ``output_dir``.

    ``paths`` may name notebooks or folders (their ``*.ipynb``).  Every
    notebook is checked before anything is written.  If one is malformed,
    nothing is written and a :class:`MarkupError` lists all the problems.
    Returns the paths written.
    """
    import nbformat

    notebooks = _notebook_paths(paths)
    output_dir = Path(output_dir)
    problems, versions, targets = [], [], {}
    for path in notebooks:
        target = output_dir / path.name
        if target.resolve() == path.resolve():
            problems.append(f"{path}: the output would overwrite the instructor notebook; "
                            "choose another output folder")
        elif target in targets:
            problems.append(f"{path}: same file name as {targets[target]}")
        targets[target] = path
        try:
            nb = nbformat.read(path, as_version=4)
        except Exception as exc:  # noqa: BLE001 - report any unreadable file
            problems.append(f"{path}: cannot be read as a notebook: {exc}")
            continue
        try:
            versions.append((target, student_version(nb, str(path))))
        except MarkupError as exc:
            problems += exc.problems
    if problems:
        raise MarkupError(problems)
    output_dir.mkdir(parents=True, exist_ok=True)
    for target, nb in versions:
        nbformat.write(nb, target)
    return [target for target, _ in versions]


# --------------------------------------------------------------------------
# grading: reading the student's file and rebuilding the notebook
# --------------------------------------------------------------------------

def _load_student(student):
    """Read a student notebook as leniently as possible.

    Returns ``(cells, positions, problems)``.  ``positions`` holds each
    cell's 1-based place in the student's file.  ``cells`` is None when
    nothing can be graded.
    """
    import nbformat

    problems = []
    if isinstance(student, dict):
        data = copy.deepcopy(dict(student))
    else:
        try:
            text = Path(student).read_bytes().decode("utf-8")
        except OSError as exc:
            return None, [], [f"the student notebook cannot be read: {exc}"]
        except UnicodeDecodeError as exc:
            return None, [], [f"the student notebook is not UTF-8 text ({exc})"]
        try:
            data = json.loads(text)
        except ValueError as exc:
            detail = f"line {exc.lineno}, column {exc.colno}: {exc.msg}" if hasattr(exc, "lineno") else str(exc)
            return None, [], [f"the student notebook is not valid JSON ({detail}); nothing could be run"]
    if not isinstance(data, dict):
        return None, [], [f"the student notebook is JSON but not a notebook (a {type(data).__name__}, "
                      "not an object with 'cells')"]
    if data.get("nbformat") == 3 or "worksheets" in data:
        try:
            data = nbformat.convert(nbformat.from_dict(data), 4)
        except Exception as exc:  # noqa: BLE001
            return None, [], [f"the student notebook is in an old format that could not be converted: {exc}"]
    raw_cells = data.get("cells")
    if not isinstance(raw_cells, list):
        return None, [], ["the student notebook is JSON but not a notebook (no list of 'cells')"]

    cells, positions = [], []
    for k, raw in enumerate(raw_cells, 1):
        source = raw.get("source", "") if isinstance(raw, dict) else None
        if isinstance(source, list) and all(isinstance(s, str) for s in source):
            source = "".join(source)
        if not isinstance(raw, dict) or raw.get("cell_type") not in ("code", "markdown", "raw") \
                or not isinstance(source, str):
            problems.append(f"student cell {k} is not a readable notebook cell and was left out")
            continue
        # Only the metadata the grader reads is kept; a malformed value elsewhere cannot hurt.
        metadata = raw.get("metadata") if isinstance(raw.get("metadata"), dict) else {}
        kept = {}
        if isinstance(metadata.get("nbgrader"), dict):
            kept["nbgrader"] = copy.deepcopy(metadata["nbgrader"])
        tags = metadata.get("tags")
        if isinstance(tags, list) and all(isinstance(t, str) for t in tags):
            kept["tags"] = list(tags)
        cell = {"cell_type": raw["cell_type"], "metadata": kept, "source": source}
        if raw["cell_type"] == "code":
            cell.update(outputs=[], execution_count=None)
        cells.append(nbformat.from_dict(cell))
        positions.append(k)
    return cells, positions, problems


def _normalised(source):
    return "\n".join(line.rstrip() for line in source.strip("\n").split("\n"))


def _merge(student_cells, positions, instructor_nb, assignment):
    """Build the notebook to run.

    Returns ``(cells, origin)``.  ``origin[i]`` is the grade_id (a str) of
    the instructor test cell at position i, or, for a student cell, its
    1-based place in the student's file (an int).
    """
    test_ids = {t.grade_id for t in assignment.tests}
    kept = [(c, k) for c, k in zip(student_cells, positions) if _grade_id(c) not in test_ids]
    position = {}  # anchor grade_id -> index in `kept` of the last student cell with that id
    for i, (cell, _) in enumerate(kept):
        if _grade_id(cell):
            position[_grade_id(cell)] = i
    after = {i: [] for i in range(len(kept))}
    at_end = []
    group_of = {}  # test grade_id -> the list it was put in
    for test in assignment.tests:
        anchor = None
        for j in range(test.cell_index - 1, -1, -1):
            if assignment.kinds[j] is not None:
                anchor = _grade_id(instructor_nb.cells[j])
                break
        if anchor in group_of:
            group = group_of[anchor]
        elif anchor in position:
            group = after[position[anchor]]
        else:
            group = at_end
        group.append(test)
        group_of[test.grade_id] = group

    cells, origin = [], []

    def put(test):
        cell = copy.deepcopy(instructor_nb.cells[test.cell_index])
        cell.outputs, cell.execution_count = [], None
        cells.append(cell)
        origin.append(test.grade_id)

    for i, (cell, k) in enumerate(kept):
        cell = copy.deepcopy(cell)
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
        cells.append(cell)
        origin.append(k)
        for test in after[i]:
            put(test)
    for test in at_end:
        put(test)
    for i, cell in enumerate(cells):
        cell["id"] = f"graded-{i:04d}"
    return cells, origin


def _restorations(student_cells, instructor_nb, assignment):
    """{test grade_id: "deleted" | "changed"} for the test cells the student did not leave intact."""
    found = {}
    for cell in student_cells:
        found.setdefault(_grade_id(cell), []).append(cell)
    restored = {}
    for test in assignment.tests:
        full = instructor_nb.cells[test.cell_index].source
        allowed = {_normalised(full), _normalised(clear_hidden_tests(full))}
        copies = found.get(test.grade_id, [])
        if not copies:
            restored[test.grade_id] = "deleted"
        elif len(copies) > 1 or copies[0].cell_type != "code" or _normalised(copies[0].source) not in allowed:
            restored[test.grade_id] = "changed"
    return restored


# --------------------------------------------------------------------------
# grading: running the notebook
# --------------------------------------------------------------------------

@dataclass
class _Run:
    """What happened to one cell.

    ``status`` is one of: ok, error, timeout (interrupted after the time
    limit), stuck (ignored the interrupt), dead (the kernel died), exit (the
    cell called exit()), not run.
    """

    status: str
    ename: str = ""
    evalue: str = ""
    traceback: list = field(default_factory=list)


_CLIENT_CLASS = None


def _client_class():
    """nbclient's NotebookClient with per-cell output capped (loaded on first use)."""
    global _CLIENT_CLASS
    if _CLIENT_CLASS is None:
        from nbclient import NotebookClient
        from nbformat.v4 import new_output

        class GradingClient(NotebookClient):
            """Keeps at most OUTPUT_LIMIT characters of stream output per cell."""

            def output(self, outs, msg, display_id, cell_index):
                if msg.get("msg_type") == "stream":
                    sizes = self.__dict__.setdefault("_stream_chars", {})
                    sizes[cell_index] = sizes.get(cell_index, 0) + len(msg["content"].get("text", ""))
                    if sizes[cell_index] > OUTPUT_LIMIT:
                        if sizes[cell_index] - len(msg["content"].get("text", "")) <= OUTPUT_LIMIT:
                            outs.append(new_output("stream", name="stderr",
                                                   text="\n[grader: further output dropped]\n"))
                        return None
                return super().output(outs, msg, display_id, cell_index)

        _CLIENT_CLASS = GradingClient
    return _CLIENT_CLASS


def _run_from_reply(reply, elapsed, timeout):
    if reply is None:
        return _Run("not run", evalue="the cell was not executed")
    content = reply.get("content", {})
    if content.get("status") == "ok":
        for payload in content.get("payload", []) or []:
            if payload.get("source") == "ask_exit" and not payload.get("keepkernel"):
                return _Run("exit", "SystemExit", "the cell called exit() or quit(), which stops the kernel")
        return _Run("ok")
    ename = content.get("ename") or "Error"
    traceback = list(content.get("traceback") or [])
    if ename == "KeyboardInterrupt" and elapsed >= timeout:
        return _Run("timeout", "TimeoutError", f"still running after {timeout} s; interrupted", traceback)
    return _Run("error", ename, str(content.get("evalue") or ""), traceback)


def _cancel_nbclient_tasks():
    """Cancel the polling tasks that nbclient leaves behind after a stuck or dead kernel."""
    for task in asyncio.all_tasks():
        name = getattr(task.get_coro(), "__qualname__", "")
        if "_async_poll" in name and not task.done():
            task.cancel()


async def _execute(cells, cwd, timeout, grace, max_restarts, last_index):
    """Run code cells 0..last_index. Returns ({index: _Run}, restarts, problems, executed notebook)."""
    import nbformat
    from nbclient.exceptions import DeadKernelError

    nb = nbformat.from_dict({"nbformat": 4, "nbformat_minor": 5, "cells": cells, "metadata": {
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}})
    todo = [i for i, c in enumerate(nb.cells)
            if c.cell_type == "code" and c.source.strip() and i <= last_index]
    runs, skip, restarts, problems = {}, set(), 0, []
    main_task = asyncio.current_task()
    while True:
        client = _client_class()(
            nb, timeout=timeout, kernel_name="python3", allow_errors=True,
            interrupt_on_timeout=True, record_timing=False, shutdown_kernel="immediate",
            skip_cells_with_tag="", resources={"metadata": {"path": str(cwd)}})
        replies = {}
        client.on_cell_executed = lambda cell, cell_index, execute_reply: replies.__setitem__(
            cell_index, execute_reply)
        stopped_at, started = None, False
        try:
            # The kernel's own stdout/stderr (not the cells' output) would only clutter the report.
            async with client.async_setup_kernel(stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL):
                started = True
                _take_sigint(main_task)
                for i in todo:
                    if i in skip:
                        continue
                    begun = time.monotonic()
                    try:
                        await asyncio.wait_for(client.async_execute_cell(nb.cells[i], i), timeout + grace)
                    except (asyncio.TimeoutError, DeadKernelError):
                        if time.monotonic() - begun >= timeout:
                            runs[i] = _Run("stuck", "TimeoutError",
                                           f"still running after {timeout} s and did not stop when interrupted")
                        else:
                            runs[i] = _Run("dead", "DeadKernelError", "the kernel died while running this cell")
                    except Exception as exc:  # noqa: BLE001 - any other failure to talk to the kernel
                        runs[i] = _Run("dead", type(exc).__name__, f"the grader lost the kernel here: {exc}")
                    else:
                        runs[i] = _run_from_reply(replies.get(i), time.monotonic() - begun, timeout)
                    if runs[i].status in ("stuck", "dead", "exit"):  # the kernel is gone or busy
                        stopped_at = i
                        _cancel_nbclient_tasks()
                        break
        except asyncio.CancelledError:
            raise KeyboardInterrupt from None
        except Exception as exc:  # noqa: BLE001 - the kernel could not start (errors on shutdown do not matter)
            if not started:
                problems.append(f"the grader could not start a kernel: {type(exc).__name__}: {exc}")
                for i in todo:
                    runs.setdefault(i, _Run("not run", evalue="not run: no kernel"))
                return runs, restarts, problems, nb
        if stopped_at is None:
            return runs, restarts, problems, nb
        skip.add(stopped_at)
        restarts += 1
        if restarts > max_restarts:
            for i in todo:
                if i > stopped_at and i not in skip:
                    runs[i] = _Run("not run", evalue=f"not run: the kernel was restarted {max_restarts} times")
            problems.append(f"grading stopped after {max_restarts} kernel restarts")
            return runs, restarts, problems, nb


def _take_sigint(main_task):
    """Ctrl-C stops grading (nbclient's own handler would only kill the kernel)."""
    try:
        asyncio.get_running_loop().add_signal_handler(signal.SIGINT, main_task.cancel)
    except (RuntimeError, NotImplementedError, ValueError):  # not the main thread, or Windows
        pass


def _run_async(coro):
    """asyncio.run, also from inside a running event loop (e.g. called from a notebook)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


# --------------------------------------------------------------------------
# grading: the report
# --------------------------------------------------------------------------

def _fmt(x):
    return f"{x:g}"


@dataclass
class TestResult:
    """The outcome of one instructor test cell."""

    __test__ = False  # not a pytest class

    grade_id: str
    exercise: str | None
    points: float
    max_points: float
    passed: bool
    error: str | None = None
    restored: str | None = None  # "changed" or "deleted" when the student had altered it
    line: int | None = None      # the line of the test cell that failed, when known
    hidden: bool = False         # True when that line is a hidden test


@dataclass
class GradeReport:
    """Points per test cell and in total, with notes on everything unusual."""

    student: str
    instructor: str
    timeout: int
    tests: list
    notes: list = field(default_factory=list)
    problems: list = field(default_factory=list)
    kernel_restarts: int = 0
    stopped_after: str | None = None

    @property
    def score(self):
        return sum(t.points for t in self.tests)

    @property
    def max_score(self):
        return sum(t.max_points for t in self.tests)

    def exercise_points(self, exercise):
        """(points, max points) of one exercise."""
        own = [t for t in self.tests if t.exercise == exercise]
        return sum(t.points for t in own), sum(t.max_points for t in own)

    def to_dict(self):
        return {
            "student": self.student, "instructor": self.instructor, "timeout": self.timeout,
            "score": self.score, "max_score": self.max_score,
            "exercises": {ex: dict(zip(("points", "max_points"), self.exercise_points(ex)))
                          for ex in dict.fromkeys(t.exercise for t in self.tests)},
            "tests": [asdict(t) for t in self.tests],
            "notes": list(self.notes), "problems": list(self.problems),
            "kernel_restarts": self.kernel_restarts, "stopped_after": self.stopped_after,
        }

    def format(self):
        """The report as text: one line per test cell, the total, then notes."""
        lines = [f"Grading {self.student}", f"  against {self.instructor} "
                 f"(time limit {self.timeout} s per cell)"]
        lines += [f"  ! {p}" for p in self.problems]
        width = max([len(t.grade_id) for t in self.tests] + [10])
        for t in self.tests:
            status = "ok" if t.passed else f"FAILED ({t.error})"
            score = f"{_fmt(t.points)}/{_fmt(t.max_points)}"
            lines.append(f"  {t.grade_id:<{width}}  {score:>7}  {status}")
        lines.append(f"Total: {_fmt(self.score)}/{_fmt(self.max_score)}")
        if self.notes:
            lines.append("Notes:")
            lines += [f"  - {note}" for note in self.notes]
        return "\n".join(lines)


def _failing_line(run):
    """The line of the cell that raised (1-based), read from the traceback; None if unknown."""
    found = _CELL_LINE.search(_ANSI.sub("", "\n".join(run.traceback))) if run is not None else None
    return int(found.group(1)) if found else None


def _describe_failure(run, source=None, hidden=frozenset()):
    """One line saying why a cell failed.

    A bare ``assert`` has no message, so the failing line is added, unless
    that line is a hidden test.
    """
    if run is None:
        return "not run"
    if run.status != "error":
        return run.evalue or run.status
    first = (run.evalue.strip().split("\n") or [""])[0]
    text = f"{run.ename}: {first}" if first else run.ename
    line = _failing_line(run)
    if run.ename == "AssertionError" and not first and source is not None and line is not None:
        if line in hidden:
            text += " in a hidden test"
        elif line <= len(source.split("\n")):
            code = source.split("\n")[line - 1].strip()
            text += f" at line {line}: " + (code if len(code) <= 80 else code[:77] + "...")
    return text


def _read_instructor(instructor, cwd):
    """(notebook, name, working directory) of an instructor notebook given as a path or a notebook."""
    import nbformat

    if isinstance(instructor, (str, Path)):
        cwd = Path(instructor).resolve().parent if cwd is None else Path(cwd)
        return nbformat.read(instructor, as_version=4), str(instructor), cwd
    return instructor, "instructor notebook", Path.cwd() if cwd is None else Path(cwd)


def grade(student, instructor, *, timeout=DEFAULT_TIMEOUT, cwd=None, stop_after=None,
          executed=None, grace=INTERRUPT_GRACE, max_restarts=MAX_RESTARTS):
    """Grade a student notebook against the instructor notebook.

    Parameters
    ----------
    student : str, Path or dict
        The student's notebook file, or the notebook already read (a dict or
        NotebookNode).  It may be anything, even a broken file.
    instructor : str, Path or NotebookNode
        The instructor notebook, with solutions and hidden tests.
    timeout : int, default 30
        Seconds per cell before it is interrupted.
    cwd : str or Path, optional
        Working directory of the kernel.  The default is the instructor
        notebook's folder, or the current directory when ``instructor`` is
        not a path.
    stop_after : str, optional
        The grade_id of a solution cell.  Only the cells up to the last test
        cell of that exercise are run, and later tests count as not run.  The
        test suite uses this fast path for its wrong answers.
    executed : str or Path, optional
        Where to write the notebook as it was run, with its outputs, for
        the instructor.  It holds the hidden tests, so do not hand it to
        students as it is.
    grace : float, default 5
        Seconds a timed-out cell gets to honour the interrupt before the
        kernel is replaced.
    max_restarts : int, default 3

    Returns
    -------
    GradeReport

    Raises
    ------
    MarkupError, OSError
        Only for problems with the *instructor* notebook.  Problems with the
        student's file end up in the report.
    """
    import nbformat

    instructor_nb, instructor_name, cwd = _read_instructor(instructor, cwd)
    assignment = parse_assignment(instructor_nb, instructor_name)
    if stop_after is not None:
        assignment.exercise(stop_after)  # KeyError when unknown
    timeout = max(1, int(math.ceil(timeout)))
    student_name = str(student) if isinstance(student, (str, Path)) else "student notebook"
    report = GradeReport(student_name, instructor_name, timeout, [], stopped_after=stop_after)

    student_cells, positions, report.problems = _load_student(student)
    if student_cells is None:
        report.tests = [TestResult(t.grade_id, t.exercise, 0.0, t.points, False,
                                   "the student notebook could not be read") for t in assignment.tests]
        return report

    restored = _restorations(student_cells, instructor_nb, assignment)
    cells, origin = _merge(student_cells, positions, instructor_nb, assignment)
    last = len(cells) - 1
    if stop_after is not None:
        own = {t.grade_id for t in assignment.exercise(stop_after).tests}
        last = max((i for i, o in enumerate(origin) if o in own), default=-1)
    runs, report.kernel_restarts, problems, executed_nb = _run_async(
        _execute(cells, cwd, timeout, grace, max_restarts, last))
    report.problems += problems

    by_id = {t.grade_id: t for t in assignment.tests}
    for i, gid in enumerate(origin):
        if not isinstance(gid, str):
            continue
        test = by_id[gid]
        run = runs.get(i)
        if run is None and i > last:
            run = _Run("not run", evalue=f"not run (stopped after exercise {stop_after})")
        passed = run is not None and run.status == "ok"
        source = instructor_nb.cells[test.cell_index].source
        error = line = None
        if not passed:
            error = _describe_failure(run, source, test.hidden_lines)
            line = _failing_line(run)
        report.tests.append(TestResult(gid, test.exercise, test.points if passed else 0.0, test.points,
                                       passed, error, restored.get(gid), line,
                                       line is not None and line in test.hidden_lines))
    order = {t.grade_id: k for k, t in enumerate(assignment.tests)}
    report.tests.sort(key=lambda t: order[t.grade_id])

    for gid, how in restored.items():
        report.notes.append(f"{gid}: the student's copy of this test cell was {how}; "
                            "it was graded with the instructor's version")
    student = [i for i, o in enumerate(origin) if isinstance(o, int)]
    for ex in assignment.exercises:
        mine = [i for i in student if _grade_id(cells[i]) == ex.grade_id]
        if not mine:
            report.notes.append(f"{ex.grade_id}: the solution cell is missing from the student notebook")
        elif mine[-1] in runs and runs[mine[-1]].status not in ("ok", "not run"):
            run = runs[mine[-1]]
            report.notes.append(f"{ex.grade_id}: the solution cell failed: {_describe_failure(run)}")
    solution_ids = {ex.grade_id for ex in assignment.exercises}
    for i in student:
        run = runs.get(i)
        if run is not None and run.status in ("timeout", "stuck", "dead", "exit") \
                and _grade_id(cells[i]) not in solution_ids:
            report.notes.append(f"cell {origin[i]} of the student notebook: {run.evalue}")
    if report.kernel_restarts:
        report.notes.append(f"the kernel was restarted {report.kernel_restarts} time(s); each restart "
                            "re-ran the notebook from the top, skipping the cells that stopped a kernel")

    if executed is not None:
        executed_nb.metadata = copy.deepcopy(instructor_nb.metadata)
        executed_nb.metadata.pop("widgets", None)
        Path(executed).parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(executed_nb, executed)
    return report


# --------------------------------------------------------------------------
# tests of the tests: plausible wrong answers ("mutants")
# --------------------------------------------------------------------------

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


def check_mutants(instructor, mutants, *, timeout=DEFAULT_TIMEOUT, cwd=None,
                  grace=INTERRUPT_GRACE, max_restarts=MAX_RESTARTS):
    """Check that each exercise's tests fail plausible wrong answers, in one run of the notebook.

    A separate grading run per mutant costs a kernel and the whole notebook
    each time.  This function runs the notebook once, with reference
    solutions.  Right after the last test cell of an exercise it adds probe
    cells.  For each mutant, the probe cells (1) delete the names that the
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
    timeout, cwd, grace, max_restarts
        As in :func:`grade`.

    Returns
    -------
    MutantReport
    """
    import nbformat

    instructor_nb, name, cwd = _read_instructor(instructor, cwd)
    assignment = parse_assignment(instructor_nb, name)
    report = MutantReport(name, [])
    known = {ex.grade_id for ex in assignment.exercises}
    report.problems += [f"mutants for {gid!r}, which is not an exercise of this notebook"
                        for gid in mutants if gid not in known]
    report.without_mutants = [ex.grade_id for ex in assignment.exercises if not mutants.get(ex.grade_id)]
    report.problems += [f"{ex.grade_id} has mutants but no test cells" for ex in assignment.exercises
                        if mutants.get(ex.grade_id) and not ex.tests]

    def code(source, tag):
        cells.append(nbformat.v4.new_code_cell(source))
        origin.append(tag)

    def reset(names):
        return f"for _name in {names!r}:\n    globals().pop(_name, None)\ndel _name"

    cells, origin, planned = [], [], []
    last_test = {ex.grade_id: max(t.cell_index for t in ex.tests) for ex in assignment.exercises if ex.tests}
    for index, cell in enumerate(instructor_nb.cells):
        cell = copy.deepcopy(cell)
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
        kind = assignment.kinds[index]
        if kind == "solution":
            cell.source = reference_solution(cell.source)
        cells.append(cell)
        origin.append(("test", _grade_id(cell)) if kind == "tests" else None)
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
                for test in ex.tests:
                    code(instructor_nb.cells[test.cell_index].source, ("probe", ex.grade_id, k, test.grade_id))
            code(reset(names), None)
            code(reference, ("restore", ex.grade_id))
            for test in ex.tests:
                code(instructor_nb.cells[test.cell_index].source, ("again", test.grade_id))
    for i, cell in enumerate(cells):
        cell["id"] = f"mutants-{i:04d}"

    timeout = max(1, int(math.ceil(timeout)))
    runs, _, problems, _ = _run_async(_execute(cells, cwd, timeout, grace, max_restarts, len(cells) - 1))
    report.problems += problems
    by_id = {t.grade_id: t for t in assignment.tests}
    for i, tag in enumerate(origin):
        if tag and tag[0] in ("test", "again") and runs.get(i, _Run("not run")).status != "ok":
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


# --------------------------------------------------------------------------
# command line
# --------------------------------------------------------------------------

def _cmd_check(args):
    import nbformat

    problems = []
    for path in _notebook_paths(args.paths):
        try:
            assignment = parse_assignment(nbformat.read(path, as_version=4), str(path))
        except MarkupError as exc:
            problems += exc.problems
            continue
        except Exception as exc:  # noqa: BLE001
            problems.append(f"{path}: cannot be read as a notebook: {exc}")
            continue
        print(f"{path}: {len(assignment.exercises)} exercise(s), {_fmt(assignment.max_score)} point(s)")
        for ex in assignment.exercises:
            tests = ", ".join(f"{t.grade_id} ({_fmt(t.points)})" for t in ex.tests) or "no tests"
            print(f"  {ex.grade_id}: {tests}")
        for warning in assignment.warnings:
            print(f"  warning: {warning}")
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    return 2 if problems else 0


def _cmd_student(args):
    try:
        written = write_student_versions(args.paths, args.output)
    except MarkupError as exc:
        for problem in exc.problems:
            print(f"error: {problem}", file=sys.stderr)
        print("nothing was written", file=sys.stderr)
        return 2
    for path in written:
        print(f"wrote {path}")
    return 0


def _cmd_grade(args):
    try:
        report = grade(args.student, args.instructor, timeout=args.timeout, executed=args.executed)
    except MarkupError as exc:
        for problem in exc.problems:
            print(f"error: {problem}", file=sys.stderr)
        return 2
    print(report.format())
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(report.to_dict(), indent=1) + "\n", encoding="utf-8")
    return 1 if any(p.startswith("the grader could not start") for p in report.problems) else 0


def _cmd_mutants(args):
    import runpy

    registered = runpy.run_path(args.mutants)["MUTANTS"]
    status = 0
    for path in _notebook_paths(args.paths):
        mine = {gid: changes for (stem, gid), changes in registered.items() if stem == path.stem}
        report = check_mutants(path, mine, timeout=args.timeout)
        print(report.format())
        if report.problems or report.without_mutants or report.killed < len(report.results):
            status = 1
    return status


def main(argv=None):
    """Entry point of ``python -m lecturekit.homework``.

    Returns the exit code: 0 on success; 2 for bad arguments or a bad
    instructor notebook; 1 if the grader could not start a kernel, or (for
    ``mutants``) if a mutant survived or an exercise has none.
    """
    parser = argparse.ArgumentParser(
        prog="python -m lecturekit.homework",
        description="Student versions of the course notebooks, and a grader.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("check", help="check the exercise markup and list the exercises")
    p.add_argument("paths", nargs="+", help="notebooks or folders of notebooks")
    p.set_defaults(run=_cmd_check)
    p = sub.add_parser("student", help="write the student versions")
    p.add_argument("paths", nargs="+", help="notebooks or folders of notebooks")
    p.add_argument("-o", "--output", required=True, help="output folder (created if needed)")
    p.set_defaults(run=_cmd_student)
    p = sub.add_parser("grade", help="grade one student notebook")
    p.add_argument("student", help="the student's .ipynb")
    p.add_argument("--instructor", required=True, help="the instructor version of the same notebook")
    p.add_argument("--json", help="also write the report as JSON to this file")
    p.add_argument("--timeout", type=int, default=DEFAULT_TIMEOUT, help="seconds per cell (default 30)")
    p.add_argument("--executed", help="write the notebook as it was run, with outputs, to this file "
                                      "(it holds the hidden tests: for the instructor only)")
    p.set_defaults(run=_cmd_grade)
    p = sub.add_parser("mutants", help="check that the tests fail plausible wrong answers")
    p.add_argument("paths", nargs="+", help="instructor notebooks or folders of them")
    p.add_argument("--mutants", required=True,
                   help="a Python file defining MUTANTS = {(notebook stem, grade_id): [(description, change)]}")
    p.add_argument("--timeout", type=int, default=DEFAULT_TIMEOUT, help="seconds per cell (default 30)")
    p.set_defaults(run=_cmd_mutants)
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except (FileNotFoundError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
