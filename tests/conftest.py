"""Shared pytest set-up for tests/: a headless matplotlib backend and a
reproducible hypothesis profile. Keep this file light: it is imported by every
test run. (The hooks that must also reach the notebooks are in ../conftest.py.)"""

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
