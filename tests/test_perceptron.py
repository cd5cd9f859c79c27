"""The perceptron family against a hand trace, scikit-learn and brute-force definitions."""

import warnings

import numpy as np
import pytest
from sklearn.linear_model import Perceptron as SkPerceptron

import lecturekit as lk

# Four points; the trace below was worked out by hand (x in homogeneous form (1, x1, x2)):
#  epoch 1: x1=(1,0,3),+ : 0 <= 0 -> w=(1,0,3);  x2: 4 ok;  x3: y*(-5)=5 ok;  x4=(1,2,0),- : -1 -> w=(0,-2,3)
#  epoch 2: x1: 9 ok;  x2=(1,3,1),+ : -3 -> w=(1,1,4);  x3: 10 ok;  x4: -3 -> w=(0,-1,4)
#  epoch 3: 12, 1, 5, 2 all > 0: converged.
X4 = np.array([[0.0, 3.0], [3.0, 1.0], [-3.0, -2.0], [2.0, 0.0]])
Y4 = np.array([1, 1, -1, -1])
HAND_WEIGHTS = [[0, 0, 0], [1, 0, 3], [0, -2, 3], [1, 1, 4], [0, -1, 4]]


def test_hand_trace_of_alg_7_1():
    res = lk.perceptron(X4, Y4, keep_weights=True)
    np.testing.assert_array_equal(res.w, [0, -1, 4])
    assert res.converged and res.epochs == 3 and res.n_updates == 4
    np.testing.assert_array_equal(res.mistakes_per_epoch, [2, 2, 0])
    np.testing.assert_array_equal(res.trace.index, [0, 3, 1, 3])
    np.testing.assert_array_equal(res.trace.epoch, [1, 1, 2, 2])
    np.testing.assert_array_equal(res.alpha, [1, 1, 0, 2])
    np.testing.assert_array_equal(res.trace.weights, HAND_WEIGHTS)
    np.testing.assert_array_equal(res.weight_history(X4, Y4), HAND_WEIGHTS)


def test_weight_history_is_recomputed_when_not_kept():
    res = lk.perceptron(X4, Y4)
    assert res.trace.weights is None
    np.testing.assert_array_equal(res.weight_history(X4, Y4), HAND_WEIGHTS)
    with pytest.raises(ValueError, match="not the data"):
        res.weight_history(2 * X4, Y4)


def test_one_update_raises_the_score_by_norm_squared():
    # Daumé: after an update on (x, y=+1) the new score is the old one plus |x|^2 (with the 1: |x|^2 + 1)
    w = np.array([0.5, -1.0, 0.25])
    x = np.array([2.0, 1.0])
    xh = np.concatenate([[1.0], x])
    with pytest.warns(lk.ConvergenceWarning):  # one epoch with a mistake: not converged yet
        res = lk.perceptron([x, -x], [1, -1], w0=w, max_epochs=1)
    first = res.weight_history([x, -x], [1, -1])[1]
    assert first @ xh == pytest.approx(w @ xh + x @ x + 1)


def sk_textbook(eta, epochs, fit_intercept=True):
    return SkPerceptron(
        shuffle=False, tol=None, penalty=None, eta0=eta, fit_intercept=fit_intercept, max_iter=epochs
    )


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("eta", [1.0, 0.3])
def test_matches_sklearn_with_textbook_settings(seed, eta):
    X, y = lk.datasets.separable(80, 4, margin=0.05, seed=seed)
    ours = lk.perceptron(X, y, eta=eta, max_epochs=500)
    assert ours.converged
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # sklearn's ConvergenceWarning about tol=None
        sk = sk_textbook(eta, ours.epochs).fit(X, y)
    np.testing.assert_allclose(sk.coef_.ravel(), ours.w[1:], rtol=1e-12, atol=1e-12)
    assert sk.intercept_[0] == pytest.approx(ours.w[0], abs=1e-12)


def test_matches_sklearn_on_non_separable_data_for_a_fixed_number_of_epochs():
    X, y = lk.datasets.noisy(60, 3, flip=0.15, seed=4)
    with pytest.warns(lk.ConvergenceWarning, match="max_epochs=7"):
        ours = lk.perceptron(X, y, max_epochs=7)
    assert not ours.converged and ours.epochs == 7
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        sk = sk_textbook(1.0, 7).fit(X, y)
    np.testing.assert_allclose(sk.coef_.ravel(), ours.w[1:], rtol=1e-12, atol=1e-12)


def test_sklearn_defaults_are_not_the_textbook_algorithm():
    X, y = lk.datasets.separable(200, 5, margin=0.02, seed=3)
    ours = lk.perceptron(X, y, max_epochs=1000)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        sk = SkPerceptron(max_iter=ours.epochs, random_state=0).fit(X, y)  # shuffle=True, tol=1e-3
    assert not np.allclose(sk.coef_.ravel(), ours.w[1:])


def test_xor_never_converges_and_stops_at_max_epochs():
    X, y = lk.datasets.xor()
    with pytest.warns(lk.ConvergenceWarning):
        res = lk.perceptron(X, y, max_epochs=25)
    assert not res.converged and res.epochs == 25
    assert np.all(res.mistakes_per_epoch > 0)


def test_eta_only_scales_w_from_zero():
    X, y = lk.datasets.separable(50, 3, margin=0.05, seed=8)
    a = lk.perceptron(X, y, eta=1.0)
    b = lk.perceptron(X, y, eta=0.25)
    np.testing.assert_array_equal(a.trace.index, b.trace.index)
    np.testing.assert_allclose(b.w, 0.25 * a.w)


