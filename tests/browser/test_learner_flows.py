"""A learner's workspace after a course update, in a real browser.

The workspace was made from an older version of chapter 1 (Exercise 3 worded
differently); the learner answered Exercises 1 and 3. Then `python3 course.py
lab` (this module starts it, as a learner does) finds the course changed and
updates the chapter. In headless chromium:

- the start page says which chapter was updated, what changed and where the
  earlier copy is; its progress cell lists chapter 1 once, with the points of
  the carried-over answer;
- chapter 1 opens with the update note; Exercise 2 holds the learner's answer;
  Exercise 3 shows the earlier answer right above the new stub;
- after a kernel restart, the check of Exercise 2 run on its own says which
  cell to run first (no NameError, nothing in red); run after the answer it
  shows the green line and a closed "Show the reference solution" button,
  which a click along the row does not open and a click on the button (or
  Enter on it) does;
- a relaunch of `course.py lab` after several chapters were opened reopens
  only the start page and the chapter in front: two kernels, not one per chapter.

Screenshots of each step go to browser-artifacts/learner-flow-*.png.
"""

import io
import json
import shutil
import time
from pathlib import Path

import nbformat
import pytest

from lecturekit import learner
from lecturekit.homework import reference_solution

from .browser_support import ARTIFACTS_DIR, LabNotebook, PageWatch, save_failure
from .test_learner import CourseLab

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
CHAPTER = "01_dot_products.ipynb"
LEARNERS_THIRD = "angle_ab = 120\nproj_a_on_b = -1\nproj_b_on_a = -2.5\ndist_ab = 6.24  # my numbers"


def _older_chapter(path):
    """Chapter 1 as an older course had it: Exercise 3 worded differently."""
    nb = nbformat.read(ROOT / "notebooks" / CHAPTER, as_version=4)
    cell = next(c for c in nb.cells if c.cell_type == "markdown" and c.source.startswith("### Exercise 3"))
    assert "Two vectors" in cell.source
    cell.source = cell.source.replace("Two vectors", "Two arrows")
    nbformat.write(nb, path)


@pytest.fixture(scope="module")
def updated_lab(tmp_path_factory):
    pytest.importorskip("jupyterlab", reason="jupyterlab is not installed (extra [lab])")
    base = tmp_path_factory.mktemp("learner-flow")
    older = base / "older-course"
    older.mkdir()
    _older_chapter(older / CHAPTER)
    work = base / "my-work"
    learner.set_up_workspace(older, work, out=io.StringIO(), today="2030-01-01")
    instructor = nbformat.read(ROOT / "notebooks" / CHAPTER, as_version=4)
    answers = {"ch01-reflect": reference_solution(next(
        c.source for c in instructor.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "ch01-reflect"))
        + "\nimport numpy as np   # my mirror",   # runs alone after a restart; a last line no other cell has
        "ch01-three-numbers": LEARNERS_THIRD}
    mine = nbformat.read(work / CHAPTER, as_version=4)
    for cell in mine.cells:
        gid = cell.metadata.get("nbgrader", {}).get("grade_id")
        if gid in answers and cell.metadata["nbgrader"].get("solution"):
            cell.source = answers[gid]
    nbformat.write(mine, work / CHAPTER)
    (base / "lab").mkdir()
    server = CourseLab(base / "lab", work)
    server.start(timeout=300, attempts=1)
    server.answers = answers
    yield server
    server.stop()


def _shot(page, name):
    ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS_DIR / f"learner-flow-{name}.png"))


def _fail(page, request, server, problems, context):
    shot = save_failure(page, f"learner-flow-{request.node.name}",
                        extra="\n".join(problems) + "\n\nserver log:\n" + server.log_tail())
    context.close()
    pytest.fail("learner flow in JupyterLab:\n- " + "\n- ".join(problems) + f"\n{shot}", pytrace=False)


