"""Running an exercise the way a learner runs it: the chapter's import cell,
the answer, then the exercise's visible tests (hidden parts removed), in a
fresh namespace. Shared by tests/test_misconceptions.py and the chapters' tests,
with the catalogue of registered wrong answers (also used by tests/test_homework.py)."""

import importlib.util
from functools import cache
from pathlib import Path

import nbformat

from lecturekit import homework as hw
from lecturekit.feedback import ExerciseFailure

ROOT = Path(__file__).resolve().parents[1]
KNOWN = "This looks like a known mistake: "
FIXTURES = ROOT / "tests" / "homework_fixtures"


def load_mutants():
    """{(notebook stem, grade_id): [(description, change), ...]} from homework_fixtures/mutants.py."""
    spec = importlib.util.spec_from_file_location("homework_mutants", FIXTURES / "mutants.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.MUTANTS


@cache
def import_cell(stem):
    """The chapter's import cell (its first code cell), without IPython magics."""
    nb = nbformat.read(ROOT / "notebooks" / f"{stem}.ipynb", as_version=4)
    first = next(c for c in nb.cells if c.cell_type == "code")
    return "\n".join(line for line in first.source.splitlines() if not line.lstrip().startswith("%"))


@cache
def exercises(stem):
    """{grade_id: (reference solution, [visible test sources])} of one chapter."""
    nb = nbformat.read(ROOT / "notebooks" / f"{stem}.ipynb", as_version=4)
    assignment = hw.parse_assignment(nb, stem)
    found = {}
    for ex in assignment.exercises:
        reference = hw.reference_solution(nb.cells[ex.cell_index].source)
        visible = [hw.clear_hidden_tests(nb.cells[t.cell_index].source) for t in ex.tests]
        found[ex.grade_id] = (reference, visible)
    return found


def visible_feedback(stem, gid, answer):
    """Run an answer and the exercise's visible tests; the failure message, or None if all pass."""
    _, visible = exercises(stem)[gid]
    namespace = {"__name__": "__main__"}
    exec(compile(import_cell(stem), f"<import cell of {stem}>", "exec"), namespace)
    exec(compile(answer, f"<answer to {gid}>", "exec"), namespace)
    for k, source in enumerate(visible):
        try:
            exec(compile(source, f"<visible test {k} of {gid}>", "exec"), namespace)
        except ExerciseFailure as failure:
            return str(failure)
    return None
