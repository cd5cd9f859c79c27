"""Fixtures for the browser tests (pytest marker `browser`).

One chromium (Debian's, driven by Playwright's Python package: no browser
download) and one JupyterLab server serve the whole run; each notebook gets
its own page, opened one after another.

These tests skip, saying why, when playwright or chromium is missing. Run
them with

    python3 course.py test --browser          (or LECTUREKIT_BROWSER=1)

which installs the [browser] extra; `python3 course.py test` alone leaves
them out with `-m "not browser"`. Screenshots of failures go to
browser-artifacts/ (LECTUREKIT_BROWSER_ARTIFACTS overrides it).
"""

import sys
from pathlib import Path

import pytest

from .browser_support import (
    ARTIFACTS_DIR,
    CHROMIUM_ARGS,
    SUMMARY,
    JupyterLabServer,
    find_chromium,
    lab_copies,
)

# The fixture notebook is run by these tests, not by nbval.
collect_ignore_glob = ["fixtures/*"]


@pytest.hookimpl(tryfirst=True)  # before `-m "not browser"` deselects
def pytest_collection_modifyitems(items):
    """Everything under tests/browser/ carries the `browser` marker."""
    here = Path(__file__).resolve().parent
    for item in items:
        if here in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def chromium_executable():
    path = find_chromium()
    if path is None:
        pytest.skip("chromium is not installed (Debian: apt-get install chromium; "
                    "or set LECTUREKIT_CHROMIUM to a chromium binary)")
    return path


@pytest.fixture(scope="session")
def browser(chromium_executable):
    """The one headless chromium of the run."""
    # Screenshots left by an earlier run would be taken for this run's.
    for stale in [*ARTIFACTS_DIR.glob("lab-*"), *ARTIFACTS_DIR.glob("html-*")]:
        stale.unlink()
    sync_api = pytest.importorskip(
        "playwright.sync_api",
        reason="playwright is not installed: run `python3 course.py test --browser`, "
               "which installs the [browser] extra")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=chromium_executable, args=CHROMIUM_ARGS, timeout=60_000)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory):
    """The one JupyterLab server of the run (throwaway dirs, random token)."""
    pytest.importorskip("jupyterlab", reason="jupyterlab is not installed (extra [lab])")
    server = JupyterLabServer(tmp_path_factory.mktemp("jupyterlab"), lab_copies(),
                              python=sys.executable)
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def lab_context(browser, lab_server):
    """A browser context logged in to the server (the token sets a cookie)."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.set_default_timeout(30_000)
    yield context
    context.close()


@pytest.fixture
def lab_page(lab_context, lab_server):
    """A fresh page for one notebook; its kernel is shut down afterwards."""
    page = lab_context.new_page()
    yield page
    page.close()
    lab_server.shutdown_kernels()



def pytest_terminal_summary(terminalreporter):
    """What the browser tests exercised, one line per notebook and page."""
    if SUMMARY:
        terminalreporter.section("browser tests: what was checked")
        for line in SUMMARY:
            terminalreporter.write_line(line)
