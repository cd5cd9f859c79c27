"""Helpers for the browser tests: find chromium, run a throwaway JupyterLab
server, read what a notebook should display, and drive JupyterLab's page.

Nothing here runs at import time, and only the standard library is imported
at the top, so collecting the browser tests costs nothing on a machine
without playwright or chromium (the fixtures skip there with a reason).
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS_DIR = ROOT / "notebooks"
FIXTURE_NOTEBOOK = Path(__file__).resolve().parent / "fixtures" / "widget_demo.ipynb"
ARTIFACTS_DIR = Path(os.environ.get("LECTUREKIT_BROWSER_ARTIFACTS", ROOT / "browser-artifacts"))

WIDGET_VIEW_MIME = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE_MIME = "application/vnd.jupyter.widget-state+json"

# The flags Debian's chromium needs here (root, no GPU, no network but loopback).
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]

# One line per notebook checked, printed at the end of the run (conftest.py):
# the CI log shows what was actually exercised, not only "passed".
SUMMARY = []

# Text that must never be on a page once the widgets have rendered.
BAD_WIDGET_TEXT = [
    "Error displaying widget",
    "Loading widget",
    "Error rendering widget",
    "A Jupyter widget could not be displayed",
    "Click to show javascript error",   # ipywidgets' error view (.jupyter-widgets-error-widget)
]
# A widget's text/plain repr shown instead of the widget itself.
RAW_REPR_PATTERN = re.compile(
    r"\b(?:Int|Float|FloatLog|IntRange|FloatRange|Selection|SelectionRange)Slider\(|"
    r"\b(?:VBox|HBox|GridBox|Box)\(children=|\binteractive\(children=|"
    r"\b(?:Dropdown|Checkbox|ToggleButtons|RadioButtons|Output)\((?:layout|options|value|description|outputs)=",
)

# Models that a student changes, and models whose content shows a result.
CONTROL_MODELS = {
    "IntSliderModel", "FloatSliderModel", "FloatLogSliderModel", "IntRangeSliderModel",
    "FloatRangeSliderModel", "SelectionSliderModel", "SelectionRangeSliderModel",
    "DropdownModel", "RadioButtonsModel", "ToggleButtonsModel", "ToggleButtonModel",
    "CheckboxModel", "SelectModel", "IntTextModel", "FloatTextModel",
    "BoundedIntTextModel", "BoundedFloatTextModel", "ButtonModel",
}
RESULT_MODELS = {"OutputModel", "HTMLModel", "HTMLMathModel", "ImageModel"}

# Where a slider, dropdown, ... lives in ipywidgets 8's DOM, per model.
CONTROL_SELECTORS = {
    "IntSliderModel": ".widget-slider",
    "FloatSliderModel": ".widget-slider",
    "FloatLogSliderModel": ".widget-slider",
    "IntRangeSliderModel": ".widget-slider",
    "FloatRangeSliderModel": ".widget-slider",
    "SelectionSliderModel": ".widget-slider",
    "SelectionRangeSliderModel": ".widget-slider",
    "DropdownModel": ".widget-dropdown",
    "RadioButtonsModel": ".widget-radio",
    "ToggleButtonsModel": ".widget-toggle-buttons",
    "ToggleButtonModel": ".widget-toggle-button",
    "CheckboxModel": ".widget-checkbox",
    "SelectModel": ".widget-select",
    "IntTextModel": ".widget-text",
    "FloatTextModel": ".widget-text",
    "BoundedIntTextModel": ".widget-text",
    "BoundedFloatTextModel": ".widget-text",
    "ButtonModel": ".widget-button",
}
ANY_CONTROL = ", ".join(sorted(set(CONTROL_SELECTORS.values())))
RESULT_SELECTOR = ".widget-output, .widget-html, .widget-htmlmath, .widget-image"


# --------------------------------------------------------------------------
# what to test
# --------------------------------------------------------------------------

def course_notebooks():
    """Every chapter notebook, in chapter order, then the fixture notebook."""
    return sorted(NOTEBOOKS_DIR.glob("*.ipynb")) + [FIXTURE_NOTEBOOK]


def served_path(nb_path):
    """Where a notebook is in the JupyterLab server's root (see lab_copies)."""
    nb_path = Path(nb_path)
    return f"{nb_path.parent.name}/{nb_path.name}"


