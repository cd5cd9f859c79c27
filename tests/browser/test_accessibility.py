"""Every figure described, and no serious accessibility violation, in JupyterLab
and in the static HTML export.

For each chapter, after Run All in JupyterLab: axe-core finds no serious or
critical violation in the course's outputs and rendered markdown, and every
image in an output has a text alternative of at least one full sentence. The
same holds for every page of the static HTML export (the whole page there).
"""

import pytest

from .a11y import LAB_CONTENT, axe_problems, axe_script, image_problems
from .browser_support import LabNotebook, PageWatch, course_notebooks, save_failure, served_path
from .test_html_export import exported_site, site_url, static_page  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser

CHAPTERS = [p for p in course_notebooks() if p.parent.name == "notebooks"]


@pytest.fixture(scope="session")
def axe():
    script = axe_script()
    if script is None:
        pytest.skip("axe-core comes from the npm registry once, and npm is not on PATH")
    return script


def _fail(page, name, problems):
    shot = save_failure(page, name, extra="\n".join(problems))
    pytest.fail("\n- ".join([f"{name}:"] + problems) + f"\n{shot}", pytrace=False)


@pytest.mark.parametrize("nb_path", CHAPTERS, ids=lambda p: p.name)
def test_chapter_outputs_are_accessible_in_jupyterlab(nb_path, axe, lab_server, lab_page):
    watch = PageWatch(lab_page)
    notebook = LabNotebook(lab_server, lab_page, served_path(nb_path))
    notebook.open()
    notebook.run_all()
    lab_page.wait_for_timeout(1500)  # widget views and figures settle
    problems = image_problems(lab_page, ".jp-Notebook .jp-OutputArea-output")
    images = lab_page.evaluate(
        "() => document.querySelectorAll('.jp-Notebook .jp-OutputArea-output img').length")
    if images == 0:
        problems.append("no figure was found among the outputs after Run All")
    problems += axe_problems(lab_page, axe, LAB_CONTENT)
    if watch.page_errors:
        problems.append(watch.summary())
    if problems:
        _fail(lab_page, f"a11y-lab-{nb_path.stem}", problems)


@pytest.mark.parametrize("nb_path", CHAPTERS, ids=lambda p: p.name)
def test_exported_page_is_accessible(nb_path, axe, static_page, site_url):  # noqa: F811
    page, _ = static_page
    page.goto(f"{site_url}/{nb_path.stem}.html", wait_until="load")
    page.wait_for_timeout(1000)
    problems = image_problems(page, "body") + axe_problems(page, axe)
    if problems:
        _fail(page, f"a11y-html-{nb_path.stem}", problems)


def test_export_index_is_accessible(axe, static_page, site_url):  # noqa: F811
    page, _ = static_page
    page.goto(f"{site_url}/index.html", wait_until="load")
    problems = axe_problems(page, axe)
    if problems:
        _fail(page, "a11y-html-index", problems)
