"""The seeded generators make what they promise."""

import numpy as np
import pytest

import lecturekit as lk


@pytest.mark.parametrize("make", [
    lambda s: lk.datasets.separable(50, 3, seed=s),
    lambda s: lk.datasets.noisy(50, seed=s),
    lambda s: lk.datasets.xor(40, noise=0.2, seed=s),
    lambda s: lk.datasets.circles(50, seed=s),
    lambda s: lk.datasets.blobs(10, 4, seed=s),
    lambda s: lk.datasets.unbalanced(seed=s),
    lambda s: lk.datasets.centroid_failure(seed=s),
])
def test_generators_are_deterministic(make):
    a, b, c = make(7), make(7), make(8)
    np.testing.assert_array_equal(a[0], b[0])
    np.testing.assert_array_equal(a[1], b[1])
    assert not np.array_equal(a[0], c[0])


def test_separable_has_the_promised_margin_and_both_classes():
    for seed in range(10):
        X, y, u = lk.datasets.separable(40, 4, margin=0.15, seed=seed, return_direction=True)
        assert lk.margin(u, X, y, space="input") >= 0.15
        assert set(y.tolist()) == {-1, 1}


def test_noisy_and_xor_are_not_separable_but_the_others_are():
    assert not lk.is_separable(*lk.datasets.noisy(60, flip=0.2, seed=0))
    assert not lk.is_separable(*lk.datasets.xor())
    assert lk.is_separable(*lk.datasets.separable(60, seed=0))
    X, y = lk.datasets.circles(100, seed=0)
    assert not lk.is_separable(X, y)
    assert lk.is_separable(lk.square_features(X), y)
    X, y = lk.datasets.xor()
    assert lk.is_separable(lk.product_features(X), y)


def test_cover_probability_against_brute_force():
    # 4 points in general position in the plane: enumerate all 16 labellings
    X = np.array([[0.0, 0.0], [1.0, 0.2], [0.3, 1.0], [1.2, 1.1]])
    count = 0
    for bits in range(16):
        y = np.array([1 if bits >> i & 1 else -1 for i in range(4)])
        count += lk.is_separable(X, y)  # one class only: separable with a bias
    assert count / 16 == lk.cover_probability(4, 2) == 14 / 16
    assert lk.cover_probability(3, 2) == 1.0  # any 3 points in general position in the plane
    # one class: always separable with a bias; through the origin only inside a half-plane
    assert lk.is_separable([[1.0, 0.0], [-1.0, 0.0]], [1, 1])
    assert not lk.is_separable([[1.0, 0.0], [-1.0, 0.0]], [1, 1], fit_intercept=False)
    assert lk.is_separable([[1.0, 0.0], [2.0, 1.0]], [-1, -1], fit_intercept=False)
    assert lk.cover_probability(10, 4, fit_intercept=False) < lk.cover_probability(10, 4)


def test_bundled_tables_are_scikit_learns_own_data_without_importing_it():
    """digits_pair and iris read scikit-learn's data files directly: the same
    numbers as its loaders, and (checked in a fresh process) without loading
    scikit-learn, whose import costs a notebook more than a second."""
    import subprocess
    import sys

    from sklearn.datasets import load_digits, load_iris

    X, y, features, classes = lk.datasets.iris()
    ref = load_iris()
    assert np.array_equal(X, ref.data) and np.array_equal(y, ref.target)
    assert features == list(ref.feature_names) and classes == list(ref.target_names)

    Xd, yd = lk.datasets.digits_pair(3, 8)
    digits = load_digits()
    rows = np.isin(digits.target, (3, 8))
    assert np.array_equal(Xd, digits.data[rows] / 16.0)
    assert np.array_equal(yd, np.where(digits.target[rows] == 3, 1, -1))

    probe = ("import sys, lecturekit as lk; lk.datasets.iris(); lk.datasets.digits_pair(); "
             "print(sorted(m for m in sys.modules if m.split('.')[0] in ('sklearn', 'scipy')))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