@pytest.mark.parametrize("train", ["perceptron", "voted_perceptron", "averaged_perceptron"])
def test_an_eta_that_overflows_the_weights_is_named_not_returned_silently(train):
    # the unit-circle points of chapter 5: from w = 0 the run makes 4 updates whatever eta is,
    # but eta = 1e308 times a coordinate of size ~1 pushes the float weights past 1.8e308
    X = [[0.8, 0.6], [-0.8, -0.6], [0.6, -0.8], [-0.6, 0.8]]
    y = [1, -1, 1, -1]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)   # numpy's own overflow warnings
        warnings.filterwarnings("error", message=".*overflowed floating point.*", category=RuntimeWarning)
        with pytest.raises(RuntimeWarning, match=r"eta=1e\+308.*smaller eta"):
            getattr(lk, train)(X, y, eta=1e308)
    with warnings.catch_warnings():                  # a usable eta: no such warning
        warnings.filterwarnings("error", message=".*overflowed floating point.*", category=RuntimeWarning)
        res = getattr(lk, train)(X, y, eta=1e300)
    assert np.all(np.isfinite(res.w))


def test_through_origin_keeps_bias_zero():
    X = np.array([[1.0, 2.0], [2.0, 1.0], [-1.0, -1.5], [-2.0, -0.5]])
    res = lk.perceptron(X, [1, 1, -1, -1], fit_intercept=False)
    assert res.w[0] == 0.0 and res.converged
    # data that needs a bias cannot be separated through the origin
    X1 = np.array([[1.0], [2.0], [3.0]])
    with pytest.warns(lk.ConvergenceWarning):
        res = lk.perceptron(X1, [-1, 1, 1], fit_intercept=False, max_epochs=20)
    assert not res.converged


def test_dual_equals_primal_on_the_hand_example():
    dual = lk.dual_perceptron(X4, Y4)
    np.testing.assert_array_equal(dual.alpha, [1, 1, 0, 2])
    np.testing.assert_array_equal(dual.w, [0, -1, 4])
    # the Gram matrix of the homogeneous points
    Xh = lk.to_homogeneous(X4)
    np.testing.assert_array_equal(dual.gram, Xh @ Xh.T)


def test_dual_literal_and_incremental_scores_agree():
    X, y = lk.datasets.separable(60, 3, margin=0.05, seed=5)
    a = lk.dual_perceptron(X, y, engine="loop")
    b = lk.dual_perceptron(X, y, engine="auto")
    np.testing.assert_array_equal(a.alpha, b.alpha)
    np.testing.assert_array_equal(a.trace.index, b.trace.index)


def test_kernel_dual_perceptron_separates_circles():
    X, y = lk.datasets.circles(80, seed=1)
    with pytest.warns(lk.ConvergenceWarning):
        lk.dual_perceptron(X, y, max_epochs=5)
    res = lk.dual_perceptron(X, y, kernel=lk.polynomial_kernel(2), max_epochs=200)
    assert res.converged and res.w is None
    np.testing.assert_array_equal(res.predict(X), y)


def test_averaged_perceptron_is_the_mean_of_all_weight_vectors():
    X, y = lk.datasets.noisy(30, 2, flip=0.1, seed=2)
    res = lk.averaged_perceptron(X, y, eta=0.5, max_epochs=4)
    # brute force: the weight vector before any example and after each of the n * epochs examples
    Xh = lk.to_homogeneous(X)
    w = np.zeros(3)
    seen = [w]
    for _ in range(4):
        for i in range(len(y)):
            if y[i] * (w @ Xh[i]) <= 0:
                w = w + 0.5 * y[i] * Xh[i]
            seen.append(w)
    np.testing.assert_allclose(res.w, np.mean(seen, axis=0), atol=1e-12)
    np.testing.assert_array_equal(res.w_last, w)


def test_voted_perceptron_counts_and_vote_by_brute_force():
    X, y = lk.datasets.noisy(30, 2, flip=0.1, seed=6)
    res = lk.voted_perceptron(X, y, max_epochs=3)
    # survival counts add up to the number of examples seen
    assert res.counts.sum() == 3 * len(y)
    Z = np.random.default_rng(0).normal(size=(50, 2))
    vote = sum(c * np.sign(lk.to_homogeneous(Z) @ w) for w, c in zip(res.weights, res.counts))
    np.testing.assert_array_equal(res.predict(Z), np.where(vote > 0, 1, -1))
    np.testing.assert_array_equal(res.weights[-1], res.w)


def test_digits_three_vs_eight_is_learned():
    X, y = lk.datasets.digits_pair(3, 8)
    res = lk.perceptron(X, y, max_epochs=200)
    assert res.converged and res.score(X, y) == 1.0


def test_a_convergence_warning_is_shown_without_the_callers_file_and_other_warnings_keep_theirs():
    """In a notebook the caller's file is a temporary kernel file: lecturekit's warning is shown as one line,
    'ConvergenceWarning: ...', and a warning of another category keeps Python's 'file:line: Category: ...'."""
    import subprocess
    import sys

    code = ("import warnings, numpy as np, lecturekit as lk\n"
            "lk.perceptron(np.array([[0., 0.], [1., 1.], [0., 1.], [1., 0.]]), np.array([1, 1, -1, -1]), max_epochs=3)\n"
            "warnings.warn('another warning', UserWarning)\n")
    err = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stderr
    lines = err.splitlines()
    assert lines[0].startswith("ConvergenceWarning: perceptron did not converge within max_epochs=3")
    assert any(line.startswith("<string>:3: UserWarning: another warning") for line in lines[1:])
