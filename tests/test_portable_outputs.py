"""Outputs that do not hang on the last bit.

numpy's OpenBLAS picks its kernels by processor, and kernels round sums
differently, so a value that the lesson computes can change in its last bit
from one machine to the next. What a chapter prints (and the text
alternatives of its figures) must not change with it. These tests perturb
inputs by rounding-sized amounts and check that the words stay the same; the
notebooks themselves are run under other kernels by `course.py test` (see
docs/authoring.md, "Deterministic output").
"""

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lecturekit as lk

ROOT = Path(__file__).resolve().parent.parent


def curve_text(values, label=None):
    """The text alternative that lk.plot.learning_curve gives a curve."""
    fig, ax = plt.subplots()
    try:
        lk.plot.learning_curve(values, ax=ax, label=label)
        return lk.plot.description(ax)
    finally:
        plt.close(fig)


# --------------------------------------------------------------------------
# learning_curve: where a curve is lowest
# --------------------------------------------------------------------------

def test_the_chapter_7_curve_reads_the_same_when_the_data_move_by_one_ulp():
    # chapter 7: batch LMS at 0.9 eta* sits at the least-squares SSE from about
    # epoch 60 on; which of those equal values was smallest moved with the kernel
    X, y = lk.datasets.noisy(40, seed=3)
    eta = 0.9 * lk.lms_stable_eta(X, mode="batch")
    texts = set()
    for Xp in (X, np.nextafter(X, np.inf), np.nextafter(X, -np.inf)):
        res = lk.lms(Xp, y, eta=eta, epochs=200, mode="batch")
        texts.add(curve_text(res, label="η = 0.9 η*"))
    assert len(texts) == 1, texts
    (text,) = texts
    # independent reference: the first epoch within 0.1 % of the least-squares SSE
    Xh = np.hstack([np.ones((len(y), 1)), X])
    w_ls, *_ = np.linalg.lstsq(Xh, y, rcond=None)
    sse_ls = float(np.sum((y - Xh @ w_ls) ** 2))
    sse = lk.lms(X, y, eta=eta, epochs=200, mode="batch").sse
    first = int(np.flatnonzero(sse <= 1.001 * sse_ls)[0])
    assert f"first comes within 0.1 % of its lowest, {sse_ls:.3g}, at {first}." in text


@settings(max_examples=30, deadline=None)
@given(drop=st.integers(1, 10**6), level=st.integers(0, 999), settle=st.integers(2, 40),
       tail=st.integers(0, 40), seed=st.integers(0, 2**32 - 1))
def test_a_curve_that_settles_is_described_the_same_under_rounding_noise(drop, level, settle, tail, seed):
    # a curve that falls geometrically to a level and stays there; relative
    # noise of 1e-13 (far more than a change of BLAS kernel makes) must not change
    # its text (the + 0.37 keeps the printed numbers off a rounding boundary)
    level = level + 0.37
    start = level + drop
    k = np.arange(settle + tail + 13)
    clean = level + (start - level) * 0.5 ** (k * 40 / settle)
    rng = np.random.default_rng(seed)
    noisy = clean * (1 + 1e-13 * rng.uniform(-1, 1, size=k.shape))
    text = curve_text(clean)
    assert curve_text(noisy) == text
    # what the words say: the first point within 0.1 % of the lowest value (x starts at 1)
    first = int(np.flatnonzero(clean <= 1.001 * clean.min())[0]) + 1
    assert f"first comes within 0.1 % of its lowest, {clean.min():.3g}, at {first}." in text


def test_a_clear_minimum_is_named_by_its_epoch():
    values = np.r_[np.linspace(10, 2, 9), np.linspace(2.5, 6, 7)]  # lowest 2 at x = 9, next 2.5
    assert "ends at 6, and is lowest, 2, at 9." in curve_text(values)


def test_a_count_that_reaches_zero_says_when_first():
    mistakes = np.r_[[9, 7, 4, 4, 2, 1], np.zeros(10, dtype=int)]
    assert "and first reaches its lowest, 0, at 7." in curve_text(mistakes)


# --------------------------------------------------------------------------
# course.py: the other kernels that `test` runs the notebooks under
# --------------------------------------------------------------------------

def _course():
    spec = importlib.util.spec_from_file_location("course_under_test", ROOT / "course.py")
    course = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(course)
    return course


def test_a_forced_kernel_drops_the_l2_size_and_unset_keeps_it():
    course = _course()
    base = {"OPENBLAS_L2_SIZE": "1048576", "OPENBLAS_CORETYPE": "Haswell", "PATH": "/bin"}
    forced = course.kernel_env("Prescott", base)
    assert forced["OPENBLAS_CORETYPE"] == "Prescott" and "OPENBLAS_L2_SIZE" not in forced
    unset = course.kernel_env(None, base)
    assert "OPENBLAS_CORETYPE" not in unset and unset["OPENBLAS_L2_SIZE"] == "1048576"
    assert forced["PYTHONHASHSEED"] == unset["PYTHONHASHSEED"] == "0"


def _kernel_here(coretype):
    # threadpoolctl, asked in a fresh interpreter (the kernel is picked at import)
    env = {k: v for k, v in os.environ.items() if k not in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")}
    if coretype:
        env["OPENBLAS_CORETYPE"] = coretype
    code = ("import numpy, threadpoolctl; print([i.get('architecture') for i in "
            "threadpoolctl.threadpool_info() if i.get('internal_api') == 'openblas'])")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return out.stdout.strip()


def test_course_test_picks_two_kernels_that_really_differ_from_the_default():
    course = _course()
    if not course.venv_python().exists():
        pytest.skip("course.py has not made .venv here")
    default = _kernel_here(None)
    if default == "[]":
        pytest.skip("numpy here does not use OpenBLAS")
    base = {k: v for k, v in os.environ.items() if k not in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")}
    chosen = course.other_kernels(base, 2)
    kernels = [_kernel_here(coretype) for coretype, _ in chosen]
    if len({default, *(_kernel_here(c) for c in course.CORETYPES)}) < 3:
        pytest.skip("fewer than three different OpenBLAS kernels run on this processor")
    assert len(chosen) == 2
    assert len({default, *kernels}) == 3, (default, chosen)
