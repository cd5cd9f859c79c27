#!/usr/bin/env python3
"""Export the course to static HTML that a student can read without Python.

    python3 course.py export                 # the usual way: build/html/
    .venv/bin/python tools/export_html.py [--out DIR] [--execute] [NOTEBOOK ...]

Each notebook becomes one page (nbconvert's "lab" template) with its widgets
live: the widget state saved in the notebook is embedded in the page and
drawn by the @jupyter-widgets/html-manager bundle. Sliders can be moved but
nothing is recomputed (there is no kernel); every figure and number shown
when the notebook was executed is there. build/html/index.html lists the
chapters.

No page loads anything from the internet: require.js, the widget manager
(with its fonts) and MathJax are copied into DIR/_static/. They are npm
packages, and nothing on PyPI ships them, so this step runs `npm pack` (npm
must be on PATH the first time) and keeps the tarballs in build/npm-cache/;
later exports reuse them and need no network.

The notebooks are exported as committed (with their outputs and widget
state). A notebook whose widget state is missing or does not cover every
widget it displays is executed first with nbclient (store_widget_state=True)
into memory; the file in the repo is never changed. --execute does that for
every notebook.
"""

from __future__ import annotations

import argparse
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
DEFAULT_OUT = ROOT / "build" / "html"
DEFAULT_CACHE = ROOT / "build" / "npm-cache"
STATIC = "_static"

# Pinned: html-manager 1.0.x is the one that renders ipywidgets 8 state
# (widget protocol 2); require.js and MathJax 2 are what nbconvert's lab
# template is written for.
HTML_MANAGER = ("@jupyter-widgets/html-manager", "1.0.15")
REQUIREJS = ("requirejs", "2.3.8")
MATHJAX = ("mathjax", "2.7.9")

WIDGET_VIEW_MIME = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE_MIME = "application/vnd.jupyter.widget-state+json"
CELL_TIMEOUT = 300


# --------------------------------------------------------------------------
# local copies of the JavaScript the pages need
# --------------------------------------------------------------------------

def npm_package(name, version, cache):
    """Directory of the unpacked npm package name@version (from the cache,
    or fetched once with `npm pack`)."""
    slug = f"{name.lstrip('@').replace('/', '-')}-{version}"
    unpacked = cache / slug
    if (unpacked / "package" / "package.json").exists():
        return unpacked / "package"
    tarball = cache / f"{slug}.tgz"
    if not tarball.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise SystemExit(
                f"export needs {name}@{version} from the npm registry, and npm is not on "
                f"PATH.\nInstall npm (Debian: apt-get install npm), or put {slug}.tgz "
                f"(from `npm pack {name}@{version}`) in {cache}.")
        cache.mkdir(parents=True, exist_ok=True)
        print(f"+ npm pack {name}@{version}", flush=True)
        subprocess.run([npm, "pack", f"{name}@{version}", "--silent",
                        "--pack-destination", str(cache)],
                       check=True, stdout=subprocess.DEVNULL)
        if not tarball.exists():
            raise SystemExit(f"npm pack did not write {tarball}")
    shutil.rmtree(unpacked, ignore_errors=True)
    with tarfile.open(tarball) as archive:
        if hasattr(tarfile, "data_filter"):
            archive.extractall(unpacked, filter="data")
        else:  # Python < 3.12 without the backported filter
            archive.extractall(unpacked)  # noqa: S202 (a pinned registry tarball)
    return unpacked / "package"


def _copy(src, dst, ignore=None):
    if src.is_dir():
        shutil.copytree(src, dst, ignore=ignore, dirs_exist_ok=True)
    else:
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dst)


def install_static(out, cache):
    """Copy require.js, the widget manager and MathJax into out/_static."""
    static = out / STATIC
    manager = npm_package(*HTML_MANAGER, cache)
    # embed-amd.js plus the Font Awesome files it loads from its own folder.
    _copy(manager / "dist", static / "html-manager",
          ignore=shutil.ignore_patterns("*.map", "embed.js", "libembed-amd.js", "*.txt"))

    requirejs = npm_package(*REQUIREJS, cache)
    _copy(requirejs / "require.js", static / "require.js")

    # MathJax 2 with only what the "TeX-AMS_CHTML-full,Safe" configuration
    # loads: ~6 MB instead of ~70 MB.
    mathjax = npm_package(*MATHJAX, cache)
    target = static / "mathjax"
    for rel in ("MathJax.js", "LICENSE", "config/TeX-AMS_CHTML-full.js", "config/Safe.js",
                "extensions", "jax/element", "jax/input/TeX", "jax/output/CommonHTML",
                "jax/output/PreviewHTML", "fonts/HTML-CSS/TeX/woff", "fonts/HTML-CSS/TeX/otf"):
        if (mathjax / rel).exists():
            _copy(mathjax / rel, target / rel)


