"""Chapter 2 (homogeneous coordinates): the lesson's claims against
independent references, and the exercises' visible feedback."""

import warnings
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import lecturekit as lk
from exercise_support import KNOWN, exercises, visible_feedback

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "02_homogeneous_coordinates.ipynb"
STEM = NOTEBOOK.stem

finite = st.floats(-50, 50, allow_nan=False, allow_infinity=False)


# ---------------------------------------------------------------- the lesson's claims

def test_bias_trick_round_trip_on_the_toy_data():
    X, _ = lk.datasets.toy()
    Xh = lk.to_homogeneous(X)
    assert Xh.shape == (4, 3) and np.all(Xh[:, 0] == 1) and np.array_equal(Xh[:, 1:], X)
    w_h = lk.join_bias([1.0, 2.0], -3.0)
    assert w_h.tolist() == [-3.0, 1.0, 2.0]
    # scores by hand: (0,3) -> 6-3, (3,1) -> 5-3, (-3,-2) -> -7-3, (2,0) -> 2-3
    assert (Xh @ w_h).tolist() == [3.0, 2.0, -10.0, -1.0]
    w_back, b_back = lk.split_bias(w_h)
    assert w_back.tolist() == [1.0, 2.0] and b_back == -3.0
    assert np.array_equal(lk.from_homogeneous(Xh), X)


def test_threshold_form():
    w_h = lk.threshold_to_homogeneous([1.0, 1.0], 2.0)
    assert w_h.tolist() == [-2.0, 1.0, 1.0]
    P = np.array([[2.0, 2.0], [0.0, 0.0], [1.0, 1.0]])
    assert (lk.to_homogeneous(P) @ w_h).tolist() == [2.0, -2.0, 0.0]
    w_again, t_again = lk.homogeneous_to_threshold(w_h)
    assert w_again.tolist() == [1.0, 1.0] and t_again == 2.0
    assert 2.0 / np.linalg.norm([1.0, 1.0]) == pytest.approx(np.sqrt(2.0))


@given(arrays(np.float64, 2, elements=finite).filter(lambda w: np.linalg.norm(w) > 1e-2), finite,
       arrays(np.float64, (2, 2), elements=st.floats(-10, 10)))
def test_w_is_perpendicular_to_the_boundary_with_any_bias(w, b, R):
    """Section 3's proof: two boundary points differ by a vector orthogonal to w."""
    along = np.array([-w[1], w[0]])
    foot = -b * w / (w @ w)
    x, x2 = foot + R[0, 0] * along, foot + R[1, 0] * along      # two points of w·x + b = 0
    assert abs(w @ x + b) <= 1e-7 * (1 + abs(b) + np.linalg.norm(w) * np.linalg.norm(x))
    assert abs(w @ (x - x2)) <= 1e-7 * (1 + np.linalg.norm(w) * np.linalg.norm(x - x2))


@given(arrays(np.float64, 3, elements=finite).filter(lambda w: np.linalg.norm(w[1:]) > 1e-2),
       arrays(np.float64, 2, elements=finite))
def test_signed_distance_is_the_distance_to_the_closest_boundary_point(w_h, x):
    """(w·x + b)/|w| against an independent closest point: least squares onto the line."""
    b, w = w_h[0], w_h[1:]
    r = (w @ x + b) / np.linalg.norm(w)
    # the boundary is foot + s·along; minimise |x - foot - s·along| with lstsq
    along = np.array([-w[1], w[0]]) / np.linalg.norm(w)
    foot = -b * w / (w @ w)
    s, *_ = np.linalg.lstsq(along[:, None], x - foot, rcond=None)
    closest = foot + s[0] * along
    scale = 1 + np.linalg.norm(x) + abs(b) / np.linalg.norm(w)
    assert abs(abs(r) - np.linalg.norm(x - closest)) <= 1e-7 * scale
    assert r == 0 or np.sign(r) == np.sign(w @ (x - closest))   # positive on the side w points to


def test_the_worked_signed_distances():
    # w = (1, 2), b = -3, |w| = √5: scores 3, 2, -10, -1
    X, y = lk.datasets.toy()
    r = (X @ [1.0, 2.0] - 3.0) / np.sqrt(5.0)
    assert np.allclose(r, np.array([3.0, 2.0, -10.0, -1.0]) / np.sqrt(5.0))
    assert np.all(np.sign(r) == y)                    # every toy point is on its own side
    # exercise 4: w = (3, 4), b = -10, p = (4, 3): 14/5; origin -10/5
    assert (np.dot([3, 4], [4, 3]) - 10) / 5 == 2.8 and -10 / 5 == -2.0


def test_the_one_in_either_place_gives_the_same_run_and_mixing_them_does_not():
    X, y = lk.datasets.separable(30, seed=1)
    first = lk.perceptron_loop(lk.to_homogeneous(X), y, 1.0, np.zeros(3), 100)
    last = lk.perceptron_loop(np.hstack([X, np.ones((30, 1))]), y, 1.0, np.zeros(3), 100)
    assert np.array_equal(np.roll(first[0], -1), last[0])
    assert np.array_equal(first[6], last[6])
    right = np.where(X @ first[0][1:] + first[0][0] > 0, 1, -1)
    mixed = np.where(X @ last[0][1:] + last[0][0] > 0, 1, -1)
    assert np.all(right == y) and not np.all(mixed == y)


