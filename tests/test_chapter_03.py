"""Chapter 3 (closest centroid): the chapter's claims, checked against independent
references, and the exercises' feedback (every registered wrong answer is named by
its visible test)."""

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lecturekit as lk
from exercise_support import KNOWN, exercises, visible_feedback

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "03_closest_centroid.ipynb"
STEM = NOTEBOOK.stem


# ---------------------------------------------------------------- the chapter's claims
def test_toy_numbers_by_hand():
    X, y = lk.datasets.toy()
    res = lk.centroid_classifier(X, y)
    assert res.w.tolist() == [-2.5, 2.0, 3.0]            # worked out in section 1
    assert res.predict(X).tolist() == [1, 1, -1, 1]      # (2, 0) is called positive
    assert lk.is_separable(X, y)
    assert res.decision_function([[0.5, 0.5]])[0] == 0.0  # the midpoint of the means


def test_nearest_mean_equals_sklearn_nearest_centroid():
    sklearn = pytest.importorskip("sklearn.neighbors")
    X, y = lk.datasets.unbalanced(40, 15, seed=3)
    P = np.random.default_rng(1).uniform(-4, 4, size=(500, 2))
    ref = sklearn.NearestCentroid().fit(X, y).predict(P)
    score = lk.centroid_classifier(X, y).decision_function(P)
    clear = np.abs(score) > 1e-9
    assert np.array_equal(np.where(score > 0, 1, -1)[clear], ref[clear])


@settings(max_examples=50, deadline=None)
@given(st.integers(1, 8), st.integers(1, 8), st.integers(0, 10_000))
def test_eq_7_10_weighted_sum_of_examples(n_pos, n_neg, seed):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n_pos + n_neg, 3))
    y = np.r_[np.ones(n_pos, int), -np.ones(n_neg, int)]
    alpha = np.where(y == 1, 1 / n_pos, 1 / n_neg)
    w = lk.centroid_classifier(X, y).w
    assert np.allclose((alpha * y) @ X, w[1:])
    # homogeneous: the first coordinate of the sum is always 0, not the bias
    assert np.isclose(((alpha * y) @ lk.to_homogeneous(X))[0], 0.0)


def test_dual_perceptron_alphas_on_the_toy_set():
    X, y = lk.datasets.toy()
    dual = lk.dual_perceptron(X, y)
    assert dual.alpha.tolist() == [1, 1, 0, 2]
    assert np.allclose((dual.alpha * y) @ lk.to_homogeneous(X), lk.perceptron(X, y).w)
    assert np.allclose(dual.w, [0.0, -1.0, 4.0])


def test_centroid_failure_claims():
    wrong = {d: np.flatnonzero(lk.centroid_classifier(*lk.datasets.centroid_failure(distance=d)).predict(
        lk.datasets.centroid_failure(distance=d)[0]) != lk.datasets.centroid_failure(distance=d)[1]).tolist()
        for d in (1.0, 2.0, 3.0, 4.0, 8.0)}
    assert wrong == {1.0: [], 2.0: [], 3.0: [8], 4.0: [8], 8.0: [8]}
    Xf, yf = lk.datasets.centroid_failure()
    assert lk.is_separable(Xf, yf) and Xf[8].tolist() == [1.5, 0.0] and yf[8] == 1
    per = lk.perceptron(Xf, yf)
    assert per.converged and per.n_updates == 1


def test_eq_7_7_against_lstsq():
    X, y = lk.datasets.unbalanced(seed=8)
    Xh = np.hstack([np.ones((len(X), 1)), X])
    ref, *_ = np.linalg.lstsq(Xh, y.astype(float), rcond=None)
    n_pos, n_neg = (y == 1).sum(), (y == -1).sum()
    rhs = n_pos * Xh[y == 1].mean(0) - n_neg * Xh[y == -1].mean(0)
    assert np.allclose(np.linalg.solve(Xh.T @ Xh, rhs), ref)
    assert np.allclose(lk.least_squares_classifier(X, y).w, ref)


def test_outlier_moves_w_by_delta_over_n_pos():
    X, y = lk.datasets.separable(30, seed=1)
    w0 = lk.centroid_classifier(X, y).w
    assert int(np.argmax(np.where(y == 1, X @ w0[1:], -np.inf))) == 9
    unit = w0[1:] / np.linalg.norm(w0[1:])
    for D in (2.0, 6.0):
        Xo = X.copy()
        Xo[9] += D * unit
        assert np.allclose(lk.centroid_classifier(Xo, y).w[1:] - w0[1:], D * unit / (y == 1).sum())
        assert lk.is_separable(Xo, y) and lk.perceptron(Xo, y).converged
    errors = [(lk.least_squares_classifier(Xo, y).predict(Xo) != y).sum(),
              (lk.centroid_classifier(Xo, y).predict(Xo) != y).sum()]
    assert errors == [9, 3]  # D = 6, the case of the figure


def test_duplicating_negatives_moves_least_squares_only():
    """Exercise 6's answer (a), checked on data rather than taken on trust."""
    X, y = lk.datasets.unbalanced(60, 40, seed=2)
    Xd, yd = np.vstack([X, X[y == -1]]), np.r_[y, y[y == -1]]
    assert np.allclose(lk.centroid_classifier(X, y).w, lk.centroid_classifier(Xd, yd).w)
    P = np.random.default_rng(0).uniform(-4, 4, size=(4000, 2))
    before = (lk.least_squares_classifier(X, y).predict(P) == 1).mean()
    after = (lk.least_squares_classifier(Xd, yd).predict(P) == 1).mean()
    assert after < before - 0.01  # the positive region shrinks: the boundary moved into the positives


def test_imbalance_claims():
    X400, y400 = lk.datasets.unbalanced(400, 50, seed=0)
    counts = {}
    for n_p in (50, 400):
        rows = np.r_[0:n_p, 400:450]
        X, y = X400[rows], y400[rows]
        counts[n_p] = [int(((m(X, y).predict(X) != y) & (y == s)).sum())
                       for m in (lk.centroid_classifier, lk.least_squares_classifier) for s in (1, -1)]
    assert counts == {50: [3, 0, 3, 0], 400: [13, 0, 0, 39]}


# ---------------------------------------------------------------- exercise feedback
# The reference passing and every registered wrong answer being named are checked for
# every chapter in tests/test_misconceptions.py; here, an answer no catalogue foresees.
STEM_FEEDBACK = "03_closest_centroid"

UNRELATED = {
    "ch03-bias": "def centroid_bias(mu_pos, mu_neg):\n    return 123.0\n",
    "ch03-weights": "def centroid_weights(X, y):\n    return np.zeros(np.shape(X)[1] + 1)\n",
    "ch03-predict": "def nearest_centroid_predict(X_train, y_train, X):\n    return np.zeros(len(X), dtype=int)\n",
    "ch03-construct": "def failure_data_1d():\n    return np.array([[0.0], [1.0]]), np.array([1, 1])\n",
    "ch03-outlier": "w_tilde_outlier = [0.0, 0.0, 0.0]\nmisclassified_rows = [0]\n",
    "ch03-duplicate": 'duplicate_answer = "z"\n',
}


@pytest.mark.parametrize("gid", sorted(UNRELATED))
def test_an_unrelated_wrong_answer_gets_the_generic_message(gid):
    assert sorted(UNRELATED) == sorted(exercises(STEM_FEEDBACK)), "one unrelated answer per exercise"
    message = visible_feedback(STEM_FEEDBACK, gid, UNRELATED[gid])
    assert message is not None and KNOWN not in message and "Hint: " in message, message
