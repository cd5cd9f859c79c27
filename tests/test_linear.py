"""The closest-centroid and least-squares classifiers against hand computations and scikit-learn."""

import numpy as np
import pytest
from sklearn.linear_model import LinearRegression
from sklearn.neighbors import NearestCentroid

import lecturekit as lk


def test_centroid_by_hand():
    X = np.array([[0.0, 2.0], [2.0, 2.0], [0.0, 0.0], [0.0, -2.0]])
    y = np.array([1, 1, -1, -1])
    # mu+ = (1, 2), mu- = (0, -1): w = (1, 3), b = -(5 - 1)/2 = -2
    res = lk.centroid_classifier(X, y)
    np.testing.assert_allclose(res.w, [-2.0, 1.0, 3.0])
    # the midpoint of the means lies on the boundary
    mid = np.array([[0.5, 0.5]])
    assert res.decision_function(mid)[0] == pytest.approx(0.0)


def test_centroid_bias_formula_equals_the_distance_comparison():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(40, 3))
    y = np.where(rng.random(40) < 0.4, 1, -1)
    res = lk.centroid_classifier(X, y)
    mp, mn = X[y > 0].mean(0), X[y < 0].mean(0)
    Z = rng.normal(size=(200, 3))
    diff = ((Z - mn) ** 2).sum(1) - ((Z - mp) ** 2).sum(1)  # > 0: closer to mu+
    # |x - mu-|^2 - |x - mu+|^2 = 2 (w . x + b)
    np.testing.assert_allclose(diff, 2 * res.decision_function(Z), atol=1e-10)


def test_centroid_matches_sklearn_nearest_centroid():
    rng = np.random.default_rng(1)
    X = np.vstack([rng.normal(1, 1, (30, 2)), rng.normal(-1, 1, (20, 2))])
    y = np.array([1] * 30 + [-1] * 20)
    res = lk.centroid_classifier(X, y)
    Z = rng.normal(size=(500, 2)) * 3
    ours = res.predict(Z)
    theirs = NearestCentroid().fit(X, y).predict(Z)
    np.testing.assert_array_equal(ours, theirs)


def test_centroid_through_origin():
    res = lk.centroid_classifier([[1.0, 1.0], [-1.0, 0.0]], [1, -1], fit_intercept=False)
    np.testing.assert_array_equal(res.w, [0.0, 2.0, 1.0])


def test_centroid_failure_set_is_separable_but_misclassified():
    X, y = lk.datasets.centroid_failure()
    assert lk.is_separable(X, y)
    wrong = lk.centroid_classifier(X, y).predict(X) != y
    assert wrong.sum() == 1 and y[wrong][0] == 1
    assert lk.perceptron(X, y, max_epochs=1000).score(X, y) == 1.0


def test_least_squares_matches_sklearn_linear_regression():
    rng = np.random.default_rng(2)
    X = rng.normal(size=(50, 3))
    y = np.where(X @ [1.0, -2.0, 0.5] + 0.3 + rng.normal(0, 0.5, 50) > 0, 1, -1)
    res = lk.least_squares_classifier(X, y)
    ref = LinearRegression().fit(X, y)
    np.testing.assert_allclose(res.w[1:], ref.coef_, atol=1e-10)
    assert res.bias == pytest.approx(ref.intercept_, abs=1e-10)
    np.testing.assert_allclose(res.w, np.linalg.lstsq(lk.to_homogeneous(X), y, rcond=None)[0])


def test_least_squares_is_flach_eq_7_7_form():
    # w (non-homogeneous, centred data) is proportional to Sigma^-1 (mu+ - mu-)
    rng = np.random.default_rng(3)
    X = rng.normal(size=(60, 2)) @ [[2.0, 0.5], [0.0, 1.0]]
    y = np.where(rng.random(60) < 0.5, 1, -1)
    w = lk.least_squares_classifier(X, y).coef
    Xc = X - X.mean(0)
    direction = np.linalg.solve(Xc.T @ Xc, X[y > 0].mean(0) - X[y < 0].mean(0))
    assert abs(lk.cosine(w, direction)) == pytest.approx(1.0)


def test_predict_maps_a_score_of_zero_to_the_conventions_sign_of_zero():
    from lecturekit import conventions as cv

    clf = lk.LinearClassifier([0.0, 1.0, 0.0])
    np.testing.assert_array_equal(clf.predict([[0.0, 5.0], [1.0, 0.0], [-1.0, 0.0]]),
                                  [cv.SIGN_AT_ZERO, cv.POSITIVE, cv.NEGATIVE])


def test_score_checks_labels_and_accepts_a_one_class_test_set():
    res = lk.centroid_classifier([[1.0], [-1.0]], [1, -1])
    assert res.score([[2.0], [3.0]], [1, 1]) == 1.0
    assert res.score([[2.0], [-3.0]], [1, 1]) == 0.5
    with pytest.raises(ValueError, match="y has 1 labels but X has 2 rows"):
        res.score([[2.0], [3.0]], [1])
    with pytest.raises(ValueError, match="only -1 and \\+1"):
        res.score([[2.0], [3.0]], [1, 0])


def test_result_objects_are_immutable():
    res = lk.centroid_classifier([[1.0], [-1.0]], [1, -1])
    with pytest.raises(ValueError):
        res.w[0] = 5.0
    with pytest.raises(AttributeError):
        res.w = np.zeros(2)


def _normal_equations_by_fractions(X, y):
    """Independent reference: the normal equations on (1, x) in Fractions of the decimals as typed
    (tests/exact_reference.py's Gauss-Jordan), or None when their solution is not unique."""
    from fractions import Fraction

    import exact_reference as ref
    return ref.least_squares([[Fraction(repr(float(v))) for v in r] for r in X], [int(t) for t in y])


def test_exact_least_squares_weights_solve_the_normal_equations_exactly():
    """The exact weights behind least squares' decisions near 0 are the exact solution of the normal
    equations (None where they are singular), on decimal data of every scale, rank-deficient included."""
    from lecturekit.linear import _exact_least_squares
    rng = np.random.default_rng(7)
    solved = 0
    for _ in range(400):
        n, d = int(rng.integers(2, 8)), int(rng.integers(1, 4))
        X = np.round(rng.normal(size=(n, d)) * rng.choice([0.01, 1.0, 30.0]), int(rng.integers(0, 4)))
        if rng.random() < 0.25:
            X[:, -1] = 2 * X[:, 0]
        y = rng.choice([-1, 1], size=n)
        expected = _normal_equations_by_fractions(X, y)
        assert _exact_least_squares(X, y, True) == expected
        solved += expected is not None
    assert solved > 100


def test_exact_least_squares_on_chapter_9s_monomial_features():
    """Chapter 9 fits least squares to up to 44 monomial features of 30 points (17-digit decimals): with more
    unknowns than points the normal equations are singular (no exact weights), and with fewer the exact
    weights agree with lstsq's."""
    from lecturekit.linear import _exact_least_squares
    X = np.random.default_rng(1).normal(size=(30, 2)) / 2
    F = np.column_stack([X[:, 0] ** i * X[:, 1] ** (k - i) for k in range(1, 8) for i in range(k + 1)])
    y = np.where(X[:, 0] > 0, 1, -1)
    assert F.shape[1] + 1 > 30 and _exact_least_squares(F, y, True) is None
    w = _exact_least_squares(F[:, :20], y, True)
    fit = lk.least_squares_classifier(F[:, :20], y)
    assert np.allclose([float(v) for v in w], fit.w, rtol=1e-6, atol=1e-6)
