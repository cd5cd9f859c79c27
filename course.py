#!/usr/bin/env python3
"""The one entry point of the lecturekit course.

Usage:
    python3 course.py lab   [--instructor] [--no-solutions] [-- jupyter lab args...]
                                                    set up, then open your own copy of the course
                                                    (my-work/) on its start page, START.ipynb
                                                    (--instructor opens notebooks/)
    python3 course.py progress [--chapter STEM] [--timeout S]
                                                    grade your saved copies: status and points
                                                    per exercise, chapter totals, what is next
    python3 course.py test  [--chapter NN] [--grader | --no-grader] [--browser] [--one-kernel]
                            [--latest] [pytest args...]
                                                    set up, then run every test (or one
                                                    chapter's, or only the grader's)
    python3 course.py regen [NN...]                 re-execute chapters in place (default: all)
    python3 course.py lock  [--keep]                refresh requirements/lock.txt, reinstall, regen
    python3 course.py sweep [notebooks...]          strict nbval under each BLAS kernel type
    python3 course.py export [args...]              write the course as static HTML to build/html/
    python3 course.py bench [args...]               run benchmarks/run.py
    python3 course.py grade STUDENT|SUBMISSIONS/ --instructor NOTEBOOK [options...]
                                                    grade a student or a class (docs/instructors.md)
    python3 course.py COMMAND --help                what COMMAND does; installs and runs nothing

A chapter is named by its number (4 or 04), its file's stem (04_perceptron)
or its path (notebooks/04_perceptron.ipynb).

`lab` opens the learner's workspace, my-work/ (git-ignored): the student
version of every chapter, made on first run from notebooks/; when a chapter
of the course changes, the learner's copy becomes its new version with their
answers carried over, and the copy as it was is kept, untouched, in
my-work/earlier-versions/ (lecturekit/learner.py says how).

Set-up means: make a virtual environment in .venv (once) and install this
project into it, editable: `lab` and `progress` install what the course needs
to run (extra [lab]), `test` and the other commands add the extras
[test,lab,fast,cluster]; every package at the version that
requirements/lock.txt pins (pip's constraints, -c): the versions the
committed outputs were made with. pip's output is summarised; all of it goes
to .venv/pip-install.log. The install is skipped while
.venv/.lecturekit-stamp holds the sha256 of pyproject.toml and the lock (and
the extras already installed), so editing either triggers a reinstall.

`lock` refreshes the lock to the newest releases (for Python 3.10 to 3.13 on
Linux, macOS and Windows, with uv, which it installs into .venv), copies the
new versions into environment.yml, reinstalls .venv with them and
regenerates every notebook's outputs; then run `test` and commit.
`lock --keep` recomputes the lock keeping every version it can (after a
dependency was added to pyproject.toml). `test --latest` runs the tests in a
separate .venv-latest with the newest releases instead of the lock, to see
drift before the lock moves.

Browser tests (tests/browser/, pytest marker `browser`) open every notebook in
JupyterLab in headless chromium, run it and check that its widgets render and
react, then check the static HTML export the same way. They run only with
`test --browser` or LECTUREKIT_BROWSER=1, which also installs the [browser]
extra (Playwright's Python package; it drives the system's chromium, so
install that first: `sudo apt-get install chromium` on Debian). Without
chromium they are skipped with a reason. Screenshots of failures go to
browser-artifacts/.

`test` runs the notebooks once more under each of two other BLAS kernel
types (OpenBLAS picks its kernels by processor; OPENBLAS_CORETYPE forces
one), so an output that hangs on the last bit of a floating-point sum fails
here, not on a learner's machine; `--one-kernel` skips those two runs.
`sweep` runs strict nbval on the given notebooks (default: all) with
OPENBLAS_CORETYPE unset and set to each of Haswell, SkylakeX, Sandybridge and
Prescott, and prints which kernel really ran each time.

`test --chapter 04` runs what concerns one chapter: strict nbval of its
notebook (and the two extra kernel passes), tests/test_chapter_04.py, the
doctests of lecturekit/exercises/ch04.py, and every other test whose id names
the chapter (04_perceptron or ch04-: its exercise checks, its registered
wrong answers, its grading run). The grader's own tests (pytest marker
`grader`: tests/test_homework*.py, tests/test_class_*.py and the
doctests of lecturekit/homework/) take about a quarter of the whole run: `--grader`
runs only them, `--no-grader` everything else. Before it starts, `test` says
what it will run and about how long (the last run's times on this machine,
kept in .venv/.lecturekit-test-times.json, or times measured on a loaded
2-core machine); pytest then shows its progress.

`regen` executes each chapter (`jupyter execute --inplace`) and writes it
back clean: no execution timestamps in the cells' metadata, and widget model
ids renumbered from the chapter's name in the order its outputs show the
widgets, so regenerating an unchanged chapter leaves `git diff` empty.

`export` runs tools/export_html.py (see its --help): it needs npm once, to
fetch the widget manager, require.js and MathJax into build/npm-cache/.

Only the Python standard library is used here, so this script runs on any
Python 3.10+ before anything is installed.
"""

import hashlib
import importlib.util
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / ".lecturekit-stamp"
PYPROJECT = ROOT / "pyproject.toml"
LOCK = ROOT / "requirements" / "lock.txt"      # pip constraints: the tested versions
LOCK_INPUT = ROOT / "requirements" / "lock.in"  # what the lock covers besides pyproject.toml
LOCK_PYTHON = "3.10"                            # the oldest Python the lock resolves for
LATEST = False  # True for `test --latest`: .venv-latest, newest releases, no lock
EXTRAS = "test,lab,fast,cluster"   # cluster: Dask, so the class-grading tests run too
BROWSER_EXTRAS = EXTRAS + ",browser"   # + playwright (drives the system's chromium)
# What `lab` and `progress` install: what the chapters need to run (numpy,
# matplotlib, ipywidgets, JupyterLab, and scikit-learn, whose bundled data files
# chapters 8 and 9 read), nothing for testing. `test` adds the rest itself.
LEARNER_EXTRAS = "lab"
# The full output of the last pip install (course.py prints a summary).
PIP_LOG = VENV / "pip-install.log"
# Defaults that `lab` gives the JupyterLab inside .venv, i.e. this course's
# only (an overrides.d file of its application settings; the user's own
# JupyterLab settings are not touched and still win), see write_lab_settings:
# e.g. save every 5 s, so that `progress`, which grades the saved files, sees
# work done in the browser.
LAB_OVERRIDES = VENV / "share" / "jupyter" / "lab" / "settings" / "overrides.d" / "lecturekit.json"
AUTOSAVE_SECONDS = 5
# The Jupyter server inside .venv gets this course's kernel settings the same way,
# in the environment's own config file (other keys in it are kept; the command
# line still wins): a kernel idle for KERNEL_IDLE_MINUTES is shut down, so
# chapters left open do not keep kernels running on a small machine.
SERVER_CONFIG = VENV / "etc" / "jupyter" / "jupyter_server_config.json"
KERNEL_IDLE_MINUTES = 60
# This course's JupyterLab keeps its layout (open tabs, panel sizes) in the
# workspace instead of the user's global ~/.jupyter/lab/workspaces; the first
# layout is seeded with a file browser wide enough for the chapters' names.
LAB_WORKSPACES = Path(".lecturekit") / "lab-workspaces"
# jupyterlab_server.workspaces_handler.slugify("default") (tests/test_course_lab.py checks it)
DEFAULT_LAYOUT_FILE = "default-37a8.jupyterlab-workspace"
SANITIZE_FILE = ROOT / "nbval_sanitize.cfg"
# The learner's own copies (git-ignored); LECTUREKIT_WORKSPACE moves it (tests do).
WORKSPACE = Path(os.environ.get("LECTUREKIT_WORKSPACE") or ROOT / "my-work").resolve()
NOTEBOOK_TIMEOUT = 300  # seconds per cell (nbval) and per notebook cell (regen)
# OpenBLAS kernel types that OPENBLAS_CORETYPE can force on x86-64 (numpy's
# wheels pick one by processor at start-up). Their sums round differently, so
# every output of a chapter must be the same under each of them. `test` adds
# runs under the first two (in this order) that differ from the default here.
CORETYPES = ("Prescott", "SkylakeX", "Haswell", "Sandybridge")


