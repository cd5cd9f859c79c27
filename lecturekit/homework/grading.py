"""Grading one submission: read the student's file without trusting it, rebuild
the notebook with the instructor's test cells, run it (student code in the
runner, tests in the clean checker), and report.

``grade`` never changes the student's file.  The notebook it runs is made in
two steps.

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

A test cell earns its points if it runs without an error; there is no partial
credit inside a cell.  A student file that cannot be read (not UTF-8, not
JSON, nested too deeply, too large, not a notebook) is not run at all: every
test gets 0 and the report says why.  Grading never raises because of anything
in the student's file.
"""

from __future__ import annotations

import copy
import json
import math
import os
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path

from . import engine
from . import sandbox as sb
from .engine import Run
from .escape import printable
from .markup import _grade_id, clear_hidden_tests, parse_assignment

__all__ = ["GradeReport", "TestResult", "grade", "grade_notebook", "write_report", "format_report",
           "known_mistakes", "DEFAULT_TIMEOUT", "SANDBOXES"]

DEFAULT_TIMEOUT = 30      # seconds per cell
INTERRUPT_GRACE = 5       # seconds a timed-out cell gets to honour the interrupt
MAX_RESTARTS = 3          # fresh processes per grading run
MAX_FILE_BYTES = 20_000_000   # a submission larger than this is not read
MAX_CELLS = 2000              # a submission with more cells is not run
MAX_CELL_CHARS = 1_000_000    # characters of source per cell
SANDBOXES = ("bwrap", "none", "auto")


# --------------------------------------------------------------------------
# reading the student's file
# --------------------------------------------------------------------------

def _unreadable(reason):
    return None, [], [reason]


def _clean_nbgrader(meta):
    """Only the nbgrader keys the grader reads, and only scalar values."""
    if not isinstance(meta, dict):
        return None
    keep = {}
    for key in ("grade_id", "solution", "grade", "locked", "task", "points", "schema_version"):
        value = meta.get(key)
        if value is None or type(value) in (bool, int, float) or (type(value) is str and len(value) < 200):
            if key in meta:
                keep[key] = value
    return keep


