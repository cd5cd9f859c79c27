#!/usr/bin/env python3
"""The one entry point of the lecturekit course.

Usage:
    python3 course.py lab   [jupyter lab args...]   set up, then open the course
    python3 course.py test  [--browser] [pytest args...]
                                                    set up, then run every test
    python3 course.py regen                         re-execute every notebook in place
    python3 course.py bench [args...]               run benchmarks/run.py

Set-up means: make a virtual environment in .venv (once) and install this
project into it, editable, with the extras [test,lab,fast]. The install is
skipped while .venv/.lecturekit-stamp holds the sha256 of pyproject.toml, so
editing pyproject.toml triggers a reinstall.

Only the Python standard library is used here, so this script runs on any
Python 3.10+ before anything is installed.
"""

import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / ".lecturekit-stamp"
PYPROJECT = ROOT / "pyproject.toml"
EXTRAS = "test,lab,fast"
SANITIZE_FILE = ROOT / "nbval_sanitize.cfg"
NOTEBOOK_TIMEOUT = 300  # seconds per cell (nbval) and per notebook cell (regen)


# --------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------

def run(cmd, env=None):
    """Print a command, run it from the repo root and return its exit code."""
    print("+ " + " ".join(_quote(part) for part in cmd), flush=True)
    return subprocess.run(cmd, cwd=ROOT, env=env, check=False).returncode


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
    """sha256 of pyproject.toml: the install is redone whenever it changes."""
    return hashlib.sha256(PYPROJECT.read_bytes()).hexdigest()


def notebooks():
    """All course notebooks, in chapter order."""
    return sorted((ROOT / "notebooks").glob("*.ipynb"))


def relative(path):
    """A path relative to the repo root, for short readable commands."""
    return str(Path(path).relative_to(ROOT))


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


def setup():
    """Make sure .venv exists and holds an up-to-date editable install."""
    if sys.version_info < (3, 10):
        print("lecturekit needs Python 3.10 or newer; this is " + sys.version.split()[0],
              file=sys.stderr)
        return 1
    if not venv_python().exists():
        code = create_venv()
        if code != 0:
            return code

    wanted = pyproject_hash()
    if STAMP.exists() and STAMP.read_text().strip() == wanted:
        print("(.venv is up to date with pyproject.toml; skipping pip install)", flush=True)
        return 0

    code = run([str(venv_python()), "-m", "pip", "install", "-e", f".[{EXTRAS}]"])
    if code != 0:
        print("pip install failed; .venv was left as it is.", file=sys.stderr)
        return code
    STAMP.write_text(wanted + "\n")
    return 0


# --------------------------------------------------------------------------
# subcommands
# --------------------------------------------------------------------------

def cmd_lab(args):
    """Set up, then open the course in JupyterLab."""
    code = setup()
    if code != 0:
        return code
    cmd = [str(venv_python()), "-m", "jupyter", "lab", "notebooks/"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # containers often run as root; Jupyter refuses without it
    return run(cmd + list(args))


def cmd_test(args):
    """Set up, then run unit tests, doctests and every notebook (strict nbval).

    Browser tests (marker `browser`) run only with --browser or
    LECTUREKIT_BROWSER=1.
    """
    browser = os.environ.get("LECTUREKIT_BROWSER") == "1"
    if "--browser" in args:
        browser = True
        args = [a for a in args if a != "--browser"]

    code = setup()
    if code != 0:
        return code

    cmd = [str(venv_python()), "-m", "pytest", "tests/",
           "--doctest-modules", "lecturekit/"]
    if notebooks():
        cmd += ["--nbval", "notebooks/",
                "--nbval-current-env",
                f"--nbval-cell-timeout={NOTEBOOK_TIMEOUT}",
                "--nbval-sanitize-with", relative(SANITIZE_FILE)]
    else:
        print("(no notebooks/*.ipynb yet; skipping the nbval part)", flush=True)
    if not browser:
        cmd += ["-m", "not browser"]
    cmd += args

    # Notebooks run here exactly as `regen` runs them (same hash seed).
    env = dict(os.environ, PYTHONHASHSEED="0")
    code = run(cmd, env=env)
    if code == 5:
        print("pytest collected no tests: that means something is wrong "
              "(a bad path or -k/-m filter?).", file=sys.stderr)
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


COMMANDS = {
    "lab": cmd_lab,
    "test": cmd_test,
    "regen": cmd_regen,
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
