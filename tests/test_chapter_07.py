"""Chapter 7 (LMS): the claims the lesson prints, checked against independent references,
and the feedback of its exercises (every registered wrong answer is named by a visible test)."""

from pathlib import Path

import numpy as np
import pytest

import lecturekit as lk
from exercise_support import KNOWN, exercises, visible_feedback

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "07_lms.ipynb"


# ---------------------------------------------------------------- the lesson's claims
@pytest.fixture(scope="module")
def noisy():
    X, y = lk.datasets.noisy(40, seed=3)
    return X, y, lk.to_homogeneous(X)


@pytest.fixture(scope="module")
def line_data():
    rng = np.random.default_rng(7)
    xr = np.sort(rng.uniform(0, 2, size=20)).reshape(-1, 1)
    yr = 1 + 2 * xr[:, 0] + rng.normal(scale=0.2, size=20)
    return xr, yr


def test_gradient_formula_matches_finite_differences(noisy):
    X, y, Xh = noisy
    w = np.array([0.5, -1.0, 2.0])
    numeric = lk.numerical_gradient(lambda v: 0.5 * np.sum((y - Xh @ v) ** 2), w)
    assert np.allclose(-Xh.T @ (y - Xh @ w), numeric, atol=1e-5)


def test_least_squares_classifier_is_lstsq_and_batch_lms_reaches_it(noisy):
    X, y, Xh = noisy
    w_ls, *_ = np.linalg.lstsq(Xh, y, rcond=None)
    assert np.allclose(lk.least_squares_classifier(X, y).w, w_ls)
    eta_star = 2 / np.linalg.eigvalsh(Xh.T @ Xh).max()
    assert np.isclose(lk.lms_stable_eta(X, mode="batch"), eta_star)
    for f in (0.5, 0.9):
        assert np.linalg.norm(lk.lms(X, y, eta=f * eta_star, epochs=200, mode="batch").w - w_ls) < 1e-10
    over = lk.lms(X, y, eta=1.02 * eta_star, epochs=60, mode="batch")
    assert over.sse[-1] > over.sse[0] > min(over.sse)
    with pytest.raises(FloatingPointError, match="stable for eta < 0.0499"):
        lk.lms(X, y, eta=2.5 * eta_star, epochs=1000, mode="batch")


def test_one_step_multiplies_the_residual_by_one_minus_eta_norm_squared():
    for eta in (0.05, 0.1, 0.2, 0.25):
        step = lk.lms([[3.0, 0.0]], [1.0], eta=eta, epochs=1, w0=[0.0, 1.0, 0.0])
        assert np.isclose(1.0 - step.w @ [1.0, 3.0, 0.0], -2.0 * (1 - 10 * eta))


def test_online_gap_is_proportional_to_eta_and_decaying_rates_close_it(noisy):
    X, y, Xh = noisy
    w_ls, *_ = np.linalg.lstsq(Xh, y, rcond=None)
    gaps = {eta: np.linalg.norm(lk.lms(X, y, eta=eta, epochs=300).w - w_ls) for eta in (0.05, 0.005)}
    assert 0.5 < (gaps[0.05] / 0.05) / (gaps[0.005] / 0.005) < 2
    const = np.linalg.norm(lk.lms(X, y, eta=0.05, epochs=300).w - w_ls)
    decayed = np.linalg.norm(lk.lms(X, y, eta=0.05, epochs=300, schedule="1/k").w - w_ls)
    assert decayed < const / 5


def test_rescaling_a_feature_changes_the_stable_rate_not_the_classifier(noisy):
    X, y, Xh = noisy
    Xu = X * [1, 10] + [0, 30]
    ref = lk.least_squares_classifier(X, y).predict(X)
    assert np.array_equal(lk.least_squares_classifier(Xu, y).predict(Xu), ref)
    assert lk.lms_stable_eta(Xu) < lk.lms_stable_eta(X) / 500
    Z = (X - X.mean(0)) / X.std(0)
    lam = np.linalg.eigvalsh(lk.to_homogeneous(Z).T @ lk.to_homogeneous(Z))
    assert lam.max() / lam.min() < 2


def test_least_squares_mistake_needs_a_heavy_far_cluster():
    def mistakes(n_far, D):
        X, y = lk.datasets.centroid_failure(n_far, distance=D)
        assert lk.is_separable(X, y)
        return int((lk.least_squares_classifier(X, y).predict(X) != y).sum())
    assert [mistakes(20, D) for D in (4, 8, 16, 1000)] == [0, 0, 0, 0]
    assert [mistakes(40, D) for D in (8, 1000)] == [1, 1]
    X, y = lk.datasets.centroid_failure()
    assert lk.perceptron(X, y).score(X, y) == 1.0


