"""Chapter 3 (closest centroid): the chapter's claims, checked against independent
references, and the exercises' feedback (every registered wrong answer is named by
its visible test)."""

from pathlib import Path

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lecturekit as lk
from claims_support import check_claims
from exercise_support import KNOWN, exercises, visible_feedback
from hypothesis.extra.numpy import arrays

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "03_closest_centroid.ipynb"
STEM = NOTEBOOK.stem

# ---------------------------------------------------------------- the chapter's general claims
CLAIMS = {
    "is a circle (a sphere in $d$ dimensions) around": "test_unequal_weights_of_the_two_distances_give_a_circle",
    "so the rule is a linear classifier with a closed-form weight vector": "test_the_gap_of_squared_distances_is_twice_the_score",
    "It sees only two averages, so one far-away point moves it": "test_the_centroid_rule_sees_the_data_only_through_the_two_means",
    "The rule \"label a point by the nearer mean\" is a linear classifier with": "test_the_gap_of_squared_distances_is_twice_the_score",
    "the two rules agree on all of them": "test_the_gap_of_squared_distances_is_twice_the_score",
    "distances along it stretch, and which mean is nearer can change": "test_the_units_of_a_feature_change_the_centroid_rule_not_least_squares",
    "Least squares does not notice": "test_the_units_of_a_feature_change_the_centroid_rule_not_least_squares",
    "that is a result about this data set, not a law": "test_least_squares_errs_less_than_the_centroid_rule_on_other_outlier_data",
    "(d) every training point keeps its closest-centroid prediction": "test_duplicating_the_negatives_never_moves_the_centroid_and_moves_least_squares_only_sometimes",
    "Section 2's expansion shows that it is still a linear classifier": "test_the_cautious_rule_is_the_linear_classifier_of_exercise_1",
    "The boundary does not care where the individual points are, only where their averages are": "test_the_centroid_rule_sees_the_data_only_through_the_two_means",
    "The perceptron (chapter 4) is guaranteed to find a separating line when one exists, given enough epochs": "test_the_perceptron_separates_separable_data",
    "Every positive gets the same weight $1/n^+$": "test_moving_one_example_moves_w_by_delta_over_its_class_size",
    "here every example has weight 1 on the right-hand side": "test_the_least_squares_right_hand_side_counts_every_example",
    "Eq. 7.10 says that every positive pulls on $w$ with weight $1/n^+$": "test_moving_one_example_moves_w_by_delta_over_its_class_size",
    "The perceptron's result depends on the outlier only through the updates it triggers": "test_a_point_that_never_triggers_an_update_does_not_change_the_perceptron",
    "so the closest-centroid rule does not see the class sizes at all": "test_the_centroid_rule_sees_the_data_only_through_the_two_means",
    "weights every example by 1, so the larger class can pull harder": "test_the_least_squares_right_hand_side_counts_every_example",
    "The perceptron separates all four training sets, as it must on separable data": "test_the_perceptron_separates_separable_data",
    "It only sees two averages.": "test_the_centroid_rule_sees_the_data_only_through_the_two_means",
    "Both squared distances contain $\\|x\\|^2$ with coefficient 1": "test_the_gap_of_squared_distances_is_twice_the_score",
    "every moved point is still on its positive side, so it still separates the modified data": "test_moving_positives_along_w_keeps_a_separating_line_separating",
    "if the point is correctly classified every time the perceptron meets it": "test_a_point_that_never_triggers_an_update_does_not_change_the_perceptron",
    "The perceptron changes $w$ only on a mistake": "test_a_point_that_never_triggers_an_update_does_not_change_the_perceptron",
    "the very first example is always a mistake": "test_the_first_example_is_always_a_mistake_from_zero",
    "for every data set": "test_eq_7_10_weighted_sum_of_examples",
}
SHOWN = [
    "The rule's simplicity is also its weakness.",            # a summary, argued by the chapter's examples
    "Already on these four points the rule makes a mistake",  # the toy set
    "Here the rule happens to classify every training point correctly.",   # these 30 points
    "so the many points far from the boundary pull both closed forms around",   # seed 8, the figure
    "only the perceptron's line passes through it",           # the figure (seed 8)
    "Over the first 30 seeds the perceptron separates every training set",   # 30 seeds, printed
    "separating the training data perfectly is not the same as generalising well",   # Flach's caution
    "Every negative example of a training set is duplicated",   # the set-up of Exercise 6
    "Which of these statements hold, in exact arithmetic, for **every** training set",   # the question of Exercise 6
    "A cautious version of the rule calls a point positive only when",   # the definition of Exercise 1's rule
    "[every symbol of the course on one page](notation.md)",    # a link to the notation page
]