def _load_student(student):
    """Read a student notebook as leniently as is safe.

    Returns ``(cells, positions, problems)``.  ``positions`` holds each
    cell's 1-based place in the student's file.  ``cells`` is None when
    nothing can be graded.
    """
    import nbformat

    problems = []
    if isinstance(student, dict):
        try:
            data = json.loads(json.dumps(student))
        except (TypeError, ValueError, RecursionError) as exc:
            return _unreadable(f"the student notebook cannot be read ({type(exc).__name__})")
    else:
        if isinstance(student, (bytes, bytearray)):   # the file's bytes (perhaps only its first
            size, raw = len(student), bytes(student)   # MAX_FILE_BYTES + 1), sent to a worker as data
        else:
            try:
                size = os.path.getsize(student)
                raw = Path(student).read_bytes() if size <= MAX_FILE_BYTES else b""
            except (OSError, ValueError) as exc:
                return _unreadable(f"the student notebook cannot be read: {exc}")
        if size > MAX_FILE_BYTES:
            return _unreadable(f"the student notebook is too large (more than {MAX_FILE_BYTES} bytes); "
                               "nothing could be run")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            return _unreadable(f"the student notebook is not UTF-8 text ({exc})")
        try:
            data = json.loads(text)
        except RecursionError:
            return _unreadable("the student notebook is nested too deeply to be a notebook; nothing could be run")
        except ValueError as exc:
            detail = f"line {exc.lineno}, column {exc.colno}: {exc.msg}" if hasattr(exc, "lineno") else str(exc)
            return _unreadable(f"the student notebook is not valid JSON ({detail}); nothing could be run")
    if not isinstance(data, dict):
        return _unreadable(f"the student notebook is JSON but not a notebook (a {type(data).__name__}, "
                           "not an object with 'cells')")
    if data.get("nbformat") == 3 or "worksheets" in data:
        try:
            data = nbformat.convert(nbformat.from_dict(data), 4)
        except (Exception, RecursionError) as exc:  # noqa: BLE001
            return _unreadable(f"the student notebook is in an old format that could not be converted: "
                               f"{type(exc).__name__}")
    raw_cells = data.get("cells")
    if not isinstance(raw_cells, list):
        return _unreadable("the student notebook is JSON but not a notebook (no list of 'cells')")
    if len(raw_cells) > MAX_CELLS:
        return _unreadable(f"the student notebook has {len(raw_cells)} cells (the limit is {MAX_CELLS}); "
                           "nothing could be run")

    cells, positions = [], []
    for k, raw in enumerate(raw_cells, 1):
        source = raw.get("source", "") if isinstance(raw, dict) else None
        if isinstance(source, list) and all(isinstance(s, str) for s in source):
            source = "".join(source)
        if not isinstance(raw, dict) or raw.get("cell_type") not in ("code", "markdown", "raw") \
                or not isinstance(source, str):
            problems.append(f"student cell {k} is not a readable notebook cell and was left out")
            continue
        if len(source) > MAX_CELL_CHARS:
            problems.append(f"student cell {k} has more than {MAX_CELL_CHARS} characters and was left out")
            continue
        # Only the metadata the grader reads is kept, checked; a malformed value elsewhere cannot hurt.
        metadata = raw.get("metadata") if isinstance(raw.get("metadata"), dict) else {}
        kept = {}
        nbgrader = _clean_nbgrader(metadata.get("nbgrader"))
        if nbgrader is not None:
            kept["nbgrader"] = nbgrader
        tags = metadata.get("tags")
        if isinstance(tags, list) and len(tags) < 100 and all(isinstance(t, str) and len(t) < 200 for t in tags):
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
# the report
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
    misconceptions: list = field(default_factory=list)  # catalogued mistakes a visible test recognised
    feedback: str | None = None  # what the student may read about the failure (see feedback_of)
    timed_out: bool = False      # failed because time ran out (the cell's limit or the grade's)


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
    sandbox: str = "none"
    seconds: dict = field(default_factory=dict)   # wall time: start (the two processes), cells, tests
    readable: bool = True                         # False: the file is not a notebook the grader could read
    timeouts: list = field(default_factory=list)  # what ran out of time: cells, tests, the whole grade

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
        """The report as plain JSON data (what ``--json`` writes)."""
        return {
            "student": self.student, "instructor": self.instructor, "timeout": self.timeout,
            "sandbox": self.sandbox,
            "score": self.score, "max_score": self.max_score,
            "exercises": {ex: dict(zip(("points", "max_points"), self.exercise_points(ex)))
                          for ex in dict.fromkeys(t.exercise for t in self.tests)},
            "tests": [asdict(t) for t in self.tests],
            "notes": list(self.notes), "problems": list(self.problems),
            "kernel_restarts": self.kernel_restarts, "stopped_after": self.stopped_after,
            "seconds": {k: round(v, 3) for k, v in self.seconds.items()},
            "readable": self.readable, "timeouts": list(self.timeouts),
        }

    def format(self):
        """The report as text: one line per test cell, the total, then notes."""
        return format_report(self.to_dict())


