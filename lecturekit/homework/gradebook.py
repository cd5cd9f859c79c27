"""A class at a time: find the submissions of a folder, write the gradebooks.

Submissions are found in a folder, one per student:

* ``SUBMISSIONS/alice.ipynb``: the student is the file's stem, graded against
  the one instructor notebook; or
* ``SUBMISSIONS/alice/04_perceptron.ipynb``: the student is the folder's name;
  each notebook in it is graded against the instructor notebook of the same
  file name (with one instructor notebook, a folder's single notebook is
  graded against it whatever its name).

Grading them is :mod:`lecturekit.homework.classrun` (resumable, locally or
on Dask); it writes, under ``out``:

* ``<student>/<notebook stem>.json``: the report of each submission (atomically);
* ``gradebook.csv``: long format, one row per student, notebook and exercise:
  ``student,notebook,exercise,points,max_points``;
* ``gradebook_wide.csv``: one row per student, in the layout of Canvas's
  gradebook import (``Student,ID,SIS User ID,SIS Login ID,Section`` then one
  column per exercise and per notebook total); Moodle's CSV grade import takes
  it too (map "SIS Login ID" to the user's username or ID number).

Every cell of both files goes through :func:`escape.csv_cell`: a student
named ``=HYPERLINK(...)`` is written ``'=HYPERLINK(...)``, which a
spreadsheet shows as text instead of evaluating.
"""

from __future__ import annotations

import csv
import io
import os
import tempfile
from pathlib import Path

from .escape import csv_cell
from .grading import DEFAULT_TIMEOUT

__all__ = ["find_submissions", "grade_folder", "gradebook_rows", "write_gradebook", "LONG_HEADER",
           "WIDE_ID_HEADER"]

LONG_HEADER = ["student", "notebook", "exercise", "points", "max_points"]
WIDE_ID_HEADER = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]


def find_submissions(folder, instructors):
    """``[(student, notebook stem, submission path, instructor path)]`` found in ``folder``."""
    folder = Path(folder)
    by_name = {Path(p).name: Path(p) for p in instructors}
    single = next(iter(by_name.values())) if len(by_name) == 1 else None
    found = []
    for entry in sorted(folder.iterdir(), key=lambda p: p.name):
        if entry.name.startswith("."):
            continue
        if entry.is_file() and entry.suffix == ".ipynb" and single is not None:
            found.append((entry.stem, single.stem, entry, single))
        elif entry.is_dir():
            notebooks = sorted(p for p in entry.glob("*.ipynb") if not p.name.startswith("."))
            matched = [(nb, by_name[nb.name]) for nb in notebooks if nb.name in by_name]
            if not matched and single is not None and len(notebooks) == 1:
                matched = [(notebooks[0], single)]
            found += [(entry.name, inst.stem, nb, inst) for nb, inst in matched]
    return found


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


def gradebook_rows(reports):
    """The long gradebook: one row per student, notebook and exercise."""
    rows = []
    for report in reports:
        notebook = Path(report["instructor"]).stem
        for exercise, p in report["exercises"].items():
            rows.append([report.get("student_id", report["student"]), notebook, exercise,
                         _num(p["points"]), _num(p["max_points"])])
    return rows


def _num(x):
    return f"{x:g}"


def _atomic_text(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
        f.write(text)
    os.replace(tmp, path)


def write_gradebook(reports, out):
    """Write ``gradebook.csv`` (long) and ``gradebook_wide.csv`` (Canvas/Moodle) under ``out``."""
    out = Path(out)
    rows = gradebook_rows(reports)
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(LONG_HEADER)
    writer.writerows([[csv_cell(c) for c in row] for row in rows])
    _atomic_text(out / "gradebook.csv", text.getvalue())

    columns, table = [], {}
    for report in reports:
        notebook = Path(report["instructor"]).stem
        student = report.get("student_id", report["student"])
        cells = table.setdefault(student, {})
        for exercise, p in report["exercises"].items():
            column = f"{notebook}: {exercise}"
            if column not in columns:
                columns.append(column)
            cells[column] = _num(p["points"])
        total = f"{notebook}: total"
        if total not in columns:
            columns.append(total)
        cells[total] = _num(report["score"])
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow([csv_cell(c) for c in WIDE_ID_HEADER + columns])
    for student in sorted(table):
        row = [student, "", "", student, ""] + [table[student].get(c, "") for c in columns]
        writer.writerow([csv_cell(c) for c in row])
    _atomic_text(out / "gradebook_wide.csv", text.getvalue())
    return out / "gradebook.csv", out / "gradebook_wide.csv"