def lab_copies():
    """What the test server serves: the whole notebooks/ folder (data files
    a notebook reads come along) and the fixture folder."""
    copies = {"fixtures": FIXTURE_NOTEBOOK.parent}
    if NOTEBOOKS_DIR.is_dir():
        copies["notebooks"] = NOTEBOOKS_DIR
    return copies


def find_chromium():
    """Path of a chromium executable, or None.

    LECTUREKIT_CHROMIUM overrides the search (e.g. for another install).
    """
    wanted = os.environ.get("LECTUREKIT_CHROMIUM")
    if wanted:
        return wanted if Path(wanted).exists() else None
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


def free_port():
    """A TCP port on 127.0.0.1 that is free right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def safe_name(text):
    """A file-name-safe version of a test id, for screenshots."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_")[:120]


# --------------------------------------------------------------------------
# what a notebook displays, read from its committed JSON
# --------------------------------------------------------------------------

@dataclass
class WidgetRoot:
    """One widget displayed by a cell (one widget-view output)."""

    model_id: str
    model_name: str = "?"
    controls: list = field(default_factory=list)   # model names, in tree order
    results: list = field(default_factory=list)    # model names, in tree order
    images: int = 0                                 # images in its saved Output widgets
    texts: list = field(default_factory=list)       # first printed lines in them

    @property
    def is_explorer(self):
        """A control and something that shows a result: moving it must change it."""
        return bool(self.controls) and bool(self.results)


@dataclass
class WidgetCell:
    """A code cell whose committed outputs include widget views."""

    index: int   # position among all cells of the notebook
    roots: list


def _model_refs(value):
    """Model ids referenced by a widget state value ("IPY_MODEL_<id>")."""
    if isinstance(value, str):
        return [value[len("IPY_MODEL_"):]] if value.startswith("IPY_MODEL_") else []
    if isinstance(value, list):
        return [ref for item in value for ref in _model_refs(item)]
    if isinstance(value, dict):
        return [ref for item in value.values() for ref in _model_refs(item)]
    return []


def _walk(state, model_id, seen):
    """Ids of the models in the view tree below model_id (itself first)."""
    if model_id in seen or model_id not in state:
        return []
    seen.add(model_id)
    ids = [model_id]
    attrs = state[model_id].get("state", {})
    for key in ("children", "box"):   # layout/style refs are not views
        for ref in _model_refs(attrs.get(key, [])):
            ids += _walk(state, ref, seen)
    return ids


IMAGE_MIMES = ("image/png", "image/jpeg", "image/svg+xml")


def widget_cells(nb_path):
    """The cells of a notebook that display widgets, with what each displays.

    The count of widget views comes from the committed outputs; what each
    view holds (controls, outputs) comes from the widget state that
    `jupyter execute` stores in metadata.widgets. A notebook committed
    without that state still gets its views counted and rendered, but its
    explorers cannot be told apart (every view holding a control and an
    output area in the DOM is then treated as one).
    """
    nb = json.loads(Path(nb_path).read_text(encoding="utf-8"))
    state = (nb.get("metadata", {}).get("widgets", {})
             .get(WIDGET_STATE_MIME, {}).get("state", {}))
    cells = []
    for index, cell in enumerate(nb.get("cells", [])):
        if cell.get("cell_type") != "code":
            continue
        roots = []
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get(WIDGET_VIEW_MIME)
            if not view:
                continue
            model_id = view.get("model_id", "")
            ids = _walk(state, model_id, set())
            names = [state[i].get("model_name", "?") for i in ids]
            root = WidgetRoot(
                model_id=model_id,
                model_name=names[0] if names else "?",
                controls=[n for n in names if n in CONTROL_MODELS],
                results=[n for n in names if n in RESULT_MODELS],
            )
            for i in ids:   # what the saved Output widgets show
                for out in state[i].get("state", {}).get("outputs", []) or []:
                    data = out.get("data", {})
                    # an explorer's picture is an <img> in HTML, so that it can carry an alt
                    if any(m in data for m in IMAGE_MIMES) or "<img" in str(data.get("text/html", "")):
                        root.images += 1
                    if out.get("output_type") == "stream":
                        text = out.get("text", "")
                        text = "".join(text) if isinstance(text, list) else text
                        line = next((l.strip() for l in text.splitlines() if l.strip()), "")
                        if line:
                            root.texts.append(line[:80])
            roots.append(root)
        if roots:
            cells.append(WidgetCell(index=index, roots=roots))
    return cells


