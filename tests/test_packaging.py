"""Checks on the project's own set-up files: pyproject.toml, environment.yml,
README.md and .ci/run must agree with each other, and `import lecturekit`
must stay light."""

import importlib.util
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: tomllib is new in 3.11
    tomllib = pytest.importorskip("tomli", reason="reading pyproject.toml on 3.10 needs tomli")


# --------------------------------------------------------------------------
# pyproject.toml, environment.yml and the lock agree
# --------------------------------------------------------------------------
# pyproject.toml keeps ranges (for people who install the library alone);
# environment.yml pins the versions of requirements/lock.txt, as `course.py
# lock` writes them there (requirements/pin_environment.py).

REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")


def normalise(name):
    """Distribution names compare lowercase with '-' for '_' (and '.')."""
    return re.sub(r"[-_.]+", "-", name).lower()


def add_requirement(found, text, where):
    """Record a requirement in {name: SpecifierSet}, refusing two different ones."""
    req = Requirement(text)
    name = normalise(req.name)
    if name in found and found[name] != req.specifier:
        pytest.fail(f"{where} gives {name} two version ranges: {found[name]} and {req.specifier}")
    found[name] = req.specifier


def pyproject_requirements():
    """{name: SpecifierSet} over dependencies and every extra, minus lecturekit itself."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    texts = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        texts += extra
    found = {}
    for text in texts:
        if normalise(REQUIREMENT.match(text).group(1)) != "lecturekit":
            add_requirement(found, text, "pyproject.toml")
    return found


def read_conda_dependencies(text):
    """Parse the `dependencies:` list of a simple environment.yml.

    Handles exactly the shape we write: `- item` lines under `dependencies:`
    and one nested `- pip:` list. Returns (conda_items, pip_items).
    """
    conda, pip = [], []
    in_dependencies = in_pip = False
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        item = line.strip()
        if indent == 0:  # a top-level key such as `name:` or `dependencies:`
            in_dependencies = item == "dependencies:"
            in_pip = False
        elif in_dependencies and item.startswith("- "):
            value = item[2:].strip()
            if value == "pip:":
                in_pip, pip_indent = True, indent
            elif in_pip and indent > pip_indent:
                pip.append(value)
            else:
                in_pip = False
                conda.append(value)
    return conda, pip


def environment_requirements():
    """{name: SpecifierSet} from environment.yml, minus python, pip and pip's options (`-e .`, `-c ...`)."""
    conda, pip = read_conda_dependencies((ROOT / "environment.yml").read_text())
    found = {}
    for text in conda + pip:
        if text.startswith("-") or normalise(REQUIREMENT.match(text).group(1)) in ("python", "pip"):
            continue
        add_requirement(found, text, "environment.yml")
    return found


def test_environment_yml_parser_reads_pip_sublist():
    conda, pip = read_conda_dependencies(
        "name: x\ndependencies:\n  - python>=3.10\n  - pip\n  - pip:\n      - a>=1\n      - -e .\n"
    )
    assert conda == ["python>=3.10", "pip"]
    assert pip == ["a>=1", "-e ."]


def test_pyproject_and_environment_yml_list_the_same_packages():
    pyproject = pyproject_requirements()
    environment = environment_requirements()

    missing_from_env = sorted(set(pyproject) - set(environment))
    missing_from_pyproject = sorted(set(environment) - set(pyproject))
    assert not (missing_from_env or missing_from_pyproject), (
        f"missing from environment.yml: {missing_from_env}; "
        f"missing from pyproject.toml: {missing_from_pyproject}"
    )
    # every pin of environment.yml lies in pyproject.toml's range
    outside = {name: (str(environment[name]), str(pyproject[name])) for name in pyproject
               if not all(pyproject[name].contains(spec.version) for spec in environment[name])}
    assert not outside, f"environment.yml pins outside pyproject.toml's ranges, as (pin, range): {outside}"