def format_report(data):
    """The printed report, made from the JSON report (so the two always agree)."""
    lines = [f"Grading {data['student']}", f"  against {data['instructor']} "
             f"(time limit {data['timeout']} s per cell; sandbox: {data.get('sandbox', 'none')})"]
    lines += [f"  ! {p}" for p in data["problems"]]
    width = max([len(t["grade_id"]) for t in data["tests"]] + [10])
    for t in data["tests"]:
        status = "ok" if t["passed"] else f"FAILED ({t['error']})"
        score = f"{_fmt(t['points'])}/{_fmt(t['max_points'])}"
        lines.append(f"  {t['grade_id']:<{width}}  {score:>7}  {status}")
        # the rest of an exercise check's message: every failed probe, its misconception, the hint
        more = (t.get("feedback") or "").split("\n")[1:] if not t["passed"] else []
        lines += [f"      {line}" for line in more if line.strip()]
    lines.append(f"Total: {_fmt(data['score'])}/{_fmt(data['max_score'])}")
    if data["notes"]:
        lines.append("Notes:")
        lines += [f"  - {note}" for note in data["notes"]]
    # file names and messages come from the student: control characters are shown, never sent raw
    return "\n".join(printable(line) for line in lines)


def write_report(data, path):
    """Write a JSON report atomically: a temporary file in the same folder, then a rename."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    # ASCII JSON: a student's control or bidirectional characters are \\u escapes in the file
    text = json.dumps(data, indent=1, allow_nan=False, ensure_ascii=True) + "\n"
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, file_mode())   # as open() would make it: readable by a TA group under umask 002
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
        _sync_folder(path.parent)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _umask():
    try:   # Linux: read it without changing it (os.umask would, for every thread, for a moment)
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def file_mode():
    """The mode a new file gets from ``open()`` under this process's umask (0o644 under 022, 0o664 under 002)."""
    return 0o666 & ~_umask()


def _sync_folder(folder):
    """Make a rename in ``folder`` durable (POSIX; a no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _describe_failure(run, source=None, hidden=frozenset()):
    """One line saying why a step failed.

    A bare ``assert`` has no message, so the failing line is added, unless
    that line is a hidden test.  A failure on a hidden line shows only the
    kind of error (its message could give the hidden test away), except for
    messages about the student's own code (what it raised, or returned that
    is not plain data).
    """
    if run is None:
        return "not run"
    if run.status != "error":
        return run.evalue or run.status
    first = (run.evalue.strip().split("\n") or [""])[0]
    text = f"{run.ename}: {first}" if first else run.ename
    line = run.line
    if source is not None and line is not None and line in hidden:
        return f"{run.ename} in a hidden test" + (f": {first}" if run.student and first else "")
    if run.ename == "AssertionError" and not first and source is not None and line is not None:
        if line <= len(source.split("\n")):
            code = source.split("\n")[line - 1].strip()
            text += f" at line {line}: " + (code if len(code) <= 80 else code[:77] + "...")
    return text


# The error an exercise check raises (lecturekit.exercises): only the checker can raise it, since a student's
# exception reaches the checker as the built-in type it is or derives from.  Its message is composed by the
# check, with the student's values and exception messages on one line each, so it holds the check's words even
# when a probe of the test called student code that raised (which sets ``run.student``).
CHECK_ERRORS = ("ExerciseFailed",)


def _checkers_own(run):
    return not run.student or run.ename in CHECK_ERRORS


def feedback_of(run, source=None, hidden=frozenset()):
    """Everything about a failed step that the student may read.

    The whole message of a visible line of the instructor's test (an exercise
    check's every failed probe, misconception and hint; an assert's message),
    which is what the student sees when they run the visible test themselves.
    For a hidden line, only the kind of error (and the student's own exception
    message); for the student's own exception, its first line; never a hidden
    test's message or source.
    """
    short = _describe_failure(run, source, hidden)
    if run is None or run.status != "error" or not _checkers_own(run):
        return short
    if source is not None and run.line is not None and run.line in hidden:
        return short
    text = run.evalue.strip()
    return text if text and "\n" in text else short


KNOWN_MISTAKE = "This looks like a known mistake: "


def known_mistakes(run, hidden=frozenset()):
    """The catalogued misconceptions a failed test recognised (a list, often empty).

    The checks say each on a line of their message, ``This looks like a known
    mistake: <description>`` (:func:`lecturekit.exercises.check_exercise`,
    indented under each failed probe).  Only a
    message of the checker's own (not an exception of the student's code,
    whose text the student writes) on a visible line counts.
    """
    if run is None or run.status != "error" or not _checkers_own(run) or run.line is None or run.line in hidden:
        return []
    found = []
    for text in run.evalue.split("\n"):
        text = text.strip()
        if text.startswith(KNOWN_MISTAKE):
            description = text[len(KNOWN_MISTAKE):].strip()[:300]
            if description and description not in found:
                found.append(description)
    return found


def _read_instructor(instructor):
    """(notebook, name, folder) of an instructor notebook given as a path or a notebook."""
    import nbformat

    if isinstance(instructor, (str, Path)):
        return nbformat.read(instructor, as_version=4), str(instructor), Path(instructor).resolve().parent
    if isinstance(instructor, (bytes, bytearray)):   # sent to a worker as data
        return nbformat.reads(bytes(instructor).decode("utf-8"), as_version=4), "instructor notebook", Path.cwd()
    return instructor, "instructor notebook", Path.cwd()


def resolve_sandbox(sandbox):
    """("bwrap" or "none", note or None) for a requested sandbox; raises SandboxUnavailable."""
    if sandbox not in SANDBOXES:
        raise ValueError(f"sandbox must be one of {SANDBOXES}; got {sandbox!r}")
    if sandbox == "none":
        return "none", None
    ok, why = sb.sandbox_status()
    if ok:
        return "bwrap", None
    if sandbox == "bwrap":
        raise sb.SandboxUnavailable(f"no sandbox: {why}. Install bubblewrap, or grade without a sandbox "
                                    "(command line: --unsandboxed; Python: sandbox='none'), which runs the "
                                    "student's code with your own permissions")
    return "none", f"student code ran without a sandbox ({why})"


def instructor_setup(instructor_nb, assignment):
    """The import lines of the instructor's own cells (not solutions, not tests), and the names they bind."""
    sources = [cell.source for cell, kind in zip(instructor_nb.cells, assignment.kinds)
               if cell.cell_type == "code" and kind is None]
    return engine.setup_imports(sources)