# --------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------

def run(cmd, env=None):
    """Print a command, run it from the repo root and return its exit code.

    A SIGTERM sent to course.py (a process manager, a test, `kill`) is passed on
    to the command, so `course.py lab` never leaves a JupyterLab running behind it.
    """
    print("+ " + " ".join(_quote(part) for part in cmd), flush=True)
    child = subprocess.Popen(cmd, cwd=ROOT, env=env)
    forward = os.name == "posix"  # Windows has no SIGTERM to pass on
    if forward:
        previous = signal.signal(signal.SIGTERM, lambda signum, frame: child.send_signal(signum))
    try:
        while True:
            try:
                return child.wait()
            except KeyboardInterrupt:  # Ctrl-C reaches the child too; wait for it to stop
                continue
    finally:
        if forward:
            signal.signal(signal.SIGTERM, previous)


def _quote(part):
    """Quote an argument for display only when it needs it."""
    part = str(part)
    return f'"{part}"' if (" " in part or not part) else part


def venv_python():
    """Path of the Python interpreter inside .venv."""
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def pyproject_hash():
    """sha256 of pyproject.toml and the lock: the install is redone whenever either changes."""
    digest = hashlib.sha256(PYPROJECT.read_bytes())
    if LOCK.exists():
        digest.update(LOCK.read_bytes())
    return digest.hexdigest()


def use_latest():
    """Switch set-up to .venv-latest with the newest releases (no lock)."""
    global VENV, STAMP, LATEST
    VENV = ROOT / ".venv-latest"
    STAMP = VENV / ".lecturekit-stamp"
    LATEST = True


def pip_versions():
    """What pins the versions that set-up installs: the lock, or (for
    `test --latest`) an upgrade of everything to the newest releases."""
    if LATEST:
        return ["--upgrade", "--upgrade-strategy", "eager"]
    return ["-c", relative(LOCK)] if LOCK.exists() else []


def notebooks():
    """All course notebooks, in chapter order."""
    return sorted((ROOT / "notebooks").glob("*.ipynb"))


class UsageError(ValueError):
    """A command line that a command cannot use; the message says what to type instead."""


def chapter_paths(selectors):
    """The notebooks that chapter selectors name, in the order given, each once.

    A selector is a chapter's number (``4`` or ``04``), its file's stem
    (``04_perceptron``), the stem without the number (``perceptron``) or its
    path (``notebooks/04_perceptron.ipynb``). Raises UsageError for a
    selector that names no chapter, or more than one.
    """
    paths = notebooks()
    chosen = []
    for selector in selectors:
        found = [path for path in paths if _names_chapter(selector, path)]
        if len(found) != 1:
            listed = ", ".join(path.stem for path in paths) or "none (notebooks/ has no .ipynb)"
            what = "no chapter" if not found else f"{len(found)} chapters"
            raise UsageError(f"{what} matches {selector!r}; the chapters are: {listed}. "
                             "Name one by its number (04), its stem or its path.")
        if found[0] not in chosen:
            chosen.append(found[0])
    return chosen


def _names_chapter(selector, path):
    name = Path(str(selector).strip()).name
    if name.endswith(".ipynb"):
        name = name[: -len(".ipynb")]
    number, _, rest = path.stem.partition("_")
    if name.isdigit() and number.isdigit():
        return int(name) == int(number)
    return name in (path.stem, rest)


def relative(path):
    """A path relative to the repo root, for short readable commands (absolute
    when it lies outside the repo)."""
    try:
        return str(Path(path).relative_to(ROOT))
    except ValueError:
        return str(path)


# --------------------------------------------------------------------------
# set-up: .venv + editable install
# --------------------------------------------------------------------------

VENV_MISSING_MESSAGE = """\
Python's 'venv' module (or its 'ensurepip' helper) is not available, so
course.py cannot create .venv.
On Debian or Ubuntu install it with:
    sudo apt-get install python3-venv
(on some releases the package is named after the version, e.g. python3.11-venv)
then run this command again."""


def create_venv():
    """Create .venv with `python -m venv`; return 0 on success."""
    if importlib.util.find_spec("venv") is None or importlib.util.find_spec("ensurepip") is None:
        print(VENV_MISSING_MESSAGE, file=sys.stderr)
        return 1
    code = run([sys.executable, "-m", "venv", relative(VENV)])
    if code != 0 or not venv_python().exists():
        # A half-made .venv (e.g. without pip) would be mistaken for a good
        # one next time, so remove it.
        shutil.rmtree(VENV, ignore_errors=True)
        print(VENV_MISSING_MESSAGE, file=sys.stderr)
        return code or 1
    return 0


def _stamped():
    """(pyproject hash, set of extras) recorded by the last successful install."""
    if not STAMP.exists():
        return None, set()
    parts = STAMP.read_text().split()
    if not parts:
        return None, set()
    # Older stamps hold the hash alone: those installs had the default extras.
    extras = parts[1] if len(parts) > 1 else EXTRAS
    return parts[0], set(extras.split(","))


def setup(extras=EXTRAS):
    """Make sure .venv exists and holds an up-to-date editable install with
    (at least) the given extras."""
    if sys.version_info < (3, 10):
        print("lecturekit needs Python 3.10 or newer; this is " + sys.version.split()[0],
              file=sys.stderr)
        return 1
    if not venv_python().exists():
        code = create_venv()
        if code != 0:
            return code

    wanted = pyproject_hash()
    stamped_hash, stamped_extras = _stamped()
    if stamped_hash == wanted and set(extras.split(",")) <= stamped_extras and not LATEST:
        if installed_from_here():
            print("(.venv is up to date with pyproject.toml; skipping pip install)", flush=True)
            return 0
        print("(.venv's lecturekit is not this folder's package; reinstalling)", flush=True)
    if stamped_hash == wanted:  # same pyproject: keep what is there, add the rest
        extras = ",".join(sorted(stamped_extras | set(extras.split(","))))

    code = pip_install([str(venv_python()), "-m", "pip", "install", "-e", f".[{extras}]", *pip_versions()])
    if code != 0:
        print("pip install failed; .venv was left as it is.", file=sys.stderr)
        return code
    STAMP.write_text(f"{wanted} {extras}\n")
    return 0


