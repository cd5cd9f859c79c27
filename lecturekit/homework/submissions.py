"""Which file is whose, and for which notebook: every file of a submissions folder accounted for.

A folder of submissions holds one entry per student:

* a file ``alice.ipynb`` (with one instructor notebook: the student is the
  file's stem) or ``erin_04_perceptron.ipynb`` (the student is the part of
  the name before the notebook's name; the notebook is the instructor
  notebook whose name it contains);
* or a folder ``alice/`` holding the student's notebooks, at any depth
  (nbgrader's ``submitted/alice/ps1/04_perceptron.ipynb`` works as is).

A notebook whose name is not exactly an instructor notebook's is matched when
the match is unambiguous: the instructor notebook's name (its stem, ignoring
case) appears in the file's stem as a whole word, set off by the start or end
of the name, a space, or one of ``_-.,()[]``.  So ``04_perceptron (1).ipynb``
(a second download), ``04_perceptron-Copy1.ipynb`` (Jupyter's Duplicate),
``Copy of 04_perceptron.ipynb`` and ``erin_04_perceptron.ipynb`` all match
``04_perceptron``, the same way whether there is one instructor notebook or a
folder of them.  With one instructor notebook, a file or a student folder's
only notebook that names no instructor notebook is graded against it (the
student named the file after themselves).

Everything else is *not graded*, with the reason: a notebook that names no
instructor notebook, or two of them; a flat file with no student name in it;
a non-notebook file handed in instead of a notebook; a student folder without
a notebook.  Hidden files (``.ipynb_checkpoints``, ``.DS_Store``) and
``__MACOSX`` are *ignored*; so are files that are not notebooks beside a
student's graded notebook (nbgrader's ``timestamp.txt``, data files): both are
counted in the summary.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Found", "Scan", "scan", "match_notebook", "student_from_name", "JUNK_FOLDERS"]

JUNK_FOLDERS = ("__MACOSX",)
SYMLINK = "a symbolic link, not graded (it could point at any file, e.g. the instructor notebook)"
_SEPARATORS = r"\s_\-.,()\[\]"
# marks that copying or downloading a file again adds to its name
_DUPLICATE_MARKS = [
    re.compile(r"\s+\(\d+\)$"),                       # "alice (1)": a browser's second download
    re.compile(r"\s+-\s+copy(\s*\(\d+\))?$", re.I),   # "alice - Copy (2)": Windows
    re.compile(r"[-_ ]copy\d*$", re.I),               # "alice-Copy1": Jupyter's Duplicate
    re.compile(r"^copy\s+of\s+", re.I),               # "Copy of alice": Google Drive, macOS
]


_LONE_NUMBER = re.compile(r"^\(\d+\)$")


@dataclass
class Found:
    """A notebook handed in by ``student`` for the instructor notebook ``instructor``."""

    student: str
    notebook: str        # the instructor notebook's stem
    path: Path
    instructor: Path
    how: str = "name"    # "name" (exactly its name), "matched" (renamed, matched) or "only" (the one notebook)


@dataclass
class Scan:
    """What a submissions folder holds."""

    found: list = field(default_factory=list)      # [Found]
    unmatched: list = field(default_factory=list)  # [(path, student or None, reason)]: not graded
    ignored: list = field(default_factory=list)    # [(path, reason)]: hidden files, extras

    def students(self):
        """Every student who handed in something, graded or not."""
        names = {f.student for f in self.found} | {s for _, s, _ in self.unmatched if s}
        return sorted(names)


def _strip_marks(text, separators=False):
    """``text`` without the marks a copy or a second download adds (and, with ``separators``, without
    separators at its ends)."""
    changed = True
    while changed:
        changed = False
        stripped = text
        for mark in _DUPLICATE_MARKS:
            stripped = mark.sub("", stripped)
        if separators:   # what is left beside the notebook's name: "_", " (1)", "-Copy1"...
            stripped = _LONE_NUMBER.sub("", stripped.strip(" _-.,"))
        if stripped != text:
            text, changed = stripped, True
    return text


def match_notebook(stem, stems):
    """The instructor notebook stems whose name appears in ``stem`` as a whole word.

    Returns ``[(stem, start, end)]``: one entry when the match is unambiguous,
    none or several otherwise.  A stem found inside a longer stem's match (``04_perceptron`` in
    ``04_perceptron_dual``) does not count separately.

    >>> [m[0] for m in match_notebook("erin_04_perceptron (1)", ["04_perceptron", "05_proof"])]
    ['04_perceptron']
    >>> match_notebook("04perceptron", ["04_perceptron"])
    []
    """
    folded = stem.casefold()
    hits = []
    for name in stems:
        pattern = re.compile(rf"(?:^|(?<=[{_SEPARATORS}])){re.escape(name.casefold())}(?=$|[{_SEPARATORS}])")
        for m in pattern.finditer(folded):
            hits.append((name, m.start(), m.end()))
    kept = [h for h in hits
            if not any(o is not h and o[1] <= h[1] and h[2] <= o[2] and len(o[0]) > len(h[0]) for o in hits)]
    by_name = {}
    for h in kept:
        by_name.setdefault(h[0], h)
    return list(by_name.values())


def student_from_name(stem, start, end):
    """The student's name in a flat file's stem around the notebook's name at ``start:end``:
    the part before it, or else the part after it, without separators and copy marks ('' if none).

    >>> student_from_name("erin_04_perceptron", 5, 18), student_from_name("04_perceptron_erin", 0, 13)
    ('erin', 'erin')
    >>> student_from_name("04_perceptron (1)", 0, 13)
    ''
    """
    before = _strip_marks(stem[:start], separators=True)
    return before if before else _strip_marks(stem[end:], separators=True)


def _visible(path):
    return not path.name.startswith(".") and path.name not in JUNK_FOLDERS


def _notebooks_under(folder, scan, student, excluded=frozenset()):
    """Notebook files under a student's folder (any depth); hidden entries are noted as ignored."""
    notebooks, others = [], []
    for entry in sorted(folder.rglob("*"), key=lambda p: p.as_posix()):
        if excluded and any(p in excluded for p in (entry.resolve(), *entry.resolve().parents)):
            continue
        parts = entry.relative_to(folder).parts
        if any(p.startswith(".") or p in JUNK_FOLDERS for p in parts):
            if all(_visible(Path(p)) for p in parts[:-1]) and not _visible(entry):
                scan.ignored.append((entry, "a hidden file or folder (e.g. Jupyter's .ipynb_checkpoints)"))
            continue
        if entry.is_symlink():
            scan.unmatched.append((entry, student, SYMLINK))
            continue
        if entry.is_dir():
            continue
        (notebooks if entry.suffix.lower() == ".ipynb" else others).append(entry)
    return notebooks, others