def grade(student, instructor, *, timeout=DEFAULT_TIMEOUT, sandbox="auto", cwd=None, stop_after=None,
          executed=None, grace=INTERRUPT_GRACE, max_restarts=MAX_RESTARTS, total_timeout=None, limits=None,
          student_name=None, instructor_name=None):
    """Grade a student notebook against the instructor notebook.

    Parameters
    ----------
    student : str, Path, bytes or dict
        The student's notebook file, its bytes, or the notebook already read
        (a dict or NotebookNode).  It may be anything, even a broken or
        hostile file.
    instructor : str, Path or NotebookNode
        The instructor notebook, with solutions and hidden tests.
    timeout : int, default 30
        Seconds per cell before it is interrupted.
    sandbox : {"auto", "bwrap", "none"}, default "auto"
        Where the student's code runs (see :mod:`lecturekit.homework.sandbox`).
        "bwrap" refuses (raises :class:`SandboxUnavailable`) when bubblewrap
        does not work here; "auto" then runs without it and says so in the
        report's notes; "none" never sandboxes (self-study, any OS).
    cwd : str or Path, optional
        Working folder of the student's code when ``sandbox`` is "none".  The
        default is a fresh temporary folder, removed afterwards.  In the
        sandbox the working folder is always the sandbox's own ``/tmp/work``.
    stop_after : str, optional
        The grade_id of a solution cell.  Only the cells up to the last test
        cell of that exercise are run, and later tests count as not run.
    executed : str or Path, optional
        Where to write the notebook as it was run, with its outputs, for
        the instructor.  It holds the hidden tests: not for students.
    grace : float, default 5
        Seconds a timed-out cell gets to honour the interrupt before the
        processes are replaced.
    max_restarts : int, default 3
    total_timeout : float, optional
        Seconds for the whole grade; the default is 20 cell time limits.
    limits : dict, optional
        Resource limits of the student's process (see ``sandbox.DEFAULT_LIMITS``).
    student_name, instructor_name : str, optional
        The names the report gives the two notebooks (default: their paths).

    Returns
    -------
    GradeReport
        Built after every process the submission started is gone.

    Raises
    ------
    MarkupError, OSError
        Only for problems with the *instructor* notebook.
    SandboxUnavailable
        ``sandbox="bwrap"`` and no working bubblewrap.
    """
    instructor_nb, read_name, _ = _read_instructor(instructor)
    instructor_name = read_name if instructor_name is None else str(instructor_name)
    assignment = parse_assignment(instructor_nb, instructor_name)
    if stop_after is not None:
        assignment.exercise(stop_after)  # KeyError when unknown
    mode, sandbox_note = resolve_sandbox(sandbox)
    timeout = max(1, int(math.ceil(timeout)))
    total_timeout = 20 * timeout if total_timeout is None else total_timeout
    if student_name is None:
        student_name = str(student) if isinstance(student, (str, Path)) else "student notebook"
    report = GradeReport(student_name, instructor_name, timeout, [], stopped_after=stop_after, sandbox=mode)
    try:
        return _grade(report, student, instructor_nb, assignment, mode, sandbox_note, cwd, stop_after,
                      executed, timeout, grace, max_restarts, total_timeout, limits)
    except Exception as exc:  # noqa: BLE001 - the last line of defence: a report, never a traceback
        report.tests = [TestResult(t.grade_id, t.exercise, 0.0, t.points, False, "not graded")
                        for t in assignment.tests]
        report.problems.append(f"the grader failed on this submission ({type(exc).__name__}: "
                               f"{str(exc)[:300]}); it was given 0 points")
        return report


