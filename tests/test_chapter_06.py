"""Chapter 6 (gradient descent): the claims the lesson prints, checked against
independent references, and the exercises' feedback (every registered wrong answer
gets its own "known mistake" message in a visible test)."""

from pathlib import Path

import numpy as np
import pytest

import lecturekit as lk
from exercise_support import KNOWN, exercises, visible_feedback

ROOT = Path(__file__).resolve().parents[1]


# ---------------------------------------------------------------- the exercises
# The reference passing and every registered wrong answer being named are checked for
# every chapter in tests/test_misconceptions.py; here, an answer no catalogue foresees.
STEM = "06_gradient_descent"

UNRELATED = {
    "ch06-predict-gradient": "J_value = 0.0\ngrad = [5.0, 5.0, 5.0]\n",
    "ch06-construct": 'w_flat = "no idea"\n',
    "ch06-explain": 'answer = "d"\n',
    "ch06-criterion": "def criterion(w, X, y):\n    return 123.0\n",
    "ch06-gradient": "def criterion_gradient(w, X, y):\n    return np.zeros(len(w))\n",
    "ch06-batch-step": "def batch_step(w, X, y, eta):\n    return np.ones(len(w))\n",
}


@pytest.mark.parametrize("gid", sorted(UNRELATED))
def test_an_unrelated_wrong_answer_gets_the_generic_message(gid):
    assert sorted(UNRELATED) == sorted(exercises(STEM)), "one unrelated answer per exercise"
    message = visible_feedback(STEM, gid, UNRELATED[gid])
    assert message is not None and KNOWN not in message and "Hint: " in message, message


def test_the_predict_answers_are_the_hand_computation():
    # exercise 1 by an independent route: J from its definition, and the gradient from a
    # one-sided difference on the side where (1, 2) is strictly wrong (J is linear there)
    X = np.array([[1.0, 2.0], [2.0, -1.0], [0.0, 1.0]])
    y = np.array([1, 1, -1])
    w = np.array([-1.0, 1.0, 0.0])
    Xh = np.c_[np.ones(3), X]
    margins = y * (Xh @ w)
    assert margins.tolist() == [0.0, 1.0, 1.0]
    assert lk.perceptron_criterion(w, X, y) == 0.0
    assert lk.perceptron_criterion_gradient(w, X, y).tolist() == [-1.0, -1.0, -2.0]
    # moving w so that (1, 2) becomes strictly wrong, J grows at the rate -grad . direction
    d = np.array([-1.0, 0.0, 0.0])
    h = 1e-3
    assert np.isclose(lk.perceptron_criterion(w + h * d, X, y) / h, np.dot([-1.0, -1.0, -2.0], d))


# ---------------------------------------------------------------- the lesson's claims
def test_toy_criterion_and_gradient_by_hand():
    X, y = lk.datasets.toy()
    w = np.array([0.5, 1.0, -1.0])
    assert lk.perceptron_criterion(w, X, y) == 5.0
    assert lk.perceptron_criterion_gradient(w, X, y).tolist() == [0.0, 2.0, -3.0]
    assert np.allclose(lk.numerical_gradient(lambda v: lk.perceptron_criterion(v, X, y), w), [0.0, 2.0, -3.0], atol=1e-6)
    # at a kink the central difference holds half of the boundary example's term
    w_kink = np.array([1.0, 1.0, -1.0])
    g_num = lk.numerical_gradient(lambda v: lk.perceptron_criterion(v, X, y), w_kink)
    assert np.allclose(g_num, lk.perceptron_criterion_gradient(w_kink, X, y) - 0.5 * np.array([1.0, -3.0, -2.0]), atol=1e-6)
    # with `<` the gradient at 0 would vanish; with `<=` it is -sum y_i x_i
    Xh = lk.to_homogeneous(X)
    assert lk.perceptron_criterion(np.zeros(3), X, y) == 0
    assert np.array_equal(lk.perceptron_criterion_gradient(np.zeros(3), X, y), -(y @ Xh))


