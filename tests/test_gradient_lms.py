"""The gradient-descent view of the perceptron, LMS and Flach's Alg. 7.3."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from sklearn.linear_model import SGDRegressor

import lecturekit as lk

X4 = np.array([[0.0, 3.0], [3.0, 1.0], [-3.0, -2.0], [2.0, 0.0]])
Y4 = np.array([1, 1, -1, -1])


def test_criterion_by_hand():
    w = np.array([0.0, -2.0, 3.0])
    # margins y (w . (1, x)): 9, -3, 0, 4  -> misclassified: x2 (3) and x3 (0, on the boundary)
    assert lk.perceptron_criterion(w, X4, Y4) == 3.0
    np.testing.assert_array_equal(lk.perceptron_criterion_gradient(w, X4, Y4), -(np.array([1, 3, 1]) - np.array([1, -3, -2])))


@given(st.integers(0, 10_000))
def test_gradient_matches_finite_differences(seed):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(20, 3))
    y = np.where(rng.random(20) < 0.5, 1, -1)
    y[:2] = [1, -1]
    w = rng.normal(size=4)
    # J is piecewise linear: finite differences are exact away from the kinks
    margins = y * (lk.to_homogeneous(X) @ w)
    h = 1e-6
    assert np.min(np.abs(margins)) > 10 * h * np.max(np.abs(lk.to_homogeneous(X)).sum(1))
    num = lk.numerical_gradient(lambda v: lk.perceptron_criterion(v, X, y), w, h=h)
    np.testing.assert_allclose(num, lk.perceptron_criterion_gradient(w, X, y), atol=1e-5)


def test_batch_perceptron_by_hand_and_is_gradient_descent():
    res = lk.batch_perceptron(X4, Y4)
    np.testing.assert_array_equal(res.path, [[0, 0, 0], [0, 4, 6], [-1, 2, 6], [-2, 0, 6]])
    assert res.converged and res.n_iter == 3
    np.testing.assert_array_equal(res.mistakes, [4, 1, 1, 0])
    for k in range(res.n_iter):
        step = res.path[k + 1] - res.path[k]
        np.testing.assert_allclose(step, -res.etas[k] * lk.perceptron_criterion_gradient(res.path[k], X4, Y4))


def test_batch_schedule_one_over_k():
    X, y = lk.datasets.separable(40, 2, margin=0.05, seed=1)
    res = lk.batch_perceptron(X, y, eta=2.0, schedule="1/k", max_iter=500)
    np.testing.assert_allclose(res.etas, 2.0 / np.arange(1, res.n_iter + 1))
    assert res.converged and np.all(y * (lk.to_homogeneous(X) @ res.w) > 0)


def test_batch_perceptron_stops_at_max_iter_on_xor():
    X, y = lk.datasets.xor()
    with pytest.warns(lk.ConvergenceWarning, match="max_iter=30"):
        res = lk.batch_perceptron(X, y, max_iter=30)
    assert not res.converged and res.n_iter == 30 and res.path.shape == (31, 3)


def test_lms_online_one_step_by_hand():
    # w = 0; x = (1, 2), y = 3: residual 3, w <- 0.1 * 3 * (1, 2) = (0.3, 0.6)
    res = lk.lms([[2.0]], [3.0], eta=0.1, epochs=1)
    np.testing.assert_allclose(res.w, [0.3, 0.6])
    assert res.sse[0] == 9.0 and res.sse[1] == pytest.approx((3 - 1.5) ** 2)


def test_online_lms_equals_sklearn_sgd_regressor_with_constant_rate():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(30, 3))
    y = X @ [1.0, -1.0, 2.0] + 0.5 + 0.1 * rng.normal(size=30)
    ours = lk.lms(X, y, eta=0.01, epochs=5)
    sk = SGDRegressor(
        loss="squared_error", penalty=None, learning_rate="constant", eta0=0.01,
        max_iter=5, tol=None, shuffle=False, average=False,
    ).fit(X, y)
    np.testing.assert_allclose(sk.coef_, ours.w[1:], rtol=1e-10)
    np.testing.assert_allclose(sk.intercept_[0], ours.w[0], rtol=1e-10)


def test_lms_divergence_is_an_error_with_the_stable_range():
    X = np.array([[1.0], [2.0], [3.0]])
    limit = lk.lms_stable_eta(X, mode="batch")
    with pytest.raises(FloatingPointError, match="eta < "):
        lk.lms(X, [1.0, 2.0, 3.0], eta=3 * limit, epochs=2000, mode="batch")
    res = lk.lms(X, [1.0, 2.0, 3.0], eta=0.9 * limit, epochs=2000, mode="batch")
    np.testing.assert_allclose(res.w, [0.0, 1.0], atol=1e-8)


def test_least_squares_is_not_fewest_mistakes():
    X, y = lk.datasets.centroid_failure()
    ls = lk.least_squares_classifier(X, y)
    lms = lk.lms(X, y, eta=0.5 * lk.lms_stable_eta(X, mode="batch"), epochs=20000, mode="batch")
    np.testing.assert_allclose(lms.w, ls.w, atol=1e-6)
    # the perceptron separates the set; least squares pays for the far positives with a mistake
    assert (ls.predict(X) != y).sum() >= 1
    assert (lk.perceptron(X, y, max_epochs=1000).predict(X) != y).sum() == 0


def test_perceptron_regression_linear_residual_is_online_lms():
    X = np.array([[0.0], [1.0], [2.0]])
    y = np.array([1.0, 3.0, 5.0])
    a = lk.perceptron_regression(X, y, eta=0.05, epochs=50)
    b = lk.lms(X, y, eta=0.05, epochs=50)
    np.testing.assert_array_equal(a.w, b.w)


def test_printed_squared_residual_pushes_the_same_way_for_either_sign_of_error():
    # one example, x = (1, 1): for y above or below the prediction the squared rule moves w identically
    up = lk.perceptron_regression([[1.0]], [1.0], eta=0.1, epochs=1, residual="squared")
    down = lk.perceptron_regression([[1.0]], [-1.0], eta=0.1, epochs=1, residual="squared")
    np.testing.assert_array_equal(up.w, down.w)
    np.testing.assert_allclose(up.w, [0.1, 0.1])
    with pytest.raises(FloatingPointError, match="never lowers the prediction"):
        lk.perceptron_regression([[0.0], [1.0], [2.0]], [1.0, 3.0, 5.0], eta=0.05, epochs=200, residual="squared")