def test_every_general_sentence_of_the_chapter_is_a_claim_under_test_or_reviewed():
    import sys
    assert check_claims(STEM, CLAIMS, SHOWN, sys.modules[__name__]) == []


def _labelled(draw_X, n_pos):
    y = np.r_[np.ones(n_pos, int), -np.ones(len(draw_X) - n_pos, int)]
    return draw_X, y


# small integer data: ties, duplicates, collinear points and far points all occur
int_data = st.integers(2, 9).flatmap(lambda n: st.tuples(
    arrays(np.float64, (n, 2), elements=st.integers(-4, 4).map(float)), st.integers(1, n - 1)))


@given(int_data, arrays(np.float64, (5, 2), elements=st.floats(-50, 50)))
def test_the_gap_of_squared_distances_is_twice_the_score(data, P):
    X, y = _labelled(*data)
    mu_p, mu_n = X[y == 1].mean(axis=0), X[y == -1].mean(axis=0)
    res = lk.centroid_classifier(X, y)
    gap = ((P - mu_n) ** 2).sum(axis=1) - ((P - mu_p) ** 2).sum(axis=1)
    scale = 1 + (np.abs(P).sum(axis=1) + 8) ** 2
    assert np.all(np.abs(gap - 2 * res.decision_function(P)) <= 1e-9 * scale)
    clear = np.abs(gap) > 1e-6 * scale
    assert np.array_equal(np.where(gap > 0, 1, -1)[clear], res.predict(P)[clear])


@given(int_data, st.integers(1, 3), st.integers(0, 2**16))
def test_the_centroid_rule_sees_the_data_only_through_the_two_means(data, copies, seed):
    """Reordering the examples, or repeating every example of a class, leaves the two means and
    so the classifier unchanged, whatever the class sizes."""
    X, y = _labelled(*data)
    base = lk.centroid_classifier(X, y).w
    order = np.random.default_rng(seed).permutation(len(y))
    assert np.allclose(lk.centroid_classifier(X[order], y[order]).w, base)
    for label in (1, -1):
        Xd = np.vstack([X] + [X[y == label]] * copies)
        yd = np.r_[y, np.repeat(y[y == label], copies)]
        assert np.allclose(lk.centroid_classifier(Xd, yd).w, base)


@settings(deadline=None)
@given(int_data, st.integers(0, 8), arrays(np.float64, 2, elements=st.floats(-100, 100)))
def test_moving_one_example_moves_w_by_delta_over_its_class_size(data, i, delta):
    X, y = _labelled(*data)
    i = i % len(y)
    Xm = X.copy()
    Xm[i] += delta
    shift = lk.centroid_classifier(Xm, y).w[1:] - lk.centroid_classifier(X, y).w[1:]
    assert np.allclose(shift, y[i] * delta / (y == y[i]).sum(), atol=1e-9)


@given(int_data)
def test_the_least_squares_right_hand_side_counts_every_example(data):
    X, y = _labelled(*data)
    Xh = lk.to_homogeneous(X)
    n_pos, n_neg = (y == 1).sum(), (y == -1).sum()
    rhs = n_pos * Xh[y == 1].mean(axis=0) - n_neg * Xh[y == -1].mean(axis=0)
    assert np.allclose(rhs, Xh.T @ y)


def _separable(seed, n):
    rng = np.random.default_rng(seed)
    X = rng.integers(-5, 6, size=(n, 2)).astype(float)
    w = rng.integers(-3, 4, size=3).astype(float)
    s = lk.to_homogeneous(X) @ w
    keep = s != 0
    return X[keep], np.where(s[keep] > 0, 1, -1), w


@settings(deadline=None, max_examples=60)
@given(st.integers(0, 2**16), st.integers(2, 12))
def test_the_perceptron_separates_separable_data(seed, n):
    X, y, w = _separable(seed, n)
    if len(set(y.tolist())) < 2:
        return
    res = lk.perceptron(X, y, max_epochs=100_000)
    assert res.converged and np.all(res.predict(X) == y)


@settings(deadline=None, max_examples=60)
@given(st.integers(0, 2**16), st.integers(2, 12))
def test_a_point_that_never_triggers_an_update_does_not_change_the_perceptron(seed, n):
    X, y, w = _separable(seed, n)
    if len(set(y.tolist())) < 2:
        return
    dual = lk.dual_perceptron(X, y)
    full = lk.perceptron(X, y, max_epochs=100_000).w
    for i in np.flatnonzero(dual.alpha == 0):
        keep = np.arange(len(y)) != i
        if len(set(y[keep].tolist())) < 2:
            continue
        assert np.allclose(lk.perceptron(X[keep], y[keep], max_epochs=100_000).w, full)


