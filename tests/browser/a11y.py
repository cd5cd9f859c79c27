"""Accessibility checks shared by the browser tests: axe-core and image alternatives.

axe-core (Deque's accessibility engine, the standard checker; an npm
package) is fetched once with `npm pack` into build/npm-cache/, as the HTML
export fetches its JavaScript, and injected into the page under test.
"""

import importlib.util
import shutil

from .browser_support import ROOT

AXE = ("axe-core", "4.10.3")
NPM_CACHE = ROOT / "build" / "npm-cache"
BLOCKING = ("serious", "critical")

# What the course puts on a JupyterLab page: cell outputs and rendered markdown
# (JupyterLab's own interface is not ours to check here).
LAB_CONTENT = [".jp-Notebook .jp-OutputArea-output", ".jp-Notebook .jp-MarkdownOutput"]


def _export_tool():
    spec = importlib.util.spec_from_file_location("export_html", ROOT / "tools" / "export_html.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def axe_script():
    """The source of axe.min.js, or None when it cannot be had (no npm, no cache)."""
    slug = f"{AXE[0]}-{AXE[1]}"
    if shutil.which("npm") is None and not (NPM_CACHE / f"{slug}.tgz").exists() \
            and not (NPM_CACHE / slug).exists():
        return None
    package = _export_tool().npm_package(*AXE, NPM_CACHE)
    return (package / "axe.min.js").read_text(encoding="utf-8")


AXE_RUN_JS = """async ([selectors]) => {
    const context = selectors ? {include: selectors.filter(s => document.querySelector(s))
                                           .map(s => [s])} : document;
    if (selectors && context.include.length === 0) return [];
    const result = await axe.run(context, {resultTypes: ['violations']});
    return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map(n => n.target.join(' ') + ': ' + n.html.slice(0, 160))}));
}"""


def axe_problems(page, script, selectors=None):
    """Serious and critical axe-core violations on the page (or inside `selectors`)."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(content=script)
    found = page.evaluate(AXE_RUN_JS, [selectors])
    return [f"axe {v['impact']} '{v['id']}' ({v['help']}): " + "; ".join(v["nodes"][:4])
            + (f" (+{len(v['nodes']) - 4} more)" if len(v["nodes"]) > 4 else "")
            for v in found if v["impact"] in BLOCKING]


IMAGES_JS = """(root) => [...document.querySelectorAll(root + ' img')]
    .map(i => ({alt: i.getAttribute('alt'), src: (i.getAttribute('src') || '').slice(0, 40)}))"""



def image_problems(page, root):
    """Images under `root` whose text alternative is not at least one full sentence."""
    problems = []
    for k, img in enumerate(page.evaluate(IMAGES_JS, root)):
        alt = (img["alt"] or "").strip()
        # A full sentence: starts with a capital or a digit, has a few words, ends with a stop.
        if len(alt.split()) < 4 or not (alt[0].isupper() or alt[0].isdigit()) \
                or alt[-1] not in ".!?":
            problems.append(f"image {k} ({img['src']}…) has no full-sentence alt text: {alt!r}")
    return problems
