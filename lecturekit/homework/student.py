"""Student versions: solutions become stubs, hidden tests and outputs go."""

from __future__ import annotations

import copy
from pathlib import Path

from .markup import MarkupError, clear_hidden_tests, clear_solutions, parse_assignment

__all__ = ["student_version", "write_student_versions", "notebook_paths"]


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


def notebook_paths(paths):
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

    notebooks = notebook_paths(paths)
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

