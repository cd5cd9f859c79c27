"""A class at a time: who got what, with a status for every student and notebook, and the gradebook files.

The submissions of a folder are found by :func:`submissions.scan` (which file
is whose, for which notebook; what is not graded and why).  Grading them is
:mod:`lecturekit.homework.classrun` (resumable, locally or on Dask).  From the
reports, the roster (:mod:`.roster`) and the manual grades (:mod:`.manual`),
:func:`class_entries` makes one :class:`Entry` per student and notebook, with a
status:

* ``graded``: a report, points from the tests (and from a person, where the
  manual sheet gives them: that exercise's status is ``manual``);
* ``unreadable``: the file is not a notebook the grader could read: 0 points;
* ``timed out``: some of its cells or tests ran out of time (those count as failed);
* ``missing``: nothing handed in for this notebook by a student on the roster
  (or one who handed in other notebooks): 0 points;
* ``not graded``: something was handed in but could not be graded (a name that
  matches no notebook, two copies, a grader failure): no points; the class
  report says why.

:func:`write_gradebook` writes, under ``out``:

* ``gradebook.csv``: long format, one row per student, notebook and exercise:
  ``student,notebook,exercise,points,max_points,status``;
* ``gradebook_canvas.csv``: the layout of Canvas's gradebook import:
  ``Student,ID,SIS User ID,SIS Login ID,Section``, then one column per notebook
  (its total; ``columns="exercises"``: one per exercise instead), and a second
  row ``Points Possible`` with each column's maximum;
* ``gradebook_moodle.csv``: the same without the ``Points Possible`` row, which
  Moodle's CSV import would take for a student it does not know (and stop).

Every cell of every file goes through :func:`escape.csv_cell`: control and
bidirectional characters are shown as escapes, as on the terminal, and a cell a
spreadsheet would evaluate (``=HYPERLINK(...)``) gets a quote in front.
"""

from __future__ import annotations

import csv
import io
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from .escape import csv_cell
from .grading import DEFAULT_TIMEOUT, file_mode

__all__ = ["Entry", "class_entries", "find_submissions", "grade_folder", "gradebook_rows", "write_gradebook",
           "LONG_HEADER", "WIDE_ID_HEADER", "POINTS_POSSIBLE", "COLUMNS", "atomic_text", "file_mode",
           "report_readable", "report_timed_out_tests"]

LONG_HEADER = ["student", "notebook", "exercise", "points", "max_points", "status"]
WIDE_ID_HEADER = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
POINTS_POSSIBLE = "    Points Possible"   # Canvas's export writes it so; its import looks for "Points Possible"
COLUMNS = ("notebooks", "exercises")
UNREADABLE = "the student notebook could not be read"


def find_submissions(folder, instructors):
    """``[(student, notebook stem, submission path, instructor path)]`` found in ``folder``
    (:func:`submissions.scan` says what else it holds)."""
    from .submissions import scan

    return [(f.student, f.notebook, f.path, f.instructor) for f in scan(folder, instructors).found]


def grade_folder(folder, instructors, out, *, jobs=2, timeout=DEFAULT_TIMEOUT, sandbox="bwrap",
                 echo=None, regrade=True, scheduler=None, **kwargs):
    """Grade every submission in ``folder``, ``jobs`` at a time, and write the gradebooks.

    A short form of :func:`lecturekit.homework.classrun.grade_class` (which
    see) without progress output; by default it grades everything again.

    Returns ``(reports, seconds)``: the JSON reports in the order of
    :func:`find_submissions`, and the wall time.
    """
    from .classrun import grade_class

    run = grade_class(folder, instructors, out, jobs=jobs, timeout=timeout, sandbox=sandbox, regrade=regrade,
                      scheduler=scheduler, progress=False, echo=echo or (lambda line: None), **kwargs)
    return run.reports, run.seconds


# --------------------------------------------------------------------------
# what each student got
# --------------------------------------------------------------------------

def report_readable(report):
    """False when the grader could not read the submission as a notebook (nothing ran)."""
    if "readable" in report:
        return bool(report["readable"])
    tests = report.get("tests") or []
    return not (tests and all(t.get("error") == UNREADABLE for t in tests))


