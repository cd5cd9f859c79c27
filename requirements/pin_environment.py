"""Copy the versions of requirements/lock.txt into environment.yml.

`python3 course.py lock` runs this after it refreshes the lock, so conda users
get the versions the notebooks' outputs were made with;
tests/test_packaging.py checks that the two agree. It runs in .venv (it needs
`packaging` to read the lock's environment markers).

environment.yml makes one environment, with a Python from 3.11 on, so it takes
the versions the lock gives Python 3.13 on Linux (the lock forks only at 3.11
and 3.11.5, for releases that dropped Python 3.10).
"""

import re
import sys
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements" / "lock.txt"
ENVIRONMENT = ROOT / "environment.yml"

# The interpreter and platform whose versions environment.yml takes.
CONDA_MARKERS = {
    "python_version": "3.13", "python_full_version": "3.13.0", "implementation_name": "cpython",
    "platform_python_implementation": "CPython", "sys_platform": "linux", "platform_system": "Linux",
    "os_name": "posix", "platform_machine": "x86_64",
}

# `  - numpy>=1.26  # why` -> indent, name, the rest of the spec, the comment
_ITEM = re.compile(r"^(\s*- )([A-Za-z0-9][A-Za-z0-9._-]*)([^#]*?)(\s*#.*)?$")
_NOT_PINNED = {"python", "pip"}


def lock_versions(markers=None, lock_text=None):
    """{canonical name: version} that the lock pins for the given marker values."""
    environment = CONDA_MARKERS if markers is None else markers
    versions = {}
    for line in (LOCK.read_text() if lock_text is None else lock_text).splitlines():
        line = line.split("#", 1)[0].strip()
        if not line or line.startswith("-"):
            continue
        req = Requirement(line)
        if req.marker is not None and not req.marker.evaluate(environment):
            continue
        (spec,) = req.specifier  # the lock pins exactly: name==version
        versions[canonicalize_name(req.name)] = spec.version
    return versions


def pinned(environment_text, versions):
    """environment.yml's text with every package pinned to `versions` (python,
    pip and pip's own options such as `-e .` stay as they are)."""
    out, missing, in_dependencies = [], [], False
    for line in environment_text.splitlines():
        if line[:1].strip() and not line.startswith("#"):  # a top-level key
            in_dependencies = line.split("#", 1)[0].strip() == "dependencies:"
        match = _ITEM.match(line) if in_dependencies else None
        if match and match.group(2).lower() not in _NOT_PINNED and not line.strip().startswith("- -"):
            indent, name, _, comment = match.groups()
            version = versions.get(canonicalize_name(name))
            if version is None:
                missing.append(name)
            else:
                line = f"{indent}{name}=={version}{comment or ''}"
        out.append(line)
    if missing:
        raise SystemExit(f"requirements/lock.txt pins no version of {', '.join(missing)} "
                         "(named in environment.yml): add it to pyproject.toml, then run "
                         "`python3 course.py lock --keep`.")
    return "\n".join(out) + "\n"


def main():
    text = pinned(ENVIRONMENT.read_text(), lock_versions())
    ENVIRONMENT.write_text(text)
    print(f"environment.yml pins the versions of {LOCK.relative_to(ROOT)} (Python 3.13, Linux)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
