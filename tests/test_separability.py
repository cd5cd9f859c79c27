"""lk.is_separable / lk.separation_certificate: an exact test that needs no SciPy.

It decides by Gordan's alternative with a small simplex method (lecturekit/theory.py).
Checked three independent ways: against SciPy's HiGHS LP solver on the same question,
against Cover's counting theorem (exact counts of separable labellings), and by the
evidence it returns (a w that separates, or a mixture of the points that meets at 0).
"""

import itertools
import json
import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lecturekit as lk

ROOT = Path(__file__).resolve().parents[1]


def homogeneous(X, fit_intercept):
    X = np.asarray(X, dtype=float)
    return np.hstack([np.ones((len(X), 1)), X]) if fit_intercept else X


def separable_by_highs(X, y, fit_intercept):
    """The question as an LP for SciPy: is there a w with y_i w . x_i >= 1 for all i?"""
    linprog = pytest.importorskip("scipy.optimize").linprog
    P = homogeneous(X, fit_intercept)
    res = linprog(np.zeros(P.shape[1]), A_ub=-(y[:, None] * P), b_ub=-np.ones(len(P)),
                  bounds=[(None, None)] * P.shape[1], method="highs")
    assert res.status in (0, 2), res.message
    return res.status == 0


def check_evidence(X, y, fit_intercept):
    """Return the decision after checking the evidence that comes with it."""
    ok, evidence = lk.separation_certificate(X, y, fit_intercept=fit_intercept)
    P = homogeneous(X, fit_intercept)
    Z = y[:, None] * P
    if ok:
        assert evidence.shape == (P.shape[1],)
        assert np.all(Z @ evidence > 0), f"the w returned does not separate: {np.min(Z @ evidence)}"
    else:
        assert evidence.shape == (len(y),) and np.all(evidence >= 0)
        assert evidence.sum() == pytest.approx(1.0)
        size = evidence @ np.linalg.norm(Z, axis=1)  # how long the mixed vectors are
        assert np.linalg.norm(evidence @ Z) <= 1e-9 * size, f"the mixture does not meet at 0: {evidence @ Z}"
    assert lk.is_separable(X, y, fit_intercept=fit_intercept) == ok
    return ok


small_data = st.integers(1, 12).flatmap(lambda n: st.integers(1, 3).flatmap(lambda d: st.tuples(
    st.lists(st.lists(st.integers(-3, 3), min_size=d, max_size=d), min_size=n, max_size=n),
    st.lists(st.sampled_from([-1, 1]), min_size=n, max_size=n),
    st.booleans())))


@settings(max_examples=400, deadline=None, derandomize=True)
@given(small_data)
def test_agrees_with_highs_on_small_integer_data(case):
    # small integers make ties, repeats, collinear points and points on every line
    X, y, fit_intercept = np.array(case[0], dtype=float), np.array(case[1]), case[2]
    assert check_evidence(X, y, fit_intercept) == separable_by_highs(X, y, fit_intercept)


@pytest.mark.parametrize("seed", range(20))
def test_agrees_with_highs_on_random_data_near_a_separating_plane(seed):
    rng = np.random.default_rng(seed)
    n, d = int(rng.integers(20, 300)), int(rng.integers(2, 30))
    X = rng.normal(size=(n, d))
    y = np.where(homogeneous(X, True) @ rng.normal(size=d + 1) >= 0, 1, -1)
    flips = int(rng.integers(0, 3))  # 0 flips: separable; 1 or 2: sometimes not
    y[rng.choice(n, size=flips, replace=False)] *= -1
    fit_intercept = bool(seed % 3)
    assert check_evidence(X, y, fit_intercept) == separable_by_highs(X, y, fit_intercept)


@pytest.mark.parametrize("n,D", [(4, 2), (5, 2), (6, 3), (7, 3), (8, 4)])
def test_counts_cover_theorem_through_the_origin(n, D):
    # Gaussian points are in general position (with probability 1): Cover's count is exact
    Z = np.random.default_rng(n * 10 + D).normal(size=(n, D))
    count = sum(check_evidence(Z, np.array(labels), False)
                for labels in itertools.product([-1, 1], repeat=n))
    assert count == 2 * sum(math.comb(n - 1, k) for k in range(D))   # Cover (1965), C(n, D)
    assert count == lk.cover_probability(n, D, fit_intercept=False) * 2 ** n


def test_three_points_on_a_line_leave_12_of_16_labellings():
    # with a bias, 4 points in the plane give 14 of 16 in general position; with three of
    # them on one line the middle one cannot be cut off from both ends: 2 more are lost
    X = np.array([[0.0, 0.0], [1.0, 0.0], [2.0, 0.0], [0.0, 1.0]])
    counts = sum(check_evidence(X, np.array(labels), True)
                 for labels in itertools.product([-1, 1], repeat=4))
    assert counts == 12
    for labels in ([1, -1, 1, 1], [1, -1, 1, -1], [-1, 1, -1, 1], [-1, 1, -1, -1]):
        assert not lk.is_separable(X, np.array(labels))


def test_a_repeated_point_with_both_labels_is_never_separable():
    X = np.array([[1.0, 2.0], [1.0, 2.0], [5.0, 5.0]])
    ok, lam = lk.separation_certificate(X, np.array([1, -1, 1]))
    assert not ok
    np.testing.assert_allclose(lam, [0.5, 0.5, 0.0], atol=1e-12)  # the two copies cancel


def test_the_origin_cannot_be_separated_without_a_bias():
    X = np.array([[0.0, 0.0], [1.0, 1.0]])
    assert not lk.is_separable(X, np.array([1, 1]), fit_intercept=False)
    assert lk.is_separable(X, np.array([1, 1]), fit_intercept=True)


@pytest.mark.parametrize("scale", [1e-6, 1e-3, 1.0, 1e3, 1e6])
def test_the_answer_does_not_depend_on_the_units(scale):
    # w = (b, w1/s, w2/s) separates s * X when (b, w1, w2) separates X, and back
    for X, y in (lk.datasets.noisy(40, seed=3), lk.datasets.separable(40, margin=0.05, seed=1)):
        assert check_evidence(scale * X, y, True) == check_evidence(X, y, True) == separable_by_highs(X, y, True)


def test_sixty_four_pixel_digits_are_separated_with_a_witness():
    X, y = lk.datasets.digits_pair()
    assert check_evidence(X, y, True) == separable_by_highs(X, y, True)


def test_is_separable_imports_no_scipy():
    code = ("import json, sys, lecturekit as lk\n"
            "print(json.dumps([lk.is_separable([[0, 0], [1, 1], [0, 1], [1, 0]], [-1, -1, 1, 1]),\n"
            "                  'scipy' in sys.modules]))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [False, False]