def _pin_environment():
    spec = importlib.util.spec_from_file_location("pin_environment", ROOT / "requirements" / "pin_environment.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_environment_yml_pins_every_package_at_the_version_of_the_lock():
    pin = _pin_environment()
    environment = environment_requirements()
    versions = pin.lock_versions()
    for name, spec in environment.items():
        (only,) = spec  # exactly one `==` each
        assert only.operator == "==", f"environment.yml gives {name} a range ({spec}), not a pin"
        assert only.version == versions[name], (
            f"environment.yml pins {name}=={only.version} but requirements/lock.txt has {versions[name]}: "
            "run `python3 course.py lock --keep` (it copies the lock's versions into environment.yml)")
    text = (ROOT / "environment.yml").read_text()
    assert pin.pinned(text, versions) == text
    assert "-c requirements/lock.txt" in read_conda_dependencies(text)[1]


def test_pin_environment_pins_conda_and_pip_items_and_leaves_the_rest():
    pin = _pin_environment()
    text = ("name: x\nchannels:\n  - conda-forge\ndependencies:\n  - python>=3.11\n  - numpy>=1.26  # why\n"
            "  - pip\n  - pip:\n      - -c requirements/lock.txt\n      - play_wright>=1\n      - -e .\n")
    assert pin.pinned(text, {"numpy": "2.0.1", "play-wright": "1.2"}) == (
        "name: x\nchannels:\n  - conda-forge\ndependencies:\n  - python>=3.11\n  - numpy==2.0.1  # why\n"
        "  - pip\n  - pip:\n      - -c requirements/lock.txt\n      - play_wright==1.2\n      - -e .\n")
    with pytest.raises(SystemExit, match="pins no version of numpy"):
        pin.pinned(text, {"play-wright": "1.2"})


# --------------------------------------------------------------------------
# `import lecturekit` stays light
# --------------------------------------------------------------------------

HEAVY = ["matplotlib", "ipywidgets", "sklearn", "scipy", "numba", "IPython"]


def test_import_lecturekit_loads_numpy_but_nothing_heavy():
    code = "import json, sys, lecturekit; print(json.dumps(sorted(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT,
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, f"`import lecturekit` failed:\n{result.stderr}"
    top_level = {name.split(".")[0] for name in json.loads(result.stdout)}

    assert "numpy" in top_level, "lecturekit is expected to import numpy"
    loaded = [name for name in HEAVY if name in top_level]
    assert not loaded, f"`import lecturekit` should import these lazily, but loaded: {loaded}"



def test_import_nbformat_compiles_no_grammars():
    """nbval, the grader, nbclient and the lab all import nbformat, which imports
    jsonschema. jsonschema >= 4.25 imports rfc3987-syntax, which compiles 38 Lark
    grammars (2.3-2.8 s here) in every such process; pyproject.toml keeps it below."""
    code = "import json, sys, nbformat; print(json.dumps(sorted(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT,
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, f"`import nbformat` failed:\n{result.stderr}"
    top_level = {name.split(".")[0] for name in json.loads(result.stdout)}
    assert "jsonschema" in top_level   # the path this test is about is still taken
    loaded = sorted({"rfc3987_syntax", "lark"} & top_level)
    assert not loaded, (f"`import nbformat` loaded {loaded}: install jsonschema<4.25 "
                        "(python3 course.py test does: see pyproject.toml)")


# --------------------------------------------------------------------------
# README's commands are the ones CI and users run
# --------------------------------------------------------------------------

def fenced_lines(markdown):
    """All lines inside ``` fenced blocks, stripped."""
    lines, inside = [], False
    for line in markdown.splitlines():
        if line.strip().startswith("```"):
            inside = not inside
        elif inside:
            lines.append(line.strip())
    return lines


def test_ci_runs_the_readme_test_command():
    readme = fenced_lines((ROOT / "README.md").read_text(encoding="utf-8"))
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]

    assert "python3 course.py test" in readme, "README.md has no fenced `python3 course.py test`"
    assert "python3 course.py lab" in readme, "README.md has no fenced `python3 course.py lab`"
    assert "python3 course.py test" in ci, ".ci/run does not run `python3 course.py test`"


def _running(pid):
    """True while pid is a live process (a zombie waiting to be reaped counts as gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc (Linux)")
def test_course_py_passes_sigterm_on_to_what_it_runs(tmp_path):
    # `course.py lab` runs JupyterLab through course.run: when course.py is told to stop,
    # the lab must stop too, not live on as an orphan
    pid_file = tmp_path / "child.pid"
    child = f"import os, time; open({str(pid_file)!r}, 'w').write(str(os.getpid())); time.sleep(120)"
    parent = (f"import sys; sys.path.insert(0, {str(ROOT)!r}); import course; "
              f"sys.exit(course.run([sys.executable, '-c', {child!r}]))")
    process = subprocess.Popen([sys.executable, "-c", parent], stdout=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while not pid_file.exists() or not pid_file.read_text():
            assert time.monotonic() < deadline, "the child never started"
            time.sleep(0.05)
        child_pid = int(pid_file.read_text())
        process.terminate()
        assert process.wait(timeout=30) != 0
        deadline = time.monotonic() + 30
        while _running(child_pid):
            assert time.monotonic() < deadline, "the command course.py ran outlived it"
            time.sleep(0.05)
    finally:
        if process.poll() is None:
            process.kill()