@given(int_data)
def test_the_first_example_is_always_a_mistake_from_zero(data):
    X, y = _labelled(*data)
    order = np.random.default_rng(len(y)).permutation(len(y))
    X, y = X[order], y[order]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", lk.ConvergenceWarning)
        assert lk.dual_perceptron(X, y, max_epochs=3).alpha[0] >= 1


@given(st.integers(0, 2**16), st.integers(2, 12), st.floats(0.0, 100.0))
def test_moving_positives_along_w_keeps_a_separating_line_separating(seed, n, D):
    X, y, w = _separable(seed, n)
    if len(y) == 0:
        return
    moved = X.copy()
    moved[y == 1] += D * w[1:]
    assert np.all(y * (lk.to_homogeneous(moved) @ w) > 0)


def _ls_moves(X, y):
    """Whether duplicating every negative changes the least-squares weights."""
    Xd, yd = np.vstack([X, X[y == -1]]), np.r_[y, y[y == -1]]
    return not np.allclose(lk.least_squares_classifier(X, y).w, lk.least_squares_classifier(Xd, yd).w)


EXACT_FIT = (np.array([[1.0], [1.0], [-1.0], [-1.0], [-1.0]]), np.array([1, 1, -1, -1, -1]))


@settings(deadline=None)
@given(int_data)
def test_duplicating_the_negatives_never_moves_the_centroid_and_moves_least_squares_only_sometimes(data):
    """Exercise 6's key, "ad". The centroid: the same w~ (and so the same predictions) on any data
    (exact on integer data, where the means of the duplicated lists are the same floats). Least
    squares: it moves on the chapter's unbalanced draw (not b), and it stays put on an exact fit
    (x = ±1), where every residual is 0 and the duplicates agree with the fit (not c)."""
    X, y = _labelled(*data)
    Xd, yd = np.vstack([X, X[y == -1]]), np.r_[y, y[y == -1]]
    before, after = lk.centroid_classifier(X, y), lk.centroid_classifier(Xd, yd)
    assert np.allclose(before.w, after.w)
    assert np.array_equal(before.predict(X), after.predict(X))
    assert _ls_moves(*lk.datasets.unbalanced(60, 40, seed=2))
    assert not _ls_moves(*EXACT_FIT)
    assert np.allclose(lk.least_squares_classifier(*EXACT_FIT).w, [0.0, 1.0])


def test_exercise_6_key_and_feedback():
    from lecturekit.exercises import check_exercise, registered
    from lecturekit.feedback import ExerciseFailure

    assert registered("ch03-duplicate").kind == "explain"
    check_exercise("ch03-duplicate", "da")
    for wrong in ("a", "d", "abd", "acd", "abcd", "b", "c", ""):
        with pytest.raises(ExerciseFailure) as info:
            check_exercise("ch03-duplicate", wrong)
        text = str(info.value)
        assert not any(k in text for k in ('"ad"', "`ad`", "a and d", "(a) and (d)", "ad]"))  # never the key


def test_the_cautious_rule_is_the_linear_classifier_of_exercise_1():
    """|x - mu-|^2 - |x - mu+|^2 > c  <=>  w.x + b0 - c/2 > 0 (the expansion of section 2), checked
    on random data and points against the distances themselves."""
    from lecturekit.exercises.ch03 import _cautious_reference

    rng = np.random.default_rng(5)
    for seed in range(5):
        X, y = lk.datasets.unbalanced(15, 10, seed=seed)
        c = float(rng.uniform(0, 3))
        w = _cautious_reference(X, y, c)
        mu_p, mu_n = X[y == 1].mean(axis=0), X[y == -1].mean(axis=0)
        P = rng.uniform(-5, 5, size=(500, 2))
        gap = ((P - mu_n) ** 2).sum(axis=1) - ((P - mu_p) ** 2).sum(axis=1)
        keep = np.abs(gap - c) > 1e-9
        assert np.array_equal((w[0] + P @ w[1:] > 0)[keep], (gap > c)[keep])


