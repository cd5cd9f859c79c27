"""The grading machinery (lecturekit/homework/) keeps to its side of one boundary.

docs/authoring.md ("The grader: a package of its own?") says why homework/
stays a subpackage with its own test entry point (pytest marker `grader`)
rather than a package of its own: this test keeps the split possible. The
course's library does not import the grader (except the learner's progress,
which grades the learner's copies with it), and the grader uses the library only
through the exercise checks and their plain-data helpers.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "lecturekit"
GRADER = PACKAGE / "homework"

# what the grader may use of the library, and what of the library may use the grader
GRADER_USES = {"lecturekit", "lecturekit.exercises", "lecturekit.exercises.public", "lecturekit.feedback"}
# the learner's progress: learner.py grades the learner's copies, in _selfcheck.py's process, which runs
# the grader's runner and checker in one (for speed; the instructor's grader keeps them apart)
USES_THE_GRADER = {"lecturekit/learner.py", "lecturekit/_selfcheck.py"}


def _is_module(name):
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def imported_modules(path):
    """Absolute names of the lecturekit modules a file imports (relative imports resolved)."""
    package = list(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name.split(".")[0] == "lecturekit"}
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            target = ".".join(base + (node.module.split(".") if node.module else []))
            if target.split(".")[0] != "lecturekit":
                continue
            for alias in node.names:   # `from . import engine` imports a module; `from .x import f`, a name of x
                found.add(f"{target}.{alias.name}" if _is_module(f"{target}.{alias.name}") else target)
    return found


def test_the_import_reader_resolves_relative_imports():
    assert "lecturekit.exercises" in imported_modules(GRADER / "mutants.py")
    assert "lecturekit.homework.grading" in imported_modules(GRADER / "mutants.py")
    assert "lecturekit.homework" in imported_modules(PACKAGE / "learner.py")
    assert "lecturekit.homework.classrun" in imported_modules(GRADER / "__init__.py")


@pytest.mark.parametrize("path", sorted(p for p in PACKAGE.rglob("*.py") if GRADER not in p.parents),
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_the_library_does_not_import_the_grader(path):
    uses = {m for m in imported_modules(path) if m == "lecturekit.homework" or m.startswith("lecturekit.homework.")}
    if str(path.relative_to(ROOT)) in USES_THE_GRADER:
        return
    assert not uses, f"{path.relative_to(ROOT)} imports {sorted(uses)}"


@pytest.mark.parametrize("path", sorted(GRADER.rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_grader_uses_the_library_only_through_the_exercise_checks(path):
    outside = {m for m in imported_modules(path) if not m.startswith("lecturekit.homework")}
    assert outside <= GRADER_USES, f"{path.relative_to(ROOT)} imports {sorted(outside - GRADER_USES)}"


def test_the_library_spells_the_graders_stub_as_the_grader_writes_it():
    from lecturekit.exercises import public
    from lecturekit.homework import markup

    assert "\n".join(public.STUB_LINES) == markup.CODE_STUB