def pip_install(cmd, log=None, out=None):
    """Run a pip command with its full output in ``log`` (.venv/pip-install.log)
    and a short summary on ``out``: a line per step, a running count of the
    packages found (on a terminal), and on failure the end of the log and its path."""
    log = Path(log or PIP_LOG)
    out = out or sys.stdout
    tty = hasattr(out, "isatty") and out.isatty()
    log.parent.mkdir(parents=True, exist_ok=True)
    print(f"Installing the course's packages into {relative(VENV)} "
          f"(full pip output: {relative(log)})", file=out, flush=True)
    with open(log, "w", encoding="utf-8") as full:
        full.write("+ " + " ".join(_quote(part) for part in cmd) + "\n")
        with subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True, encoding="utf-8", errors="replace") as child:
            step = _summarise_pip(child.stdout, full, out, tty)
            code = child.wait()
    if code == 0 and step != "done":
        print("  done: nothing new to install", file=out, flush=True)
    if code != 0:
        tail = log.read_text(encoding="utf-8", errors="replace").splitlines()[-15:]
        print("pip failed; the end of its output:", file=out)
        for line in tail:
            print("  | " + line, file=out)
        print(f"Full pip output: {log}", file=out, flush=True)
    return code


def _summarise_pip(lines, full, out, tty):
    """Copy pip's lines to ``full`` and print one line per step on ``out``;
    return the last step seen."""
    found, step = 0, None
    for line in lines:
        full.write(line)
        if line.startswith(("Collecting ", "Requirement already satisfied: ", "Obtaining ")):
            found += 1
            if step != "collect":
                step = "collect"
                print("  finding packages …", file=out, flush=True)
            if tty:
                print(f"\r  {found} packages found", end="", file=out, flush=True)
        elif line.startswith("Installing collected packages:"):
            if tty and found:
                print(file=out)
            count = len(line.split(":", 1)[1].split(","))
            print(f"  installing {count} packages …", file=out, flush=True)
            step = "install"
        elif line.startswith("Successfully installed"):
            print(f"  done: {len(line.split()) - 2} packages installed", file=out, flush=True)
            step = "done"
    if step == "collect" and tty:
        print(file=out)
    return step


def installed_from_here():
    """True if .venv imports lecturekit from this folder's lecturekit/__init__.py.

    Checked from notebooks/ (where kernels start): an editable install made
    while lecturekit/__init__.py was missing resolves to an empty namespace
    package there, and every notebook would fail.
    """
    probe = "import lecturekit; print(getattr(lecturekit, '__file__', None))"
    where = ROOT / "notebooks" if (ROOT / "notebooks").is_dir() else ROOT.parent
    result = subprocess.run([str(venv_python()), "-c", probe], cwd=where,
                            capture_output=True, text=True, check=False)
    expected = str((ROOT / "lecturekit" / "__init__.py").resolve())
    return result.returncode == 0 and result.stdout.strip() == expected


def find_chromium():
    """The chromium the browser tests would use, or None (stdlib only)."""
    wanted = os.environ.get("LECTUREKIT_CHROMIUM")
    if wanted:
        return wanted if Path(wanted).exists() else None
    for name in ("chromium", "chromium-browser"):
        if shutil.which(name):
            return shutil.which(name)
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


# --------------------------------------------------------------------------
# BLAS kernel types (outputs must not hang on the last bit)
# --------------------------------------------------------------------------

# Names the kernel after running it: a kernel this processor lacks the
# instructions for (SkylakeX's AVX-512 on an AMD EPYC) is accepted by
# OPENBLAS_CORETYPE, then dies of SIGILL at the first product, and a notebook
# run under it would wait for its cell timeout.
_KERNEL_PROBE = (
    "import numpy, threadpoolctl\n"
    "a = numpy.ones((64, 64))\n"
    "assert (a @ a)[0, 0] == 64.0 and float(a[0] @ a[1]) == 64.0\n"
    "found = sorted({i.get('architecture') or '?' for i in threadpoolctl.threadpool_info()\n"
    "                if i.get('internal_api') == 'openblas'})\n"
    "print(' '.join(found))"
)


def kernel_env(coretype, base=None):
    """The environment with OPENBLAS_CORETYPE forced to `coretype` (None: unset).

    A forced run also drops OPENBLAS_L2_SIZE: a cache size tuned for this
    processor is wrong for the forced kernel's block sizes.
    """
    env = dict(os.environ if base is None else base)
    env["PYTHONHASHSEED"] = "0"
    env.pop("OPENBLAS_CORETYPE", None)
    if coretype is not None:
        env.pop("OPENBLAS_L2_SIZE", None)
        env["OPENBLAS_CORETYPE"] = coretype
    return env


def blas_kernel(env):
    """The OpenBLAS kernel that numpy in .venv runs under `env` (threadpoolctl
    reports it), or None when numpy uses another BLAS (Accelerate on a Mac,
    MKL) or threadpoolctl is missing, so that OPENBLAS_CORETYPE changes nothing,
    or when the kernel cannot run on this processor (the probe's product died)."""
    result = subprocess.run([str(venv_python()), "-c", _KERNEL_PROBE], cwd=ROOT, env=env,
                            capture_output=True, text=True, check=False)
    found = result.stdout.strip()
    return found if result.returncode == 0 and found else None


def nbval_command(paths, workers):
    """Strict nbval over `paths`, exactly as `test` runs the notebooks."""
    cmd = [str(venv_python()), "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval", *paths,
           "--nbval-current-env", f"--nbval-cell-timeout={NOTEBOOK_TIMEOUT}",
           "--nbval-sanitize-with", relative(SANITIZE_FILE)]
    if workers > 1 and (len(paths) > 1 or Path(ROOT, paths[0]).is_dir()):
        cmd += ["-n", str(workers), "--dist", "loadfile"]  # each notebook on one worker
    return cmd


def other_kernels(env, count):
    """Up to `count` of CORETYPES whose kernel really differs from the one `env`
    runs and from each other: [(coretype, kernel name), ...]."""
    seen = {blas_kernel(env)}
    if seen == {None}:
        return []
    chosen = []
    for coretype in CORETYPES:
        kernel = blas_kernel(kernel_env(coretype, env))
        if kernel is not None and kernel not in seen:
            chosen.append((coretype, kernel))
            seen.add(kernel)
        if len(chosen) == count:
            break
    return chosen


