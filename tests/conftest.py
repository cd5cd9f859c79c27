"""Shared pytest set-up: a headless matplotlib backend and a reproducible
hypothesis profile. Keep this file light: it is imported by every test run."""

import os

os.environ.setdefault("MPLBACKEND", "Agg")

import pytest  # noqa: E402  (imports after MPLBACKEND on purpose)
from hypothesis import settings  # noqa: E402

settings.register_profile(
    "ci",
    deadline=None,
    derandomize=True,
    max_examples=60,
    print_blob=True,
)
settings.load_profile("ci")


class _NotebookKernelsWithoutMPLBACKEND:
    """Hide MPLBACKEND from the kernels that nbval starts.

    A kernel inherits os.environ, and with MPLBACKEND=Agg ipykernel does not
    pick its inline backend: figures would vanish and every plotting cell
    would differ from the outputs `course.py regen` made (regen runs with
    MPLBACKEND unset).
    """

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item):
        if item.path.suffix != ".ipynb":
            yield
            return
        saved = os.environ.pop("MPLBACKEND", None)
        try:
            yield
        finally:
            if saved is not None:
                os.environ["MPLBACKEND"] = saved


def pytest_configure(config):
    """Register the plugin globally: hooks in tests/conftest.py alone would
    not reach the items under notebooks/."""
    config.pluginmanager.register(_NotebookKernelsWithoutMPLBACKEND(),
                                  "lecturekit-notebook-mplbackend")