def test_the_units_of_a_feature_change_the_centroid_rule_not_least_squares():
    """Section 6: on the toy set x1 * 0.5 repairs (2, 0) and x1 * 10 adds a mistake (the printout);
    least squares with X~ A has the weights A^-1 w~ and the same scores, on random data and scales."""
    X, y = lk.datasets.toy()
    for s, wrong in ((0.5, []), (1.0, [3]), (10.0, [0, 3])):
        Xs = X * [s, 1.0]
        assert np.flatnonzero(lk.centroid_classifier(Xs, y).predict(Xs) != y).tolist() == wrong
    rng = np.random.default_rng(8)
    for _ in range(20):
        Xr, yr = rng.normal(size=(12, 2)), np.where(rng.normal(size=12) > 0, 1, -1)
        if len(set(yr.tolist())) < 2:
            continue
        s = float(rng.choice([-1, 1]) * 10 ** rng.uniform(-2, 2))
        A = np.array([s, 1.0])
        w, w_s = lk.least_squares_classifier(Xr, yr).w, lk.least_squares_classifier(Xr * A, yr).w
        assert np.allclose(w_s, w / np.r_[1.0, A])
        P = rng.normal(size=(200, 2))
        assert np.allclose(lk.to_homogeneous(P * A) @ w_s, lk.to_homogeneous(P) @ w)


def test_least_squares_errs_less_than_the_centroid_rule_on_other_outlier_data():
    """Section 8's 'more' is about its 30 points (9 against 3 at D = 6): on the draw of seed 4,
    with its deepest positive moved 2 out along w, least squares makes 0 mistakes, the centroid 1."""
    X, y = lk.datasets.separable(30, seed=4)
    blc = lk.centroid_classifier(X, y)
    s = blc.decision_function(X)
    row = int(np.flatnonzero(y == 1)[np.argmax(s[y == 1])])
    Xo = X.copy()
    Xo[row] += 2 * blc.w[1:] / np.linalg.norm(blc.w[1:])
    errors = [int((m(Xo, y).predict(Xo) != y).sum()) for m in (lk.centroid_classifier, lk.least_squares_classifier)]
    assert errors == [1, 0]


def test_exercise_answers_by_reference():
    """Exercise 3's thresholds: just below s_largest the toy set is all right, just above (2, 0) is
    wrong; around s_two_mistakes (0, 3) turns. Exercise 5: 2 copies, w~ from the means of 6 points."""
    from lecturekit.exercises.ch03 import _copies_answers, _units_answers

    X, y = lk.datasets.toy()
    largest, two = _units_answers()
    count = lambda s: int((lk.centroid_classifier(X * [s, 1], y).predict(X * [s, 1]) != y).sum())  # noqa: E731
    assert (count(largest * (1 - 1e-6)), count(largest * (1 + 1e-6))) == (0, 1)
    assert (count(two * (1 - 1e-6)), count(two * (1 + 1e-6))) == (1, 2)
    k, w = _copies_answers()
    assert k == 2 and np.allclose(w, [-(0.75 ** 2 + 2.5 ** 2 - 1.25) / 2, 1.25, 3.5])


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
    "ch03-cautious": "def cautious_weights(X, y, c):\n    return np.zeros(np.shape(X)[1] + 1)\n",
    "ch03-online": "def add_example(mu_pos, n_pos, mu_neg, n_neg, x, label):\n    return mu_pos, 0, mu_neg, 0\n",
    "ch03-units": "s_largest = 3.0\ns_two_mistakes = 3.0\n",
    "ch03-construct": "def failure_data_1d():\n    return np.array([[0.0], [1.0]]), np.array([1, 1])\n",
    "ch03-copies": "n_copies = 7\nw_tilde_copies = [0.0, 0.0, 0.0]\n",
    "ch03-duplicate": 'duplicate_answer = "ade"\n',
}


@pytest.mark.parametrize("gid", sorted(UNRELATED))
def test_an_unrelated_wrong_answer_gets_the_generic_message(gid):
    assert sorted(UNRELATED) == sorted(exercises(STEM_FEEDBACK)), "one unrelated answer per exercise"
    message = visible_feedback(STEM_FEEDBACK, gid, UNRELATED[gid])
    assert message is not None and KNOWN not in message and "Hint: " in message, message


@given(arrays(np.float64, 2, elements=st.integers(-5, 5).map(float)),
       arrays(np.float64, 2, elements=st.integers(-5, 5).map(float)),
       arrays(np.float64, 2, elements=st.integers(-9, 9).map(float)))
def test_unequal_weights_of_the_two_distances_give_a_circle(mu_pos, mu_neg, x):
    """Question 1: 2|x - mu-|^2 - |x - mu+|^2 = |x - (2 mu- - mu+)|^2 - 2 |mu+ - mu-|^2 (integers: exact), so
    its zero set is the circle around 2 mu- - mu+ with radius sqrt(2) |mu+ - mu-|."""
    lhs = 2 * (x - mu_neg) @ (x - mu_neg) - (x - mu_pos) @ (x - mu_pos)
    c = 2 * mu_neg - mu_pos
    assert lhs == (x - c) @ (x - c) - 2 * (mu_pos - mu_neg) @ (mu_pos - mu_neg)
