"""The course's theorems as property tests over random separable sets."""

import numpy as np
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import lecturekit as lk

seeds = st.integers(0, 10_000)
dims = st.integers(1, 6)
sizes = st.integers(4, 60)
margins = st.sampled_from([0.02, 0.05, 0.1, 0.2])


@given(sizes, dims, margins, seeds, st.sampled_from([0.1, 1.0, 3.0]))
def test_updates_never_exceed_novikoff_bound(n, d, margin, seed, eta):
    X, y, u = lk.datasets.separable(n, d, margin=margin, seed=seed, return_direction=True)
    res = lk.perceptron(X, y, eta=eta, max_epochs=100_000)
    assert res.converged
    assert res.n_updates <= lk.novikoff_bound(X, y, u)
    # any separating vector gives a valid bound, including the perceptron's own answer
    assert res.n_updates <= lk.novikoff_bound(X, y, res.w)


@given(sizes, dims, margins, seeds)
def test_converged_perceptron_separates_its_training_set(n, d, margin, seed):
    X, y = lk.datasets.separable(n, d, margin=margin, seed=seed)
    res = lk.perceptron(X, y, max_epochs=100_000)
    assert res.converged
    assert np.all(y * (lk.to_homogeneous(X) @ res.w) > 0)
    np.testing.assert_array_equal(res.predict(X), y)
    assert lk.margin(res.w, X, y) > 0


@given(sizes, dims, margins, seeds)
def test_dual_alpha_gives_the_primal_w(n, d, margin, seed):
    X, y = lk.datasets.separable(n, d, margin=margin, seed=seed)
    primal = lk.perceptron(X, y, max_epochs=100_000)
    dual = lk.dual_perceptron(X, y, max_epochs=100_000)
    np.testing.assert_array_equal(dual.alpha, primal.alpha)
    np.testing.assert_allclose((dual.alpha * y) @ lk.to_homogeneous(X), primal.w, atol=1e-9)
    np.testing.assert_allclose(dual.w, primal.w, atol=1e-9)


@given(sizes, dims, margins, seeds)
def test_distance_to_scaled_solution_drops_by_beta_squared(n, d, margin, seed):
    """Duda-Hart-Stork: with a = beta^2 / gamma_u and unit separating u, each update
    reduces |w - a u|^2 by at least beta^2, where beta^2 = max |x_i|^2 (eta = 1)."""
    X, y, u = lk.datasets.separable(n, d, margin=margin, seed=seed, return_direction=True)
    u = u / np.linalg.norm(u)
    Xh = lk.to_homogeneous(X)
    gamma = np.min(y * (Xh @ u))
    beta2 = np.max(np.sum(Xh * Xh, axis=1))
    a = beta2 / gamma
    res = lk.perceptron(X, y, max_epochs=100_000, keep_weights=True)
    dist2 = np.sum((res.trace.weights - a * u) ** 2, axis=1)
    drops = dist2[:-1] - dist2[1:]
    assert np.all(drops >= beta2 * (1 - 1e-9))
    # which is why there can be at most |a u|^2 / beta^2 = beta^2 / gamma^2 updates
    assert res.n_updates <= a**2 / beta2 + 1e-9


@given(sizes, dims, margins, seeds)
def test_swapping_the_classes_negates_w(n, d, margin, seed):
    X, y = lk.datasets.separable(n, d, margin=margin, seed=seed)
    for fit in (lk.centroid_classifier, lk.least_squares_classifier):
        np.testing.assert_allclose(fit(X, -y).w, -fit(X, y).w, atol=1e-9)
    # the perceptron makes the same mistakes with the labels swapped, so w is negated exactly
    np.testing.assert_array_equal(lk.perceptron(X, -y, max_epochs=100_000).w, -lk.perceptron(X, y, max_epochs=100_000).w)


@given(sizes, dims, seeds, st.floats(0.01, 100))
def test_kw_kb_classifies_alike(n, d, seed, k):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    w = rng.normal(size=d + 1)
    scores = lk.to_homogeneous(X) @ w
    assume(np.min(np.abs(scores)) > 1e-9)
    np.testing.assert_array_equal(lk.LinearClassifier(w).predict(X), lk.LinearClassifier(k * w).predict(X))


@settings(max_examples=10)
@given(st.integers(6, 30), st.integers(1, 3), seeds)
def test_lms_with_decaying_rate_reaches_least_squares(n, d, seed):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    y = rng.normal(size=n)  # no exact linear fit: the residuals never vanish
    w_ls = np.linalg.lstsq(lk.to_homogeneous(X), y, rcond=None)[0]
    eta = 0.5 * lk.lms_stable_eta(X, mode="online")
    # a decaying rate with sum eta(k) = inf and sum eta(k)^2 < inf (Robbins-Monro)
    res = lk.lms(X, y, eta=eta, epochs=2000, schedule=lambda k: eta / (1 + (k - 1) / 20))
    assert np.linalg.norm(res.w - w_ls) <= 0.01 * (1 + np.linalg.norm(w_ls))
    # with a constant rate the online rule keeps circling at a distance from w_ls
    const = lk.lms(X, y, eta=eta, epochs=2000)
    assert np.linalg.norm(const.w - w_ls) > np.linalg.norm(res.w - w_ls)
    # batch LMS with a constant stable rate converges geometrically to the same point
    res_b = lk.lms(X, y, eta=0.9 * lk.lms_stable_eta(X, mode="batch"), epochs=20000, mode="batch")
    np.testing.assert_allclose(res_b.w, w_ls, atol=1e-6)
