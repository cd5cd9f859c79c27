#!/usr/bin/env python3
"""The one entry point of the lecturekit course.

Usage:
    python3 course.py lab   [--instructor] [--no-solutions] [jupyter lab args...]
                                                    set up, then open your own copy of the course
                                                    (my-work/) on its start page, START.ipynb
                                                    (--instructor opens notebooks/)
    python3 course.py progress [--chapter STEM] [--timeout S]
                                                    grade your saved copies: status and points
                                                    per exercise, chapter totals, what is next
    python3 course.py test  [--browser] [--one-kernel] [--latest] [pytest args...]
                                                    set up, then run every test
    python3 course.py lock  [--keep]                refresh requirements/lock.txt, reinstall, regen
    python3 course.py sweep [notebooks...]          strict nbval under each BLAS kernel type
    python3 course.py regen                         re-execute every notebook in place
    python3 course.py export [args...]              write the course as static HTML to build/html/
    python3 course.py bench [args...]               run benchmarks/run.py

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

`export` runs tools/export_html.py (see its --help): it needs npm once, to
fetch the widget manager, require.js and MathJax into build/npm-cache/.

Only the Python standard library is used here, so this script runs on any
Python 3.10+ before anything is installed.
"""

import hashlib
import importlib.util
import os
import shutil
import signal
import subprocess
import sys
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

_KERNEL_PROBE = (
    "import numpy, threadpoolctl\n"
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
    MKL) or threadpoolctl is missing: then OPENBLAS_CORETYPE changes nothing."""
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


def cmd_test(args):
    """Set up, then run unit tests, doctests and every notebook (strict nbval).

    Browser tests (marker `browser`) run only with --browser or
    LECTUREKIT_BROWSER=1; then the [browser] extra is installed too.
    """
    browser = os.environ.get("LECTUREKIT_BROWSER") == "1"
    if "--browser" in args:
        browser = True
        args = [a for a in args if a != "--browser"]
    one_kernel = "--one-kernel" in args
    if "--latest" in args:
        use_latest()
    args = [a for a in args if a not in ("--one-kernel", "--latest")]

    code = setup(BROWSER_EXTRAS if browser else EXTRAS)
    if code != 0:
        return code
    if browser and find_chromium() is None:
        print("(no chromium found: the browser tests will be skipped; on Debian: "
              "sudo apt-get install chromium)", flush=True)

    base = [str(venv_python()), "-m", "pytest"]
    cmd = base + ["tests/", "--doctest-modules", "lecturekit/"]
    if notebooks():
        cmd += ["--nbval", "notebooks/",
                "--nbval-current-env",
                f"--nbval-cell-timeout={NOTEBOOK_TIMEOUT}",
                "--nbval-sanitize-with", relative(SANITIZE_FILE)]
    else:
        print("(no notebooks/*.ipynb yet; skipping the nbval part)", flush=True)
    cmd += ["-m", "not browser"]
    workers = min(os.cpu_count() or 1, 4)
    if workers > 1 and "-n" not in args:
        # pytest-xdist, each file (each notebook: its cells share one kernel) on
        # one worker: on 2 cores this cuts the notebooks' wall time by a third.
        cmd += ["-n", str(workers), "--dist", "loadfile"]
    cmd += args

    # Notebooks run here exactly as `regen` runs them (same hash seed).
    env = dict(os.environ, PYTHONHASHSEED="0")
    if LATEST:  # the test that installed versions equal the lock does not apply
        env["LECTUREKIT_LATEST"] = "1"
    code = run(cmd, env=env)
    if code == 5:
        print("pytest collected no tests: that means something is wrong "
              "(a bad path or -k/-m filter?).", file=sys.stderr)
    stop_early = code != 0 and ("-x" in args or "--exitfirst" in args)
    if notebooks() and not one_kernel and not stop_early:
        code = run_notebooks_under_kernels(env, ["notebooks/"], workers) or code
    if browser:
        # One process for the browser tests: one JupyterLab and one chromium
        # serve them all, one notebook at a time.
        browser_code = run(base + ["tests/browser/", "-m", "browser", *args], env=env)
        if browser_code == 5:
            print("pytest collected no browser tests.", file=sys.stderr)
        code = code or browser_code
    return code


def cmd_regen(args):
    """Re-execute every notebook in place, one at a time, to refresh its outputs."""
    if args:
        print("regen takes no arguments", file=sys.stderr)
        return 2
    code = setup()
    if code != 0:
        return code

    paths = notebooks()
    if not paths:
        print("no notebooks/*.ipynb to regenerate", file=sys.stderr)
        return 1
    env = dict(os.environ, PYTHONHASHSEED="0")
    env.pop("MPLBACKEND", None)  # let the kernel use its inline backend
    for path in paths:
        code = run([str(venv_python()), "-m", "jupyter", "execute", "--inplace",
                    f"--timeout={NOTEBOOK_TIMEOUT}", relative(path)], env=env)
        if code != 0:
            print(f"regen stopped: {relative(path)} failed", file=sys.stderr)
            return code
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
    for coretype in (None, *CORETYPES):
        env = kernel_env(coretype)
        name = "unset" if coretype is None else coretype
        kernel = blas_kernel(env)
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
              "       python3 course.py grade --help   (every option; docs/instructors.md explains them)",
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


def main(argv):
    """Dispatch `course.py COMMAND [args...]`."""
    if not argv or argv[0] in ("-h", "--help", "help") or argv[0] not in COMMANDS:
        print(__doc__)
        return 0 if argv and argv[0] in ("-h", "--help", "help") else 2
    try:
        return COMMANDS[argv[0]](argv[1:])
    except KeyboardInterrupt:  # Ctrl-C, e.g. to stop JupyterLab: no traceback
        return 130


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