def test_gradient_matches_central_differences_away_from_kinks():
    rng = np.random.default_rng(0)
    X, y = lk.datasets.noisy(20, d=3, seed=1)
    Xh = lk.to_homogeneous(X)
    W = [v for v in rng.normal(size=(200, 4)) if np.min(np.abs(Xh @ v)) > 0.01]
    assert len(W) >= 100
    for v in W:
        num = lk.numerical_gradient(lambda u: lk.perceptron_criterion(u, X, y), v)
        assert np.allclose(lk.perceptron_criterion_gradient(v, X, y), num, atol=1e-6)


def test_batch_perceptron_steps_are_gradient_steps():
    X, y = lk.datasets.toy()
    res = lk.batch_perceptron(X, y)
    assert res.converged and res.n_iter == 3 and res.criterion.tolist() == [0.0, 8.0, 3.0, 0.0]
    for w_prev, w_next, eta in zip(res.path[:-1], res.path[1:], res.etas):
        assert np.array_equal(w_next - w_prev, -eta * lk.perceptron_criterion_gradient(w_prev, X, y))


def _shifted():
    Xs, ys, us = lk.datasets.separable(30, 2, margin=0.1, seed=5, return_direction=True)
    return Xs + us[0] * us[1:], ys, us


def test_from_zero_eta_is_a_scale_but_the_schedules_differ_at_step_2():
    Xo, ys, us = _shifted()
    assert lk.margin(np.r_[0.0, us[1:]], Xo, ys) > 0
    for schedule in ("constant", "1/k"):
        big = lk.batch_perceptron(Xo, ys, eta=1.0, schedule=schedule, fit_intercept=False)
        small = lk.batch_perceptron(Xo, ys, eta=0.1, schedule=schedule, fit_intercept=False)
        assert big.n_iter == small.n_iter and np.allclose(small.path, 0.1 * big.path)
    c = lk.batch_perceptron(Xo, ys, eta=1.0, fit_intercept=False)
    k = lk.batch_perceptron(Xo, ys, eta=1.0, schedule="1/k", fit_intercept=False)
    assert np.array_equal(c.path[1], k.path[1]) and not np.allclose(c.path[2], k.path[2])


def test_one_over_k_is_slow_from_a_far_start():
    Xo, ys, _ = _shifted()
    start = np.array([0.0, 1.5, -1.5])
    with pytest.warns(lk.ConvergenceWarning):
        slow = lk.batch_perceptron(Xo, ys, eta=0.02, schedule="1/k", w0=start, fit_intercept=False, max_iter=500)
    fast = lk.batch_perceptron(Xo, ys, eta=0.05, w0=start, fit_intercept=False, max_iter=500)
    assert not slow.converged and fast.converged


def test_on_non_separable_data_one_over_k_shrinks_w_and_the_error_grows():
    X, y = lk.datasets.noisy(40, flip=0.1, seed=3)
    assert not lk.is_separable(X, y)
    with pytest.warns(lk.ConvergenceWarning):
        r = lk.batch_perceptron(X, y, eta=0.1, schedule="1/k", max_iter=10_000)
    norms = np.linalg.norm(r.path, axis=1)
    Xh = lk.to_homogeneous(X)
    err = lambda w: np.mean(np.where(Xh @ w > 0, 1, -1) != y)  # noqa: E731
    assert norms[100] > norms[1000] > norms[10_000] and norms[10_000] < 1e-3
    assert err(r.path[10_000]) > err(r.path[100])
    # J is positively homogeneous, so J(w) / |w| is what the criterion says about the direction
    for w in r.path[[100, 1000, 10_000]]:
        assert np.isclose(lk.perceptron_criterion(w, X, y), np.linalg.norm(w) * lk.perceptron_criterion(w / np.linalg.norm(w), X, y))
    # and no non-zero w has J = 0 on this set: the LP of is_separable found no separating w; a weak one
    # would put every example on its side or on the boundary -- check on many random directions
    V = np.random.default_rng(0).normal(size=(20_000, 3))
    assert np.all(np.max(-(y[:, None] * (Xh @ V.T)), axis=0) > 0)


def test_online_and_batch_both_separate():
    for seed in range(6):
        Xb, yb = lk.datasets.separable(40, 2, margin=0.05, seed=seed)
        on, ba = lk.perceptron(Xb, yb, max_epochs=1000), lk.batch_perceptron(Xb, yb, max_iter=1000)
        assert on.converged and ba.converged and on.score(Xb, yb) == ba.score(Xb, yb) == 1.0