# --------------------------------------------------------------------------
# notebooks
# --------------------------------------------------------------------------

def widget_views(nb):
    """Model ids of every widget view among the notebook's outputs."""
    ids = []
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get(WIDGET_VIEW_MIME)
            if view:
                ids.append(view.get("model_id"))
    return ids


def widget_state(nb):
    return nb.metadata.get("widgets", {}).get(WIDGET_STATE_MIME, {}).get("state", {})


def missing_state(nb):
    """Widget views whose model is not in the saved widget state."""
    state = widget_state(nb)
    return [model_id for model_id in widget_views(nb) if model_id not in state]


def execute(nb, path):
    """Run the notebook in memory, saving widget state into its metadata."""
    from nbclient import NotebookClient

    print(f"  executing {path.name} to record its widget state", flush=True)
    # The kernel inherits this environment: no Agg backend (figures must be
    # drawn inline), the same hash seed as `course.py regen`.
    os.environ.pop("MPLBACKEND", None)
    os.environ["PYTHONHASHSEED"] = "0"
    kernel = nb.metadata.get("kernelspec", {}).get("name", "python3")
    NotebookClient(nb, timeout=CELL_TIMEOUT, kernel_name=kernel, store_widget_state=True,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    return nb


# The widget manager bundle defines its AMD modules inline, and webpack takes
# the folder of each module's require.js URL as the place of its font files.
# By default those URLs are "@jupyter-widgets/...", relative to the page:
# map them into _static/html-manager/ where the fonts are.
MANAGER_MODULES = ("base", "controls", "base7", "controls7", "html-manager")
# The lab theme's prompt and syntax colours fall below WCAG AA contrast (4.5:1)
# on its grey code background (#f5f5f5): e.g. numbers #080 and comments #408080
# give about 3.9:1. These darker shades of the same hues give 6:1 or more.
CONTRAST_CSS = """
:root {
  --jp-cell-inprompt-font-color: #1f5f99;
  --jp-cell-outprompt-font-color: #a8330a;
  --jp-mirror-editor-number-color: #006000;
  --jp-mirror-editor-comment-color: #2f5f5f;
  --jp-mirror-editor-operator-color: #7b1fa2;
  --jp-mirror-editor-meta-color: #7b1fa2;
  --jp-mirror-editor-keyword-color: #006000;
  --jp-mirror-editor-builtin-color: #006000;
  --jp-mirror-editor-atom-color: #3333aa;
  --jp-mirror-editor-def-color: #0000c8;
  --jp-mirror-editor-quote-color: #006400;
  --jp-mirror-editor-tag-color: #116600;
  --jp-mirror-editor-string-color: #a31515;
  --jp-mirror-editor-property-color: #04508a;
  --jp-mirror-editor-punctuation-color: #04508a;
  --jp-mirror-editor-bracket-color: #5c5c44;
  --jp-mirror-editor-error-color: #c00000;
}
.jp-InputPrompt { color: #1f5f99 !important; opacity: 1 !important; }
.jp-OutputPrompt { color: #a8330a !important; opacity: 1 !important; }
.highlight .c, .highlight .c1, .highlight .cm, .highlight .ch, .highlight .cs { color: #2f5f5f !important; }
.highlight .m, .highlight .mi, .highlight .mf, .highlight .mh, .highlight .mo, .highlight .il { color: #006000 !important; }
.highlight .o, .highlight .ow { color: #7b1fa2 !important; }
.highlight .k, .highlight .kn, .highlight .kc, .highlight .kd, .highlight .kr, .highlight .nb, .highlight .bp { color: #006000 !important; }
.highlight .s, .highlight .s1, .highlight .s2, .highlight .sa, .highlight .sd, .highlight .se, .highlight .si { color: #a31515 !important; }
.highlight .nf, .highlight .nc, .highlight .nn, .highlight .fm { color: #0000c8 !important; }
.highlight .p { color: #04508a !important; }
/* A link in running text must be told apart without its colour (WCAG 1.4.1,
   axe's link-in-text-block): the lab theme draws none underlined. */
.jp-Notebook a, .jp-Notebook a:link, .jp-Notebook a:visited { text-decoration: underline !important; }
"""

PAGE_TEMPLATE = """{%- extends 'index.html.j2' -%}
{%- block html_head_js_requirejs -%}
{{ super() }}
<script>require.config({paths: MODULE_PATHS});</script>
{%- endblock html_head_js_requirejs -%}
{%- block html_head_css -%}
{{ super() }}
<style>CONTRAST_CSS</style>
{%- endblock html_head_css -%}
""".replace("CONTRAST_CSS", CONTRAST_CSS).replace("MODULE_PATHS", json.dumps({
    **{f"@jupyter-widgets/{name}": f"{STATIC}/html-manager/{name}" for name in MANAGER_MODULES},
    "@jupyter-widgets/html-manager/dist": f"{STATIC}/html-manager",
}))


def exporter():
    import jinja2
    from nbconvert import HTMLExporter

    return HTMLExporter(
        template_name="lab",
        template_file="lecturekit.html.j2",
        extra_loaders=[jinja2.DictLoader({"lecturekit.html.j2": PAGE_TEMPLATE})],
        require_js_url=f"{STATIC}/require.js",
        widget_renderer_url=f"{STATIC}/html-manager/embed-amd.js",
        mathjax_url=f"{STATIC}/mathjax/MathJax.js?config=TeX-AMS_CHTML-full,Safe",
    )


REMOTE_SCRIPT = re.compile(r"<script[^>]*\bsrc=[\"']?(?:https?:)?//", re.IGNORECASE)


def export_notebook(path, out, force_execute=False, html_exporter=None):
    """Write out/<stem>.html; return (title, file name)."""
    import nbformat

    nb = nbformat.read(path, as_version=4)
    missing = missing_state(nb)
    if force_execute or missing:
        if missing and not force_execute:
            print(f"  {path.name}: widget state missing for {len(missing)} of "
                  f"{len(widget_views(nb))} widget views", flush=True)
        nb = execute(nb, path)
        still = missing_state(nb)
        if still:
            raise SystemExit(f"{path.name}: widget state still missing for {still} "
                             "after executing it")
    nb.metadata.setdefault("title", notebook_title(nb, path))  # the page's <title>
    body, _ = (html_exporter or exporter()).from_notebook_node(
        nb, resources={"metadata": {"name": path.stem}})
    if REMOTE_SCRIPT.search(body):
        raise SystemExit(f"{path.name}: the page would load a script from the internet: "
                         f"{REMOTE_SCRIPT.search(body).group(0)!r}")
    target = out / f"{path.stem}.html"
    target.write_text(body, encoding="utf-8")
    return notebook_title(nb, path), target.name


def notebook_title(nb, path):
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return path.stem


def write_index(out, pages):
    items = "\n".join(
        f'    <li><a href="{html.escape(name)}">{html.escape(title)}</a></li>'
        for title, name in pages)
    (out / "index.html").write_text(f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>lecturekit: linear classifiers from first principles</title>
<style>body {{ font-family: sans-serif; max-width: 40em; margin: 2em auto; line-height: 1.5; }}</style>
</head>
<body>
<h1>lecturekit: linear classifiers from first principles</h1>
<p>The course as static pages. The widgets show the state they had when the
notebooks were run; to change them and see the results, run the course in
JupyterLab (<code>python3 course.py lab</code>).</p>
<ol>
{items}
</ol>
</body>
</html>
""", encoding="utf-8")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("notebooks", nargs="*", type=Path,
                        help="notebooks to export (default: notebooks/*.ipynb)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help=f"output folder (default: {DEFAULT_OUT.relative_to(ROOT)})")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE,
                        help="where npm tarballs are kept between exports "
                             f"(default: {DEFAULT_CACHE.relative_to(ROOT)})")
    parser.add_argument("--execute", action="store_true",
                        help="execute every notebook before exporting it")
    args = parser.parse_args(argv)

    paths = args.notebooks or sorted(NOTEBOOKS.glob("*.ipynb"))
    if not paths:
        print("no notebooks to export (notebooks/*.ipynb is empty)", file=sys.stderr)
        return 1
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    if not args.notebooks:  # the whole course: drop pages of renamed/removed chapters
        for old in out.glob("*.html"):
            old.unlink()
    install_static(out, args.cache.resolve())

    html_exporter = exporter()
    pages = []
    for path in paths:
        path = Path(path).resolve()
        print(f"exporting {path.name}", flush=True)
        pages.append(export_notebook(path, out, args.execute, html_exporter))
    write_index(out, pages)
    print(f"wrote {len(pages)} pages and index.html to {out}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
