"""Every notebook of the course, run in JupyterLab in a real browser.

nbval never looks at widgets, so a course whose sliders show "Error
displaying widget" would pass it. Here each notebook is opened in JupyterLab
(headless chromium), all its cells are run, and then:

- every cell runs (Run All gets to the end);
- every widget view that the committed notebook displays is rendered, with
  the controls and output areas its saved widget state says it has, and no
  "Error displaying widget", "Loading widget" or `IntSlider(...)` text shows;
- moving one control of each explorer (a displayed widget holding a control
  and an output) changes what it shows: the plot image or the printed text;
- the page raised no JavaScript error.

What to expect is read from each notebook's committed JSON (its widget-view
outputs and metadata.widgets), so nothing here names a chapter.
"""

import re
import time

import pytest

from .browser_support import (
    ANY_CONTROL,
    LAB_BUSY_JS,
    SUMMARY,
    LabNotebook,
    PageWatch,
    bad_text_problems,
    course_notebooks,
    has_widget_state,
    missing_parts,
    move_control,
    result_snapshot,
    save_failure,
    served_path,
    wait_for_change,
    widget_cells,
)

pytestmark = pytest.mark.browser

RENDER_TIMEOUT = 30.0      # s for widget views to appear after Run All
CHANGE_TIMEOUT = 20.0      # s for an explorer to redraw after a control moved
CONTROLS_TRIED = 4         # controls tried per explorer before giving up

# Mark the outermost controls inside a widget view with data-lk-control=<i>;
# return how many (nested parts such as the buttons of ToggleButtons are not
# controls of their own).
MARK_CONTROLS_JS = """(root, sel) => {
    const all = [...root.querySelectorAll(sel)];
    const outer = all.filter(e => !all.some(o => o !== e && o.contains(e)));
    outer.forEach((e, i) => { e.dataset.lkControl = String(i); });
    return outer.length;
}"""


def render_problems(notebook, cells, with_state):
    """What is wrong with the rendered widgets right now (empty: all good)."""
    problems = []
    for cell in cells:
        roots = notebook.widget_roots(cell.index)
        if len(roots) != len(cell.roots):
            problems.append(f"cell {cell.index}: {len(cell.roots)} widget view(s) expected, "
                            f"{len(roots)} rendered")
            continue
        for k, (expected, root) in enumerate(zip(cell.roots, roots)):
            where = f"cell {cell.index}, widget {k} ({expected.model_name})"
            if root.locator(".jupyter-widgets").count() == 0:
                problems.append(f"{where}: no .jupyter-widgets element")
            elif root.locator(".jupyter-widgets-error-widget").count():
                problems.append(f"{where}: ipywidgets' error view: "
                                + root.inner_text()[:300].replace("\n", " "))
            elif with_state:
                missing = missing_parts(root, expected)
                if missing:
                    problems.append(f"{where}: missing {', '.join(missing)}")
    problems += bad_text_problems(notebook.output_text(), "outputs")
    return problems


def wait_for_render(notebook, cells, with_state):
    deadline = time.monotonic() + RENDER_TIMEOUT
    while True:
        problems = render_problems(notebook, cells, with_state)
        if not problems or time.monotonic() > deadline:
            return problems
        notebook.page.wait_for_timeout(500)


def explorer_problem(notebook, root, where, reacted):
    """Move controls of one explorer until its output changes; None if it did
    (then what was moved is appended to `reacted`)."""
    page = notebook.page
    root.scroll_into_view_if_needed()
    count = root.evaluate(MARK_CONTROLS_JS, ANY_CONTROL)
    tried = []
    for index in range(min(count, CONTROLS_TRIED)):
        control = root.locator(f'[data-lk-control="{index}"]')
        before = result_snapshot(root)
        action = move_control(control)
        if action is None:
            continue
        tried.append(f"control {index}: {action}")
        if wait_for_change(page, root, before, LAB_BUSY_JS, CHANGE_TIMEOUT) is not None:
            reacted.append(action)
            return None
    if not tried:
        return f"{where}: no control that can be moved ({count} found)"
    return f"{where}: output did not change after {'; '.join(tried)}"


@pytest.mark.parametrize("nb_path", course_notebooks(), ids=lambda p: p.name)
def test_notebook_widgets_work_in_jupyterlab(nb_path, lab_server, lab_page, request):
    watch = PageWatch(lab_page)
    notebook = LabNotebook(lab_server, lab_page, served_path(nb_path))
    # Expectations come from the copy the server serves (taken at the start
    # of the run), not from the repo file, which may be edited meanwhile.
    served = lab_server.root_dir / served_path(nb_path)
    cells = widget_cells(served)
    with_state = has_widget_state(served)
    problems, reacted, times = [], [], {}
    start = time.monotonic()
    try:
        notebook.open()
        times["open"] = time.monotonic() - start
        prompts = notebook.run_all()
        times["run all"] = time.monotonic() - start - sum(times.values())
        unrun = [n for n, prompt in enumerate(prompts, 1) if not re.fullmatch(r"\[\d+\]:", prompt)]
        if unrun:
            errors = lab_page.evaluate(
                "() => [...document.querySelectorAll('[data-mime-type=\"application/vnd.jupyter.stderr\"]')]"
                ".map(e => e.innerText.slice(0, 1500)).join('\\n---\\n')")
            problems.append(f"Run All stopped: code cells {unrun} (1-based among code cells) "
                            f"did not run; prompts {prompts}\nerror output:\n{errors}")

        problems += wait_for_render(notebook, cells, with_state)
        times["render"] = time.monotonic() - start - sum(times.values())

        if not problems:
            for cell in cells:
                roots = notebook.widget_roots(cell.index)
                for k, (expected, root) in enumerate(zip(cell.roots, roots)):
                    if with_state:
                        explorer = expected.is_explorer
                    else:  # no saved state: judge by what was rendered
                        explorer = (root.locator(ANY_CONTROL).count() > 0
                                    and root.locator(".widget-output").count() > 0)
                    if explorer:
                        problem = explorer_problem(
                            notebook, root, f"cell {cell.index}, explorer {k} ({expected.model_name})",
                            reacted)
                        if problem:
                            problems.append(problem)
            # Moving controls must not leave error text behind either.
            problems += bad_text_problems(notebook.output_text(), "outputs after moving controls")
            times["explorers"] = time.monotonic() - start - sum(times.values())
    except Exception as error:  # a time-out etc.: still report it with a screenshot
        problems.append(f"{type(error).__name__}: {str(error)[:2000]}")

    views = sum(len(cell.roots) for cell in cells)
    SUMMARY.append(
        f"lab  {nb_path.name}: {views} widget view(s), {len(reacted)} explorer(s) reacted"
        + (f" ({'; '.join(reacted)})" if reacted else "")
        + " — " + ", ".join(f"{k} {v:.1f}s" for k, v in times.items()))
    if watch.page_errors:
        problems.append(watch.summary())
    if problems:
        saved = save_failure(lab_page, f"lab-{request.node.name}",
                             extra="\n".join(problems) + "\n\nserver log:\n" + lab_server.log_tail())
        context = watch.summary()
        pytest.fail(f"{nb_path.name} in JupyterLab:\n- " + "\n- ".join(problems)
                    + (f"\n{context}" if context and not watch.page_errors else "")
                    + f"\n{saved}", pytrace=False)
