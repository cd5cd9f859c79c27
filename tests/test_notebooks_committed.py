"""Strict nbval is a regression test only if the notebooks are committed with their outputs.

A notebook saved without outputs would still "pass" nbval (it only proves it ran), so
this test fails when a chapter notebook lacks outputs, was executed out of order, or
misses the parts every chapter promises.
"""

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
README = (ROOT / "README.md").read_text(encoding="utf-8")


def code_cells(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    return nb, [c for c in nb["cells"] if c["cell_type"] == "code" and "".join(c["source"]).strip()]


def test_there_are_nine_chapters_and_the_readme_lists_them():
    assert [p.name[:2] for p in NOTEBOOKS] == [f"{i:02d}" for i in range(1, 10)], [p.name for p in NOTEBOOKS]
    for p in NOTEBOOKS:
        assert f"notebooks/{p.name}" in README, f"README.md does not list {p.name}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_committed_with_outputs_in_order(path):
    _, cells = code_cells(path)
    counts = [c.get("execution_count") for c in cells]
    assert None not in counts, f"{path.name}: cells without execution_count — run `python3 course.py regen`"
    assert counts == list(range(1, len(counts) + 1)), f"{path.name}: execution counts {counts} are not 1, 2, 3, ..."
    assert sum(bool(c["outputs"]) for c in cells) >= len(cells) // 3, f"{path.name}: most cells have no output"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_chapter_structure(path):
    nb, cells = code_cells(path)
    text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert nb["cells"][0]["cell_type"] == "markdown" and "".join(nb["cells"][0]["source"]).startswith("# ")
    for heading in ("Learning objectives", "Sources", "Summary", "Questions", "Exercises"):
        assert re.search(rf"^#+ .*{heading}", text, re.M | re.I), f"{path.name}: no '{heading}' section"
    first = "".join(cells[0]["source"])
    assert "import lecturekit as lk" in first, f"{path.name}: the first code cell must import lecturekit as lk"
    later_imports = [i for i, c in enumerate(cells[1:], 2) if re.search(r"^\s*(import|from) \w", "".join(c["source"]), re.M)]
    exercise_cells = [i for i, c in enumerate(cells, 1) if c.get("metadata", {}).get("nbgrader")]
    stray = [i for i in later_imports if i not in exercise_cells]
    assert not stray, f"{path.name}: imports outside the first cell in code cells {stray}"
    # claims are checked in the notebook itself
    assert sum("assert " in "".join(c["source"]) for c in cells) >= 2, f"{path.name}: fewer than two asserted claims"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_unstable_output(path):
    _, cells = code_cells(path)
    for i, c in enumerate(cells, 1):
        tags = c.get("metadata", {}).get("tags", [])
        if "nbval-ignore-output" in tags:
            continue
        for out in c["outputs"]:
            text = "".join(out.get("text", "")) + "".join(out.get("data", {}).get("text/plain", ""))
            assert not re.search(r"at 0x[0-9a-f]{6,}", text), f"{path.name} cell {i}: an object address in the output"
            assert "Error displaying widget" not in text
            assert out.get("output_type") != "error" or "raises-exception" in tags, f"{path.name} cell {i}: an error"