def scan(folder, instructors, *, exclude=(), student_key=None):
    """Every entry of ``folder``: the notebooks to grade, what is not graded and why, what is ignored.

    Parameters
    ----------
    folder : path
        One entry per student (see the module's description).
    instructors : list of paths
        The instructor notebooks; their stems are the notebooks' names.
    exclude : paths
        Files and folders to leave out silently (the roster, the reports' folder, if they lie in it).
    student_key : callable, optional
        Maps a name taken from a file or folder to the student's id (a roster's
        spelling); the default keeps it.

    Returns
    -------
    Scan
    """
    folder = Path(folder)
    instructors = [Path(p) for p in instructors]
    by_stem = {}
    for path in instructors:
        by_stem.setdefault(path.stem, path)
    stems = list(by_stem)
    single = instructors[0] if len(by_stem) == 1 else None
    excluded = {Path(p).resolve() for p in exclude}
    key = student_key or (lambda name: name)
    names = ", ".join(f"{s}.ipynb" for s in stems)
    out = Scan()

    def match(path, student, flat):
        """Match one notebook; ``student`` is the folder's name (None for a flat file)."""
        stem = path.stem
        if stem in by_stem:
            hits = [(stem, 0, len(stem))]
        else:
            hits = match_notebook(stem, stems)
        if flat:   # whose it is, as far as the name tells (for the roster: "not graded", not "missing")
            guess = student_from_name(stem, *hits[0][1:]) if hits else _strip_marks(stem)
            owner = key(guess) if guess else None
        else:
            owner = key(student)
        if len(hits) > 1:
            listed = ", ".join(h[0] for h in hits)
            out.unmatched.append((path, owner, f"its name contains more than one notebook's name ({listed}); "
                                               "rename it to the one it is"))
            return
        if not hits:
            if single is not None:
                return "only"
            out.unmatched.append((path, owner, f"its name contains no instructor notebook's name ({names}); "
                                               "rename it"))
            return
        name, start, end = hits[0]
        if flat:
            student = owner
            if not student:
                out.unmatched.append((path, None, f"a file for {name} with no student name in it: put it in "
                                                  f"a folder named after the student, or name it "
                                                  f"STUDENT_{name}.ipynb"))
                return
        how = "name" if stem == name else "matched"
        out.found.append(Found(student if flat else owner, name, path, by_stem[name], how))

    for entry in sorted(folder.iterdir(), key=lambda p: p.name):
        if not _visible(entry):
            out.ignored.append((entry, "a hidden file or folder"))
            continue
        if entry.resolve() in excluded:
            continue
        if entry.is_symlink():
            out.unmatched.append((entry, None, SYMLINK))
        elif entry.is_dir():
            notebooks, others = _notebooks_under(entry, out, key(entry.name), excluded)
            lone = [nb for nb in notebooks if match(nb, entry.name, False) == "only"]
            if lone:
                if len(notebooks) == 1:
                    out.found.append(Found(key(entry.name), single.stem, lone[0], single, "only"))
                else:
                    for nb in lone:
                        out.unmatched.append((nb, key(entry.name), f"its name contains no instructor notebook's "
                                                                   f"name ({names}) and it is not the folder's "
                                                                   "only notebook; rename it"))
            if not notebooks:
                what = ", ".join(p.name for p in others[:3]) + (", ..." if len(others) > 3 else "")
                out.unmatched.append((entry, key(entry.name), "a student folder with no notebook in it"
                                      + (f" ({what}); ask for the .ipynb file" if others else "")))
            else:
                out.ignored += [(p, "not a notebook, beside the student's notebook") for p in others]
        elif entry.suffix.lower() == ".ipynb":
            if match(entry, None, True) == "only":
                out.found.append(Found(key(_strip_marks(entry.stem) or entry.stem), single.stem, entry, single,
                                       "only"))
        else:
            kind = entry.suffix or "no extension"
            out.unmatched.append((entry, None, f"not a notebook ({kind}); ask for the .ipynb file, or move "
                                               "it out of the folder"))
    return out
