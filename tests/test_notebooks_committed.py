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
    # Every chapter has an explorer to play with.
    assert any("lk.widgets." in "".join(c["source"]) for c in cells), f"{path.name}: no explorer"


def _is_exercise(cell):
    return "nbgrader" in cell.get("metadata", {})


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_the_lesson_reads_like_a_book_not_a_test_file(path):
    """Strict nbval pins every printed number; checks that need more than the
    printed output live in tests/test_chapter_NN.py, not in the lesson."""
    _, cells = code_cells(path)
    for i, c in enumerate(cells, 1):
        if _is_exercise(c):
            continue
        source = "".join(c["source"])
        assert not re.search(r"^\s*assert\b", source, re.M), \
            f"{path.name} code cell {i}: an assert in a narrative cell (move it to tests/)"


def _section(nb, heading):
    """The markdown of one `## heading` section (up to the next `## `)."""
    text, inside = [], False
    for cell in nb["cells"]:
        if cell["cell_type"] != "markdown":
            if inside and cell["cell_type"] == "code":
                break
            continue
        for line in "".join(cell["source"]).split("\n"):
            if re.match(r"^##\s", line):
                inside = bool(re.match(rf"^##\s+.*{heading}", line, re.I))
                continue
            if inside:
                text.append(line)
    return "\n".join(text)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_question_has_a_worked_answer_collapsed_under_it(path):
    nb, _ = code_cells(path)
    section = _section(nb, "Questions")
    blocks = re.findall(r"<details>\s*<summary>\s*Answer.*?</summary>(.*?)</details>", section, re.S)
    outside = re.sub(r"<details>.*?</details>", "", section, flags=re.S)
    questions = re.findall(r"^(?:\d+\.|[-*])\s+\S", outside, re.M)
    assert len(questions) >= 2, f"{path.name}: fewer than two questions found"
    assert len(blocks) >= len(questions), \
        f"{path.name}: {len(questions)} questions but {len(blocks)} <details><summary>Answer blocks"
    for body in blocks:
        assert len(body.split()) >= 8, f"{path.name}: an answer of fewer than 8 words: {body.strip()[:80]!r}"


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


MACHINE_PATHS = re.compile(r"(/work/|/tmp/|/home/|/root/|site-packages|ipykernel_\d+|[A-Z]:\\\\)")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_saved_outputs_hold_no_machine_paths_and_no_warnings(path):
    """Strict nbval skips tracebacks, so a path to this machine's lms.py in a
    saved traceback would go unnoticed: check every output, tracebacks too.
    The only warning a chapter may show is lecturekit's ConvergenceWarning, in its one-line form."""
    _, cells = code_cells(path)
    for i, c in enumerate(cells, 1):
        for out in c["outputs"]:
            text = json.dumps({k: v for k, v in out.items() if k != "data"}) + "".join(
                "".join(v) if isinstance(v, list) else str(v)
                for k, v in out.get("data", {}).items() if k.startswith("text/"))
            text = re.sub(r"data:image/[a-z+]+;base64,[A-Za-z0-9+/=]+", "", text)
            assert not MACHINE_PATHS.search(text), \
                f"{path.name} cell {i}: a machine-specific path in the output: {MACHINE_PATHS.search(text).group(0)}"
            if out.get("output_type") == "stream" and out.get("name") == "stderr":
                # lecturekit's own ConvergenceWarning is lesson content where a chapter runs a fit that cannot
                # converge; it is shown as one portable line (lecturekit.results._format_warning). Any other
                # warning, or that one in Python's format with the caller's file, is a defect.
                for line in "".join(out.get("text", "")).splitlines():
                    assert "Warning" not in line or line.startswith("ConvergenceWarning: "), \
                        f"{path.name} cell {i}: a warning other than lecturekit's ConvergenceWarning: {line!r}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_saved_figure_has_a_text_alternative(path):
    """A figure is shown as an <img> with alt text built from its data (lecturekit._display); a bare
    image/png output has none (a screen reader says nothing). That happens when the first cell lacks
    `%matplotlib inline`: the inline backend then registers its PNG formatter after lecturekit's."""
    _, cells = code_cells(path)
    for i, c in enumerate(cells, 1):
        for out in c["outputs"]:
            data = out.get("data", {})
            assert "image/png" not in data, f"{path.name} cell {i}: a figure without a text alternative"
            for img in re.findall(r"<img [^>]*>", "".join(data.get("text/html", ""))):
                alt = re.search(r'alt="([^"]*)"', img)
                assert alt and len(alt.group(1).strip()) > 20, f"{path.name} cell {i}: an <img> without alt text"
