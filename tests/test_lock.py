"""requirements/lock.txt: the exact versions the notebooks' outputs were made
with, which `course.py lab` and `course.py test` install (pip -c)."""

import importlib.metadata
import importlib.util
import itertools
import os
import sys
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements" / "lock.txt"

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: tomllib is new in 3.11
    tomllib = pytest.importorskip("tomli", reason="reading pyproject.toml on 3.10 needs tomli")


def lock_entries():
    """[(Requirement, version)] of every line of the lock."""
    entries = []
    for line in LOCK.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            req = Requirement(line)
            (spec,) = req.specifier
            assert spec.operator == "==", f"the lock pins exactly; got {line!r}"
            entries.append((req, spec.version))
    return entries


def test_installed_versions_are_the_versions_of_the_lock():
    if os.environ.get("LECTUREKIT_LATEST") == "1":
        pytest.skip("`course.py test --latest` runs against the newest releases, not the lock")
    checked, differ = [], {}
    for req, version in lock_entries():
        if req.marker is not None and not req.marker.evaluate():
            continue
        try:
            installed = importlib.metadata.version(req.name)
        except importlib.metadata.PackageNotFoundError:
            continue  # an extra that is not installed here (say [browser])
        checked.append(canonicalize_name(req.name))
        if installed != version:
            differ[req.name] = (installed, version)
    assert not differ, (
        f"installed versions differ from requirements/lock.txt, as (installed, locked): {differ}. "
        "`python3 course.py test` installs the lock into .venv; other versions may print other outputs.")
    assert {"numpy", "matplotlib", "ipykernel", "ipywidgets", "nbval", "pytest"} <= set(checked)


PYTHONS = ("3.10", "3.11", "3.12", "3.13")
PLATFORMS = {"linux": ("Linux", "posix"), "darwin": ("Darwin", "posix"), "win32": ("Windows", "nt")}


def markers(python, platform):
    system, os_name = PLATFORMS[platform]
    return {"python_version": python, "python_full_version": f"{python}.0", "sys_platform": platform,
            "platform_system": system, "os_name": os_name, "implementation_name": "cpython",
            "platform_python_implementation": "CPython", "platform_machine": "x86_64"}


def test_the_lock_pins_every_requirement_of_pyproject_for_every_python_and_platform():
    # the lock covers pyproject.toml's dependencies and all its extras, within their
    # ranges, for Python 3.10 to 3.13 on Linux, macOS and Windows: one pin each
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = [Requirement(t) for t in project["dependencies"]]
    wanted += [Requirement(t) for extra in project["optional-dependencies"].values() for t in extra]
    wanted = [r for r in wanted if canonicalize_name(r.name) != "lecturekit"]
    entries = lock_entries()
    for python, platform in itertools.product(PYTHONS, PLATFORMS):
        env = markers(python, platform)
        pins = {}
        for req, version in entries:
            if req.marker is None or req.marker.evaluate(env):
                name = canonicalize_name(req.name)
                assert name not in pins, f"the lock pins {name} twice for Python {python} on {platform}"
                pins[name] = version
        for req in wanted:
            if req.marker is not None and not req.marker.evaluate(env):
                continue
            name = canonicalize_name(req.name)
            assert name in pins, f"the lock has no {name} for Python {python} on {platform}: run `python3 course.py lock --keep`"
            assert req.specifier.contains(pins[name], prereleases=True), (
                f"the lock's {name}=={pins[name]} is outside pyproject.toml's {req.specifier}")


def test_the_lock_was_made_by_course_py_lock():
    text = LOCK.read_text()
    assert "python3 course.py lock" in text.splitlines()[1]
    assert "/tmp" not in text and "/work" not in text  # no machine paths


# --------------------------------------------------------------------------
# course.py installs with the lock (and without it for --latest)
# --------------------------------------------------------------------------

def _course():
    spec = importlib.util.spec_from_file_location("course_under_test", ROOT / "course.py")
    course = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(course)
    return course


def _pip_command_of_setup(course, tmp_path, monkeypatch):
    # a stand-in .venv whose python "exists", so setup() goes straight to pip
    monkeypatch.setattr(course, "VENV", tmp_path / "venv")
    monkeypatch.setattr(course, "STAMP", tmp_path / "venv" / ".lecturekit-stamp")
    python = course.venv_python()
    python.parent.mkdir(parents=True)
    python.write_text("")
    ran = []
    monkeypatch.setattr(course, "run", lambda cmd, env=None: ran.append(cmd) or 0)
    monkeypatch.setattr(course, "pip_install", lambda cmd, *a, **k: ran.append(cmd) or 0)
    assert course.setup("test,lab") == 0
    (pip,) = [cmd for cmd in ran if "pip" in cmd]
    return pip


def test_setup_installs_with_the_lock_as_constraints(tmp_path, monkeypatch):
    course = _course()
    pip = _pip_command_of_setup(course, tmp_path, monkeypatch)
    assert pip[pip.index("-c") + 1] == "requirements/lock.txt"
    assert pip[pip.index("-e") + 1] == ".[test,lab]"


def test_setup_for_latest_upgrades_everything_and_ignores_the_lock(tmp_path, monkeypatch):
    course = _course()
    monkeypatch.setattr(course, "LATEST", True)
    pip = _pip_command_of_setup(course, tmp_path, monkeypatch)
    assert "-c" not in pip and "--upgrade" in pip


def test_editing_the_lock_makes_setup_reinstall(tmp_path, monkeypatch):
    course = _course()
    lock = tmp_path / "lock.txt"
    lock.write_text("numpy==2.4.6\n")
    monkeypatch.setattr(course, "LOCK", lock)
    before = course.pyproject_hash()
    lock.write_text("numpy==2.4.7\n")
    assert course.pyproject_hash() != before
