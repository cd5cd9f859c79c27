"""The learner's workspace, opened the way a learner opens it: `python3 course.py lab`.

One JupyterLab started by `course.py lab` itself (with the workspace moved to
a temporary folder by LECTUREKIT_WORKSPACE, Jupyter's own folders throwaway,
and a "web browser" that records the address JupyterLab asks it to open):

- that address opens the start page, not the Launcher; the chapters' names are
  not cut off; its progress cell shows the progress and the next step; the
  course's JupyterLab saves every few seconds;
- on a small exercise of the test's own (the chapters are converted to
  lecturekit.exercises one by one), a right answer shows the green success
  line and a wrong one a message of a few lines that names the mistake, its
  hint folded, with no traceback frames and no red line repeating it, and Run
  All stops there;
- a chapter's last cell links to the next chapter;

and one chapter opened in headless chromium:

- the exercise cells are stubs, and no solution or hidden test is visible;
- no reference solution is in the chapter; every Questions answer starts
  collapsed and opens on a click;
- the reference solution typed into the first exercise makes its test cell
  pass, with a closed "Show the reference solution" control under it (and the
  next exercise's test still fails on its stub);
- once saved, `course.py progress` counts that exercise and only that one.
"""

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest

from lecturekit import learner
from lecturekit.homework import parse_assignment, reference_solution

from .browser_support import ARTIFACTS_DIR, JupyterLabServer, LabNotebook, PageWatch, save_failure

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
CHAPTER = "01_dot_products.ipynb"
CHAPTERS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))

# Stands in for the learner's web browser: writes down what it is asked to open.
RECORD_URL = "import pathlib, sys; pathlib.Path(sys.argv[1]).write_text(sys.argv[2])"


class CourseLab(JupyterLabServer):
    """A JupyterLabServer started through `python3 course.py lab`."""

    def __init__(self, base, workspace):
        super().__init__(base, {})
        self.workspace = Path(workspace)
        self.opened = self.base / "opened-url.txt"
        (self.base / "record_url.py").write_text(RECORD_URL)

    def opened_url(self, timeout=60):
        """The address `course.py lab` had the web browser open (JupyterLab's
        redirect page names it)."""
        deadline = time.monotonic() + timeout
        while not self.opened.exists():
            if time.monotonic() > deadline:
                raise AssertionError("course.py lab asked no web browser to open anything")
            time.sleep(0.25)
        target = self.opened.read_text()
        if target.startswith("file://"):
            page = Path(target[len("file://"):]).read_text(encoding="utf-8")
            target = re.search(r'http-equiv="refresh" content="\d+;url=([^"]+)"', page).group(1)
        return target

    def _spawn(self, dirs, timeout):
        env = self._env(dirs)
        env["LECTUREKIT_WORKSPACE"] = str(self.workspace)
        browser = f"{sys.executable} {self.base / 'record_url.py'} {self.opened} %s"
        cmd = [sys.executable, str(ROOT / "course.py"), "lab", f"--ServerApp.browser={browser}",
               "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={self.port}",
               "--ServerApp.port_retries=0", f"--IdentityProvider.token={self.token}",
               "--ServerApp.terminals_enabled=False", "--ServerApp.log_level=WARN"]
        self._log = open(self.log_path, "w", encoding="utf-8")
        self.process = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=self._log,
                                        stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"course.py lab exited with code {self.process.returncode}; "
                                   f"its log:\n{self.log_tail()}")
            try:
                self.api("GET", "/api/status", timeout=2)
                return True
            except OSError:
                time.sleep(0.5)
        self.stop()
        raise RuntimeError(f"course.py lab did not answer within {timeout} s:\n{self.log_tail()}")


@pytest.fixture(scope="module")
def course_lab(tmp_path_factory):
    pytest.importorskip("jupyterlab", reason="jupyterlab is not installed (extra [lab])")
    base = tmp_path_factory.mktemp("course-lab")
    server = CourseLab(base, base / "my-work")
    server.start(timeout=300, attempts=1)
    yield server
    server.stop()