def _context(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(30_000)
    return context


def test_the_update_shows_on_the_start_page_and_in_the_chapter(updated_lab, browser, request):
    work = updated_lab.workspace
    context = _context(browser)
    page = context.new_page()
    watch = PageWatch(page)
    problems = []
    try:
        # On disk: one copy of the chapter, the learner's copy kept aside.
        chapters = sorted(p.name for p in work.glob("0*.ipynb"))
        if chapters.count(CHAPTER) != 1 or any(".v" in name for name in chapters):
            problems.append(f"the workspace does not hold one copy per chapter: {chapters}")
        if not (work / learner.EARLIER / "01_dot_products.v1.ipynb").is_file():
            problems.append("the learner's earlier copy is not in earlier-versions/")
        page.goto(updated_lab.opened_url())
        page.wait_for_selector(".jp-Notebook .jp-MarkdownCell .jp-RenderedMarkdown h1", timeout=90_000)
        section = page.locator(".jp-RenderedMarkdown h2", has_text="What changed in the course")
        if section.count() != 1:
            problems.append("the start page has no section 'What changed in the course'")
        else:
            section.scroll_into_view_if_needed()
            items = page.locator(".jp-RenderedMarkdown li", has_text="Chapter 1 — Dot products was updated")
            text = items.first.inner_text() if items.count() else ""
            for words in ("Exercise 3 — an angle and two projections from three numbers",
                          "your earlier answer is kept right above its answer cell",
                          "Your answers came along for Exercise 2",
                          "earlier-versions/01_dot_products.v1.ipynb"):
                if words not in text:
                    problems.append(f"the start page's update does not say {words!r}: {text!r}")
            link = items.first.locator('a[href*="earlier-versions/01_dot_products.v1.ipynb"]')
            if link.count() != 1:
                problems.append("the start page does not link the earlier copy")
            page.wait_for_timeout(500)
            _shot(page, "start-page-update")

        # Its progress cell: chapter 1 once, with the carried answer's points, the total of the course.
        start = LabNotebook(updated_lab, page, "START.ipynb")
        start.open()
        start.run_all(timeout=300)
        shown = page.locator(".jp-Notebook .lk-progress").inner_text()
        if shown.count("Chapter 1 — Dot products") != 1:
            problems.append(f"the progress lists chapter 1 {shown.count('Chapter 1 — Dot products')} times")
        exercises = {path.stem: __import__("lecturekit.homework", fromlist=["x"]).parse_assignment(
            nbformat.read(path, as_version=4), path.stem).exercises
            for path in sorted((ROOT / "notebooks").glob("*.ipynb"))}
        carried = next(ex.points for ex in exercises["01_dot_products"] if ex.grade_id == "ch01-reflect")
        chapter = sum(ex.points for ex in exercises["01_dot_products"])
        if f"Chapter 1 — Dot products: {carried:g}/{chapter:g} points" not in shown:
            problems.append(f"the progress does not give chapter 1 the carried answer's {carried:g} points:\n"
                            f"{shown[:600]}")
        total = sum(ex.points for exs in exercises.values() for ex in exs)
        if f"Total: {carried:g}/{total:g} points" not in shown:
            problems.append(f"the total is not {carried:g}/{total:g}: {shown[-300:]}")
        page.locator(".jp-Notebook .lk-progress").scroll_into_view_if_needed()
        _shot(page, "start-page-progress")

        # The chapter: the note at the top, the learner's answer, the earlier answer above the new stub.
        chapter = LabNotebook(updated_lab, page, CHAPTER)
        chapter.open()
        note = page.locator(".jp-MarkdownCell", has_text="The course updated this chapter on")
        if note.count() != 1:
            problems.append("chapter 1 has no update note")
        else:
            note.scroll_into_view_if_needed()
            page.wait_for_timeout(300)
            _shot(page, "chapter-note")
        sources = page.evaluate("() => [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .cm-content')]"
                                ".map(e => e.innerText)")
        if not any(updated_lab.answers["ch01-reflect"].splitlines()[2].strip() in s for s in sources):
            problems.append("Exercise 2's cell does not hold the learner's answer")
        earlier = page.locator(".jp-MarkdownCell", has_text="Your answer to the earlier wording")
        if earlier.count() != 1 or "# my numbers" not in earlier.inner_text():
            problems.append("Exercise 3 does not show the learner's earlier answer")
        else:
            earlier.scroll_into_view_if_needed()
            following = page.evaluate(
                """() => { const cells = [...document.querySelectorAll('.jp-Notebook .jp-Cell')];
                           const k = cells.findIndex(c => c.innerText.includes('Your answer to the earlier wording'));
                           return cells[k + 1].innerText; }""")
            if "raise NotImplementedError()" not in following:
                problems.append(f"the earlier answer is not right above the new stub: {following[:200]!r}")
            page.wait_for_timeout(300)
            _shot(page, "earlier-answer")
    except Exception as error:  # noqa: BLE001 - report with a screenshot
        problems.append(f"{type(error).__name__}: {str(error)[:2000]}")
    if watch.page_errors:
        problems.append(watch.summary())
    if problems:
        _fail(page, request, updated_lab, problems, context)
    context.close()


CELL_STATE_JS = """(needle) => {
    const cell = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell')]
        .find(c => (c.querySelector('.cm-content') || {}).innerText === needle);
    if (!cell) return null;
    return {
        missing: [...cell.querySelectorAll('.lk-exercise-missing')].map(e => e.innerText),
        passed: [...cell.querySelectorAll('.lk-exercise-pass')].map(e => e.innerText),
        errors: [...cell.querySelectorAll('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')]
                .map(e => e.innerText),
        text: [...cell.querySelectorAll('.jp-OutputArea-output')].map(e => e.innerText).join('\\n'),
        controls: cell.querySelectorAll('details.lk-solution-control').length,
        open: [...cell.querySelectorAll('details.lk-solution-control')].map(d => d.open)};
}"""

CHECK = 'from lecturekit.exercises import check_exercise\ncheck_exercise("ch01-reflect", reflect)'


def _run_cell(page, needle):
    """Click into the code cell whose source is ``needle`` and run it alone (Shift+Enter)."""
    cell = page.locator(".jp-Notebook .jp-CodeCell").filter(has=page.locator(".cm-content", has_text=needle.split(
        "\n")[-1])).first
    cell.scroll_into_view_if_needed()
    cell.locator(".cm-content").click()
    page.keyboard.press("Shift+Enter")
    page.wait_for_function(
        """() => { const ind = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator');
                   return ind && ind.dataset.status === 'idle'; }""", timeout=120_000)
    page.wait_for_timeout(800)
    return cell


def test_a_check_before_its_answer_and_a_solution_only_on_request(updated_lab, browser, request):
    context = _context(browser)
    page = context.new_page()
    watch = PageWatch(page)
    problems = []
    try:
        # A fresh kernel (as after a restart, or coming back the next day): no cell has run,
        # and the learner runs the check of Exercise 2 first.
        updated_lab.shutdown_kernels()
        chapter = LabNotebook(updated_lab, page, CHAPTER)
        chapter.open()
        cell = _run_cell(page, CHECK)
        state = page.evaluate(CELL_STATE_JS, CHECK)
        if not state["missing"] or "reflect is not defined yet: run the cell of Exercise 2" not in state["missing"][0]:
            problems.append(f"the check run first does not say which cell to run: {state['text']!r}")
        if "it defines reflect" not in " ".join(state["missing"]):
            problems.append("the message does not name what the answer cell defines")
        if state["errors"] or "NameError" in state["text"] or "Traceback" in state["text"]:
            problems.append(f"a NameError or traceback is shown: {state['text']!r}")
        _shot(page, "check-before-answer")

        # The answer cell, then the check: the green line and a closed solution button.
        answer = updated_lab.answers["ch01-reflect"]
        _run_cell(page, answer)
        cell = _run_cell(page, CHECK)
        state = page.evaluate(CELL_STATE_JS, CHECK)
        if not state["passed"] or not state["passed"][0].startswith("✓ Exercise 2"):
            problems.append(f"no green line after the answer ran: {state['text']!r}")
        if state["controls"] != 1 or state["open"] != [False]:
            problems.append(f"no closed 'Show the reference solution' control under the check: {state}")
        control = cell.locator("details.lk-solution-control")
        summary = control.locator("summary")
        if summary.inner_text().strip() != "Show the reference solution":
            problems.append(f"the control is labelled {summary.inner_text()!r}")
        # to assistive technology a summary is a disclosure button, named by its label
        cdp = context.new_cdp_session(page)
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
        roles = {(n.get("role", {}).get("value"), n.get("name", {}).get("value")) for n in nodes}
        cdp.detach()
        if ("DisclosureTriangle", "Show the reference solution") not in roles:
            problems.append("assistive technology does not get a disclosure button 'Show the reference solution'")
        # A click along the row, beside the button, opens nothing.
        row, button = control.bounding_box(), summary.bounding_box()
        if button["width"] > row["width"] / 2:
            problems.append(f"the button spans the row ({button['width']:.0f} of {row['width']:.0f} px)")
        page.mouse.click(row["x"] + row["width"] - 20, button["y"] + button["height"] / 2)
        page.mouse.dblclick(row["x"] + row["width"] * 0.75, button["y"] + button["height"] / 2)
        page.wait_for_timeout(300)
        if control.evaluate("d => d.open"):
            problems.append("a click along the row opened the reference solution")
        _shot(page, "solution-closed")
        # The button, from the keyboard and with the mouse.
        summary.focus()
        page.keyboard.press("Enter")
        page.wait_for_timeout(300)
        if not control.evaluate("d => d.open"):
            problems.append("Enter on the focused button did not open the solution")
        page.keyboard.press("Enter")
        page.wait_for_timeout(300)
        if control.evaluate("d => d.open"):
            problems.append("Enter again did not close it")
        summary.click()
        page.wait_for_timeout(300)
        shown = control.inner_text()
        step_line = next(line.strip() for line in answer.splitlines() if line.strip().startswith("step ="))
        if not control.evaluate("d => d.open") or step_line not in shown:
            problems.append(f"the button did not show the reference solution: {shown!r}")
        control.scroll_into_view_if_needed()
        _shot(page, "solution-open")
    except Exception as error:  # noqa: BLE001 - report with a screenshot
        problems.append(f"{type(error).__name__}: {str(error)[:2000]}")
    if watch.page_errors:
        problems.append(watch.summary())
    if problems:
        _fail(page, request, updated_lab, problems, context)
    context.close()


def _layout_file(server):
    return server.workspace / ".lecturekit" / "lab-workspaces" / "default-37a8.jupyterlab-workspace"


def test_a_relaunch_reopens_the_start_page_and_the_chapter_in_front_only(updated_lab, browser, request):
    context = _context(browser)
    page = context.new_page()
    problems = []
    opened = ["02_homogeneous_coordinates.ipynb", "03_closest_centroid.ipynb", "04_perceptron.ipynb"]
    try:
        page.goto(f"{updated_lab.url}/lab/tree/START.ipynb?token={updated_lab.token}")
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
        for name in opened:  # the learner opens three more chapters from the file browser
            page.locator(".jp-DirListing-item", has_text=name).first.dblclick()
            page.wait_for_function(
                """name => [...document.querySelectorAll('.lm-DockPanel .lm-TabBar-tab.lm-mod-current')]
                   .some(t => t.innerText.trim() === name)""", arg=name, timeout=90_000)
            page.wait_for_timeout(1500)
        deadline = time.monotonic() + 60
        saved = []
        while time.monotonic() < deadline:  # JupyterLab saves its layout a moment after a change
            try:
                saved = json.loads(_layout_file(updated_lab).read_text())["data"]["layout-restorer:data"]["main"]
                saved = [w for w in json.dumps(saved["dock"]).split('"') if w.startswith("notebook:")]
            except (OSError, ValueError, KeyError):
                saved = []
            if f"notebook:{opened[-1]}" in saved and len(saved) >= 4:
                break
            page.wait_for_timeout(500)
        if len(saved) < 4:
            problems.append(f"JupyterLab did not save a layout with the opened chapters: {saved}")
        context.close()
        # The learner stops JupyterLab and runs `course.py lab` again.
        updated_lab.stop()
        updated_lab.opened.unlink(missing_ok=True)
        updated_lab.start(timeout=300, attempts=1)
        context = _context(browser)
        page = context.new_page()
        page.goto(updated_lab.opened_url())
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
        page.wait_for_function("() => document.querySelectorAll('.lm-DockPanel .lm-TabBar-tab').length >= 2",
                               timeout=60_000)
        page.wait_for_timeout(5000)
        tabs = [t.strip() for t in page.locator(".lm-DockPanel .lm-TabBar-tab .lm-TabBar-tabLabel")
                .all_inner_texts() if t.strip()]
        notebooks = [t for t in tabs if t.endswith(".ipynb")]
        if sorted(notebooks) != sorted(["START.ipynb", opened[-1]]):
            problems.append(f"the relaunch reopened {notebooks}, not the start page and {opened[-1]}")
        kernels = updated_lab.api("GET", "/api/kernels") or []
        if len(kernels) > 2:
            problems.append(f"{len(kernels)} kernels after the relaunch")
        _shot(page, "relaunch")
    except Exception as error:  # noqa: BLE001 - report with a screenshot
        problems.append(f"{type(error).__name__}: {str(error)[:2000]}")
    if problems:
        _fail(page, request, updated_lab, problems, context)
    context.close()
