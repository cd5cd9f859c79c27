"""pytest hooks for the whole repository: the notebooks under notebooks/ (strict
nbval) as well as tests/. They live here, at the root, because a conftest.py
in tests/ does not reach the items collected from notebooks/."""

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item):
    """Hide MPLBACKEND from the kernels that nbval starts.

    A kernel inherits os.environ, and with MPLBACKEND=Agg (tests/conftest.py
    sets it for the tests' own plots) ipykernel does not pick its inline
    backend: figures would vanish and every plotting cell would differ from the
    outputs `course.py regen` made (regen runs with MPLBACKEND unset).
    """
    if item.path.suffix != ".ipynb":
        yield
        return
    saved = os.environ.pop("MPLBACKEND", None)
    try:
        yield
    finally:
        if saved is not None:
            os.environ["MPLBACKEND"] = saved