@pytest.mark.parametrize("n, m, a", [(8, 1, 1.0), (8, 40, 1.0), (3, 5, 0.5), (20, 2, 2.0)])
def test_one_dimensional_condition_for_losing_the_lone_positive(n, m, a):
    """(D - a)/a >= sqrt(n (m+1) / (m (n-1))) exactly when the lstsq score of the lone positive is <= 0."""
    def score(D):
        x = np.r_[np.zeros(n), a, np.full(m, D)]
        t = np.r_[-np.ones(n), 1.0, np.ones(m)]
        w, *_ = np.linalg.lstsq(np.column_stack([np.ones_like(x), x]), t, rcond=None)
        return w @ [1.0, a]
    D_star = a * (1 + np.sqrt(n * (m + 1) / (m * (n - 1))))
    assert score(0.99 * D_star) > 0 > score(1.01 * D_star)
    assert abs(score(D_star)) < 1e-9


def test_printed_alg_7_3_loses_the_sign_and_diverges(line_data):
    xr, yr = line_data
    a = lk.perceptron_regression([[2.0]], [1.0], eta=0.1, epochs=1, residual="squared")
    b = lk.perceptron_regression([[2.0]], [-1.0], eta=0.1, epochs=1, residual="squared")
    assert np.array_equal(a.w, b.w)
    printed = lk.perceptron_regression(xr, yr, eta=0.01, epochs=22, residual="squared")
    assert np.all(np.diff(printed.path, axis=0) >= 0)
    with pytest.raises(FloatingPointError, match="never negative"):
        lk.perceptron_regression(xr, yr, eta=0.01, epochs=100, residual="squared")


def _epoch_radius(Xh, eta):
    A = np.eye(Xh.shape[1])
    for x in Xh:
        A = (np.eye(Xh.shape[1]) - eta * np.outer(x, x)) @ A
    return max(abs(np.linalg.eigvals(A)))


def test_repaired_alg_7_3_needs_a_rate_below_the_epoch_map_limit(line_data):
    xr, yr = line_data
    Xh = lk.to_homogeneous(xr)
    assert np.isclose(lk.lms_stable_eta(xr, mode="online"), 2 / np.max(np.sum(Xh ** 2, axis=1)))
    for eta in (0.3, 0.4, 0.5):
        assert _epoch_radius(Xh, eta) < 1
        assert np.all(np.isfinite(lk.perceptron_regression(xr, yr, eta=eta, epochs=300).w))
    assert _epoch_radius(Xh, 0.6) > 1
    with pytest.raises(FloatingPointError):
        lk.perceptron_regression(xr, yr, eta=1.0, epochs=300)
    flach = lk.perceptron_regression(xr, yr, eta=0.05, epochs=500)
    assert np.array_equal(flach.w, lk.lms(xr, yr, eta=0.05, epochs=500, mode="online").w)
    w_fit, *_ = np.linalg.lstsq(Xh, yr, rcond=None)
    assert np.allclose(flach.w, w_fit, atol=0.01)


# ---------------------------------------------------------------- exercise feedback
# The reference passing and every registered wrong answer being named are checked for
# every chapter in tests/test_misconceptions.py; here, an answer no catalogue foresees.
STEM_FEEDBACK = "07_lms"

UNRELATED = {
    "ch07-online-step": "def lms_online_step(w, x_i, y_i, eta):\n    return np.zeros_like(w)\n",
    "ch07-batch-step": ("def lms_gradient(w, Xh, y):\n    return np.zeros_like(w)\n\n\n"
                        "def lms_batch_step(w, Xh, y, eta):\n    return np.zeros_like(w)\n"),
    "ch07-predict-step": "w_next = [0.0, 0.0, 0.0]\n",
    "ch07-predict-rate": "eta_star = 0.05\n",
    "ch07-explain-failure": 'answer = "e"\n',
}


@pytest.mark.parametrize("gid", sorted(UNRELATED))
def test_an_unrelated_wrong_answer_gets_the_generic_message(gid):
    assert sorted(UNRELATED) == sorted(exercises(STEM_FEEDBACK)), "one unrelated answer per exercise"
    message = visible_feedback(STEM_FEEDBACK, gid, UNRELATED[gid])
    assert message is not None and KNOWN not in message and "Hint: " in message, message
