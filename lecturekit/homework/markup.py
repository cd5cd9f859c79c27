"""Exercise markup: solution cells, test cells and hidden tests, in nbgrader's format.

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
  ``assert`` lines (or a :func:`lecturekit.exercises.check_exercise` call) and,
  optionally, a block between ``### BEGIN HIDDEN TESTS`` and
  ``### END HIDDEN TESTS`` that the student version leaves out.
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
"""

from __future__ import annotations

import ast
import math
import re
from dataclasses import dataclass

__all__ = [
    "BEGIN_SOLUTION", "END_SOLUTION", "BEGIN_HIDDEN_TESTS", "END_HIDDEN_TESTS", "CODE_STUB",
    "MarkupError", "Assignment", "Exercise", "TestCell",
    "clear_solutions", "clear_hidden_tests", "reference_solution", "parse_assignment",
]

BEGIN_SOLUTION = "### BEGIN SOLUTION"
END_SOLUTION = "### END SOLUTION"
BEGIN_HIDDEN_TESTS = "### BEGIN HIDDEN TESTS"
END_HIDDEN_TESTS = "### END HIDDEN TESTS"
CODE_STUB = "# YOUR CODE HERE\nraise NotImplementedError()"  # nbgrader's default stub

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

    A block at the end of the cell takes the blank lines before and after it along, so the student's cell
    does not end in an empty line:

    >>> clear_hidden_tests("assert f(1) == 2\\n\\n### BEGIN HIDDEN TESTS\\nassert f(0) == 0\\n### END HIDDEN TESTS\\n")
    'assert f(1) == 2'
    """
    cleared = _rewrite(source, _HIDDEN, None)
    if cleared == source:
        return source
    lines = cleared.split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join(lines)


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

