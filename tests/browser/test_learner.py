"""The learner's workspace, opened the way a learner opens it: `python3 course.py lab`.

One JupyterLab started by `course.py lab` itself (with the workspace moved to
a temporary folder by LECTUREKIT_WORKSPACE, and Jupyter's own folders
throwaway), one chapter opened in headless chromium, and then:

- the exercise cells are stubs, and no solution or hidden test is visible;
- every reference solution and every Questions answer starts collapsed and
  opens on a click;
- the reference solution typed into the first exercise makes its test cell
  pass (and the next exercise's test still fails on its stub);
- once saved, `course.py progress` counts that exercise and only that one.
"""

import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest

from lecturekit import learner
from lecturekit.homework import parse_assignment, reference_solution

from .browser_support import JupyterLabServer, PageWatch, LabNotebook, save_failure

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
CHAPTER = "01_dot_products.ipynb"


class CourseLab(JupyterLabServer):
    """A JupyterLabServer started through `python3 course.py lab`."""

    def __init__(self, base, workspace):
        super().__init__(base, {})
        self.workspace = Path(workspace)

    def _spawn(self, dirs, timeout):
        env = self._env(dirs)
        env["LECTUREKIT_WORKSPACE"] = str(self.workspace)
        cmd = [sys.executable, str(ROOT / "course.py"), "lab",
               "--no-browser", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={self.port}",
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
        # Every <details> (reference solutions, Questions answers) starts closed,
        # its body hidden; a click on its summary opens it.
        states = page.evaluate(DETAILS_STATE_JS)
        answers = [s for s in states if s["summary"].strip().startswith("Answer")]
        solutions = [s for s in states if "Reference solution" in s["summary"]]
        if not answers:
            problems.append("no Questions answer (<details><summary>Answer…) in the chapter")
        if len(solutions) != len(assignment.exercises):
            problems.append(f"{len(solutions)} reference-solution blocks for "
                            f"{len(assignment.exercises)} exercises")
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
            if not any(o["errors"] for o in outputs[first_test + 1:]):
                problems.append(f"no later test failed, though {second.grade_id} is still a stub; "
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
