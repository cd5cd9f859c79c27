"""The class list: who should have handed in, and how the LMS knows them.

``--roster roster.csv`` is a CSV file with a header row and one row per
student.  One column names each student the way the submissions are named (a
file ``alice.ipynb``, a folder ``alice/``); by default the first of these
headers that is present, ignoring case: ``SIS Login ID``, ``login``,
``username``, ``student_id``, ``student``, ``id``, ``email``.  ``--roster-column``
picks another.  Canvas's gradebook export is a roster as it is (its
``Points Possible`` row and blank rows are skipped); its ``Student``, ``ID``,
``SIS User ID``, ``SIS Login ID`` and ``Section`` columns are copied into the
wide gradebook, so Canvas matches every row to its student.

With a roster, every student on it gets a row in the gradebooks: a student who
handed nothing in for a notebook gets 0 points with the status ``missing``.
A submission whose name is not on the roster is graded and listed, since the
LMS will not know it; a name that matches a roster entry only when case is
ignored (``Alice`` for ``alice``) takes the roster's spelling.  So does a
name that contains exactly one roster entry's id as a whole word, e.g.
Canvas's bulk download names, ``doejane_12345_67890_04_perceptron.ipynb``,
with ``12345`` in the roster's ``ID`` column.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Roster", "RosterError", "read_roster", "KEY_COLUMNS", "CANVAS_COLUMNS"]

KEY_COLUMNS = ("sis login id", "login", "username", "student_id", "student id", "student", "id", "email")
CANVAS_COLUMNS = ("Student", "ID", "SIS User ID", "SIS Login ID", "Section")
# columns whose values identify one student (used to recognise a student inside a longer file name)
_ID_COLUMNS = ("id", "sis user id", "sis login id", "login", "username", "student_id", "student id", "email")
_TOKEN = re.compile(r"[^\s_\-.,()\[\]]+")


class RosterError(ValueError):
    """The roster cannot be used; the message names the file, the row and the fix."""


@dataclass
class Roster:
    """The students of a roster, in its order."""

    path: Path
    column: str                                   # the header of the key column, as written
    students: list = field(default_factory=list)  # the keys
    canvas: dict = field(default_factory=dict)    # key -> {Canvas column: value}
    ids: dict = field(default_factory=dict)       # identifying value -> key

    def key(self, name):
        """The roster's spelling of a name taken from a submission, or ``name`` if it is not on it."""
        if name in self.canvas:
            return name
        folded = [s for s in self.students if s.casefold() == name.casefold()]
        if len(folded) == 1:
            return folded[0]
        found = {self.ids[t] for t in _TOKEN.findall(name) if t in self.ids}
        return found.pop() if len(found) == 1 else name

    def __contains__(self, name):
        return name in self.canvas


def read_roster(path, column=None):
    """Read a roster CSV.  Raises :class:`RosterError` naming what is wrong and how to fix it."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise RosterError(f"--roster {path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RosterError(f"--roster {path}: cannot be read as UTF-8 text ({exc})") from None
    rows = list(csv.reader(io.StringIO(text, newline="")))
    if not rows or not any(c.strip() for c in rows[0]):
        raise RosterError(f"--roster {path}: the file is empty; it needs a header row, then one row per student")
    header = [c.strip() for c in rows[0]]
    folded = [h.casefold() for h in header]
    if column is not None:
        if column.strip().casefold() not in folded:
            raise RosterError(f"--roster {path}: no column {column!r}; its columns are {', '.join(header)}")
        index = folded.index(column.strip().casefold())
    else:
        index = next((folded.index(k) for k in KEY_COLUMNS if k in folded), None)
        if index is None:
            raise RosterError(f"--roster {path}: no column that names the students (one of "
                              f"{', '.join(KEY_COLUMNS)}); its columns are {', '.join(header)}. Name the "
                              "column with --roster-column")
    roster = Roster(path, header[index])
    canvas_index = {c: folded.index(c.casefold()) for c in CANVAS_COLUMNS if c.casefold() in folded}
    id_index = [folded.index(c) for c in _ID_COLUMNS if c in folded]
    seen = {}
    for number, row in enumerate(rows[1:], 2):
        if not row or not any(c.strip() for c in row):
            continue
        if row[0].strip().startswith("Points Possible"):   # Canvas's export: not a student
            continue
        name = row[index].strip() if index < len(row) else ""
        if not name:
            raise RosterError(f"--roster {path}, row {number}: the {header[index]!r} column is empty; "
                              "every student needs a name there")
        if name in seen:
            raise RosterError(f"--roster {path}, rows {seen[name]} and {number}: {name!r} is there twice")
        seen[name] = number
        roster.students.append(name)
        roster.canvas[name] = {c: (row[i].strip() if i < len(row) else "") for c, i in canvas_index.items()}
        for i in id_index:
            value = row[i].strip() if i < len(row) else ""
            if value:
                # a value that two students share identifies neither
                roster.ids[value] = None if roster.ids.get(value, name) != name else name
    roster.ids = {value: name for value, name in roster.ids.items() if name is not None}
    if not roster.students:
        raise RosterError(f"--roster {path}: no students in it (only a header row)")
    return roster