DETAILS_STATE_JS = """() => [...document.querySelectorAll('.jp-Notebook .jp-RenderedMarkdown details')]
    .map(d => ({open: d.open, summary: (d.querySelector('summary') || {}).innerText || '',
                visible: [...d.children].filter(c => c.tagName !== 'SUMMARY')
                                        .some(c => c.offsetParent !== null && c.innerText.trim())}))"""


def test_course_py_lab_opens_the_start_page(course_lab, browser, request):
    """The learner's first view (this test runs first: JupyterLab reopens what
    earlier tests left open)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(30_000)
    page = context.new_page()
    watch = PageWatch(page)
    problems = []
    try:
        url = course_lab.opened_url()
        if "/lab/tree/START.ipynb" not in url:
            problems.append(f"course.py lab opened {url.split('?')[0]}, not the start page")
        page.goto(url)
        page.wait_for_selector(".jp-Notebook .jp-MarkdownCell .jp-RenderedMarkdown h1", timeout=90_000)
        page.wait_for_timeout(1000)
        tabs = [t.strip() for t in page.locator(".jp-MainAreaWidget-ContainerWidget, .lm-DockPanel "
                                                ".lm-TabBar-tabLabel").all_inner_texts() if t.strip()]
        if "Launcher" in tabs or page.locator(".jp-Launcher").count():
            problems.append(f"the Launcher is open: tabs {tabs}")
        text = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook").inner_text()
        if "Start here" not in text:
            problems.append("the open notebook is not the start page")
        for stem in CHAPTERS:
            title = learner.chapter_heading(nbformat.read(ROOT / "notebooks" / stem, as_version=4))
            link = page.locator(f'.jp-RenderedMarkdown a[href*="/{stem}"]').first
            if link.count() != 1 or link.inner_text().strip() != title or not link.is_visible():
                problems.append(f"the start page has no link {title!r} to {stem}")
        # The chapters' file names are not cut off in the file browser.
        cut = page.evaluate("""() => [...document.querySelectorAll('.jp-DirListing-item')]
            .map(i => i.querySelector('.jp-DirListing-itemText'))
            .filter(t => t && /^\\d\\d_/.test(t.innerText) && t.scrollWidth > t.clientWidth + 1)
            .map(t => t.innerText)""")
        if cut:
            problems.append(f"file names cut off in the file browser: {cut}")
        # The progress cell shows the progress and the next step.
        page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=90_000)
        page.locator(".jp-Notebook .jp-CodeCell .cm-content").first.click()
        page.keyboard.press("Shift+Enter")
        page.wait_for_selector(".lk-progress", timeout=180_000)
        shown = page.locator(".lk-progress").inner_text()
        first_title = next(r.title for r in learner.progress(course_lab.workspace, ROOT / "notebooks",
                                                             chapters={Path(CHAPTERS[0]).stem}))
        if "Next: Exercise 1 of chapter 1" not in shown or first_title not in shown:
            problems.append(f"the progress cell does not name the next step:\n{shown[:500]}")
        if "Total" not in shown or "not started" not in shown:
            problems.append(f"the progress cell shows no statuses or total:\n{shown[:500]}")
        # This course's JupyterLab saves every few seconds (the user's own
        # settings, here the test's autosave: false, still win).
        plugin = course_lab.api("GET", "/lab/api/settings/@jupyterlab/docmanager-extension:plugin")
        interval = plugin["schema"]["properties"]["autosaveInterval"]["default"]
        if not 0 < interval <= 10:
            problems.append(f"the workspace's autosave interval is {interval} s")
        ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS_DIR / "learner-start-progress.png"))
    except Exception as error:  # noqa: BLE001 - report with a screenshot
        problems.append(f"{type(error).__name__}: {str(error)[:2000]}")
    if watch.page_errors:
        problems.append(watch.summary())
    if problems:
        _fail(page, request, course_lab, problems, context)
    context.close()


def test_course_py_lab_opens_the_learner_workspace(course_lab, browser, request):
    work = course_lab.workspace
    assert (work / CHAPTER).exists(), "course.py lab did not make the workspace"
    instructor = nbformat.read(ROOT / "notebooks" / CHAPTER, as_version=4)
    assignment = parse_assignment(instructor, CHAPTER)
    first, second = assignment.exercises[0], assignment.exercises[1]
    solution = reference_solution(instructor.cells[first.cell_index].source).strip("\n")
    hidden_marker = "BEGIN HIDDEN TESTS"

    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.set_default_timeout(30_000)
    page = context.new_page()
    watch = PageWatch(page)
    notebook = LabNotebook(course_lab, page, CHAPTER)
    problems = []
    try:
        notebook.open()
        page.wait_for_timeout(1000)
        sources = page.evaluate(
            "() => [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .cm-content')]"
            ".map(e => e.innerText)")
        text = page.evaluate("() => document.querySelector('.jp-Notebook').innerText")
        if not any("raise NotImplementedError()" in s for s in sources):
            problems.append("no exercise stub (raise NotImplementedError()) is shown")
        for marker in ("BEGIN SOLUTION", hidden_marker, "END HIDDEN TESTS"):
            if marker in text:
                problems.append(f"{marker!r} is visible in the learner's copy")
        # Every <details> (the Questions' answers) starts closed, its body
        # hidden; a click on its summary opens it. No reference solution is in
        # the chapter: one is shown only on request, under a check.
        states = page.evaluate(DETAILS_STATE_JS)
        answers = [s for s in states if s["summary"].strip().startswith("Answer")]
        if not answers:
            problems.append("no Questions answer (<details><summary>Answer…) in the chapter")
        if "Reference solution" in text or page.locator(".lk-solution-control").count():
            problems.append("a reference solution is in the chapter before any check ran")
        for k, s in enumerate(states):
            if s["open"] or s["visible"]:
                problems.append(f"details block {k} ({s['summary']!r}) does not start collapsed")
        summaries = page.locator(".jp-Notebook .jp-RenderedMarkdown details > summary")
        for k in range(summaries.count()):
            summaries.nth(k).scroll_into_view_if_needed()
            summaries.nth(k).click()
        page.wait_for_timeout(300)
        after = page.evaluate(DETAILS_STATE_JS)
        for k, s in enumerate(after):
            if not (s["open"] and s["visible"]):
                problems.append(f"details block {k} ({s['summary']!r}) did not open on a click")

        # Type the reference solution into the first exercise's cell.
        stub = page.locator(".jp-Notebook .jp-CodeCell").filter(
            has_text="raise NotImplementedError()").first
        editor = stub.locator(".cm-content")
        editor.scroll_into_view_if_needed()
        editor.click()
        page.keyboard.press("Control+a")
        page.keyboard.press("Delete")
        page.keyboard.insert_text(solution)
        page.keyboard.press("Escape")
        prompts = notebook.run_all()
        outputs = page.evaluate(
            """() => [...document.querySelectorAll('.jp-Notebook .jp-CodeCell')].map(c => ({
                  source: (c.querySelector('.cm-content') || {}).innerText || '',
                  errors: [...c.querySelectorAll('[data-mime-type="application/vnd.jupyter.stderr"]')]
                          .map(e => e.innerText).join('\\n')}))""")
        first_test = next((i for i, o in enumerate(outputs)
                           if o["source"].strip() and i > 0
                           and outputs[i - 1]["source"].strip().startswith(solution.split("\n")[0])
                           ), None)
        if first_test is None:
            problems.append("could not find the first exercise's test cell after the answer")
        else:
            if outputs[first_test]["errors"]:
                problems.append("the first exercise's test failed on the reference solution:\n"
                                + outputs[first_test]["errors"][:1500])
            if "check_exercise(" in outputs[first_test]["source"]:
                # A chapter converted to lecturekit.exercises: the green line, and the
                # reference solution on request (a closed control).
                check = page.locator(".jp-Notebook .jp-CodeCell").nth(first_test)
                shown = check.locator(".lk-exercise-pass").all_inner_texts()
                if not any(t.strip().startswith("✓ Exercise 1") for t in shown):
                    problems.append(f"no success line under the first exercise's check: {shown}")
                control = check.locator("details.lk-solution-control")
                if control.count() != 1 or control.evaluate("d => d.open"):
                    problems.append("no closed 'Show the reference solution' control under the check")
            later = page.locator(".jp-Notebook .jp-CodeCell")
            if not any(later.nth(k).locator(".lk-exercise-fail").count()
                       for k in range(first_test + 1, min(first_test + 6, later.count()))):
                problems.append(f"the next check did not fail, though {second.grade_id} is still a stub; "
                                f"prompts {prompts}")
        page.keyboard.press("Control+s")
        page.wait_for_timeout(1500)
    except Exception as error:  # noqa: BLE001 - report with a screenshot
        problems.append(f"{type(error).__name__}: {str(error)[:2000]}")

    if not problems:
        saved = nbformat.read(work / CHAPTER, as_version=4)
        if solution.split("\n")[0] not in "\n".join(c.source for c in saved.cells):
            problems.append("the typed answer was not saved to the learner's file")
        rows = learner.progress(work, ROOT / "notebooks", timeout=60, chapters={Path(CHAPTER).stem})
        points = {r.exercise: (r.points, r.max_points) for r in rows}
        if points.get(first.grade_id, (0, 1))[0] != first.points:
            problems.append(f"progress did not count {first.grade_id}: {points}")
        if any(p for ex, (p, _) in points.items() if ex != first.grade_id):
            problems.append(f"progress counted exercises that are still stubs: {points}")
    if watch.page_errors:
        problems.append(watch.summary())
    if problems:
        shot = save_failure(page, f"learner-{request.node.name}",
                            extra="\n".join(problems) + "\n\nserver log:\n" + course_lab.log_tail())
        context.close()
        pytest.fail("learner workspace in JupyterLab:\n- " + "\n- ".join(problems) + f"\n{shot}",
                    pytrace=False)
    context.close()


def _fail(page, request, server, problems, context):
    shot = save_failure(page, f"learner-{request.node.name}",
                        extra="\n".join(problems) + "\n\nserver log:\n" + server.log_tail())
    context.close()
    pytest.fail("learner workspace in JupyterLab:\n- " + "\n- ".join(problems) + f"\n{shot}",
                pytrace=False)


# A small exercise of the test's own, registered in the notebook's kernel.
FIXTURE_SETUP = '''import numpy as np
from lecturekit.exercises import Mistake, check_exercise, exercise

@exercise("ch97-double", number=1, title="double a vector", points=2, kind="reproduce",
          hint="What does `2 * v` do to each entry of `v`?")
def _double(t, double):
    t.check(lambda: double(np.array([1.0, 2.0])), [2.0, 4.0], call="`double([1, 2])`",
            misconceptions=[Mistake("add-two", [3.0, 4.0], "adding 2 instead of multiplying by 2")])
    t.check(lambda: double(np.array([0.0, -1.0, 5.0])), [0.0, -2.0, 10.0], call="`double([0, -1, 5])`",
            misconceptions=[Mistake("add-two", [2.0, 1.0, 7.0], "adding 2 instead of multiplying by 2")])'''


def _fixture_notebook(path):
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                 "language": "python"}
    nb.cells = [nbformat.v4.new_markdown_cell("# Checking an answer"),
                nbformat.v4.new_code_cell(FIXTURE_SETUP),
                nbformat.v4.new_code_cell("def double(v):\n    return 2 * v"),
                nbformat.v4.new_code_cell('check_exercise("ch97-double", double)'),
                nbformat.v4.new_code_cell("def double(v):\n    return v + 2"),
                nbformat.v4.new_code_cell('check_exercise("ch97-double", double)'),
                nbformat.v4.new_markdown_cell("Run All stops above."),
                nbformat.v4.new_code_cell('print("not reached")')]
    nbformat.write(nb, path)


CELL_OUTPUTS_JS = """() => [...document.querySelectorAll('.jp-Notebook .jp-CodeCell')].map(c => ({
    text: [...c.querySelectorAll('.jp-OutputArea-output')].map(o => o.innerText).join('\\n'),
    errors: [...c.querySelectorAll('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')]
            .map(o => o.innerText).join('\\n'),
    codes: [...c.querySelectorAll('.lk-exercise-fail code')].map(e => e.innerText),
    hintOpen: [...c.querySelectorAll('.lk-exercise-fail details')].map(d => d.open)}))"""


def test_a_check_shows_a_green_line_or_the_message_without_a_traceback(course_lab, browser, request):
    name = "checking_an_answer.ipynb"
    _fixture_notebook(course_lab.workspace / name)
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.set_default_timeout(30_000)
    page = context.new_page()
    watch = PageWatch(page)
    problems = []
    try:
        notebook = LabNotebook(course_lab, page, name)
        notebook.open()
        prompts = notebook.run_all()
        cells = page.evaluate(CELL_OUTPUTS_JS)
        passed, failed = cells[2], cells[4]
        if passed["text"].strip() != "✓ Exercise 1 — double a vector: 2/2 points":
            problems.append(f"the right answer does not show the success line: {passed['text']!r}")
        if not page.locator(".jp-Notebook .jp-CodeCell").nth(2).locator(".lk-exercise-pass").count():
            problems.append("the success line is not the green HTML one")
        lines = [line for line in failed["text"].splitlines() if line.strip()]
        if not page.locator(".jp-Notebook .jp-CodeCell").nth(4).locator(".lk-exercise-fail").count():
            problems.append(f"the wrong answer's check shows no failure box; prompts {prompts}")
        if prompts[-1] not in ("[ ]:", ""):
            problems.append(f"Run All did not stop at the failed check: prompts {prompts}")
        if "adding 2 instead of multiplying by 2" not in failed["text"]:
            problems.append(f"the message does not name the mistake:\n{failed['text']}")
        if len(lines) > 12:
            problems.append(f"the message is {len(lines)} lines long:\n{failed['text']}")
        for frame in ("Traceback", 'File "', "---->", "lecturekit/", "site-packages", "Cell In["):
            if frame in failed["text"]:
                problems.append(f"traceback machinery ({frame!r}) under the check:\n{failed['text']}")
        if "`" in failed["text"]:
            problems.append("backticks are printed instead of code spans")
        if "double([1, 2])" not in failed["codes"]:
            problems.append(f"the call is not shown as code: {failed['codes']}")
        if failed["hintOpen"] != [False]:
            problems.append(f"the hint is not there folded: {failed['hintOpen']}")
        if failed["errors"].strip():
            problems.append(f"a red error line repeats the failure under its box:\n{failed['errors']}")
        ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
        page.locator(".lk-exercise-fail").scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS_DIR / "learner-check.png"))
    except Exception as error:  # noqa: BLE001 - report with a screenshot
        problems.append(f"{type(error).__name__}: {str(error)[:2000]}")
    if watch.page_errors:
        problems.append(watch.summary())
    if problems:
        _fail(page, request, course_lab, problems, context)
    context.close()


def test_the_chapter_ends_with_a_link_to_the_next_one(course_lab, browser, request):
    """Checks the chapter this module opens (the last chapter links back to the start page)."""
    k = CHAPTERS.index(CHAPTER)
    following = CHAPTERS[k + 1] if k + 1 < len(CHAPTERS) else "START.ipynb"
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.set_default_timeout(30_000)
    page = context.new_page()
    problems = []
    try:
        page.goto(f"{course_lab.url}/lab/tree/{CHAPTER}?reset&token={course_lab.token}")
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
        # JupyterLab renders a long notebook's cells as they scroll into view (and replaces cells while it settles):
        # scroll to the last rendered cell until the notebook's true last cell is there
        last = page.locator(".jp-Notebook .jp-Cell").last
        link = last.locator(f'.jp-RenderedMarkdown a[href*="/{following}"]')
        for _ in range(30):
            try:
                last.scroll_into_view_if_needed()
            except Exception:  # noqa: BLE001 - "not attached to the DOM" while a cell is replaced; try again
                pass
            page.wait_for_timeout(500)
            if link.count():
                break
        if link.count() == 0:
            problems.append(f"the last cell of {CHAPTER} has no link to {following}:\n"
                            f"{last.inner_text()[:300]}")
        else:
            link.first.click()
            page.wait_for_function(
                """name => [...document.querySelectorAll('.lm-DockPanel .lm-TabBar-tab.lm-mod-current')]
                   .some(t => t.innerText.trim() === name)""", arg=following, timeout=60_000)
    except Exception as error:  # noqa: BLE001 - report with a screenshot
        problems.append(f"{type(error).__name__}: {str(error)[:2000]}")
    if problems:
        _fail(page, request, course_lab, problems, context)
    context.close()