def report_timed_out_tests(report):
    """The grade_ids of the test cells that failed because time ran out."""
    out = []
    for t in report.get("tests") or []:
        if t.get("timed_out") or (not t.get("passed") and str(t.get("error") or "").startswith(
                ("still running after", "not run: the grade's total time limit"))):
            out.append(t.get("grade_id"))
    return out


@dataclass
class Entry:
    """One student and one notebook."""

    student: str
    notebook: str
    status: str                                      # graded, unreadable, timed out, missing, not graded
    exercises: dict = field(default_factory=dict)    # exercise -> {"points", "max_points", "status", ...}
    report: dict | None = None
    reason: str | None = None                        # not graded: why; unreadable, timed out: what happened

    @property
    def points(self):
        """The total, or None when nothing could be graded."""
        if self.status == "not graded":
            return None
        return sum(e["points"] for e in self.exercises.values())

    @property
    def max_points(self):
        return sum(e["max_points"] for e in self.exercises.values())


def _from_report(report, notebook, exercises):
    readable = report_readable(report)
    late = set(report_timed_out_tests(report))
    by_exercise = {}
    for t in report.get("tests") or []:
        by_exercise.setdefault(t.get("exercise"), []).append(t)
    rows = {}
    for exercise, p in report["exercises"].items():
        timed = any(t.get("grade_id") in late for t in by_exercise.get(exercise, []))
        status = "unreadable" if not readable else "timed out" if timed else "graded"
        rows[exercise] = {"points": float(p["points"]), "max_points": float(p["max_points"]), "status": status,
                          "auto_points": float(p["points"])}
    for exercise, max_points in exercises:   # an exercise the report does not know (an old report)
        rows.setdefault(exercise, {"points": 0.0, "max_points": max_points, "status": "graded", "auto_points": 0.0})
    if not readable:
        reason = next((p for p in report.get("problems", [])), UNREADABLE)
        return Entry(report["student_id"], notebook, "unreadable", rows, report, reason)
    timeouts = [t for t in report.get("timeouts") or [] if isinstance(t, str)]
    if late or timeouts:
        what = "; ".join(timeouts) if timeouts else ", ".join(sorted(late))
        return Entry(report["student_id"], notebook, "timed out", rows, report, f"ran out of time: {what}")
    return Entry(report["student_id"], notebook, "graded", rows, report)


def class_entries(reports, assignments, *, roster=None, not_graded=(), manual=None):
    """One :class:`Entry` per student and notebook, sorted by student then notebook.

    Parameters
    ----------
    reports : list of dict
        The JSON reports (with ``student_id``).
    assignments : dict
        ``{notebook stem: [(exercise grade_id, max points)]}``, in the instructor's order.
    roster : Roster, optional
        Its students get an entry for every notebook (``missing`` when they handed nothing in).
    not_graded : list
        ``(student or None, notebook or None, path, reason)`` for what was handed in but not graded.
    manual : dict, optional
        ``{(student, notebook, exercise): ManualGrade}`` (:mod:`.manual`), applied where it fits.

    Returns
    -------
    (entries, problems)
        ``problems``: the manual grades that could not be applied, each a sentence.
    """
    entries = {}
    for report in reports:
        notebook = report.get("notebook") or Path(report["instructor"]).stem
        entries[(report["student_id"], notebook)] = _from_report(report, notebook, assignments.get(notebook, []))
    pending = {}
    for student, notebook, path, reason in not_graded:
        if student is not None:
            pending.setdefault(student, []).append((notebook, path, reason))
    students = {s for s, _ in entries} | set(pending) | set(roster.students if roster is not None else [])
    for student in students:
        for notebook, exercises in assignments.items():
            if (student, notebook) in entries:
                continue
            mine = [(p, r) for nb, p, r in pending.get(student, []) if nb in (notebook, None)]
            if mine:
                reason = "; ".join(f"{p}: {r}" for p, r in mine)
                rows = {ex: {"points": None, "max_points": m, "status": "not graded"} for ex, m in exercises}
                entries[(student, notebook)] = Entry(student, notebook, "not graded", rows, None, reason)
            else:
                rows = {ex: {"points": 0.0, "max_points": m, "status": "missing"} for ex, m in exercises}
                entries[(student, notebook)] = Entry(student, notebook, "missing", rows, None,
                                                     "nothing was handed in for this notebook")
    problems = []
    if manual:
        from .manual import apply_manual

        problems = apply_manual(entries, manual)
    order = list(assignments)
    ranked = sorted(entries.values(), key=lambda e: (e.student, order.index(e.notebook) if e.notebook in order
                                                     else len(order), e.notebook))
    return ranked, problems


