"""Grading a class: every submission once, resumable, on this machine or a Dask cluster.

A class run goes through these steps:

1. **Check what it was given**, before anything is written: the submissions
   folder, the instructor notebooks, the roster and the manual sheet (if any),
   the Dask scheduler's address (it must answer as a Dask scheduler within
   seconds, see :func:`cluster.check_address`).
2. **Plan.**  Account for every file of the folder (:func:`submissions.scan`):
   the notebooks to grade, each with its report file,
   ``out/<student>/<notebook>.json`` (names made safe by
   :func:`escape.safe_name`, so no student name can leave ``out``), and what is
   not graded, with the reason.
3. **Skip what is done.**  A report records the SHA-256 of the submission and
   the *grading fingerprint* it was graded with (:func:`grading_fingerprint`:
   the instructor notebook's code cells and exercise metadata, not its outputs
   or text, and lecturekit's source, where the checks live).  A submission
   whose report matches both is not graded again (``regrade=True`` grades
   everything).
4. **Grade the rest** on an *engine*: ``"local"`` (a pool of ``jobs``
   threads, each driving one sandboxed grade; the default, no extra
   dependency), or Dask (:mod:`lecturekit.homework.cluster`).  The engine gets
   the submission's bytes and the instructor notebook's bytes, as data; it
   returns the report as JSON text.  Only this process writes to ``out``: each
   report atomically (a temporary file, then a rename), as soon as it arrives;
   a report that cannot be written is listed, and the rest of the class is
   still graded.
5. **Write the gradebooks, the class report and the feedback files** from all
   the reports of the plan, graded now or earlier, with the roster and the
   manual grades (:mod:`.gradebook`, :mod:`.classreport`, :mod:`.handback`).
   Only a run that got this far writes them: a run that stops early leaves the
   previous ones as they were, and a new ``out`` it made and wrote nothing
   into is removed.

So an interrupted run loses only the submissions in flight, and running the
same command again grades exactly those.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sys
import tempfile
import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

from .escape import printable, safe_name
from .grading import DEFAULT_TIMEOUT, MAX_FILE_BYTES, _read_instructor, grade, resolve_sandbox, write_report
from .markup import parse_assignment

__all__ = ["Submission", "ClassRun", "ClassRunError", "plan", "grade_class", "grade_payload", "Progress",
           "grading_fingerprint", "checks_fingerprint"]


class ClassRunError(Exception):
    """The class run cannot start or finish; the message says what is wrong and how to fix it."""


@dataclass
class Submission:
    """One notebook of one student, and where its report goes."""

    student: str           # the student's id: from the file or folder name (in the roster's spelling)
    notebook: str          # the instructor notebook's stem
    path: Path
    instructor: Path
    report: Path
    problem: str | None = None   # why it cannot be graded at all (e.g. handed in twice)
    how: str = "name"            # how it was matched: "name", "matched" (a renamed file) or "only"


@dataclass
class ClassRun:
    """What a class run did."""

    reports: list                               # every report of the plan, in plan order
    graded: list = field(default_factory=list)  # Submissions graded in this run
    skipped: list = field(default_factory=list)  # already graded (the report matched both hashes)
    failed: list = field(default_factory=list)  # (Submission, reason): no report; the next run retries
    unmatched: list = field(default_factory=list)  # (path, student or None, reason): not a submission we can grade
    ignored: list = field(default_factory=list)    # (path, reason): hidden files, extras beside a notebook
    entries: list = field(default_factory=list)    # gradebook.Entry per student and notebook
    off_roster: list = field(default_factory=list)   # students graded who are not on the roster
    problems: list = field(default_factory=list)     # manual grades not applied, feedback not written
    not_handed_in: list = field(default_factory=list)  # instructor notebooks no file was handed in for
    seconds: float = 0.0
    engine: str = "local"
    startup: float = 0.0    # of ``seconds``: starting (or connecting to) a Dask cluster, and closing it

    @property
    def complete(self):
        """True when every file is graded, every student accounted for, and nothing needs a person."""
        return not (self.failed or self.unmatched or self.off_roster or self.problems)


def plan(folder, instructors, out, *, found=None):
    """The submissions of ``folder`` (or the :class:`submissions.Found` list ``found``), each with its
    report path under ``out``."""
    from .submissions import scan

    out = Path(out)
    if found is None:
        found = scan(folder, instructors).found
    subs = []
    for f in found:
        report = out / safe_name(f.student) / f"{safe_name(f.notebook)}.json"
        subs.append(Submission(f.student, f.notebook, f.path, Path(f.instructor), report, None, f.how))
    # Two submissions of one student for one notebook (alice.ipynb and alice/): which counts is the
    # instructor's call, so neither is graded and the summary names both.
    same = {}
    for sub in subs:
        same.setdefault((sub.student, sub.notebook), []).append(sub)
    for group in same.values():
        if len(group) > 1:
            for sub in group:
                others = ", ".join(str(o.path) for o in group if o is not sub)
                sub.problem = f"another submission of this student for {sub.notebook} ({others}): keep one"
    # Names that differ only in case would share a file on macOS or Windows: give each its own.
    seen = {}
    for sub in subs:
        seen.setdefault(str(sub.report).casefold(), []).append(sub)
    for group in seen.values():
        if len({sub.student for sub in group}) > 1:
            for sub in group:
                tag = hashlib.sha256(sub.student.encode("utf-8", "surrogatepass")).hexdigest()[:8]
                sub.report = out / f"{safe_name(sub.student)}-{tag}" / sub.report.name
    for sub in subs:  # defence in depth: nothing may be written outside out
        resolved = sub.report.resolve()
        if not resolved.is_relative_to(out.resolve()):
            raise ValueError(f"report path {resolved} is outside --out {out}")
    return subs


def file_sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def read_submission(path):
    """``(bytes, sha256)``: at most the first MAX_FILE_BYTES + 1 bytes (enough to say "too large"), and
    the hash of the whole file, read once, so the hash is that of what is graded."""
    h = hashlib.sha256()
    kept = []
    size = 0
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
            if size <= MAX_FILE_BYTES:
                kept.append(block[: MAX_FILE_BYTES + 1 - size])
            size += len(block)
    return b"".join(kept), h.hexdigest()


def existing_report(sub, submission_sha, fingerprint):
    """The report already written for ``sub`` from this submission with this grading fingerprint, or None."""
    try:
        data = json.loads(sub.report.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if isinstance(data, dict) and data.get("submission_sha256") == submission_sha \
            and data.get("grading_sha256") == fingerprint and data.get("student_id") == sub.student:
        return data
    return None


# Modules that find, present or hand back grades but do not decide one: a change to them regrades nothing.
# (A module missing here counts: the fingerprint errs towards grading again.)
PRESENTATION_MODULES = frozenset(f"homework/{name}.py" for name in (
    "__init__", "__main__", "cli", "classrun", "classreport", "cluster", "escape", "gradebook", "handback",
    "manual", "mutants", "roster", "student", "submissions")) | {"learner.py"}


@functools.lru_cache(maxsize=None)
def checks_fingerprint():
    """SHA-256 of the lecturekit source that decides grades (every ``.py`` file of the package, by path,
    except :data:`PRESENTATION_MODULES`): the checks the test cells call, the library their expected values
    come from, and the grading engine."""
    import lecturekit

    root = Path(lecturekit.__file__).resolve().parent
    h = hashlib.sha256()
    for path in sorted(root.rglob("*.py"), key=lambda p: p.relative_to(root).as_posix()):
        if "__pycache__" in path.parts or path.relative_to(root).as_posix() in PRESENTATION_MODULES:
            continue
        h.update(path.relative_to(root).as_posix().encode() + b"\0")
        h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()


def _joined(source):
    return "".join(source) if isinstance(source, list) else str(source or "")


def grading_fingerprint(instructor_data):
    """SHA-256 of what decides a grade: the instructor notebook's code cells (sources, in order) and every
    cell's nbgrader metadata, plus :func:`checks_fingerprint`.

    Not its outputs, execution counts, widget state or markdown text: running the instructor notebook
    again, or clearing its outputs, regrades nothing.
    """
    nb = json.loads(instructor_data)
    cells = []
    for cell in nb.get("cells", []) if isinstance(nb, dict) else []:
        meta = cell.get("metadata") if isinstance(cell.get("metadata"), dict) else {}
        if cell.get("cell_type") == "code" or "nbgrader" in meta:
            cells.append([cell.get("cell_type"), _joined(cell.get("source")), meta.get("nbgrader")])
    h = hashlib.sha256(json.dumps(cells, sort_keys=True, ensure_ascii=True).encode())
    h.update(checks_fingerprint().encode())
    return h.hexdigest()


def grade_payload(submission, instructor, *, student_name, instructor_name, timeout=DEFAULT_TIMEOUT,
                  sandbox="bwrap", **kwargs):
    """Grade a submission given as bytes against an instructor notebook given as bytes.

    What every engine runs, on this machine or on a Dask worker; returns the
    report as JSON text, so only plain data comes back.
    """
    report = grade(bytes(submission), bytes(instructor), timeout=timeout, sandbox=sandbox,
                   student_name=student_name, instructor_name=instructor_name, **kwargs).to_dict()
    return json.dumps(report, allow_nan=False)


def instructor_payload(data):
    """The instructor notebook as sent to a grade: its bytes without outputs or widget state (a grade
    reads only sources and metadata), so a chapter with plots costs kilobytes per task, not megabytes."""
    nb = json.loads(data)
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"], cell["execution_count"] = [], None
    nb.get("metadata", {}).pop("widgets", None)
    return json.dumps(nb).encode("utf-8")


def _checked_report(text):
    """The report an engine sent back, parsed and checked for the fields the gradebook reads."""
    data = json.loads(text)
    if not isinstance(data, dict) or not isinstance(data.get("exercises"), dict) \
            or not isinstance(data.get("tests"), list) or type(data.get("score")) not in (int, float):
        raise ValueError("the report that came back is not a grader report")
    return data


def _remove_stale_temporaries(subs):
    """Temporary report files left by a run that was killed while writing (never complete reports)."""
    for folder in {sub.report.parent for sub in subs}:
        try:
            entries = list(folder.iterdir())
        except OSError:
            continue
        for entry in entries:
            if entry.name.startswith(".") and entry.name.endswith(".tmp") and entry.is_file():
                try:
                    entry.unlink()
                except OSError:
                    pass


def _summary_line(report):
    problem = f"  ! {report['problems'][0]}" if report.get("problems") else ""
    score = f"{report['score']:g}/{report['max_score']:g}"
    return printable(f"{report['student_id']:<24} {Path(report['instructor']).stem:<28} {score}{problem}")


class Progress:
    """Count, rate and time left of a class run, on stderr.

    A bar (tqdm) on a terminal when tqdm is installed; otherwise one plain line
    per finished submission, which a log file keeps readably.
    """

    def __init__(self, total, *, skipped=0, stream=None, bar=None):
        self.stream = sys.stderr if stream is None else stream
        self.total, self.skipped, self.finished = total, skipped, 0
        self.started = time.monotonic()
        self.bar = None
        if bar is None:
            bar = getattr(self.stream, "isatty", lambda: False)()
        if bar and total:
            try:
                from tqdm import tqdm
            except ImportError:
                tqdm = None
            if tqdm is not None:
                self.bar = tqdm(total=total, unit="submission", file=self.stream, dynamic_ncols=True,
                                smoothing=0.1, desc="grading")

    def rate(self):
        """Submissions per minute so far in this run."""
        elapsed = time.monotonic() - self.started
        return 60 * self.finished / elapsed if elapsed > 0 else 0.0

    def left(self):
        """Seconds left at the current rate, or None before the first submission."""
        rate = self.rate()
        return 60 * (self.total - self.finished) / rate if rate > 0 else None

    def step(self, line=None, out=None):
        """One more submission finished; ``line`` (already printable) goes to ``out`` (stdout)."""
        self.finished += 1
        out = sys.stdout if out is None else out
        if self.bar is not None:
            if line:
                self.bar.write(line, file=out)
            self.bar.update(1)
            return
        if line:
            print(line, file=out, flush=True)
        left = self.left()
        when = "" if left is None else f", about {_duration(left)} left"
        print(f"progress: {self.finished}/{self.total} ({self.rate():.1f} per minute{when})",
              file=self.stream, flush=True)

    def close(self):
        if self.bar is not None:
            self.bar.close()


def _duration(seconds):
    seconds = int(round(seconds))
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60:02d} s"
    return f"{seconds // 3600} h {seconds // 60 % 60:02d} min"


def _check_inputs(folder, instructors):
    """The submissions folder and the instructor notebooks, checked; ``{path: (payload, fingerprint,
    file sha)}`` and ``{notebook stem: [(exercise, points)]}``."""
    folder = Path(folder)
    if not folder.exists():
        raise ClassRunError(f"no such folder: {folder} (the folder of submissions); check the path")
    if not folder.is_dir():
        raise ClassRunError(f"{folder} is a file, not a folder of submissions; to grade one notebook, give "
                            "it without --out (and --json FILE for the report)")
    if not instructors:
        raise ClassRunError("no instructor notebook given (--instructor NOTEBOOK.ipynb or a folder of them)")
    data, assignments = {}, {}
    for path in instructors:
        path = Path(path)
        if not path.is_file():
            raise ClassRunError(f"--instructor {path}: no such notebook; check the path")
        if path.stem in assignments:
            raise ClassRunError(f"two instructor notebooks are named {path.stem}.ipynb; give one")
        try:
            nb, name, _ = _read_instructor(path)
            raw = path.read_bytes()
        except Exception as exc:  # noqa: BLE001 - not JSON, not a notebook, unreadable
            raise ClassRunError(f"--instructor {path}: cannot be read as a notebook ({type(exc).__name__}: "
                                f"{str(exc)[:200]})") from None
        assignment = parse_assignment(nb, name)   # MarkupError: every problem, with cell and line
        data[path] = (instructor_payload(raw), grading_fingerprint(raw), hashlib.sha256(raw).hexdigest())
        assignments[path.stem] = [(ex.grade_id, ex.points) for ex in assignment.exercises]
    return data, assignments


def _writable_out(out):
    """Make ``out`` (and its missing parents) and check that files can be written there.

    Returns the folders it made, deepest first, so a run that writes nothing can remove them."""
    made, probe = [], out
    while not probe.exists():
        made.append(probe)
        probe = probe.parent
    try:
        out.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".lk-write-test.", dir=out)
        os.close(fd)
        os.unlink(tmp)
    except OSError as exc:
        _remove_empty(made)
        raise ClassRunError(f"--out {out}: cannot write there ({exc.strerror or exc}); choose a folder you can "
                            "write to, or fix its permissions") from None
    if not out.is_dir():
        raise ClassRunError(f"--out {out} is a file; give a folder")
    return made


def _remove_empty(folders):
    for folder in folders:
        try:
            folder.rmdir()   # only if empty
        except OSError:
            pass


def grade_class(folder, instructors, out, *, jobs=2, scheduler=None, timeout=DEFAULT_TIMEOUT, sandbox="bwrap",
                regrade=False, progress=True, echo=None, roster=None, roster_column=None, manual=None,
                columns="notebooks", feedback=True, feedback_redact=None, **kwargs):
    """Grade every submission of ``folder`` not graded yet; write reports, gradebooks, the class report
    and the feedback files.

    Parameters
    ----------
    folder : str or Path
        One submission per student (see :mod:`lecturekit.homework.submissions`).
    instructors : list of paths
        The instructor notebooks.
    out : str or Path
        Where the reports, the gradebooks (``gradebook.csv``, ``gradebook_canvas.csv``,
        ``gradebook_moodle.csv``), ``class_report.html``/``.csv`` and ``feedback/`` go.  Only this
        process writes there.
    jobs : int, default 2
        Submissions graded at once on this machine (``scheduler`` None or
        "local": the number of threads, or of Dask workers).
    scheduler : str, optional
        None: a local thread pool.  "local": a Dask ``LocalCluster`` of ``jobs``
        workers.  "tcp://host:8786" (or "host:8786"): an existing Dask cluster, which must answer as one
        within seconds.
    sandbox : {"bwrap", "none"}
        "bwrap" refuses (:class:`SandboxUnavailable`) on a machine, or a
        worker, without a working bubblewrap (asked only when something is to be graded).
    regrade : bool
        Grade every submission, even one whose report matches.
    progress : bool or Progress
        Show progress on stderr.
    echo : callable, optional
        Called with each new report's printable summary line (default: print it).
    roster : str, Path or Roster, optional
        The class list (:mod:`.roster`): every student on it gets a gradebook row.
    roster_column : str, optional
        The roster's column that names the students as the submissions do.
    manual : str or Path, optional
        A filled-in manual sheet (:mod:`.manual`) to merge.
    columns : {"notebooks", "exercises"}
        The Canvas/Moodle gradebook's score columns: one per notebook (its total), or one per exercise.
    feedback : bool
        Write ``feedback/<student>/<notebook>.html``.
    feedback_redact : callable, optional
        Applied to every test message before it goes into a feedback page (:mod:`.handback`).

    Returns
    -------
    ClassRun

    Raises
    ------
    ClassRunError, MarkupError, RosterError, ManualError, SchedulerError, SandboxUnavailable
        Before anything is graded: what the run was given cannot be used (the message says why).
    """
    from .classreport import write_class_report
    from .gradebook import COLUMNS, class_entries, write_gradebook
    from .handback import write_feedback
    from .manual import read_sheet
    from .roster import Roster, read_roster
    from .submissions import scan

    out = Path(out)
    instructors = [Path(p) for p in instructors]
    if columns not in COLUMNS:
        raise ClassRunError(f"the gradebook's columns must be one of {', '.join(COLUMNS)}; got {columns!r}")
    instructor_data, assignments = _check_inputs(folder, instructors)
    if roster is not None and not isinstance(roster, Roster):
        roster = read_roster(roster, roster_column)
    manual_path = manual
    manual = read_sheet(manual) if manual is not None else None
    if scheduler not in (None, "local"):
        from .cluster import check_address

        check_address(scheduler)   # SchedulerError within seconds if it is not a Dask scheduler
    exclude = [p for p in (getattr(roster, "path", None), manual_path, out) if p is not None]
    found = scan(folder, instructors, exclude=exclude, student_key=roster.key if roster is not None else None)
    if not found.found and not found.unmatched:
        raise ClassRunError(f"no submissions found in {folder} (no notebooks, no student folders); check the path")
    subs = plan(folder, instructors, out, found=found.found)
    run = ClassRun(reports=[None] * len(subs), engine="local" if scheduler is None else f"dask ({scheduler})",
                   unmatched=found.unmatched, ignored=found.ignored)

    todo = []
    for k, sub in enumerate(subs):
        if sub.problem:
            run.failed.append((sub, sub.problem))
            continue
        payload, fingerprint, file_sha = instructor_data[sub.instructor]
        if not regrade:
            try:
                done = existing_report(sub, file_sha256(sub.path), fingerprint)
            except OSError:
                done = None   # said when it is read for grading
            if done is not None:
                run.reports[k] = done
                run.skipped.append(sub)
                continue
        todo.append(Job(k, sub, fingerprint, file_sha))
    if todo and scheduler is None:
        resolve_sandbox(sandbox)   # no sandbox here: refuse before grading anything (Dask workers are asked)
    made = _writable_out(out)
    _remove_stale_temporaries(subs)

    if progress is True:
        progress = Progress(len(todo), skipped=len(run.skipped))
    elif progress is False:
        progress = None
    started = time.monotonic()

    def finished(job, text=None, reason=None):
        k, sub = job.index, job.sub
        if reason is None:
            try:
                report = _checked_report(text)
            except (TypeError, ValueError) as exc:
                reason = f"the grader sent back something that is not a report ({type(exc).__name__})"
        if reason is None:
            report["student_id"] = sub.student
            report["notebook"] = sub.notebook
            report["submission_sha256"] = job.sha
            report["instructor_sha256"] = job.file_sha
            report["grading_sha256"] = job.fingerprint
            try:
                write_report(report, sub.report)
            except OSError as exc:   # one folder that cannot be written: say so, grade the rest
                reason = (f"graded ({report['score']:g}/{report['max_score']:g}), but the report could not be "
                          f"written ({exc.strerror or exc}: {exc.filename or sub.report}); fix the folder's "
                          "permissions and run again")
        if reason is not None:
            run.failed.append((sub, reason))
            line = printable(f"{sub.student:<24} {sub.notebook:<28} not graded: {reason}")
        else:
            run.reports[k] = report
            run.graded.append(sub)
            line = _summary_line(report)
        if echo is not None:
            echo(line)
            line = None
        if progress is not None:
            progress.step(line)
        elif line:
            print(line, flush=True)

    grade_options = dict(timeout=timeout, sandbox=sandbox, **kwargs)
    try:
        if not todo:
            pass
        elif scheduler is None:
            _run_local(todo, instructor_data, jobs, grade_options, finished)
        else:
            from .cluster import run_on_dask

            run.startup = run_on_dask(todo, instructor_data, scheduler, jobs, grade_options, finished)
    except BaseException:
        # stopped early: the reports written so far stay (the next run skips them); the gradebooks stay
        # as the last complete run left them, and a new --out with nothing in it goes
        _remove_empty(made)
        raise
    finally:
        if progress is not None:
            progress.close()
        run.seconds = time.monotonic() - started

    reports = [r for r in run.reports if r is not None]
    not_graded = [(sub.student, sub.notebook, sub.path, reason) for sub, reason in run.failed]
    not_graded += [(student, None, path, reason) for path, student, reason in run.unmatched]
    # A notebook nobody handed in is not part of this assignment (a folder of every chapter given as
    # --instructor): it gets no gradebook column, rather than a 0 for every student.
    handed_in = {sub.notebook for sub in subs}
    run.not_handed_in = [nb for nb in assignments if nb not in handed_in]
    assignments = {nb: exercises for nb, exercises in assignments.items() if nb in handed_in}
    run.entries, run.problems = class_entries(reports, assignments, roster=roster, not_graded=not_graded,
                                              manual=manual)
    if roster is not None:
        run.off_roster = sorted({e.student for e in run.entries if e.student not in roster})
    try:
        write_gradebook(run.entries, out, assignments, roster=roster, columns=columns)
        write_class_report(reports, out, run=run)
    except OSError as exc:
        raise ClassRunError(f"the gradebooks could not be written in {out} ({exc.strerror or exc}); the "
                            "reports are kept: fix the folder and run again") from None
    if feedback:
        folders = {(sub.student, sub.notebook): sub.report.parent.name for sub in subs}
        _, failed = write_feedback(run.entries, out, folders, redact=feedback_redact)
        run.problems += [f"feedback file {path} could not be written ({why})" for path, why in failed]
    run.reports = reports
    return run


@dataclass
class Job:
    """A submission to grade in this run; ``payload`` and ``sha`` are filled when it is sent."""

    index: int
    sub: Submission
    fingerprint: str
    file_sha: str
    sha: str | None = None
    payload: bytes | None = None

    def load(self):
        """Read the submission now (a bounded number are held at once); False if it cannot be read."""
        try:
            self.payload, self.sha = read_submission(self.sub.path)
        except OSError as exc:
            self.payload = f"the submission cannot be read: {exc}"
            return False
        return True


def feed(todo, window, start, finished):
    """Send jobs ``window`` at a time: ``start(job)`` sends one whose file was read."""
    jobs = iter(todo)

    def more():
        for job in jobs:
            if job.load():
                start(job)
                return True
            finished(job, reason=job.payload)
        return False

    for _ in range(window):
        if not more():
            break
    return more


def _run_local(todo, instructor_data, jobs, options, finished):
    """``jobs`` threads, each grading one submission at a time (each grade starts its own processes)."""
    jobs = max(1, int(jobs))
    with ThreadPoolExecutor(jobs) as pool:
        running = {}

        def start(job):
            future = pool.submit(grade_payload, job.payload, instructor_data[job.sub.instructor][0],
                                 student_name=str(job.sub.path), instructor_name=str(job.sub.instructor),
                                 **options)
            job.payload = None
            running[future] = job

        more = feed(todo, 2 * jobs, start, finished)
        try:
            while running:
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    job = running.pop(future)
                    try:
                        text = future.result()
                    except Exception as exc:  # noqa: BLE001 - e.g. SandboxUnavailable: no report, say why
                        finished(job, reason=f"{type(exc).__name__}: {exc}")
                    else:
                        finished(job, text)
                    more()
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def cpu_count():
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
