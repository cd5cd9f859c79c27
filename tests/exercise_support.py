"""Running an exercise the way a learner runs it: the chapter's import cell,
the answer, then the exercise's visible tests (hidden parts removed), in a
fresh namespace. Shared by tests/test_misconceptions.py and the chapters' tests,
with the catalogue of registered wrong answers (also used by tests/test_homework.py)."""

import importlib.util
import warnings
from functools import cache
from pathlib import Path
from unittest import mock

import nbformat

import lecturekit.exercises
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


def checked_answers(stem, gid, answer):
    """What the exercise's visible tests hand to ``check_exercise`` after ``answer`` ran:
    the learner's functions and values, as the check receives them."""
    _, visible = exercises(stem)[gid]
    namespace = {"__name__": "__main__"}
    exec(compile(import_cell(stem), f"<import cell of {stem}>", "exec"), namespace)
    exec(compile(answer, f"<answer to {gid}>", "exec"), namespace)
    handed = []
    with mock.patch.object(lecturekit.exercises, "check_exercise",
                           lambda grade_id, *answers: handed.append((grade_id, answers))):
        for k, source in enumerate(visible):
            exec(compile(source, f"<visible test {k} of {gid}>", "exec"), namespace)
    found = [answers for grade_id, answers in handed if grade_id == gid]
    assert found, f"the visible tests of {gid} never call check_exercise({gid!r}, ...)"
    return found[0]


def catalogue(stem, gid, *answers):
    """The misconceptions (``{id: [message, ...]}``) the check of ``gid`` offers while it
    checks the reference solution and each of ``answers`` (sources of answer cells)."""
    reference, _ = exercises(stem)[gid]
    offered = {}
    for answer in (reference, *answers):
        with warnings.catch_warnings():   # a wrong answer's numerical warnings (sqrt of a negative) are its own
            warnings.simplefilter("ignore", RuntimeWarning)
            found = hw.misconceptions_offered(gid, *checked_answers(stem, gid, answer))
        for mid, messages in found.items():
            offered.setdefault(mid, []).extend(m for m in messages if m not in offered[mid])
    return offered


def mutant_messages(stem, gid, description, *answers):
    """What the check may say about a registered wrong answer: the catalogue's messages, when
    the mutant names a misconception by its id; else its description as written."""
    if hw.misconception_id(description) is None:
        return [description]
    return hw.mutant_messages(description, catalogue(stem, gid, *answers), exercise=gid)
