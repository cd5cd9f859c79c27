"""Grading a class: every submission once, resumable, on this machine or a Dask cluster.

A class run goes through four steps:

1. **Plan.**  Find the submissions (:func:`gradebook.find_submissions`) and
   give each its report file, ``out/<student>/<notebook>.json``; the names are
   made safe by :func:`escape.safe_name`, so no student name can leave ``out``.
2. **Skip what is done.**  A report records the SHA-256 of the submission and
   of the instructor notebook it was graded from.  A submission whose report
   matches both is not graded again (``regrade=True`` grades everything).
3. **Grade the rest** on an *engine*: ``"local"`` (a pool of ``jobs``
   threads, each driving one sandboxed grade; the default, no extra
   dependency), or Dask (:mod:`lecturekit.homework.cluster`).  The engine gets
   the submission's bytes and the instructor notebook's bytes, as data; it
   returns the report as JSON text.  Only this process writes to ``out``: each
   report atomically (a temporary file, then a rename), as soon as it arrives.
4. **Write the gradebooks and the class report** from all the reports of the
   plan, graded now or earlier.

So an interrupted run loses only the submissions in flight, and running the
same command again grades exactly those.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

from .escape import printable, safe_name
from .grading import DEFAULT_TIMEOUT, MAX_FILE_BYTES, _read_instructor, grade, resolve_sandbox, write_report
from .markup import parse_assignment

__all__ = ["Submission", "ClassRun", "plan", "grade_class", "grade_payload", "Progress"]


@dataclass
class Submission:
    """One notebook of one student, and where its report goes."""

    student: str           # the file's stem or the folder's name: the student's own text
    notebook: str          # the instructor notebook's stem
    path: Path
    instructor: Path
    report: Path
    problem: str | None = None   # why it cannot be graded at all (e.g. a symbolic link)


@dataclass
class ClassRun:
    """What a class run did."""

    reports: list                               # every report of the plan, in plan order
    graded: list = field(default_factory=list)  # Submissions graded in this run
    skipped: list = field(default_factory=list)  # already graded (the report matched both hashes)
    failed: list = field(default_factory=list)  # (Submission, reason): no report; the next run retries
    seconds: float = 0.0
    engine: str = "local"
    startup: float = 0.0    # of ``seconds``: starting (or connecting to) a Dask cluster, and closing it


def plan(folder, instructors, out):
    """The submissions of ``folder``, each with its report path under ``out``."""
    from .gradebook import find_submissions

    out = Path(out)
    found = find_submissions(folder, instructors)
    subs = []
    for student, stem, path, instructor in found:
        report = out / safe_name(student) / f"{safe_name(stem)}.json"
        problem = None
        if path.is_symlink() or path.parent.is_symlink():
            problem = "the submission is a symbolic link (it could point at any file, e.g. the instructor's)"
        subs.append(Submission(student, stem, path, Path(instructor), report, problem))
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


def existing_report(sub, submission_sha, instructor_sha):
    """The report already written for ``sub`` from exactly these two files, or None."""
    try:
        data = json.loads(sub.report.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if isinstance(data, dict) and data.get("submission_sha256") == submission_sha \
            and data.get("instructor_sha256") == instructor_sha and data.get("student_id") == sub.student:
        return data
    return None


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


def grade_class(folder, instructors, out, *, jobs=2, scheduler=None, timeout=DEFAULT_TIMEOUT, sandbox="bwrap",
                regrade=False, progress=True, echo=None, **kwargs):
    """Grade every submission of ``folder`` not graded yet; write reports, gradebooks and the class report.

    Parameters
    ----------
    folder : str or Path
        One submission per student (see :func:`gradebook.find_submissions`).
    instructors : list of paths
        The instructor notebooks.
    out : str or Path
        Where the reports, ``gradebook.csv``, ``gradebook_wide.csv`` and
        ``class_report.html``/``.csv`` go.  Only this process writes there.
    jobs : int, default 2
        Submissions graded at once on this machine (``scheduler`` None or
        "local": the number of threads, or of Dask workers).
    scheduler : str, optional
        None: a local thread pool.  "local": a Dask ``LocalCluster`` of ``jobs``
        workers.  "tcp://host:8786": an existing Dask cluster.
    sandbox : {"bwrap", "none"}
        "bwrap" refuses (:class:`SandboxUnavailable`) on a machine, or a
        worker, without a working bubblewrap.
    regrade : bool
        Grade every submission, even one whose report matches.
    progress : bool or Progress
        Show progress on stderr.
    echo : callable, optional
        Called with each new report's printable summary line (default: print it).

    Returns
    -------
    ClassRun
    """
    from .classreport import write_class_report
    from .gradebook import write_gradebook

    out = Path(out)
    instructors = [Path(p) for p in instructors]
    instructor_data = {}
    for path in instructors:  # check the instructor notebooks once, before any student
        nb, name, _ = _read_instructor(path)
        parse_assignment(nb, name)
        data = path.read_bytes()
        instructor_data[path] = (instructor_payload(data), hashlib.sha256(data).hexdigest())
    if scheduler is None:
        resolve_sandbox(sandbox)   # no sandbox here: refuse before grading anything (Dask workers are asked)
    subs = plan(folder, instructors, out)
    _remove_stale_temporaries(subs)
    run = ClassRun(reports=[None] * len(subs), engine="local" if scheduler is None else f"dask ({scheduler})")

    todo = []
    for k, sub in enumerate(subs):
        if sub.problem:
            run.failed.append((sub, sub.problem))
            continue
        inst_sha = instructor_data[sub.instructor][1]
        if not regrade:
            try:
                done = existing_report(sub, file_sha256(sub.path), inst_sha)
            except OSError:
                done = None   # said when it is read for grading
            if done is not None:
                run.reports[k] = done
                run.skipped.append(sub)
                continue
        todo.append(Job(k, sub, inst_sha))

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
        if reason is not None:
            run.failed.append((sub, reason))
            line = printable(f"{sub.student:<24} {sub.notebook:<28} not graded: {reason}")
        else:
            report["student_id"] = sub.student
            report["submission_sha256"] = job.sha
            report["instructor_sha256"] = job.instructor_sha
            write_report(report, sub.report)
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
    finally:
        if progress is not None:
            progress.close()
        run.seconds = time.monotonic() - started
        reports = [r for r in run.reports if r is not None]
        write_gradebook(reports, out)
        write_class_report(reports, out)
    run.reports = [r for r in run.reports if r is not None]
    return run


@dataclass
class Job:
    """A submission to grade in this run; ``payload`` and ``sha`` are filled when it is sent."""

    index: int
    sub: Submission
    instructor_sha: str
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
