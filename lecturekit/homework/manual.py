"""Grades a person gives: partial credit, the reasoning of an explain exercise, a test that was too strict.

The tests grade every exercise, all or nothing per test cell.  What a person
must judge goes through a sheet, a CSV file with one row per graded student,
notebook and exercise::

    student,notebook,exercise,auto_points,max_points,points,comment,submission
    alice,04_perceptron,ch04-invariance,0,2,,,3f2a9c1e07b4

1. **Export** it from the reports: ``python -m lecturekit.homework sheet
   reports/ -o marks.csv`` (``--update`` adds the rows of new reports to a
   sheet already filled in, keeping what is in it).
2. **Fill in** ``points`` (a number from 0 to ``max_points``; it replaces the
   tests' points for that exercise) and/or ``comment`` (shown to the student in
   the feedback file).  Leave both empty to keep the tests' points.
3. **Merge**: ``grade SUBMISSIONS/ ... --out reports/ --manual marks.csv``.
   Nothing is graded again that is up to date; the gradebooks (status
   ``manual``) and the feedback files are written with the sheet's points and
   comments.

``submission`` is the start of the SHA-256 of the file the row was exported
from: a row whose student has handed in a new file since is not applied (the
run says so and exits 1), because the person graded the old one.
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass
from pathlib import Path

from .escape import csv_cell

__all__ = ["SHEET_HEADER", "ManualGrade", "ManualError", "read_sheet", "sheet_rows", "write_sheet",
           "apply_manual", "reports_in"]

SHEET_HEADER = ["student", "notebook", "exercise", "auto_points", "max_points", "points", "comment", "submission"]
HASH_CHARS = 12


class ManualError(ValueError):
    """The sheet cannot be merged; ``problems`` lists every row that is wrong, with the fix."""

    def __init__(self, problems):
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


@dataclass(frozen=True)
class ManualGrade:
    points: float | None
    comment: str
    submission: str
    row: int


def read_sheet(path):
    """``{(student, notebook, exercise): ManualGrade}`` for the rows with points or a comment.

    Raises :class:`ManualError` listing every malformed row (a number that is not one, points
    below 0 or above ``max_points``, a row twice).
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise ManualError([f"--manual {path}: no such file; make it with: python -m lecturekit.homework sheet "
                           f"REPORTS/ -o {path}"]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ManualError([f"--manual {path}: cannot be read as UTF-8 text ({exc})"]) from None
    rows = list(csv.reader(io.StringIO(text, newline="")))
    if not rows:
        raise ManualError([f"--manual {path}: the file is empty"])
    header = [h.strip().casefold() for h in rows[0]]
    needed = ["student", "notebook", "exercise", "max_points", "points", "comment", "submission"]
    lacking = [h for h in needed if h not in header]
    if lacking:
        raise ManualError([f"--manual {path}: the header lacks {', '.join(lacking)}; the sheet's header is "
                           f"{','.join(SHEET_HEADER)}"])
    col = {h: header.index(h) for h in needed}
    grades, problems = {}, []
    for number, row in enumerate(rows[1:], 2):
        if not any(c.strip() for c in row):
            continue
        cell = {h: (row[i].strip() if i < len(row) else "") for h, i in col.items()}
        where = f"--manual {path}, row {number}"
        # as the sheet shows them (through csv_cell); apply_manual compares them so
        key = (cell["student"], cell["notebook"], cell["exercise"])
        if not cell["points"] and not cell["comment"]:
            continue
        points = None
        if cell["points"]:
            try:
                points = float(cell["points"].replace(",", ".")) if cell["points"].count(",") <= 1 else None
            except ValueError:
                points = None
            try:
                most = float(cell["max_points"])
            except ValueError:
                most = math.inf
            if points is None or not math.isfinite(points):
                problems.append(f"{where}: points must be a number; got {cell['points']!r}")
                continue
            if not 0 <= points <= most:
                problems.append(f"{where}: points must be between 0 and max_points ({cell['max_points']}); "
                                f"got {cell['points']}")
                continue
        if key in grades:
            problems.append(f"{where}: {key[0]}, {key[1]}, {key[2]} is also on row {grades[key].row}; keep one")
            continue
        grades[key] = ManualGrade(points, cell["comment"], cell["submission"], number)
    if problems:
        raise ManualError(problems)
    return grades


def apply_manual(entries, manual):
    """Put the manual grades into the entries (``{(student, notebook): Entry}``); return what did not fit.

    The sheet's names are compared as the sheet shows them (:func:`escape.csv_cell`), so a student whose
    name had to be escaped there is still found."""
    problems = []
    shown = {(csv_cell(s), csv_cell(n)): entry for (s, n), entry in entries.items()}
    for (student, notebook, exercise), grade in manual.items():
        entry = shown.get((student, notebook))
        if entry is not None:
            exercise = next((ex for ex in entry.exercises if csv_cell(ex) == exercise), exercise)
        where = f"manual sheet row {grade.row} ({student}, {notebook}, {exercise})"
        if entry is None or entry.report is None:
            problems.append(f"{where}: no graded submission of {student} for {notebook}; row not applied")
            continue
        row = entry.exercises.get(exercise)
        if row is None:
            problems.append(f"{where}: {notebook} has no exercise {exercise}; row not applied")
            continue
        sha = str(entry.report.get("submission_sha256", ""))
        if grade.submission and not sha.startswith(grade.submission):
            problems.append(f"{where}: {student} handed in a new file since this row was filled in; grade it "
                            "again and refresh the sheet (sheet --update); row not applied")
            continue
        if grade.points is not None:
            if grade.points > row["max_points"]:
                problems.append(f"{where}: {grade.points:g} points is more than the exercise's "
                                f"{row['max_points']:g}; row not applied")
                continue
            row["points"], row["status"] = grade.points, "manual"
        if grade.comment:
            row["comment"] = grade.comment
    return problems


def reports_in(out):
    """The class-run reports under ``out`` (``out/<student>/<notebook>.json``), in path order."""
    import json

    found = []
    for path in sorted(Path(out).glob("*/*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and isinstance(data.get("exercises"), dict) and "student_id" in data:
            found.append(data)
    return found


def sheet_rows(reports, keep=None):
    """The sheet's rows for ``reports``; ``keep`` (``read_sheet``'s dict) fills in what was filled in before."""
    keep = keep or {}
    rows = []
    for report in sorted(reports, key=lambda r: (r["student_id"], r.get("notebook") or Path(r["instructor"]).stem)):
        notebook = report.get("notebook") or Path(report["instructor"]).stem
        sha = str(report.get("submission_sha256", ""))[:HASH_CHARS]
        for exercise, p in report["exercises"].items():
            old = keep.get((report["student_id"], notebook, exercise))
            points = "" if old is None or old.points is None else f"{old.points:g}"
            comment = "" if old is None else old.comment
            rows.append([report["student_id"], notebook, exercise, f"{p['points']:g}", f"{p['max_points']:g}",
                         points, comment, old.submission if old is not None and old.submission else sha])
    return rows


def write_sheet(reports, path, *, update=False):
    """Write the sheet for ``reports`` to ``path``; with ``update``, keep what an existing sheet holds.

    Returns the number of rows.  Raises FileExistsError if ``path`` exists and ``update`` is False.
    """
    from .gradebook import atomic_text

    path = Path(path)
    keep = {}
    if path.exists():
        if not update:
            raise FileExistsError(f"{path} exists (a sheet being filled in?); pass --update to add the new "
                                  "rows and keep what it holds, or choose another file")
        keep = read_sheet(path)
    rows = sheet_rows(reports, keep)
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(SHEET_HEADER)
    writer.writerows([[csv_cell(c) for c in row] for row in rows])
    atomic_text(path, text.getvalue())
    return len(rows)