def run_notebooks_under_kernels(env, paths, workers):
    """Strict nbval once more under two other BLAS kernels; 0 if all pass."""
    chosen = other_kernels(env, 2)
    if not chosen:
        print("(numpy here does not use a dynamic-arch OpenBLAS, so OPENBLAS_CORETYPE changes "
              "nothing: the notebooks are not run again under other BLAS kernels)", flush=True)
        return 0
    failed = []
    for coretype, kernel in chosen:
        print(f"== the notebooks again, with OPENBLAS_CORETYPE={coretype} (kernel {kernel}): "
              "an output that differs hangs on the last bit of a sum (docs/authoring.md, "
              "\"Deterministic output\")", flush=True)
        if run(nbval_command(paths, workers), env=kernel_env(coretype, env)) != 0:
            failed.append(coretype)
    if failed:
        print(f"strict nbval failed with OPENBLAS_CORETYPE={', '.join(failed)}: see above; "
              "`python3 course.py sweep NOTEBOOK` runs one notebook under every kernel type.",
              file=sys.stderr)
        return 1
    return 0


# --------------------------------------------------------------------------
# notebooks written clean: a diff shows only what changed
# --------------------------------------------------------------------------

WIDGET_STATE_MIME = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW_MIME = "application/vnd.jupyter.widget-view+json"
# Cell metadata that says when a cell ran, not what it is: nbclient's and
# JupyterLab's timings (`execution`) and the jupyterlab-execute-time extension's.
RUN_METADATA = ("execution", "ExecuteTime")
_MODEL_REF = re.compile(r"IPY_MODEL_([0-9a-f]{32})")


def clean_notebook(nb, seed):
    """A notebook (nbformat 4, as the dict `json.load` gives) without what
    changes from one run to the next while its content stays the same.

    * Each cell's run metadata (RUN_METADATA: timestamps) is dropped.
    * Widget model ids (random uuids, new at every run) are renamed to
      ``sha256(f"{seed}:{k}")[:32]`` for k = 0, 1, ...: the models in the order
      the outputs display them, each view followed by the models it refers to
      (depth first, in the order of their sorted keys), then any model no
      output shows, ordered by its content. Every occurrence of an id (saved
      widget state, references between models, the outputs' widget views) is
      renamed, so the saved state still renders (HTML export, JupyterLab).

    The outputs, the widget state itself and everything else stay as they
    are, so nbval, the HTML export and the browser tests see the same
    notebook. Cleaning a clean notebook changes nothing.
    """
    nb = json.loads(json.dumps(nb))
    for cell in nb.get("cells", []):
        for key in RUN_METADATA:
            cell.get("metadata", {}).pop(key, None)
    widgets = nb.get("metadata", {}).get("widgets", {}).get(WIDGET_STATE_MIME, {})
    state = widgets.get("state") or {}
    order = _widget_order(nb, state)
    if not order:
        return nb
    renames = {old: hashlib.sha256(f"{seed}:{k}".encode()).hexdigest()[:32] for k, old in enumerate(order)}
    pattern = re.compile("|".join(sorted(map(re.escape, renames), key=len, reverse=True)))
    return json.loads(pattern.sub(lambda m: renames[m.group(0)], json.dumps(nb)))


def _widget_order(nb, state):
    """Model ids: displayed ones depth first in output order, then the rest by content."""
    order, seen = [], set()

    def visit(model_id):
        if model_id in seen:
            return
        seen.add(model_id)
        order.append(model_id)
        if model_id in state:
            for ref in _MODEL_REF.findall(json.dumps(state[model_id], sort_keys=True)):
                visit(ref)

    for cell in nb.get("cells", []):
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get(WIDGET_VIEW_MIME)
            if isinstance(view, dict) and isinstance(view.get("model_id"), str):
                visit(view["model_id"])
    unseen = [m for m in state if m not in seen]

    def content(model_id):  # the model with every id blanked: equal for equal content
        return _MODEL_REF.sub("IPY_MODEL_", json.dumps(state[model_id], sort_keys=True)), model_id

    for model_id in sorted(unseen, key=content):
        visit(model_id)
    return order


def notebook_text(nb):
    """A notebook as nbformat writes it (indent 1, sorted keys, a newline at the end)."""
    return json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False, separators=(",", ": ")) + "\n"


def clean_notebook_file(path):
    """Rewrite a notebook file clean (see clean_notebook); True if it changed."""
    path = Path(path)
    before = path.read_text(encoding="utf-8")
    after = notebook_text(clean_notebook(json.loads(before), seed=path.stem))
    if after != before:
        path.write_text(after, encoding="utf-8")
    return after != before


# --------------------------------------------------------------------------
# subcommands
# --------------------------------------------------------------------------

def write_lab_settings():
    """Write this course's JupyterLab and Jupyter server defaults: autosave every
    AUTOSAVE_SECONDS, full file names, closing a notebook shuts its kernel down,
    and a kernel idle for KERNEL_IDLE_MINUTES (no cell running, no output) is
    shut down even while its notebook is open: running a cell starts a new
    kernel, without the old one's variables (a check cell then says which cells
    to run first). Hosted notebooks do the same; on a small machine a kernel
    per chapter ever opened is the worse deal."""
    import json

    settings = {
        "@jupyterlab/docmanager-extension:plugin": {
            "autosave": True, "autosaveInterval": AUTOSAVE_SECONDS},
        # Closing a chapter's tab stops its kernel (otherwise every chapter opened
        # once keeps one running).
        "@jupyterlab/notebook-extension:tracker": {"kernelShutdown": True},
        # The file browser's width goes to the chapters' names, not to dates.
        "@jupyterlab/filebrowser-extension:browser": {"showLastModifiedColumn": False},
    }
    LAB_OVERRIDES.parent.mkdir(parents=True, exist_ok=True)
    LAB_OVERRIDES.write_text(json.dumps(settings, indent=1) + "\n", encoding="utf-8")
    try:
        server = json.loads(SERVER_CONFIG.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        server = {}
    if not isinstance(server, dict):
        server = {}
    kernels = server.get("MappingKernelManager")
    kernels = kernels if isinstance(kernels, dict) else {}
    kernels.update({"cull_idle_timeout": KERNEL_IDLE_MINUTES * 60, "cull_interval": 60,
                    "cull_connected": True, "cull_busy": False})
    server["MappingKernelManager"] = kernels
    SERVER_CONFIG.parent.mkdir(parents=True, exist_ok=True)
    SERVER_CONFIG.write_text(json.dumps(server, indent=1) + "\n", encoding="utf-8")


def prepare_lab(instructor=False, solutions=True):
    """Everything `lab` does before it starts JupyterLab: the learner's install,
    the JupyterLab defaults and the workspace. Returns (exit code, what to open)."""
    code = setup(LEARNER_EXTRAS)
    if code != 0:
        return code, None
    write_lab_settings()
    if instructor:
        return 0, "notebooks/"
    setup_cmd = [str(venv_python()), "-m", "lecturekit.learner", "setup",
                 "notebooks", relative(WORKSPACE)]
    code = run(setup_cmd + ([] if solutions else ["--no-solutions"]))
    if code == 0:
        seed_lab_layout(WORKSPACE / LAB_WORKSPACES)
        trim_lab_layout(WORKSPACE / LAB_WORKSPACES)
    # JupyterLab opens the start page (the workspace is its root folder).
    return code, relative(WORKSPACE / "START.ipynb")


def seed_lab_layout(folder):
    """The first JupyterLab layout of the workspace (never overwritten): the start
    page open, and a file browser a quarter of the window wide, so that no
    chapter's file name is cut off."""
    import json

    path = Path(folder) / DEFAULT_LAYOUT_FILE
    if path.exists():
        return
    tab = "notebook:START.ipynb"
    layout = {"data": {
        "layout-restorer:data": {
            "main": {"dock": {"type": "tab-area", "currentIndex": 0, "widgets": [tab]}, "current": tab},
            "left": {"collapsed": False, "visible": True, "current": "filebrowser", "widgets": ["filebrowser"]},
            "relativeSizes": [0.25, 0.75, 0]},
        tab: {"data": {"path": "START.ipynb", "factory": "Notebook"}}},
        "metadata": {"id": "default"}}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(layout, indent=1) + "\n", encoding="utf-8")