def has_widget_state(nb_path):
    nb = json.loads(Path(nb_path).read_text(encoding="utf-8"))
    return bool(nb.get("metadata", {}).get("widgets", {}).get(WIDGET_STATE_MIME, {}).get("state"))


# --------------------------------------------------------------------------
# a throwaway JupyterLab server
# --------------------------------------------------------------------------

class JupyterLabServer:
    """`jupyter lab` on a free loopback port, with a random token and all of
    its config, runtime, data, settings and workspace dirs in `base`.

    It serves base/"root", filled with copies ({path in root: source file or
    folder}), so running notebooks never touches the repo's files.
    """

    def __init__(self, base, copies, python=sys.executable):
        self.base = Path(base)
        self.python = python
        self.port = free_port()
        self.token = secrets.token_hex(24)
        self.url = f"http://127.0.0.1:{self.port}"
        self.root_dir = self.base / "root"
        self.log_path = self.base / "jupyterlab.log"
        self.copies = dict(copies)
        self.process = None
        self._log = None

    # -- set-up -----------------------------------------------------------

    def _write_config(self):
        dirs = {name: self.base / name for name in
                ("config", "runtime", "data", "settings", "workspaces", "ipython")}
        for path in dirs.values():
            path.mkdir(parents=True, exist_ok=True)
        self.root_dir.mkdir(parents=True, exist_ok=True)
        for rel, src in self.copies.items():
            src, dest = Path(src), self.root_dir / rel
            if src.is_dir():
                shutil.copytree(src, dest, dirs_exist_ok=True,
                                ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
            else:
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(src, dest)

        # Server side: no news feed and no update check (no network here).
        (dirs["config"] / "jupyter_server_config.json").write_text(json.dumps({
            "LabApp": {
                "news_url": None,
                "check_for_updates_class": "jupyterlab.handlers.announcements.NeverCheckForUpdate",
            },
        }, indent=1))
        # Page side: no news/update notifications, every cell in the DOM (no
        # windowing, so off-screen cells can be counted), no autosave.
        settings = {
            "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
                "fetchNews": "false", "checkForUpdates": False},
            "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {
                "windowingMode": "none"},
            "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {
                "autosave": False},
        }
        for rel, value in settings.items():
            path = dirs["settings"] / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(value, indent=1))
        return dirs

    def _env(self, dirs):
        env = dict(os.environ)
        env.update({
            "JUPYTER_CONFIG_DIR": str(dirs["config"]),
            "JUPYTER_RUNTIME_DIR": str(dirs["runtime"]),
            # The user data dir holds kernelspecs and lab extensions: a
            # throwaway one hides a stray ~/.local "python3" kernelspec, while
            # sys.prefix/share/jupyter (the venv's ipywidgets lab extension and
            # native kernel) stays on the data path.
            "JUPYTER_DATA_DIR": str(dirs["data"]),
            "JUPYTERLAB_SETTINGS_DIR": str(dirs["settings"]),
            "JUPYTERLAB_WORKSPACES_DIR": str(dirs["workspaces"]),
            "IPYTHONDIR": str(dirs["ipython"]),
            "JUPYTER_PLATFORM_DIRS": "1",
            "PYTHONHASHSEED": "0",
        })
        # tests/conftest.py sets MPLBACKEND=Agg for the test process; a kernel
        # inheriting it would draw no inline figures.
        env.pop("MPLBACKEND", None)
        env.pop("JUPYTER_PATH", None)
        env.pop("JUPYTER_TOKEN", None)
        return env

    def start(self, timeout=90, attempts=3):
        dirs = self._write_config()
        for attempt in range(attempts):
            if self._spawn(dirs, timeout):
                return self
            # The free port was taken between free_port() and the bind.
            self.port = free_port()
            self.url = f"http://127.0.0.1:{self.port}"
        raise RuntimeError(f"jupyter lab found no free port in {attempts} attempts; "
                           f"its log:\n{self.log_tail()}")

    def _spawn(self, dirs, timeout):
        """Start the server; True once it answers, False if its port was taken."""
        cmd = [
            self.python, "-m", "jupyter", "lab",
            "--no-browser",
            "--ServerApp.open_browser=False",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={self.port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={self.token}",
            f"--ServerApp.root_dir={self.root_dir}",
            "--ServerApp.terminals_enabled=False",
            "--ServerApp.log_level=WARN",
        ]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            cmd.append("--allow-root")
        if self._log is not None:
            self._log.close()
        self._log = open(self.log_path, "w", encoding="utf-8")
        self.process = subprocess.Popen(
            cmd, cwd=self.base, env=self._env(dirs),
            stdout=self._log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                log = self.log_tail()
                if "is not available" in log or "already in use" in log:
                    self.process = None
                    return False
                raise RuntimeError(
                    f"jupyter lab exited with code {self.process.returncode}; its log:\n{log}")
            try:
                self.api("GET", "/api/status", timeout=2)
                return True
            except (OSError, urllib.error.URLError):
                time.sleep(0.25)
        self.stop()
        raise RuntimeError(f"jupyter lab did not answer within {timeout} s; "
                           f"its log:\n{self.log_tail()}")

    def stop(self):
        if self.process is None:
            return
        if self.process.poll() is None:
            try:
                for session in self.api("GET", "/api/sessions", timeout=5) or []:
                    self.api("DELETE", f"/api/sessions/{session['id']}", timeout=10)
            except (OSError, urllib.error.URLError, ValueError):
                pass
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.process = None
        if self._log is not None:
            self._log.close()
            self._log = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    # -- use --------------------------------------------------------------

    def api(self, method, path, timeout=10):
        """Call the REST API with the token; return the decoded JSON (or None)."""
        request = urllib.request.Request(
            self.url + path, method=method,
            headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=timeout) as response:
            body = response.read()
        return json.loads(body) if body else None

    def shutdown_kernels(self):
        """End every session (and its kernel): one notebook's kernel at a time."""
        for session in self.api("GET", "/api/sessions") or []:
            self.api("DELETE", f"/api/sessions/{session['id']}", timeout=30)

    def log_tail(self, lines=40):
        try:
            return "\n".join(self.log_path.read_text(encoding="utf-8").splitlines()[-lines:])
        except OSError:
            return "(no log)"


# --------------------------------------------------------------------------
# driving pages
# --------------------------------------------------------------------------

class PageWatch:
    """Collects what a page reports: uncaught errors, console errors,
    requests that left the machine, and failed responses."""

    def __init__(self, page, allowed_prefixes=()):
        self.page = page
        self.page_errors = []
        self.console_errors = []
        self.external_requests = []
        self.bad_responses = []
        self.allowed_prefixes = tuple(allowed_prefixes)
        page.on("pageerror", lambda error: self.page_errors.append(str(error)))
        page.on("console", self._on_console)
        page.on("response", self._on_response)

    def _on_console(self, message):
        if message.type == "error":
            self.console_errors.append(message.text[:500])

    def _on_response(self, response):
        if response.status >= 400:
            self.bad_responses.append(f"{response.status} {response.url[:200]}")

    def block_external(self, context_or_page):
        """Abort (and record) every request that does not go to an allowed
        prefix: the test must prove the pages need nothing from outside."""
        def route(route):
            url = route.request.url
            if url.startswith(self.allowed_prefixes) or url.startswith(("data:", "blob:")):
                route.continue_()
            else:
                self.external_requests.append(url[:200])
                route.abort()
        context_or_page.route("**/*", route)

    def summary(self):
        parts = []
        if self.page_errors:
            parts.append("page errors:\n  " + "\n  ".join(self.page_errors))
        if self.console_errors:
            parts.append("console errors:\n  " + "\n  ".join(self.console_errors[:10]))
        return "\n".join(parts)


def save_failure(page, name, extra=""):
    """Screenshot the page (and dump its text) into ARTIFACTS_DIR; return a
    line that says where they are, for the failure message."""
    ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
    stem = ARTIFACTS_DIR / safe_name(name)
    saved = []
    try:
        page.screenshot(path=f"{stem}.png", full_page=True, timeout=15000)
        saved.append(f"{stem}.png")
    except Exception as error:  # the page may be gone: the report still says why
        saved.append(f"(no screenshot: {error.__class__.__name__}: {str(error)[:200]})")
    try:
        Path(f"{stem}.txt").write_text(
            page.evaluate("() => document.body.innerText") + "\n\n" + extra, encoding="utf-8")
        saved.append(f"{stem}.txt")
    except Exception:
        pass
    return "screenshot/text saved: " + ", ".join(saved)


def bad_text_problems(text, where):
    """Placeholder, error or raw-repr text where a widget should be."""
    problems = [f"{where}: shows {bad!r}" for bad in BAD_WIDGET_TEXT if bad in text]
    match = RAW_REPR_PATTERN.search(text)
    if match:
        start = max(0, match.start() - 20)
        problems.append(f"{where}: shows a widget's text repr instead of the widget: "
                        f"{text[start:match.end() + 60]!r}")
    return problems


def expected_selectors(root):
    """{css selector: minimal count} that a rendered root must contain."""
    wanted = {}
    for name in root.controls:
        selector = CONTROL_SELECTORS[name]
        wanted[selector] = wanted.get(selector, 0) + 1
    outputs = root.results.count("OutputModel")
    if outputs:
        wanted[".widget-output"] = outputs
    if any(name in ("IntSliderModel", "FloatSliderModel", "FloatLogSliderModel",
                    "SelectionSliderModel") for name in root.controls):
        wanted[".noUi-handle"] = 1
    return wanted


def missing_parts(locator, root):
    """What a rendered root lacks compared with its saved widget state."""
    counts = locator.evaluate(
        "(el, sels) => Object.fromEntries(sels.map(s => [s, el.querySelectorAll(s).length]))",
        list(expected_selectors(root)))
    return [f"{sel} x{n} (found {counts.get(sel, 0)})"
            for sel, n in expected_selectors(root).items() if counts.get(sel, 0) < n]


# The state of everything an explorer shows as a result: text and images.
RESULT_SNAPSHOT_JS = """(el, sel) => [...el.querySelectorAll(sel)].map(r => {
    const imgs = r.tagName === 'IMG' ? [r] : [...r.querySelectorAll('img')];
    return r.innerText + '\\n' + imgs.map(i => i.src.length + ':' + i.src.slice(-400)).join('\\n');
}).join('\\n----\\n')"""


def result_snapshot(locator):
    return locator.evaluate(RESULT_SNAPSHOT_JS, RESULT_SELECTOR)


def move_control(control):
    """Change one control the way a student would (keys, clicks, a new
    option); return a short description of what was done, or None when the
    control cannot be moved."""
    classes = control.get_attribute("class") or ""
    if "widget-slider" in classes:
        handle = control.locator(".noUi-handle").first
        now = float(handle.get_attribute("aria-valuenow") or 0)
        top = float(handle.get_attribute("aria-valuemax") or 0)
        key = "ArrowRight" if now < top else "ArrowLeft"
        handle.focus()
        handle.press(key)
        return f"slider: {key}"
    if "widget-dropdown" in classes or "widget-select" in classes:
        select = control.locator("select").first
        count = select.locator("option").count()
        if count < 2:
            return None
        index = select.evaluate("s => s.selectedIndex")
        new = (index + 1) % count
        select.select_option(index=new)
        return f"select option {new}"
    if "widget-radio" in classes:
        radio = control.locator("input[type=radio]:not(:checked)").first
        if radio.count() == 0:
            return None
        radio.check()
        return "radio button"
    if "widget-toggle-buttons" in classes:
        button = control.locator("button:not(.mod-active)").first
        if button.count() == 0:
            return None
        button.click()
        return "toggle button"
    if "widget-checkbox" in classes:
        control.locator("input[type=checkbox]").first.click()
        return "checkbox"
    if "widget-text" in classes:
        field_ = control.locator("input").first
        value = field_.input_value()
        try:
            new = str(int(value) + 1)
        except ValueError:
            try:
                new = repr(float(value) * 1.5 + 0.5)
            except ValueError:
                return None
        field_.fill(new)
        field_.press("Enter")
        return f"typed {new}"
    if "widget-button" in classes or "widget-toggle-button" in classes:
        control.click()
        return "click"
    return None


def wait_for_change(page, locator, before, busy_js, timeout=30.0):
    """Wait until the explorer's result differs from `before` and the kernel
    is idle again; return the new snapshot, or None on time-out."""
    deadline = time.monotonic() + timeout
    stable, last = 0, None
    while time.monotonic() < deadline:
        page.wait_for_timeout(200)
        now = result_snapshot(locator)
        busy = page.evaluate(busy_js)
        if now != before and not busy and now.strip():
            stable = stable + 1 if now == last else 0
            if stable >= 2:  # the same new result three polls running
                return now
        last = now
    return None


# --------------------------------------------------------------------------
# JupyterLab
# --------------------------------------------------------------------------

LAB_BUSY_JS = """() => {
    const ind = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator');
    const prompts = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputArea-prompt')];
    return !ind || ind.dataset.status !== 'idle' || prompts.some(p => p.textContent.includes('*'));
}"""

# Mark each top-level output of cell `index` that holds a widget view with
# data-lk-root="<index>-<k>"; return how many there are.
LAB_MARK_ROOTS_JS = """(index) => {
    const cell = document.querySelectorAll('.jp-Notebook .jp-Cell')[index];
    if (!cell) return -1;
    const area = cell.querySelector('.jp-OutputArea');
    if (!area) return 0;
    let k = 0;
    for (const child of area.children) {
        if (!child.classList.contains('jp-OutputArea-child')) continue;
        const out = child.querySelector(':scope > .jp-OutputArea-output');
        // Rendered outputs carry data-mime-type; a widget view's panel does not.
        if (out && !out.dataset.mimeType) {
            out.dataset.lkRoot = `${index}-${k}`;
            k += 1;
        }
    }
    return k;
}"""


class LabNotebook:
    """One notebook open in JupyterLab, in its own browser page."""

    def __init__(self, server, page, rel_path):
        self.server = server
        self.page = page
        self.rel_path = rel_path

    def open(self, timeout=90_000):
        self.page.goto(f"{self.server.url}/lab/tree/{self.rel_path}?reset&token={self.server.token}")
        self.page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=timeout)
        # "Run All" before the kernel is ready pops up "Select Kernel" and
        # runs nothing: wait for the toolbar's indicator and the server to
        # agree that this notebook's kernel is idle.
        self.page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']",
                                    timeout=timeout)
        deadline = time.monotonic() + timeout / 1000
        while time.monotonic() < deadline:
            sessions = [s for s in self.server.api("GET", "/api/sessions")
                        if s.get("path") == self.rel_path]
            if sessions and sessions[0]["kernel"]["execution_state"] == "idle":
                return
            time.sleep(0.25)
        raise AssertionError(f"the kernel of {self.rel_path} did not become idle")

    def menu(self, top, item):
        self.page.get_by_role("menuitem", name=top, exact=True).click()
        self.page.get_by_role("menuitem", name=item, exact=True).click()

    def run_all(self, timeout=300):
        """Clear every output (so nothing stale can pass), run all cells and
        wait until the kernel is done. Return the prompts of the code cells."""
        self.menu("Edit", "Clear Outputs of All Cells")
        self.page.wait_for_function(
            "() => document.querySelectorAll('.jp-Notebook .jp-OutputArea-output').length === 0",
            timeout=30_000)
        self.menu("Run", "Run All Cells")
        # Started: some prompt is no longer blank.
        self.page.wait_for_function(
            """() => [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputArea-prompt')]
                     .some(p => /\\[(\\*|\\d+)\\]/.test(p.textContent))""", timeout=30_000)
        deadline = time.monotonic() + timeout
        idle_polls = 0
        while time.monotonic() < deadline:
            self.page.wait_for_timeout(250)
            idle_polls = 0 if self.page.evaluate(LAB_BUSY_JS) else idle_polls + 1
            if idle_polls >= 4:  # idle for a second: Run All has finished (or stopped)
                return self.prompts()
        raise AssertionError(f"{self.rel_path}: Run All Cells did not finish in {timeout} s; "
                             f"prompts: {self.prompts()}")

    def prompts(self):
        return [p.strip() for p in self.page.locator(
            ".jp-Notebook .jp-CodeCell .jp-InputArea-prompt").all_text_contents()]

    def output_text(self):
        return self.page.evaluate(
            "() => [...document.querySelectorAll('.jp-Notebook .jp-Cell-outputArea')]"
            ".map(e => e.innerText).join('\\n')")

    def widget_roots(self, cell_index):
        """Locators of the widget views that cell `cell_index` displays."""
        count = self.page.evaluate(LAB_MARK_ROOTS_JS, cell_index)
        return [self.page.locator(f'[data-lk-root="{cell_index}-{k}"]') for k in range(max(count, 0))]
