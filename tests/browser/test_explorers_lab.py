"""The course's explorers in JupyterLab, driven from the keyboard (issues 14 and 15).

One notebook, written into the server's folder by the test, displays one
explorer per chapter. After Run All:

- every slider handle (role="slider") has an accessible name, and it equals
  the slider's visible label; the read-out is a polite live region; every
  picture is an <img> whose alt is a full sentence;
- one explorer is driven with the keyboard alone: Tab reaches each of its
  controls in turn, an arrow key moves the focused slider, and the picture
  and the read-out change (Playwright finds the sliders by role and name,
  as a screen reader would);
- for one explorer per chapter, the time from a slider's keyboard step to the
  new picture on screen is measured and reported (never asserted: timings
  depend on the machine).
"""

import statistics
import time

import nbformat
import pytest

from .browser_support import SUMMARY, LabNotebook, PageWatch, save_failure

pytestmark = pytest.mark.browser

# chapter -> the explorer call its notebook embeds
EXPLORERS = [
    ("1 dot product", "lk.widgets.dot_product_explorer()"),
    ("2 hyperplane", "lk.widgets.hyperplane_explorer()"),
    ("3 closest centroid", "lk.widgets.outlier_explorer()"),
    ("4 perceptron", "lk.widgets.learning_rate_explorer()"),
    ("5 convergence", "lk.widgets.bound_explorer()"),
    ("6 gradient descent", "lk.widgets.gradient_descent_explorer()"),
    ("7 LMS", 'lk.widgets.gradient_descent_explorer(criterion="squared error")'),
    ("8 multiclass", "lk.widgets.multiclass_explorer()"),
    ("9 feature map", "lk.widgets.feature_map_explorer()"),
]
KEYED = "5 convergence"  # the explorer driven with the keyboard alone
STEPS = 5  # keyboard steps timed per explorer

SRC_JS = "root => { const img = root.querySelector('img.lk-explorer-figure'); return img ? img.src : ''; }"
READOUT_JS = "root => { const r = root.querySelector('.lk-readout'); return r ? r.innerText : ''; }"
CHANGED_JS = """([root, before]) => {
    const img = root.querySelector('img.lk-explorer-figure');
    return img && img.src !== before && img.complete;
}"""
NAMES_JS = """root => [...root.querySelectorAll('.widget-slider')].map(w => ({
    label: (w.querySelector('.widget-label') || {}).textContent || '',
    names: [...w.querySelectorAll('[role=slider]')].map(h => h.getAttribute('aria-label')),
}))"""
FOCUS_JS = """root => {
    const a = document.activeElement;
    if (!a || !root.contains(a)) return null;
    const w = a.closest('.widget-slider, .widget-toggle-buttons, .widget-dropdown, .widget-checkbox, '
                        + '.widget-play, .widget-button, .jupyter-button');
    return (a.getAttribute('aria-label') || a.textContent || a.tagName).trim() + ' @ '
           + (w ? [...w.classList].filter(c => c.startsWith('widget-')).join('.') : a.tagName);
}"""


def write_notebook(path):
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    cells = [nbformat.v4.new_code_cell("%matplotlib inline\nimport lecturekit as lk")]
    cells += [nbformat.v4.new_code_cell(call) for _, call in EXPLORERS]
    nb.cells = cells
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, str(path))


def explorer_root(page, cell_index):
    return page.locator(".jp-Notebook .jp-Cell").nth(cell_index).locator(".lk-explorer").first


def timed_step(page, root, handle, key):
    """Press `key` on the focused slider handle; seconds until the new picture is on screen."""
    before = root.evaluate(SRC_JS)
    start = time.perf_counter()
    handle.press(key)
    page.wait_for_function(CHANGED_JS, arg=[root.element_handle(), before], polling="raf", timeout=30_000)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => r()))")  # painted
    return time.perf_counter() - start