@given(st.floats(0.01, 100))
def test_positive_multiples_are_the_same_classifier(k):
    X, y = lk.datasets.separable(30, seed=1)
    w_h = lk.perceptron(X, y).w
    s, sk = X @ w_h[1:] + w_h[0], X @ (k * w_h[1:]) + k * w_h[0]
    assert np.array_equal(s > 0, sk > 0)
    assert -k * w_h[0] / np.linalg.norm(k * w_h[1:]) == pytest.approx(-w_h[0] / np.linalg.norm(w_h[1:]))


def test_swapping_the_classes_negates_the_learned_weights():
    X, y = lk.datasets.separable(30, seed=1)
    assert np.array_equal(lk.perceptron(X, -y).w, -lk.perceptron(X, y).w)
    assert np.allclose(lk.centroid_classifier(X, -y).w, -lk.centroid_classifier(X, y).w)


@given(arrays(np.float64, 3, elements=st.floats(-3, 3)), st.integers(0, 2**16))
def test_swapping_the_labels_but_keeping_w_leaves_n_minus_m_plus_z_mistakes(w_h, seed):
    rng = np.random.default_rng(seed)
    X = rng.integers(-3, 4, size=(25, 2)).astype(float)   # integer grid: some points land on boundaries
    y = rng.choice([-1, 1], size=25)
    s = X @ w_h[1:] + w_h[0]
    m, z = int(np.sum(y * s <= 0)), int(np.sum(s == 0))
    assert int(np.sum(-y * s <= 0)) == len(y) - m + z


def test_the_explorers_start_line_swaps_to_29_of_30():
    X, y = lk.datasets.separable(30, seed=1)
    w_h = np.array([-0.2, 0.6, 0.8])
    s = w_h[0] + X @ w_h[1:]
    assert int(np.sum(y * s <= 0)) == 1 and int(np.sum(s == 0)) == 0
    assert int(np.sum(-y * s <= 0)) == 29
    i = int(np.flatnonzero(y * s <= 0)[0])
    assert y[i] == -1 and 0 < s[i] < 0.05          # a negative just on the positive side
    # the widget agrees (it is the same arithmetic)
    st_ = lk.widgets.hyperplane_state(0.6, 0.8, -0.2, swap=True, X=X, y=y)
    assert st_["n_misclassified"] == 29


def test_a_bias_is_needed_in_1d_and_lifting_removes_the_need():
    x1d = np.array([[0.5], [1.0], [1.5], [3.0], [3.5], [4.5]])
    y1d = np.array([-1, -1, -1, 1, 1, 1])
    assert lk.is_separable(x1d, y1d) and not lk.is_separable(x1d, y1d, fit_intercept=False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", lk.ConvergenceWarning)
        assert not lk.perceptron(x1d, y1d, fit_intercept=False, max_epochs=20).converged
    with_bias = lk.perceptron(x1d, y1d)
    assert with_bias.converged and np.all(np.where(x1d[:, 0] * with_bias.w[1] + with_bias.w[0] > 0, 1, -1) == y1d)
    lifted = lk.perceptron(lk.to_homogeneous(x1d), y1d, fit_intercept=False)
    assert np.array_equal(lifted.w[1:], with_bias.w)


def test_sign_of_zero_conventions():
    clf = lk.LinearClassifier(lk.threshold_to_homogeneous([1.0, 1.0], 2.0))
    x_b = np.array([[1.0, 1.0]])
    assert clf.decision_function(x_b)[0] == 0 and np.sign(0.0) == 0 and clf.predict(x_b)[0] == -1
    X, y = lk.datasets.toy()
    margins = y * (lk.to_homogeneous(X) @ np.zeros(3))
    assert (margins <= 0).sum() == 4 and (margins < 0).sum() == 0
    assert lk.LinearClassifier(np.zeros(3)).score(X, y) == np.mean(y == -1)
    X, y = lk.datasets.separable(30, seed=1)
    res = lk.perceptron(X, y)
    assert res.converged and np.abs(res.decision_function(X)).min() > 0


# ---------------------------------------------------------------- exercise feedback
# The reference passing and every registered wrong answer being named are checked for
# every chapter in tests/test_misconceptions.py; here, an answer no catalogue foresees.
STEM_FEEDBACK = "02_homogeneous_coordinates"

UNRELATED = {
    "ch02-to-homogeneous": "def to_homogeneous(X):\n    return np.zeros((2, 3))\n",
    "ch02-predict": "def predict_homogeneous(w, X):\n    return np.zeros(len(X), dtype=int)\n",
    "ch02-construct-line": "w_line = [1.0, 1.0, 1.0]\n",
    "ch02-distance": "dist_p = 0.0\ndist_origin = 0.0\n",
    "ch02-swap": "n_mistakes_after_swap = 0\n",
}


@pytest.mark.parametrize("gid", sorted(UNRELATED))
def test_an_unrelated_wrong_answer_gets_the_generic_message(gid):
    assert sorted(UNRELATED) == sorted(exercises(STEM_FEEDBACK)), "one unrelated answer per exercise"
    message = visible_feedback(STEM_FEEDBACK, gid, UNRELATED[gid])
    assert message is not None and KNOWN not in message and "Hint: " in message, message