def _dock_widgets(area):
    """The widget ids of a saved dock area (tab areas and split areas, nested), in order."""
    if not isinstance(area, dict):
        return []
    if area.get("type") == "tab-area":
        return [w for w in area.get("widgets", []) if isinstance(w, str)]
    return [w for child in area.get("children", []) for w in _dock_widgets(child)]


def trim_lab_layout(folder):
    """Before JupyterLab starts again: of the notebooks the saved layout would
    reopen, keep the start page and the one that was in front. Each reopened
    notebook starts a kernel; a learner who had opened every chapter would
    otherwise get one kernel per chapter at every launch. Other tabs stay; a
    layout that cannot be read is left alone."""
    import json

    path = Path(folder) / DEFAULT_LAYOUT_FILE
    try:
        layout = json.loads(path.read_text(encoding="utf-8"))
        restorer = layout["data"]["layout-restorer:data"]
        main = restorer["main"]
    except (OSError, ValueError, KeyError, TypeError):
        return
    if not isinstance(main, dict):
        return
    widgets = _dock_widgets(main.get("dock"))
    current = main.get("current")
    keep = [w for w in widgets if not w.startswith("notebook:") or w in (current, "notebook:START.ipynb")]
    if keep == widgets:
        return
    main["dock"] = {"type": "tab-area", "widgets": keep,
                    "currentIndex": keep.index(current) if current in keep else 0}
    for dropped in set(widgets) - set(keep):
        layout["data"].pop(dropped, None)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(layout, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def cmd_lab(args):
    """Set up, then open the learner's workspace on its start page (or, with
    --instructor, the instructor notebooks) in JupyterLab."""
    args = list(args)
    instructor = "--instructor" in args
    solutions = "--no-solutions" not in args
    args = [a for a in args if a not in ("--instructor", "--no-solutions")]
    code, target = prepare_lab(instructor, solutions)
    if code != 0:
        return code
    cmd = [str(venv_python()), "-m", "jupyter", "lab", target]
    if not instructor:
        cmd.append(f"--LabApp.workspaces_dir={WORKSPACE / LAB_WORKSPACES}")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # containers often run as root; Jupyter refuses without it
    return run(cmd + args)


def cmd_progress(args):
    """Set up, then grade the learner's workspace (the saved files) and print
    each exercise's status and points, the chapter totals and the next step."""
    code = setup(LEARNER_EXTRAS)
    if code != 0:
        return code
    return run([str(venv_python()), "-m", "lecturekit.learner", "progress",
                "notebooks", relative(WORKSPACE), *args])


# Times of `test`'s parts, in seconds, measured on a 2-core machine that other
# jobs kept busy (load average about 9), with two workers: unit tests and
# doctests without the grader's 795 s, the grader's 358 s (test --grader),
# strict nbval of every chapter 124 s; one chapter (--chapter 04) 268 s and its
# kernel pass about 25 s.
# `test` prints the last run's times instead once it has them (TEST_TIMES,
# written after every run without extra pytest arguments). The browser tests
# have no figure until a first run records one.
TEST_TIMES = "lecturekit-test-times.json"   # in .venv
MEASURED_SECONDS = {
    "main:all": 1280,          # unit tests, doctests, strict nbval of every chapter
    "main:grader": 360,        # the grader's tests alone (--grader)
    "main:no-grader": 920,     # everything but them (--no-grader)
    "main:chapter": 270,       # one chapter (--chapter NN), its grading run included
    "kernels:all": 125,        # one extra-kernel pass over every chapter
    "kernels:chapter": 25,     # one extra-kernel pass over one chapter
}


def parse_test_args(args):
    """`test`'s own options, and the rest for pytest. Raises UsageError."""
    opts = {"browser": os.environ.get("LECTUREKIT_BROWSER") == "1", "one_kernel": False, "latest": False,
            "chapters": [], "grader": None, "pytest": []}
    args = list(args)
    while args:
        arg = args.pop(0)
        if arg == "--":
            opts["pytest"] += args
            break
        if arg == "--browser":
            opts["browser"] = True
        elif arg == "--one-kernel":
            opts["one_kernel"] = True
        elif arg == "--latest":
            opts["latest"] = True
        elif arg in ("--grader", "--no-grader"):
            wanted = "only" if arg == "--grader" else "without"
            if opts["grader"] not in (None, wanted):
                raise UsageError("--grader and --no-grader exclude each other")
            opts["grader"] = wanted
        elif arg == "--chapter" or arg.startswith("--chapter="):
            value = arg.partition("=")[2] if "=" in arg else (args.pop(0) if args else "")
            if not value or value.startswith("-"):
                raise UsageError("--chapter needs a chapter: --chapter 04")
            opts["chapters"] += chapter_paths(value.split(","))
        else:
            opts["pytest"].append(arg)
    if opts["grader"] == "only" and opts["chapters"]:
        raise UsageError("--grader runs the grader's tests of every chapter; with --chapter, "
                         "the chapter's grading tests are already included (--no-grader leaves them out)")
    return opts


def test_plan(opts, workers):
    """What `test` runs: [(key, title, kind, pytest arguments)], kind being
    "main", "kernels" or "browser"; the keys name the parts in TEST_TIMES."""
    chapters = opts["chapters"]
    scope = "chapter" if chapters else "all"
    nb_paths = [relative(p) for p in chapters] if chapters else (["notebooks/"] if notebooks() else [])
    n_nb = len(chapters) if chapters else len(notebooks())
    selection = [f"--chapter={p.stem}" for p in chapters]
    marks = ["not browser"]
    if opts["grader"] == "only":
        marks = ["grader", "not browser"]
        nb_paths = []
    elif opts["grader"] == "without":
        marks.append("not grader")
    if opts["grader"] == "only":
        args = ["tests/", "--doctest-modules", "lecturekit/homework/"]
        title = "the grader's tests (tests/test_homework*.py, tests/test_class_*.py, lecturekit/homework/)"
        key = "main:grader"
    else:
        args = ["tests/", "--doctest-modules", "lecturekit/"]
        if nb_paths:
            args += ["--nbval", *nb_paths, "--nbval-current-env", f"--nbval-cell-timeout={NOTEBOOK_TIMEOUT}",
                     "--nbval-sanitize-with", relative(SANITIZE_FILE)]
        what = "unit tests, doctests" + (" (not the grader's)" if opts["grader"] == "without" else "")
        if chapters:
            names = ", ".join(p.stem for p in chapters)
            its = "its" if len(chapters) == 1 else "their"
            title = (f"{names}: strict nbval, {its} tests, {its} exercise checks and wrong answers"
                     + (f" (not {its} grading run)" if opts["grader"] == "without" else f", {its} grading run"))
            key = "main:chapter:" + "+".join(p.stem for p in chapters)
        else:
            title = f"{what} and strict nbval of {n_nb} notebooks"
            key = "main:no-grader" if opts["grader"] == "without" else "main:all"
    args += selection + ["-m", " and ".join(marks)]
    if workers > 1 and "-n" not in opts["pytest"]:
        # pytest-xdist, each file (each notebook: its cells share one kernel) on
        # one worker: on 2 cores this cuts the notebooks' wall time by a third.
        args += ["-n", str(workers), "--dist", "loadfile"]
    plan = [(key, title + (f", {workers} workers" if workers > 1 else ""), "main", args + opts["pytest"])]
    if nb_paths and not opts["one_kernel"]:
        which = ", ".join(p.stem for p in chapters) if chapters else f"the {n_nb} notebooks"
        plan.append(("kernels:all" if scope == "all" else "kernels:chapter:" + "+".join(p.stem for p in chapters),
                     f"{which} again under each of two other BLAS kernels", "kernels", nb_paths))
    if opts["browser"]:
        plan.append((f"browser:{scope}", "the browser tests (JupyterLab and the HTML export in chromium)",
                     "browser", ["tests/browser/", "-m", "browser", *selection, *opts["pytest"]]))
    return plan


def _recorded_times():
    try:
        return json.loads((VENV / TEST_TIMES).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _estimate(key, recorded):
    """(seconds, where the figure comes from) for one part of the plan; a part of
    several chapters ("main:chapter:04_perceptron+07_lms") is the sum of each."""
    if key in recorded:
        return recorded[key], "last run here"
    head, _, stems = key.rpartition(":")
    if "+" in stems:
        parts = [_estimate(f"{head}:{stem}", recorded) for stem in stems.split("+")]
        if any(seconds is None for seconds, _ in parts):
            return None, "not measured"
        sources = sorted({source for _, source in parts})
        return sum(seconds for seconds, _ in parts), " and ".join(sources)
    generic = key if key in MEASURED_SECONDS else key.rsplit(":", 1)[0]
    if generic in MEASURED_SECONDS:
        return MEASURED_SECONDS[generic], "measured on a busy 2-core machine"
    return None, "not measured"


def _duration(seconds):
    seconds = int(round(seconds))
    return f"{seconds} s" if seconds < 90 else f"{round(seconds / 60)} min"


def describe_plan(plan, extra_args):
    """The text `test` prints before it starts: each part, about how long, the total."""
    recorded = _recorded_times()
    lines, total, known = ["course.py test will run:"], 0.0, True
    for k, (key, title, kind, _) in enumerate(plan, 1):
        seconds, source = _estimate(key, recorded)
        times = 2 if kind == "kernels" else 1
        if seconds is None:
            known = False
            lines.append(f"  {k}. {title} (no time measured yet: this run records one)")
            continue
        total += seconds * times
        each = f"about {_duration(seconds)} each" if times > 1 else f"about {_duration(seconds)}"
        lines.append(f"  {k}. {title}: {each} ({source})")
    if known and len(plan) > 1:
        lines.append(f"  in all about {_duration(total)}")
    if extra_args:
        lines.append(f"  (with your pytest arguments {' '.join(extra_args)}: perhaps much less)")
    lines.append("pytest shows its progress (a dot per test, the percentage done at the end of each line); "
                 "Ctrl-C stops it.")
    if not any(key.startswith("main:chapter") or key == "main:grader" for key, *_ in plan):
        lines.append("One chapter: --chapter 04; the grader's tests alone: --grader; all but them: "
                     "--no-grader (python3 course.py test --help).")
    return "\n".join(lines)


def _record_time(key, seconds):
    recorded = _recorded_times()
    recorded[key] = round(seconds)
    try:
        (VENV / TEST_TIMES).write_text(json.dumps(recorded, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    except OSError:
        pass


def cmd_test(args):
    """Set up, then run the tests: every test, one chapter's or the grader's
    (see HELP["test"])."""
    try:
        opts = parse_test_args(args)
    except UsageError as exc:
        print(f"test: {exc}\n(python3 course.py test --help says more)", file=sys.stderr)
        return 2
    if opts["latest"]:
        use_latest()
    workers = min(os.cpu_count() or 1, 4)
    plan = test_plan(opts, workers)
    print(describe_plan(plan, opts["pytest"]), flush=True)

    code = setup(BROWSER_EXTRAS if opts["browser"] else EXTRAS)
    if code != 0:
        return code
    if opts["browser"] and find_chromium() is None:
        print("(no chromium found: the browser tests will be skipped; on Debian: "
              "sudo apt-get install chromium)", flush=True)
    if not notebooks():
        print("(no notebooks/*.ipynb yet; skipping the nbval part)", flush=True)

    # Notebooks run here exactly as `regen` runs them (same hash seed).
    env = dict(os.environ, PYTHONHASHSEED="0")
    if LATEST:  # the test that installed versions equal the lock does not apply
        env["LECTUREKIT_LATEST"] = "1"
    base = [str(venv_python()), "-m", "pytest"]
    stop_on_failure = "-x" in opts["pytest"] or "--exitfirst" in opts["pytest"]
    failed, started = [], time.monotonic()
    for k, (key, title, kind, part_args) in enumerate(plan, 1):
        if failed and stop_on_failure:
            break
        print(f"\n== [{k}/{len(plan)}] {title}", flush=True)
        began = time.monotonic()
        if kind == "kernels":
            part = run_notebooks_under_kernels(env, part_args, workers)
        else:
            part = run(base + part_args, env=env)
            if part == 5:
                print("pytest collected no tests: that means something is wrong "
                      "(a bad path or -k/-m filter?).", file=sys.stderr)
        spent = time.monotonic() - began
        print(f"== [{k}/{len(plan)}] {'passed' if part == 0 else 'FAILED'} in {_duration(spent)}", flush=True)
        if part == 0 and not opts["pytest"]:
            _record_time(key, spent / (2 if kind == "kernels" else 1))
        if part != 0:
            failed.append((k, title, part))
    total = _duration(time.monotonic() - started)
    if failed:
        print(f"\nFAILED after {total}: " + "; ".join(f"[{k}] {title}" for k, title, _ in failed),
              file=sys.stderr)
        return failed[0][2]
    print(f"\nall passed in {total}", flush=True)
    return 0


def cmd_regen(args):
    """Re-execute chapters in place (default: all), one at a time, and write
    each back clean (see clean_notebook)."""
    flags = [a for a in args if a.startswith("-")]
    if flags:
        print(f"regen: unknown option {flags[0]}; it takes chapters: regen 04 (none: every chapter)",
              file=sys.stderr)
        return 2
    try:
        paths = chapter_paths(args) if args else notebooks()
    except UsageError as exc:
        print(f"regen: {exc}", file=sys.stderr)
        return 2
    if not paths:
        print("no notebooks/*.ipynb to regenerate", file=sys.stderr)
        return 1
    code = setup()
    if code != 0:
        return code
    env = dict(os.environ, PYTHONHASHSEED="0")
    env.pop("MPLBACKEND", None)  # let the kernel use its inline backend
    for k, path in enumerate(paths, 1):
        began = time.monotonic()
        print(f"== [{k}/{len(paths)}] {relative(path)}", flush=True)
        code = run([str(venv_python()), "-m", "jupyter", "execute", "--inplace",
                    f"--timeout={NOTEBOOK_TIMEOUT}", relative(path)], env=env)
        if code != 0:
            print(f"regen stopped: {relative(path)} failed", file=sys.stderr)
            return code
        clean_notebook_file(path)
        print(f"   done in {_duration(time.monotonic() - began)}", flush=True)
    return 0


def cmd_sweep(args):
    """Set up, then run strict nbval on the given notebooks (default: all)
    with OPENBLAS_CORETYPE unset and set to each kernel type in CORETYPES."""
    code = setup()
    if code != 0:
        return code
    paths = [relative(Path(a).resolve()) for a in args] or [relative(p) for p in notebooks()]
    missing = [p for p in paths if not (ROOT / p).exists()]
    if missing or not paths:
        print(f"sweep takes notebook paths; not found: {', '.join(missing) or 'notebooks/*.ipynb'}",
              file=sys.stderr)
        return 2
    workers = min(os.cpu_count() or 1, 4)
    results, ran = [], {}
    default_kernel = blas_kernel(kernel_env(None))
    for coretype in (None, *CORETYPES):
        env = kernel_env(coretype)
        name = "unset" if coretype is None else coretype
        kernel = blas_kernel(env)
        if kernel is None and coretype is not None and default_kernel is not None:
            results.append((name, None, "this processor cannot run that kernel: not run"))
            continue
        if kernel is not None and kernel in ran:
            results.append((name, kernel, f"same kernel as {ran[kernel]}: not run again"))
            continue
        ran[kernel] = name
        print(f"== OPENBLAS_CORETYPE={name} (kernel {kernel or 'unknown: not OpenBLAS?'})", flush=True)
        code = run(nbval_command(paths, workers), env=env)
        results.append((name, kernel, "passed" if code == 0 else f"FAILED (exit code {code})"))
    print("\nstrict nbval on " + ", ".join(paths))
    for name, kernel, outcome in results:
        print(f"  OPENBLAS_CORETYPE={name:12s} kernel {kernel or '?':12s} {outcome}")
    return 1 if any(outcome.startswith("FAILED") for _, _, outcome in results) else 0


def cmd_lock(args):
    """Refresh requirements/lock.txt (newest releases; --keep: keep what it can),
    copy its versions into environment.yml, reinstall .venv, regenerate the notebooks."""
    keep = "--keep" in args
    if [a for a in args if a != "--keep"]:
        print("lock takes only --keep", file=sys.stderr)
        return 2
    code = setup()
    if code != 0:
        return code
    python = str(venv_python())
    have_uv = subprocess.run([python, "-m", "uv", "--version"], capture_output=True, check=False)
    if have_uv.returncode != 0:
        code = run([python, "-m", "pip", "install", "uv"])
        if code != 0:
            return code
    code = run([python, "-m", "uv", "pip", "compile", relative(PYPROJECT), relative(LOCK_INPUT),
                "--all-extras", "--universal", "--python-version", LOCK_PYTHON,
                *([] if keep else ["--upgrade"]), "-o", relative(LOCK),
                "--custom-compile-command", "python3 course.py lock"])
    if code != 0:
        return code
    code = run([python, relative(ROOT / "requirements" / "pin_environment.py")])
    if code != 0:
        return code
    code = setup()  # the lock changed, so this reinstalls with it
    if code != 0:
        return code
    code = cmd_regen([])
    if code == 0:
        print("The lock, environment.yml and the notebooks' outputs are refreshed. Now run "
              "`python3 course.py test`, read `git diff notebooks/`, and commit.", flush=True)
    return code


def cmd_export(args):
    """Set up, then write the course as static HTML (tools/export_html.py)."""
    code = setup()  # nbconvert comes with jupyterlab ([lab])
    if code != 0:
        return code
    return run([str(venv_python()), relative(ROOT / "tools" / "export_html.py"), *args])


def cmd_bench(args):
    """Set up, then run benchmarks/run.py."""
    script = ROOT / "benchmarks" / "run.py"
    if not script.exists():
        print("benchmarks/run.py does not exist yet; nothing to run", file=sys.stderr)
        return 1
    code = setup()
    if code != 0:
        return code
    return run([str(venv_python()), relative(script), *args])


def cmd_grade(args):
    """Set up only what grading needs, then grade: `course.py grade ARGS` runs
    `python -m lecturekit.homework grade ARGS` (one student's notebook, or a
    folder of submissions with --out; docs/instructors.md). The set-up is the
    [lab] extra (nbformat, IPython, the course's libraries) and [cluster] (Dask,
    tqdm): not the test suite, so an instructor grades minutes after cloning."""
    if not args:
        print("usage: python3 course.py grade STUDENT.ipynb|SUBMISSIONS/ --instructor NOTEBOOK|FOLDER "
              "[--out REPORTS/ --roster CLASS.csv ...]\n"
              "       python3 course.py grade -- --help   (every option; docs/instructors.md explains them)",
              file=sys.stderr)
        return 2
    here = os.getcwd()   # the instructor's paths are relative to where they typed the command
    code = setup("lab,cluster")
    if code != 0:
        return code
    cmd = [str(venv_python()), "-m", "lecturekit.homework", "grade", *args]
    print("+ " + " ".join(_quote(part) for part in cmd), flush=True)
    child = subprocess.Popen(cmd, cwd=here)   # as run() does, but in the instructor's folder
    forward = os.name == "posix"
    if forward:   # a SIGTERM to course.py stops the grader too
        previous = signal.signal(signal.SIGTERM, lambda signum, frame: child.send_signal(signum))
    try:
        while True:
            try:
                return child.wait()
            except KeyboardInterrupt:   # Ctrl-C reaches the grader too: it stops cleanly, then we return
                continue
    finally:
        if forward:
            signal.signal(signal.SIGTERM, previous)


COMMANDS = {
    "grade": cmd_grade,
    "lab": cmd_lab,
    "progress": cmd_progress,
    "test": cmd_test,
    "regen": cmd_regen,
    "sweep": cmd_sweep,
    "lock": cmd_lock,
    "export": cmd_export,
    "bench": cmd_bench,
}


# What `python3 course.py COMMAND --help` prints (the module docstring says the
# rest). A command without an entry here prints its function's docstring.
HELP = {
    "lab": """\
usage: python3 course.py lab [--instructor] [--no-solutions] [-- JUPYTER LAB ARGS...]

Set up (a learner's install into .venv: what the chapters need to run), then
open JupyterLab on your own copy of the course, my-work/, at its start page
START.ipynb. Your copies are never overwritten; a chapter updated upstream
takes your answers along (lecturekit/learner.py says how).

  --instructor     open the instructor versions in notebooks/ instead
  --no-solutions   make my-work/ without the collapsed reference solutions
  -- ARGS          pass ARGS to `jupyter lab` (e.g. -- --port 8890)""",
    "progress": """\
usage: python3 course.py progress [--chapter STEM] [--timeout S]

Set up (a learner's install), then grade your saved copies in my-work/
without changing them, and print each exercise's status (not started, tried,
done) and points, the chapter totals and what to do next.

  --chapter STEM   only this chapter (e.g. 04_perceptron)
  --timeout S      seconds per cell (default 30)""",
    "test": """\
usage: python3 course.py test [--chapter NN]... [--grader | --no-grader] [--browser]
                              [--one-kernel] [--latest] [PYTEST ARGS...] [-- PYTEST ARGS...]

Set up (.venv with the test tools), say what will run and about how long,
then run it with pytest's progress shown:
  1. the unit tests, the doctests of lecturekit/ and strict nbval of every
     chapter (pytest-xdist, one file per worker);
  2. the chapters again under each of two other OpenBLAS kernel types, so an
     output that hangs on the last bit of a sum fails here.

  --chapter NN   only what concerns chapter NN (4, 04, 04_perceptron or the
                 notebook's path; repeat it for more): strict nbval of its
                 notebook and the kernel passes, tests/test_chapter_NN.py, the
                 doctests of lecturekit/exercises/chNN.py, and every test whose id
                 names it (its exercise checks, registered wrong answers and
                 grading run)
  --grader       only the grader's tests (marker `grader`: tests/test_homework*.py,
                 tests/test_class_*.py, the doctests of lecturekit/homework/)
  --no-grader    everything but the grader's tests (a quarter less time)
  --browser      also the browser tests (JupyterLab and the HTML export in
                 headless chromium; installs the [browser] extra; or set
                 LECTUREKIT_BROWSER=1)
  --one-kernel   skip the runs under the other two BLAS kernel types
  --latest       in .venv-latest, with the newest releases instead of the lock

Other arguments go to pytest (-x, -k EXPR, ...); after `--` everything does
(`python3 course.py test -- --help` prints pytest's help).""",
    "regen": """\
usage: python3 course.py regen [NN...]

Set up, then execute the named chapters in place (none: every chapter), one at
a time, to refresh their saved outputs, and write each back clean: no
execution timestamps, widget model ids numbered from the chapter's name, so
an unchanged chapter gives an empty `git diff`. A chapter is its number (4 or
04), its stem (04_perceptron) or its path. Then run
`python3 course.py test --chapter NN` and commit.""",
    "grade": """\
usage: python3 course.py grade STUDENT.ipynb|SUBMISSIONS/ --instructor NOTEBOOK|FOLDER [OPTIONS...]

Set up only what grading needs (the [lab] and [cluster] extras, not the test
tools), then grade with `python -m lecturekit.homework grade OPTIONS...`, in the
folder you are in: one student's notebook (--json REPORT.json), or a folder of
submissions, one per student (--out REPORTS/: reports, gradebooks, feedback to
hand back), in the bubblewrap sandbox. Among the options: --jobs N, --scheduler
local|tcp://HOST:8786, --roster CLASS.csv, --manual SHEET.csv, --regrade,
--timeout S, --unsandboxed. `python3 course.py grade -- --help` lists every
option (after the set-up); docs/instructors.md explains them.""",
    "lock": """\
usage: python3 course.py lock [--keep]

Move requirements/lock.txt to the newest releases (with uv, for Python 3.10 to
3.13 on Linux, macOS and Windows), copy the versions into environment.yml,
reinstall .venv and regenerate every chapter's outputs; then run the tests
and commit.

  --keep   keep every version the lock can keep (after a dependency was added
           to pyproject.toml)""",
    "sweep": """\
usage: python3 course.py sweep [NOTEBOOK...]

Set up, then run strict nbval on the given notebooks (none: every chapter) with
OPENBLAS_CORETYPE unset and set to each of Prescott, SkylakeX, Haswell and
Sandybridge, and print which kernel really ran each time.""",
    "export": """\
usage: python3 course.py export [ARGS...]

Set up, then write the course as static HTML pages with live widgets to
build/html/ (tools/export_html.py; `python3 course.py export -- --help`
prints its options). Needs npm once, to fetch the widget manager, require.js
and MathJax into build/npm-cache/.""",
    "bench": """\
usage: python3 course.py bench [ARGS...]

Set up, then run benchmarks/run.py (`python3 course.py bench -- --help`
prints its options).""",
}


def command_help(name):
    """The help text of one command."""
    import inspect

    return HELP.get(name) or inspect.getdoc(COMMANDS[name]) or f"python3 course.py {name}"


def wants_help(args):
    """True if -h/--help comes before any `--` (after it, arguments belong to the tool run)."""
    for arg in args:
        if arg == "--":
            return False
        if arg in ("-h", "--help"):
            return True
    return False


def main(argv):
    """Dispatch `course.py COMMAND [args...]`.

    `--help` or `-h` after a command prints that command's help and stops:
    nothing is installed and nothing runs. `--` passes what follows to the
    tool the command runs (pytest, jupyter lab, ...).
    """
    if not argv or argv[0] in ("-h", "--help", "help"):
        if len(argv) > 1 and argv[0] == "help" and argv[1] in COMMANDS:
            print(command_help(argv[1]))
            return 0
        print(__doc__)
        return 0 if argv else 2
    name, args = argv[0], argv[1:]
    if name not in COMMANDS:
        print(f"course.py: unknown command {name!r}; the commands are: {', '.join(COMMANDS)} "
              "(python3 course.py --help says what each does)", file=sys.stderr)
        return 2
    if wants_help(args):
        print(command_help(name))
        return 0
    if "--" in args and name != "test":  # test reads its own `--`
        cut = args.index("--")
        args = args[:cut] + args[cut + 1:]
    try:
        return COMMANDS[name](args)
    except KeyboardInterrupt:  # Ctrl-C, e.g. to stop JupyterLab: no traceback
        return 130


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