def gradebook_rows(entries):
    """The long gradebook: one row per student, notebook and exercise."""
    rows = []
    for entry in entries:
        for exercise, e in entry.exercises.items():
            rows.append([entry.student, entry.notebook, exercise, "" if e["points"] is None else _num(e["points"]),
                         _num(e["max_points"]), e["status"]])
    return rows


def _num(x):
    return f"{x:g}"


# --------------------------------------------------------------------------
# files a TA group can read
# --------------------------------------------------------------------------

def atomic_text(path, text):
    """Write ``text`` to ``path`` atomically (a temporary file, then a rename), with the umask's mode."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, file_mode())   # mkstemp makes 0600: a TA group could not read the gradebook
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


_atomic_text = atomic_text   # the old private name


def _csv(rows):
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerows([[csv_cell(c) for c in row] for row in rows])
    return text.getvalue()


def _student_cell(name):
    # Canvas takes any row whose first cell contains "Points Possible" for the points row
    return name.replace("Points Possible", "Points_Possible")


def wide_rows(entries, assignments, *, roster=None, columns="notebooks", points_possible=True):
    """The Canvas/Moodle gradebook as rows: the header, ``Points Possible`` (if asked), one row per student."""
    if columns not in COLUMNS:
        raise ValueError(f"columns must be one of {', '.join(COLUMNS)}; got {columns!r}")
    heads, maxima = [], []
    for notebook, exercises in assignments.items():
        if columns == "notebooks":
            heads.append(notebook)
            maxima.append(_num(sum(m for _, m in exercises)))
        else:
            heads += [f"{notebook}: {ex}" for ex, _ in exercises]
            maxima += [_num(m) for _, m in exercises]
    rows = [WIDE_ID_HEADER + heads]
    if points_possible:
        rows.append([POINTS_POSSIBLE, "", "", "", ""] + maxima)
    by_student = {}
    for entry in entries:
        by_student.setdefault(entry.student, {})[entry.notebook] = entry
    for student in sorted(by_student):
        known = roster.canvas.get(student, {}) if roster is not None else {}
        ids = [_student_cell(known.get("Student") or student), known.get("ID", ""), known.get("SIS User ID", ""),
               known.get("SIS Login ID") or student, known.get("Section", "")]
        cells = []
        for notebook, exercises in assignments.items():
            entry = by_student[student].get(notebook)
            if columns == "notebooks":
                total = None if entry is None else entry.points
                cells.append("" if total is None else _num(total))
            else:
                for ex, _ in exercises:
                    p = None if entry is None else entry.exercises.get(ex, {}).get("points")
                    cells.append("" if p is None else _num(p))
        rows.append(ids + cells)
    return rows


def write_gradebook(entries, out, assignments=None, *, roster=None, columns="notebooks"):
    """Write ``gradebook.csv``, ``gradebook_canvas.csv`` and ``gradebook_moodle.csv`` under ``out``.

    ``entries`` are :func:`class_entries`'s; a list of JSON reports is taken too (each then its own
    entry).  Returns the three paths.
    """
    out = Path(out)
    if entries and isinstance(entries[0], dict):   # reports: the old call
        assignments = assignments or {}
        for r in entries:
            nb = r.get("notebook") or Path(r["instructor"]).stem
            assignments.setdefault(nb, [(ex, p["max_points"]) for ex, p in r["exercises"].items()])
        entries, _ = class_entries(entries, assignments)
    assignments = assignments or {}
    long_path, canvas, moodle = out / "gradebook.csv", out / "gradebook_canvas.csv", out / "gradebook_moodle.csv"
    atomic_text(long_path, _csv([LONG_HEADER] + gradebook_rows(entries)))
    atomic_text(canvas, _csv(wide_rows(entries, assignments, roster=roster, columns=columns)))
    atomic_text(moodle, _csv(wide_rows(entries, assignments, roster=roster, columns=columns,
                                       points_possible=False)))
    return long_path, canvas, moodle
