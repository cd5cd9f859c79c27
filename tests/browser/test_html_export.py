"""The course exported to static HTML (tools/export_html.py) shows its widgets.

A student without Python reads these pages. The export embeds each
notebook's saved widget state; here every page is served from a loopback
HTTP server and opened in chromium with every non-local request blocked, and
each widget view must be drawn by the local copy of the widget manager: its
controls are there, its saved figure and printed lines show, no error or
placeholder text, no page error, no request left the machine, no local file
is missing. Sliders on these pages do not recompute anything (there is no
kernel), so nothing is moved here.
"""

import functools
import json
import re
import shutil
import subprocess
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest

from .browser_support import (
    ROOT,
    SUMMARY,
    PageWatch,
    bad_text_problems,
    course_notebooks,
    free_port,
    lab_copies,
    missing_parts,
    save_failure,
    served_path,
    widget_cells,
)

pytestmark = pytest.mark.browser

EXPORT_SCRIPT = ROOT / "tools" / "export_html.py"
NPM_CACHE = ROOT / "build" / "npm-cache"
RENDER_TIMEOUT_MS = 30_000


def has_math(nb_path):
    """Whether a markdown cell of the notebook holds a $...$ formula."""
    nb = json.loads(nb_path.read_text(encoding="utf-8"))
    return any(re.search(r"\$[^$\n]+\$", "".join(cell.get("source", "")))
               for cell in nb.get("cells", []) if cell.get("cell_type") == "markdown")


@pytest.fixture(scope="session")
def exported_site(tmp_path_factory):
    """Every course notebook (and the fixture) exported into a temp folder."""
    pytest.importorskip("nbconvert", reason="nbconvert is not installed (extra [browser])")
    if shutil.which("npm") is None and not any(NPM_CACHE.glob("*.tgz")):
        pytest.skip("the HTML export needs npm once (to fetch the widget manager, "
                    "require.js and MathJax) and npm is not on PATH")
    # Export copies taken now, and read what to expect from the same copies:
    # the repo's notebooks may be edited while the tests run.
    snapshot = tmp_path_factory.mktemp("html-src")
    for rel, src in lab_copies().items():
        shutil.copytree(src, snapshot / rel,
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    out = tmp_path_factory.mktemp("html")
    notebooks = [snapshot / served_path(nb) for nb in course_notebooks()]
    cmd = [sys.executable, str(EXPORT_SCRIPT), "--out", str(out), "--cache", str(NPM_CACHE),
           *map(str, notebooks)]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=900)
    if done.returncode != 0:
        pytest.fail(f"{' '.join(cmd)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}",
                    pytrace=False)
    return out, snapshot, notebooks


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A page closed while a file was still being sent: not a failure.
        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            super().handle_error(request, client_address)


@pytest.fixture(scope="session")
def site_url(exported_site):
    """The exported folder served on a free loopback port."""
    port = free_port()
    server = _QuietServer(
        ("127.0.0.1", port), functools.partial(_QuietHandler, directory=str(exported_site[0])))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{port}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def static_page(browser, site_url):
    """A page in its own context whose requests may go to site_url only."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.set_default_timeout(30_000)
    page = context.new_page()
    watch = PageWatch(page, allowed_prefixes=(site_url + "/",))
    watch.block_external(context)
    yield page, watch
    context.close()


def test_index_links_every_page(static_page, site_url, exported_site):
    page, watch = static_page
    page.goto(f"{site_url}/index.html")
    links = page.locator("a").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert links == [f"{nb.stem}.html" for nb in exported_site[2]]
    assert not watch.page_errors and not watch.external_requests and not watch.bad_responses


@pytest.mark.parametrize("nb_path", course_notebooks(), ids=lambda p: p.name)
def test_exported_page_shows_widgets(nb_path, static_page, site_url, exported_site, request):
    page, watch = static_page
    exported = exported_site[1] / served_path(nb_path)
    roots_expected = [root for cell in widget_cells(exported) for root in cell.roots]
    problems = []
    try:
        page.goto(f"{site_url}/{nb_path.stem}.html", wait_until="load")
        roots = page.locator("div.jupyter-widgets.jp-OutputArea-output")
        if roots.count() != len(roots_expected):
            problems.append(f"{len(roots_expected)} widget view(s) in the notebook, "
                            f"{roots.count()} in the page")
        if roots_expected:
            # The widget manager fills each view's div asynchronously.
            try:
                page.wait_for_function(
                    """(n) => {
                        const roots = document.querySelectorAll('div.jupyter-widgets.jp-OutputArea-output');
                        return roots.length === n && [...roots].every(
                            r => r.querySelector('.widget-subarea > *, .jupyter-widgets-error-widget')
                                 || /Error/.test(r.innerText));
                    }""", arg=len(roots_expected), timeout=RENDER_TIMEOUT_MS)
            except Exception:
                problems.append("the widget manager did not draw every widget view within "
                                f"{RENDER_TIMEOUT_MS // 1000} s")
        for k, (expected, root) in enumerate(zip(roots_expected, roots.all())):
            where = f"widget view {k} ({expected.model_name})"
            if root.locator(".widget-subarea .jupyter-widgets").count() == 0:
                problems.append(f"{where}: not drawn: {root.inner_text()[:200]!r}")
                continue
            missing = missing_parts(root, expected)
            if missing:
                problems.append(f"{where}: missing {', '.join(missing)}")
            images = root.locator(".widget-output img").count()
            if images < expected.images:
                problems.append(f"{where}: {expected.images} saved image(s) in its output, "
                                f"{images} shown")
            shown = re.sub(r"\s+", " ", root.inner_text())
            for line in expected.texts:
                if re.sub(r"\s+", " ", line) not in shown:
                    problems.append(f"{where}: saved output line {line!r} is not shown")
        outputs_text = page.evaluate(
            "() => [...document.querySelectorAll('.jp-OutputArea')].map(e => e.innerText).join('\\n')")
        problems += bad_text_problems(outputs_text, "outputs")
        if page.locator(".jupyter-widgets-error-widget").count():
            problems.append("ipywidgets' error view is on the page")
        # MathJax is local too: formulas in markdown must be typeset.
        if has_math(exported):
            try:
                page.wait_for_selector(".MathJax_CHTML, mjx-container", timeout=RENDER_TIMEOUT_MS)
            except Exception:
                problems.append("markdown has $...$ formulas but MathJax typeset none")
    except Exception as error:
        problems.append(f"{type(error).__name__}: {str(error)[:2000]}")

    SUMMARY.append(f"html {nb_path.stem}.html: {len(roots_expected)} widget view(s), "
                   f"{sum(r.images for r in roots_expected)} saved image(s) expected")
    if watch.page_errors:
        problems.append(watch.summary())
    if watch.external_requests:
        problems.append("requests that would leave the machine (blocked): "
                        + ", ".join(sorted(set(watch.external_requests))[:10]))
    if watch.bad_responses:
        problems.append("failed requests: " + ", ".join(watch.bad_responses[:10]))
    if problems:
        saved = save_failure(page, f"html-{request.node.name}", extra="\n".join(problems))
        pytest.fail(f"{nb_path.stem}.html:\n- " + "\n- ".join(problems) + f"\n{saved}",
                    pytrace=False)