def test_explorers_are_named_and_follow_the_keyboard(lab_server, lab_page, request):
    rel = "explorer-check/explorers.ipynb"
    write_notebook(lab_server.root_dir / rel)
    watch = PageWatch(lab_page)
    notebook = LabNotebook(lab_server, lab_page, rel)
    problems, timings = [], {}
    try:
        notebook.open()
        notebook.run_all()
        lab_page.wait_for_function(
            f"() => document.querySelectorAll('.lk-explorer img.lk-explorer-figure').length >= {len(EXPLORERS)}",
            timeout=60_000)
        # let the pictures' scripts name the controls
        lab_page.wait_for_timeout(500)
        for index, (chapter, call) in enumerate(EXPLORERS, start=1):
            root = explorer_root(lab_page, index)
            alt = root.locator("img.lk-explorer-figure").get_attribute("alt") or ""
            if len(alt.split()) < 8 or not alt.rstrip().endswith("."):
                problems.append(f"ch. {chapter}: the picture's alt is not a full sentence: {alt!r}")
            live = root.locator(".lk-readout .widget-html-content")
            if live.get_attribute("aria-live") != "polite" or live.get_attribute("role") != "status":
                problems.append(f"ch. {chapter}: the read-out is not a polite live region")
            for slider in root.evaluate(NAMES_JS):
                if not slider["names"] or any(n != slider["label"].strip() for n in slider["names"]):
                    problems.append(f"ch. {chapter}: slider labelled {slider['label']!r} has accessible "
                                    f"name(s) {slider['names']}")
            handles = root.locator("[role=slider]")
            if handles.count() == 0:  # chapter 8: toggle buttons, pressed with the keyboard
                button = root.locator(".widget-toggle-button:not(.mod-active)").first
                before = root.evaluate(SRC_JS)
                start = time.perf_counter()
                button.press("Enter")
                lab_page.wait_for_function(CHANGED_JS, arg=[root.element_handle(), before], polling="raf")
                timings[chapter] = [time.perf_counter() - start]
                continue
            handle = handles.first
            handle.scroll_into_view_if_needed()
            handle.focus()
            now = float(handle.get_attribute("aria-valuenow"))
            top = float(handle.get_attribute("aria-valuemax"))
            key = "ArrowRight" if now < top else "ArrowLeft"
            times = []
            for _ in range(STEPS):
                if handle.get_attribute("aria-valuenow") == handle.get_attribute(
                        "aria-valuemax" if key == "ArrowRight" else "aria-valuemin"):
                    key = "ArrowLeft" if key == "ArrowRight" else "ArrowRight"
                times.append(timed_step(lab_page, root, handle, key))
                lab_page.wait_for_timeout(150)
            timings[chapter] = times

        # the keyboard alone, on one explorer
        index = next(i for i, (chapter, _) in enumerate(EXPLORERS, start=1) if chapter == KEYED)
        root = explorer_root(lab_page, index)
        gamma = root.get_by_role("slider", name="margin γ")
        radius = root.get_by_role("slider", name="radius R")
        if gamma.count() != 1 or radius.count() != 1:
            problems.append(f"sliders by role and name: margin γ {gamma.count()}, radius R {radius.count()}")
        gamma.focus()
        reached = [root.evaluate(FOCUS_JS)]
        for _ in range(6):
            lab_page.keyboard.press("Tab")
            reached.append(root.evaluate(FOCUS_JS))
        if not any(r and r.startswith("radius R @") for r in reached):
            problems.append(f"Tab from 'margin γ' did not reach 'radius R': {reached}")
        radius.focus()
        before_src, before_text = root.evaluate(SRC_JS), root.evaluate(READOUT_JS)
        lab_page.keyboard.press("ArrowRight")
        lab_page.wait_for_function(CHANGED_JS, arg=[root.element_handle(), before_src], polling="raf")
        after_text = root.evaluate(READOUT_JS)
        if after_text == before_text or "R = 3.50" not in after_text:
            problems.append(f"the read-out did not follow the keyboard: {before_text!r} -> {after_text!r}")
    except Exception as error:
        problems.append(f"{type(error).__name__}: {str(error)[:2000]}")

    for chapter, times in timings.items():
        ms = [1000 * t for t in times]
        SUMMARY.append(f"explorer ch. {chapter}: keyboard step -> new picture on screen, "
                       f"median {statistics.median(ms):.0f} ms, max {max(ms):.0f} ms over {len(ms)} step(s)")
    if watch.page_errors:
        problems.append(watch.summary())
    if problems:
        saved = save_failure(lab_page, f"lab-{request.node.name}",
                             extra="\n".join(problems) + "\n\nserver log:\n" + lab_server.log_tail())
        pytest.fail("explorers in JupyterLab:\n- " + "\n- ".join(problems) + f"\n{saved}", pytrace=False)