def _grade(report, student, instructor_nb, assignment, mode, sandbox_note, cwd, stop_after, executed,
           timeout, grace, max_restarts, total_timeout, limits):
    import nbformat

    student_cells, positions, report.problems = _load_student(student)
    if sandbox_note:
        report.notes.append(sandbox_note)
    if student_cells is None:
        report.readable = False
        report.tests = [TestResult(t.grade_id, t.exercise, 0.0, t.points, False,
                                   "the student notebook could not be read",
                                   feedback=f"{report.problems[0]}; every test counts as failed")
                        for t in assignment.tests]
        return report

    restored = _restorations(student_cells, instructor_nb, assignment)
    cells, origin = _merge(student_cells, positions, instructor_nb, assignment)
    last = len(cells) - 1
    if stop_after is not None:
        own = {t.grade_id for t in assignment.exercise(stop_after).tests}
        last = max((i for i, o in enumerate(origin) if o in own), default=-1)
    steps = []
    for cell, o in zip(cells, origin):
        if isinstance(o, str):
            steps.append(("test", o, cell.source))
        elif cell.cell_type == "code":
            steps.append(("code", cell.source))
        else:
            steps.append(("markdown", ""))
    setup, setup_names = instructor_setup(instructor_nb, assignment)
    scratch = None
    if mode == "none" and cwd is None:
        scratch = cwd = tempfile.mkdtemp(prefix="lk-grade-")
    try:
        runs, report.kernel_restarts, problems = engine.execute(
            steps, sandbox=mode, cwd=cwd, timeout=timeout, grace=grace, max_restarts=max_restarts,
            setup=setup, setup_names=setup_names, limits=limits, last_index=last, total_timeout=total_timeout,
            timings=report.seconds)
    finally:
        if scratch:
            import shutil

            shutil.rmtree(scratch, ignore_errors=True)
    report.problems += problems

    by_id = {t.grade_id: t for t in assignment.tests}
    for i, gid in enumerate(origin):
        if not isinstance(gid, str):
            continue
        test = by_id[gid]
        run = runs.get(i)
        if run is None and i > last:
            run = Run("not run", evalue=f"not run (stopped after exercise {stop_after})")
        passed = run is not None and run.status == "ok"
        source = instructor_nb.cells[test.cell_index].source
        error = line = feedback = None
        mistakes = []
        late = False
        if not passed:
            error = _describe_failure(run, source, test.hidden_lines)
            feedback = feedback_of(run, source, test.hidden_lines)
            line = run.line if run is not None else None
            mistakes = known_mistakes(run, test.hidden_lines)
            late = run is not None and (run.status in ("timeout", "stuck")
                                        or run.evalue.startswith("not run: the grade's total time limit"))
            if late:
                report.timeouts.append(f"test {gid}: {error}")
        report.tests.append(TestResult(gid, test.exercise, test.points if passed else 0.0, test.points,
                                       passed, error, restored.get(gid), line,
                                       line is not None and line in test.hidden_lines, mistakes, feedback, late))
    order = {t.grade_id: k for k, t in enumerate(assignment.tests)}
    report.tests.sort(key=lambda t: order[t.grade_id])

    for gid, how in restored.items():
        report.notes.append(f"{gid}: the student's copy of this test cell was {how}; "
                            "it was graded with the instructor's version")
    mine_all = [i for i, o in enumerate(origin) if isinstance(o, int)]
    for ex in assignment.exercises:
        mine = [i for i in mine_all if _grade_id(cells[i]) == ex.grade_id]
        if not mine:
            report.notes.append(f"{ex.grade_id}: the solution cell is missing from the student notebook")
        elif mine[-1] in runs and runs[mine[-1]].status not in ("ok", "not run"):
            report.notes.append(f"{ex.grade_id}: the solution cell failed: {_describe_failure(runs[mine[-1]])}")
    solution_ids = {ex.grade_id for ex in assignment.exercises}
    late_cells = []
    for i in mine_all:
        run = runs.get(i)
        if run is not None and run.status in ("timeout", "stuck", "dead", "exit") \
                and _grade_id(cells[i]) not in solution_ids:
            report.notes.append(f"cell {origin[i]} of the student notebook: {run.evalue}")
        if run is not None and run.status in ("timeout", "stuck"):
            late_cells.append(f"cell {origin[i]} of the student notebook: {run.evalue}")
    report.timeouts[:0] = late_cells + [p for p in report.problems if "total time limit" in p]
    if report.kernel_restarts:
        report.notes.append(f"the student's process was restarted {report.kernel_restarts} time(s) (the kernel "
                            "was restarted); each restart re-ran the notebook from the top, skipping the cells "
                            "that stopped it")

    if executed is not None:
        for i, cell in enumerate(cells):
            if cell.cell_type == "code" and i in runs:
                cell.outputs = [nbformat.from_dict(o) for o in runs[i].outputs]
        executed_nb = nbformat.from_dict({"nbformat": 4, "nbformat_minor": 5, "cells": cells,
                                          "metadata": copy.deepcopy(instructor_nb.metadata)})
        executed_nb.metadata.pop("widgets", None)
        Path(executed).parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(executed_nb, executed)
    return report


def grade_notebook(student_path, instructor_path, *, sandbox="auto", timeout=DEFAULT_TIMEOUT, **kwargs):
    """Grade one notebook and return the report as a plain dict (the JSON report).

    The entry point for other code (``course.py progress``).  With
    ``sandbox="none"`` it runs on Linux, macOS and Windows and needs no
    sandbox tool; the student's code then runs as the calling user, in a
    temporary working folder, and the student's files are only read.

    Returns
    -------
    dict
        ``{"student", "instructor", "timeout", "sandbox", "score", "max_score",
        "exercises": {grade_id: {"points", "max_points"}}, "tests": [...],
        "notes": [...], "problems": [...], "kernel_restarts", "stopped_after",
        "seconds": {"start", "cells", "tests"}}``
    """
    return grade(student_path, instructor_path, sandbox=sandbox, timeout=timeout, **kwargs).to_dict()
