"""Chapter 2 (homogeneous coordinates): the lesson's claims against
independent references, and the exercises' visible feedback."""

import warnings
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import lecturekit as lk
from claims_support import check_claims
from exercise_support import KNOWN, exercises, visible_feedback

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "02_homogeneous_coordinates.ipynb"
STEM = NOTEBOOK.stem

finite = st.floats(-50, 50, allow_nan=False, allow_infinity=False)
grids = arrays(np.float64, (12, 2), elements=st.integers(-3, 3).map(float))   # ties and points on lines

# ---------------------------------------------------------------- the chapter's general claims
CLAIMS = {
    "$-0.3 + 0.1 + 0.2$ gives $2.8 \\times 10^{-17}$ and $0.1 + 0.2 - 0.3$ gives $5.6 \\times 10^{-17}$":
        "test_the_two_orders_of_a_sum_round_differently_and_lecturekit_predicts_minus_1_in_both_layouts",
    "(its `SVC` is the exception: there it predicts `classes_[1]`, the positive class)":
        "test_scikit_learns_svc_is_the_exception_that_predicts_the_positive_class_at_a_score_of_0",
    "lecturekit and scikit-learn agree at every point farther\nfrom the boundary than rounding":
        "test_lecturekit_and_scikit_learn_differ_only_within_rounding_of_the_boundary",
    "a classifier with those weights computes a tiny positive score at $(1, 1)$ and predicts $+1$":
        "test_lecturekit_and_scikit_learn_differ_only_within_rounding_of_the_boundary",
    "A classifier returned by a fit (chapter 3 on) can decide on the exact weights its training made instead":
        "test_a_fitted_classifier_decides_on_its_trainings_exact_weights_not_the_printed_ones",
    "`lk.join_bias(w, b)` and `lk.threshold_to_homogeneous(w, t)` take the raw $w$ and build it":
        "test_which_functions_take_the_homogeneous_w_and_which_the_raw_one",
    "decides the sign exactly on the decimals Python prints for the weights and the point":
        "test_lecturekit_decides_the_sign_exactly_on_the_printed_decimals",
    "its default divides by\n$\\|\\tilde w\\|$, a different margin, which on some data peaks at another bias":
        "test_exercise_2s_margin_is_lk_margin_in_the_input_space_not_its_default",
    "On paper the score is unchanged; only the bookkeeping differs": "test_the_bias_trick_keeps_every_score",
    "the right panel looks along the orange line,\nso the grey plane is seen edge-on":
        "test_the_second_3d_view_looks_along_the_cut_line",
    "Only points on the boundary or\nwithin rounding of it are affected":
        "test_a_computed_multiple_changes_a_prediction_only_on_the_boundary",
    "In the computer a computed multiple can move only points on or within\n  rounding of the boundary":
        "test_a_computed_multiple_changes_a_prediction_only_on_the_boundary",
    "unless $k \\tilde w$ underflows or overflows": "test_a_tiny_or_huge_multiple_can_move_a_point_far_from_the_boundary",
    "On the stored decimals $(1, 1)$ scores exactly $2.4 \\times 10^{-16}$, not 0, so lecturekit too predicts $+1$ there":
        "test_three_times_the_weights_scores_the_point_of_the_line_2_4e_16_exactly",
    "multiplies every score by $k$": "test_positive_multiples_are_the_same_classifier",
    "The converse holds too: two weight vectors $\\tilde w$, $\\tilde w'$ with $w, w' \\neq 0$ that label every point of the\nplane alike are positive multiples of each other":
        "test_two_classifiers_that_label_every_point_alike_are_positive_multiples",
    "only the direction of $w$ and the ratio $t / \\|w\\|$ matter": "test_positive_multiples_are_the_same_classifier",
    "On paper a **negative** $k$ keeps the line": "test_negative_multiples_keep_the_line_and_swap_the_sides",
    "the weights stored for $k = 2$ and $k = -1$ print as exactly $2 \\tilde w$ and $-\\tilde w$, those for $k = 3$ do not":
        "test_the_cells_multiples_by_2_and_minus_1_print_exactly_and_by_3_do_not",
    "it is\nmultiplied by $k$ when $\\tilde w$ is multiplied by $k > 0$":
        "test_flachs_example_margin_scales_with_k_and_the_distance_form_does_not",
    "their note calls $x_r$ correct only if $y_r (w \\cdot x_r) > 0$, so a score of 0 is a mistake":
        "test_the_linear_discriminants_slides_count_a_score_of_0_as_a_mistake_as_the_course_does",
    "can get another label than $k \\tilde w$ gives it on paper, for negative $k$ as for positive":
        "test_a_computed_negative_multiple_can_move_a_point_of_the_line_to_the_positive_side",
    "a point on the boundary or within rounding of it can get another label":
        "test_a_computed_multiple_changes_a_prediction_only_on_the_boundary",
    "and $k < 0$ keeps the line and swaps the\n  sides of the points off it":
        "test_a_computed_negative_multiple_can_leave_a_point_beside_the_line_on_its_side",
    "the separating $\\tilde w$ are the points of all $n$ half-spaces at once, a cone":
        "test_the_separating_weight_vectors_form_a_cone",
    "Flach divides by $\\|w\\|$ for the margin of the boundary, $m / \\|w\\|$, not for that of an example":
        "test_flachs_example_margin_scales_with_k_and_the_distance_form_does_not",
    "The multiclass estimator classes `lk.OneVsRestClassifier` and\n`lk.OneVsOneClassifier` do not":
        "test_the_multiclass_estimator_classes_reject_fit_intercept_and_name_themselves",
    "(within $10^{-9}|b|$\nwhen $|b| > 1$)": "test_exercise_2_tolerance_is_as_stated_and_a_scan_is_told_its_margin",
    "for computed multiples everywhere except on, or within rounding of, the boundary":
        "test_a_computed_multiple_changes_a_prediction_only_on_the_boundary",
    "Such a classifier can only turn its line around the origin": "test_without_a_bias_the_boundary_passes_through_the_origin",
    "After lifting, every example has first coordinate 1": "test_the_bias_trick_keeps_every_score",
    "Every direction along the boundary is such a difference": "test_w_is_perpendicular_to_the_boundary_with_any_bias",
    "What stays true is that every **direction inside** the boundary is": "test_w_is_perpendicular_to_the_boundary_with_any_bias",
    "Every direction along $H$ is such a difference of two of its points": "test_w_is_perpendicular_to_the_boundary_with_any_bias",
    "The bias cancels: it moves the boundary but cannot turn it": "test_w_is_perpendicular_to_the_boundary_with_any_bias",
    "With $w = 0$ every point scores $b$": "test_with_w_zero_every_point_scores_the_bias",
    "For $b \\ne 0$ there is no boundary and every point is on one side": "test_with_w_zero_every_point_scores_the_bias",
    "every point scores 0: the whole plane is \"on the boundary\", every point is predicted $-1$":
        "test_with_w_zero_every_point_scores_the_bias",
    "A point on the line is ringed whatever its label, and $k$ cannot change which points are ringed":
        "test_the_explorer_decides_mistakes_exactly_so_k_changes_no_ring",
    "two readings have the same boundary, the same set of points of $\\mathbb{R}^d$ that score 0 (the sides\nmay differ)":
        "test_exercise_1_key_is_that_moving_the_bias_gives_plus_or_minus_the_vector",
    "the two orders of a sum can round differently in\nthe last digit":
        "test_given_weights_predict_the_same_in_either_layout_and_lms_can_differ_in_the_last_digit",
    "they\ntreat $w_0$ like any other weight":
        "test_the_perceptron_updates_the_bias_as_one_more_weight",
    "so the weight it would get from the difference of the means is $1 - 1 = 0$":
        "test_the_bias_trick_gives_the_centroid_classifier_no_bias",
    "On paper it is\nstrictly closer to 0 whenever $b \\ne 0$":
        "test_the_lifted_margin_is_never_farther_from_0_than_the_input_margin",
    "The default is never farther from 0 and has the same sign":
        "test_the_lifted_margin_is_never_farther_from_0_than_the_input_margin",
    "for a fitted scikit-learn linear classifier `clf` of **two** classes":
        "test_a_scikit_learn_classifier_is_intercept_then_coef_and_predicts_minus_1_at_a_score_of_0",
    "in exact arithmetic an algorithm that only uses scores and sums of examples makes the same decisions in either":
        "test_the_bias_trick_keeps_every_score",
    "changes $w_0$ by $\\eta\\, y_i$": "test_the_perceptron_updates_the_bias_as_one_more_weight",
    "So the default margin divides by a length that involves the bias; the distance in the plane of $x$\ndivides by $\\|w\\|$, which does not":
        "test_the_lifted_margin_depends_on_the_constant_coordinate_the_input_margin_does_not",
    "which is that distance when $\\|w\\| = 1$ and the hyperplane separates the data":
        "test_daumes_margin_is_the_distance_only_for_a_unit_separating_w",
    "Rounding is relative to the size of\nthe terms, not a fixed distance":
        "test_rounding_is_relative_to_the_size_of_the_terms_so_a_far_point_a_unit_from_the_line_flips",
    "yet lecturekit predicts $+1$ for it with the stored $3 \\tilde w$":
        "test_rounding_is_relative_to_the_size_of_the_terms_so_a_far_point_a_unit_from_the_line_flips",
    "a band that widens far from the origin":
        "test_rounding_is_relative_to_the_size_of_the_terms_so_a_far_point_a_unit_from_the_line_flips",
    "(the second cell below computes the $z_i$; chapter 4 rewrites the perceptron's mistake test with them)":
        "test_the_separating_weight_vectors_form_a_cone",
    "lecturekit's `predict` always returns one of the two labels": "test_predict_returns_a_label_even_at_a_score_of_0",
    "then the largest margin\nis zero or negative": "test_the_centred_bias_has_the_largest_margin",
    "so every weight is negated (section 5, $k = -1$), which keeps the line":
        "test_the_worked_line_through_two_points",
    "so every weight is negated: $\\tilde w = (4, -1, -2)$, or any positive\nmultiple":
        "test_the_answers_to_questions_7_and_8",
}
SHOWN = [
    "The **bias trick** makes that number one more weight",   # the definition of the trick
    "[every symbol of the course on one page](notation.md)",  # a link to the notation page
    "The line is identical in both panels; only the arrow has turned round",   # describes the figure
    "after every label is swapped;",                           # the set-up of Exercise 5
    "Now every label is swapped",                              # the set-up of Exercise 5
    "is correctly negative but only $0.45$ from the line",     # one toy point
]


def test_every_general_sentence_of_the_chapter_is_a_claim_under_test_or_reviewed():
    import sys
    assert check_claims(STEM, CLAIMS, SHOWN, sys.modules[__name__]) == []


@given(grids, arrays(np.float64, 3, elements=finite))
def test_the_bias_trick_keeps_every_score(X, w_h):
    Xh = lk.to_homogeneous(X)
    assert np.all(Xh[:, 0] == 1) and np.array_equal(Xh[:, 1:], X)
    b, w = w_h[0], w_h[1:]
    assert np.allclose(Xh @ w_h, X @ w + b, rtol=1e-12, atol=1e-9)
    X_last = np.hstack([X, np.ones((len(X), 1))])                  # the 1 last
    assert np.allclose(X_last @ np.append(w, b), Xh @ w_h, rtol=1e-12, atol=1e-9)
    # a signed sum of examples (what an update adds) is the same vector, permuted
    y = np.where(np.arange(len(X)) % 2 == 0, 1, -1)
    assert np.array_equal(np.roll(y @ Xh, -1), y @ X_last)
    # on paper the same number: the exact sums of the numbers as typed agree term by term
    from fractions import Fraction

    F = [Fraction(repr(float(v))) for v in w_h]
    for x in X[:3]:
        fx = [Fraction(repr(float(v))) for v in x]
        assert F[0] * 1 + F[1] * fx[0] + F[2] * fx[1] == F[1] * fx[0] + F[2] * fx[1] + F[0]
    # in floating point the two orders can differ in the last digit (the chapter's caveat), in Python's
    # own left-to-right sums: w.x + b against b + w.x for w = (-0.9, 0.8), b = 0.1, x = (1, 1)
    assert (-0.9 * 1.0 + 0.8 * 1.0) + 0.1 != (0.1 * 1.0 + -0.9 * 1.0) + 0.8


@given(grids, arrays(np.float64, 3, elements=st.integers(-3, 3).map(float)), st.integers(-20, -1).map(float))
def test_negative_multiples_keep_the_line_and_swap_the_sides(X, w_h, k):
    s, sk = lk.to_homogeneous(X) @ w_h, lk.to_homogeneous(X) @ (k * w_h)
    assert np.array_equal(s == 0, sk == 0)                       # the same points on the line
    assert np.array_equal(s > 0, sk < 0) and np.array_equal(s < 0, sk > 0)


@given(arrays(np.float64, 2, elements=st.integers(-5, 5).map(float)).filter(lambda w: w.any()), grids)
def test_without_a_bias_the_boundary_passes_through_the_origin(w, X):
    clf = lk.LinearClassifier(lk.join_bias(w, 0.0))
    assert clf.decision_function([[0.0, 0.0]])[0] == 0.0
    # the lines of w·x = 0 all contain the origin: the same predictions for x and 3x
    assert np.array_equal(clf.predict(X), clf.predict(3 * X))


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
    # exercise 4: w = (-6, 8), b = 5, p = (3, -1): -21/10; origin 5/10
    assert (np.dot([-6, 8], [3, -1]) + 5) / 10 == -2.1 and 5 / 10 == 0.5


def test_the_one_in_either_place_gives_the_same_scores_and_mixing_them_does_not():
    X, y = lk.datasets.toy()
    first, last = lk.join_bias([1.0, 2.0], -3.0), np.array([1.0, 2.0, -3.0])
    assert np.array_equal(lk.to_homogeneous(X) @ first, np.hstack([X, np.ones((4, 1))]) @ last)
    assert lk.LinearClassifier(first).score(X, y) == 1.0
    assert lk.LinearClassifier(last).score(X, y) < 1.0          # Turk's vector read bias-first


@given(st.floats(0.01, 100), grids, arrays(np.float64, 3, elements=st.integers(-3, 3).map(float)))
def test_positive_multiples_are_the_same_classifier(k, X, w_h):
    if not w_h[1:].any():
        return
    s, sk = X @ w_h[1:] + w_h[0], X @ (k * w_h[1:]) + k * w_h[0]
    assert np.array_equal(s > 0, sk > 0)
    assert -k * w_h[0] / np.linalg.norm(k * w_h[1:]) == pytest.approx(-w_h[0] / np.linalg.norm(w_h[1:]))


@given(arrays(np.float64, 3, elements=st.floats(-3, 3)), st.integers(0, 2**16))
def test_swapping_the_labels_but_keeping_w_leaves_n_minus_m_plus_z_mistakes(w_h, seed):
    rng = np.random.default_rng(seed)
    X = rng.integers(-3, 4, size=(25, 2)).astype(float)   # integer grid: some points land on boundaries
    y = rng.choice([-1, 1], size=25)
    s = X @ w_h[1:] + w_h[0]
    m, z = int(np.sum(y * s <= 0)), int(np.sum(s == 0))
    assert int(np.sum(-y * s <= 0)) == len(y) - m + z


def test_a_bias_is_needed_in_1d_and_lifting_removes_the_need():
    x1d = np.array([[0.5], [1.0], [1.5], [3.0], [3.5], [4.5]])
    y1d = np.array([-1, -1, -1, 1, 1, 1])
    assert lk.is_separable(x1d, y1d) and not lk.is_separable(x1d, y1d, fit_intercept=False)
    lifted = lk.to_homogeneous(x1d)
    assert np.all(y1d * (lifted @ [-2.0, 1.0]) > 0)              # (-2, 1) separates, through the origin
    assert lk.is_separable(lifted, y1d, fit_intercept=False)


def test_sign_of_zero_conventions():
    clf = lk.LinearClassifier(lk.threshold_to_homogeneous([1.0, 1.0], 2.0))
    x_b = np.array([[1.0, 1.0]])
    assert clf.decision_function(x_b)[0] == 0 and np.sign(0.0) == 0 and clf.predict(x_b)[0] == -1
    X, y = lk.datasets.toy()
    margins = y * (lk.to_homogeneous(X) @ np.zeros(3))
    assert (margins <= 0).sum() == 4 and (margins < 0).sum() == 0
    assert lk.LinearClassifier(np.zeros(3)).score(X, y) == np.mean(y == -1)


# ---------------------------------------------------------------- exercise feedback
# The reference passing and every registered wrong answer being named are checked for
# every chapter in tests/test_misconceptions.py; here, an answer no catalogue foresees.
STEM_FEEDBACK = "02_homogeneous_coordinates"

decimals = st.integers(-9, 9).map(lambda k: k / 10)   # 0.1, 0.3, -0.4, ...: data a learner types


@given(st.integers(1, 3).flatmap(lambda d: st.tuples(
           arrays(np.float64, (6, d), elements=decimals),
           arrays(np.int64, 6, elements=st.sampled_from([-1, 1])).filter(lambda y: len(set(y.tolist())) == 2))))
def test_lecturekits_perceptron_makes_the_same_updates_with_the_one_first_or_last(data):
    """The 1 last is lk.perceptron without its own bias on the columns (x, 1): the same decisions,
    update for update, on decimal data where many scores are exact ties (this needs the library's
    exact decision of a score's sign)."""
    X, y = data
    X_last = np.hstack([X, np.ones((len(X), 1))])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", lk.ConvergenceWarning)
        first = lk.perceptron(X, y, max_epochs=30)
        last = lk.perceptron(X_last, y, max_epochs=30, fit_intercept=False)
    assert first.trace.index.tolist() == last.trace.index.tolist()
    assert first.converged == last.converged


def test_only_equal_weights_read_the_same_with_the_one_first_or_last():
    """(w0, w1, w2) read with the 1 last is (b, w) = (w2, (w0, w1)); the same classifier needs
    (w2, w0, w1) = k (w0, w1, w2) with k > 0, so k^3 = 1 and w0 = w1 = w2. Checked on a grid of small
    integer vectors against predictions on a grid of points, and the chapter's (1, 2, -3) is not one."""
    P = np.array([[a, b] for a in np.arange(-3, 3.5, 0.5) for b in np.arange(-3, 3.5, 0.5)])
    found = []
    for w in np.array(np.meshgrid(*[np.arange(-2, 3)] * 3)).reshape(3, -1).T.astype(float):
        if not (w[1:].any() and w[:2].any()):
            continue
        first = np.where(w[0] + P @ w[1:] > 0, 1, -1)
        last = np.where(P @ w[:2] + w[2] > 0, 1, -1)
        if np.array_equal(first, last):
            found.append(w.tolist())
    assert found == [[c, c, c] for c in (-2.0, -1.0, 1.0, 2.0)]


@given(arrays(np.float64, (7, 2), elements=st.integers(-4, 4).map(float)),
       arrays(np.int64, 7, elements=st.sampled_from([-1, 1])).filter(lambda y: len(set(y.tolist())) == 2),
       arrays(np.float64, 2, elements=st.integers(-3, 3).map(float)).filter(lambda w: w.any()))
def test_the_centred_bias_has_the_largest_margin(X, y, w):
    """Exercise 2's reference against a scan over b: no bias on a fine grid around it (and none at the
    scores themselves, where the margin's pieces bend) has a larger margin (lk.margin, space="input");
    the margin it reaches is negative exactly when the data are not separable along w."""
    from ch02_reference import centred as _centred_reference

    best = _centred_reference(w, X, y)
    assert np.array_equal(best[1:], w)
    m = lk.margin(best, X, y, space="input")
    s = X @ w
    for b in np.concatenate([best[0] + np.linspace(-10, 10, 401), -s]):
        assert lk.margin(np.r_[b, w], X, y, space="input") <= m + 1e-12
    separable_along_w = s[y == 1].min() > s[y == -1].max()
    assert (m > 0) == separable_along_w and (m < 0) == (s[y == 1].min() < s[y == -1].max())
    # the closest scores tie: not separable along w, and the largest margin is exactly 0, not negative
    tie_X, tie_y = np.array([[1.0, 0.0], [1.0, 5.0], [0.0, 0.0]]), np.array([1, -1, -1])
    tie = _centred_reference([1.0, 0.0], tie_X, tie_y)
    assert not lk.is_separable((tie_X @ [1.0, 0.0])[:, None], tie_y)
    assert lk.margin(tie, tie_X, tie_y, space="input") == 0.0
    toy_X, toy_y = lk.datasets.toy()
    assert _centred_reference([1.0, 2.0], toy_X, toy_y).tolist() == [-3.5, 1.0, 2.0]    # by hand: -(5 + 2)/2
    assert lk.margin([-3.5, 1.0, 2.0], toy_X, toy_y, space="input") == pytest.approx(1.5 / np.sqrt(5.0))


def test_exercise_4_expected_values_by_hand():
    """(w.p + b)/|w| = (-26 + b)/10 = 1 gives 36; f = 0.2 w is on the normal through the origin, and
    w.f + b = 0 gives b = -(7.2 + 12.8) = -20: the line then lies 2 = 20/10 from the origin along w."""
    from ch02_reference import distance_answers as _distance_answers

    b_p, b_f = _distance_answers()
    assert (b_p, b_f) == (pytest.approx(36.0), pytest.approx(-20.0))
    assert -b_f / 10 == pytest.approx(np.linalg.norm([-1.2, 1.6]))


def test_exercise_5_counts_on_forty_points():
    """Forty points built to the prompt (31 right, 6 strictly wrong, 3 on the boundary of which two are
    labelled +1): after the swap, count the course's mistakes y s <= 0 and the points lk's predict gets
    right, on the points themselves, and compare with the check's expected values."""
    from ch02_reference import SWAP_COUNTS, swap_key
    from lecturekit.exercises.ch02 import _SWAP_KEY

    w_h = np.array([0.0, 1.0, 0.0])                        # the score is x1
    X = np.array([[1.0, 0.0]] * 31 + [[-1.0, 2.0]] * 6 + [[0.0, 1.0]] * 3)
    y = np.array([1] * 31 + [1] * 6 + [1, 1, -1])
    clf = lk.LinearClassifier(w_h)
    s = clf.decision_function(X)
    assert (np.sum(y * s > 0), np.sum(y * s < 0), np.sum(s == 0)) == (31, 6, 3)
    swapped = -y
    mistakes, right = int(np.sum(swapped * s <= 0)), int(np.sum(clf.predict(X) == swapped))
    assert (mistakes, right) == (34, 8)
    assert (mistakes, right) == SWAP_COUNTS and swap_key() == _SWAP_KEY
    # the prompt's numbers are not the answers
    assert not {mistakes, right} & {40, 31, 6, 3, 2, 1}


def test_exercise_5_names_the_score_zero_slip_for_the_region_the_reference_gives():
    """The check keeps the pairs it names "swap-score-zero" for only as fingerprints; they are the reference's
    region (both counts within 3 of what the two big groups alone give), the key's pair among them."""
    from ch02_reference import SWAP_COUNTS, ZERO_REGION, zero_region_keys
    from lecturekit.exercises import ch02

    assert zero_region_keys() == set(ch02._ZERO_REGION_KEYS) and SWAP_COUNTS in ZERO_REGION
    zero_message = "with score 0 (two labelled +1, one -1)"
    for a, b in [(31, 6), (34, 9), (33, 7)]:
        assert zero_message in _feedback("ch02-swap", a, b)
    for a, b in [(30, 6), (35, 8), (20, 20)]:
        assert zero_message not in _feedback("ch02-swap", a, b)


def test_exercise_3_key_labels_each_mirrored_point_as_the_colleague_labels_its_source():
    """The colleague's (2, -1, -4) in Turk's layout is the score 2 x1 - x2 - 4; the key must predict, at -x,
    what the colleague predicts at x, on a grid with points on the line, and have a unit w."""
    from ch02_reference import TURK3 as _TURK3, key3

    key = key3()
    assert np.allclose(key, np.array([-4.0, -2.0, 1.0]) / np.sqrt(5.0)) and np.isclose(np.linalg.norm(key[1:]), 1)
    g = np.linspace(-5, 5, 21)
    P = np.stack(np.meshgrid(g, g), -1).reshape(-1, 2)
    colleague = np.where(P @ _TURK3[:2] + _TURK3[2] > 0, 1, -1)
    mirrored = lk.LinearClassifier(np.array([-4.0, -2.0, 1.0])).predict(-P)
    assert np.array_equal(colleague, mirrored)
    assert np.any(P @ _TURK3[:2] + _TURK3[2] == 0)          # the grid holds points of the line


def test_every_learning_function_but_perceptron_loop_takes_fit_intercept_and_keeps_the_bias_0():
    """Section 7: the learners of lecturekit (and lk.margin, lk.is_separable) take fit_intercept=False;
    perceptron_loop, which takes homogeneous examples, does not."""
    import inspect

    X, y = lk.datasets.toy()
    # every public function of lk whose second argument is the labels y
    takes_y = {n: getattr(lk, n) for n in dir(lk) if not n.startswith("_") and inspect.isfunction(getattr(lk, n))
               and list(inspect.signature(getattr(lk, n)).parameters)[1:2] == ["y"]}
    assert {"perceptron", "least_squares_classifier", "lms", "one_vs_rest", "margin"} - set(takes_y) <= {"margin"}
    without = {n for n, f in takes_y.items() if "fit_intercept" not in inspect.signature(f).parameters}
    assert without == {"perceptron_loop", "one_vs_rest", "one_vs_one"}, without
    for name in ("one_vs_rest", "one_vs_one"):        # they pass it on to the learner they wrap
        kinds = [p.kind for p in inspect.signature(takes_y[name]).parameters.values()]
        assert inspect.Parameter.VAR_KEYWORD in kinds
        takes_y[name](X, y, fit_intercept=False)
    assert "fit_intercept" in inspect.signature(lk.margin).parameters
    for name in ["centroid_classifier", "least_squares_classifier", "perceptron", "averaged_perceptron",
                 "batch_perceptron", "lms"]:
        assert getattr(lk, name)(X, y, fit_intercept=False).w[0] == 0.0, name
    with pytest.raises(TypeError):
        lk.perceptron_loop(lk.to_homogeneous(X), y, fit_intercept=False)


@given(arrays(np.float64, 3, elements=st.integers(-9, 9).map(lambda k: k / 10)).filter(lambda w: w[1:].any()),
       arrays(np.float64, 2, elements=st.integers(-9, 9).map(lambda k: k / 10)),
       st.sampled_from([3.0, 0.3, 7.0, 10.0, -3.0, -0.7]))
def test_a_computed_multiple_changes_a_prediction_only_on_the_boundary(w_h, x, k):
    """k w~ is rounded in the computer; lecturekit's predict decides exactly on the numbers stored, so a
    point can change side only when it lies on (or, beyond decimal data, within rounding of) the line:
    on one-decimal data every exact score is a multiple of 0.01, so the point's exact score is 0; on these
    data a negative k sends every point off the line to the other side (off decimal data it need not: see
    the next test). The chapter's example: (-0.3, 0.1, 0.2) at (1, 1)."""
    from fractions import Fraction

    exact = sum(Fraction(repr(float(a))) * Fraction(repr(float(c))) for a, c in zip(w_h, [1.0, *x]))
    p, pk = lk.LinearClassifier(w_h).predict([x])[0], lk.LinearClassifier(k * w_h).predict([x])[0]
    if exact != 0:
        assert pk == (p if k > 0 else -p)
    w_dec = np.array([-0.3, 0.1, 0.2])
    preds = [lk.LinearClassifier(k * w_dec).predict([[1.0, 1.0]])[0] for k in (1.0, 2.0, 3.0, -1.0)]
    assert preds == [-1, -1, 1, -1]


def test_rounding_is_relative_to_the_size_of_the_terms_so_a_far_point_a_unit_from_the_line_flips():
    """Section 5's scale: a computed multiple k w~ (and a float score) is off by about 1e-16 |w~||x~|, not by a fixed
    distance. The section's example: x = (-1e17, 5e16), both exact floats, scores -0.3 under w~ = (-0.3, 0.1, 0.2)
    (Fractions), -0.9 under 3 w~ on paper, 1.34 from the line; lecturekit predicts -1 with w~ and +1 with the stored
    3 w~. Searched: points at every scale up to 1e17 near the line, many k; every flip has a paper score within
    2e-16 |k w~||x~| (the bound: each stored weight is off by at most about 2**-53 of itself, so the score by at most
    2**-53 sum |k w_i x_i| <= 2**-53 |k w~||x~|), and some flips are farther than 1 from the line."""
    from fractions import Fraction

    def dec(v):
        return Fraction(repr(float(v)))

    w = np.array([-0.3, 0.1, 0.2])
    x = [-1e17, 5e16]
    paper = sum(dec(a) * dec(c) for a, c in zip(w, [1.0, *x]))
    assert paper == Fraction(-3, 10) and 3 * float(paper) == pytest.approx(-0.9)
    assert abs(float(paper)) / np.hypot(0.1, 0.2) == pytest.approx(1.3416, abs=1e-4)
    assert lk.LinearClassifier(w).predict([x])[0] == -1 and lk.LinearClassifier(3 * w).predict([x])[0] == 1
    assert 0.9 <= 1e-16 * np.linalg.norm(3 * w) * np.linalg.norm([1.0, *x])     # within "rounding" at that size
    rng = np.random.default_rng(0)
    flips, far = 0, 0
    for _ in range(1500):
        w_h = np.round(rng.uniform(-1, 1, 3), int(rng.integers(1, 4)))
        if w_h[2] == 0:
            continue
        k = float(rng.choice([3.0, 0.1, 7.0, 1 / 3, -3.0, 0.7, 1e3, 1e-3, 11.0]))
        a = float(np.round(rng.uniform(-1, 1) * 10.0 ** int(rng.integers(0, 18))))
        b0 = -(w_h[0] + w_h[1] * a) / w_h[2]
        for off in rng.uniform(-30, 30, 4):
            x = [a, float(b0 + off * max(1.0, abs(b0)) * 1e-16)]
            on_paper = dec(k) * sum(dec(c) * dec(t) for c, t in zip(w_h, [1.0, *x]))
            if on_paper != 0 and (on_paper > 0) != (lk.LinearClassifier(k * w_h).predict([x])[0] > 0):
                flips += 1
                size = np.linalg.norm(k * w_h) * np.linalg.norm([1.0, *x])
                assert abs(float(on_paper)) <= 2e-16 * size
                far += abs(float(on_paper)) / np.linalg.norm(k * w_h[1:]) > 1
    assert flips > 50 and far > 0


def test_daumes_margin_is_the_distance_only_for_a_unit_separating_w():
    """Section 3's Daumé parenthetical: seed 002 calls the margin of a hyperplane the distance to the closest point,
    writes min_n y_n (w . x_n + b), and assumes |w| = 1. On the toy data: for a unit w that separates, the formula is
    the smallest distance to the line (lk.margin in the input space, and the min over points of |score|/|w|); a unit
    w that does not separate gives a negative value, which no distance is; 2 w (not unit) doubles it."""
    seed = next(Path("/work/shared/seeds").glob("002_*.txt"), None) if Path("/work/shared/seeds").is_dir() else None
    if seed is not None:
        text = seed.read_text()
        assert "the distance to the closest point" in text and "\\gamma = \\min_n y_n" in text
        assert "assume that $\\|\\mathbf{w}\\| = 1$" in text
    X, y = lk.datasets.toy()

    def daume(w, b):
        return float(np.min(y * (X @ w + b)))

    w, b = np.array([1.0, 2.0]) / np.sqrt(5.0), -3.0 / np.sqrt(5.0)
    assert np.all(y * (X @ w + b) > 0)
    assert daume(w, b) == pytest.approx(lk.margin(np.r_[b, w], X, y, space="input"))
    assert daume(w, b) == pytest.approx(np.min(np.abs(X @ w + b)))
    u, c = np.array([-1.0, 2.0]) / np.sqrt(5.0), 0.0                   # unit, does not separate the toy data
    assert not np.all(y * (X @ u + c) > 0) and daume(u, c) < 0
    assert daume(2 * w, 2 * b) == pytest.approx(2 * daume(w, b)) != pytest.approx(daume(w, b))


def test_three_times_the_weights_scores_the_point_of_the_line_2_4e_16_exactly():
    """Section 5, k = 3: fl(3 w~) is not 3 w~, and on its decimals (1, 1) scores exactly 2.4e-16 (Fractions), so
    lecturekit predicts +1 there, while w~ itself scores exactly 0 and is predicted -1."""
    from fractions import Fraction

    w_dec = np.array([-0.3, 0.1, 0.2])
    w3 = 3.0 * w_dec
    assert w3.tolist() == [-0.8999999999999999, 0.30000000000000004, 0.6000000000000001]
    assert sum(Fraction(repr(float(v))) for v in w3) == Fraction(24, 10 ** 17)
    assert sum(Fraction(repr(float(v))) for v in w_dec) == 0
    assert [lk.LinearClassifier(v).predict([[1.0, 1.0]])[0] for v in (w_dec, w3)] == [-1, 1]


def test_a_tiny_or_huge_multiple_can_move_a_point_far_from_the_boundary():
    """The summary's caveat: a k w~ that underflows loses digits (2e-323 (-0.3, 0.1, 0.2) is stored as
    (-5e-324, 0, 5e-324)), and the point (0, 1.4), at exact score -0.02 under w~, far from rounding of the
    line, is predicted +1 under it; one that overflows is not a classifier at all."""
    w = np.array([-0.3, 0.1, 0.2])
    tiny = 2e-323 * w
    assert tiny[1] == 0.0 and tiny[0] < 0 < tiny[2]
    assert lk.LinearClassifier(w).predict([[0.0, 1.4]])[0] == -1
    assert lk.LinearClassifier(tiny).predict([[0.0, 1.4]])[0] == 1
    with np.errstate(over="ignore"):
        huge = 1e308 * np.array([-30.0, 1.0, 2.0])
    assert np.isinf(huge[0])
    with pytest.raises(ValueError):
        lk.LinearClassifier(huge).predict([[0.0, 1.4]])


def test_a_computed_negative_multiple_can_leave_a_point_beside_the_line_on_its_side():
    """The chapter's scope of "k < 0 swaps the sides": on paper and for k = -1, not for a computed -3 w~.
    (1, 0.9999999999999999) is off the line of (-0.3, 0.1, 0.2) (exact score -0.1 * 2**-53 * ... < 0, by
    Fractions), yet lecturekit predicts -1 under both w~ and fl(-3 w~); with k = -1 it changes side."""
    from fractions import Fraction

    w_dec, x = np.array([-0.3, 0.1, 0.2]), [1.0, 0.9999999999999999]
    exact = sum(Fraction(repr(float(a))) * Fraction(repr(float(c))) for a, c in zip(w_dec, [1.0, *x]))
    assert exact < 0                                                   # off the line, on its negative side
    assert lk.LinearClassifier(w_dec).predict([x])[0] == -1
    assert lk.LinearClassifier(-3.0 * w_dec).predict([x])[0] == -1     # keeps its side
    assert lk.LinearClassifier(-1.0 * w_dec).predict([x])[0] == 1      # k = -1: changes side
    # the stored -3 w~ is not -3 times the typed decimals (its digits differ), which is why
    assert [repr(float(v)) for v in -3.0 * w_dec] != ["0.9", "-0.3", "-0.6"]


def test_the_linear_discriminants_slides_count_a_score_of_0_as_a_mistake_as_the_course_does():
    """Seed 003 ("Linear Discriminants") classifies by g > 0 / g < 0 only, and its perceptron calls x_r correct
    iff y_r (w . x_r) > 0: at a score of 0 that fails for either label, as the course's y . score <= 0 test."""
    seeds = ROOT.parent.parent / "shared" / "seeds"
    seed = next(seeds.glob("003_*.txt"), None) if seeds.is_dir() else None
    if seed is not None:
        text = seed.read_text()
        assert "A point x_r is classified correctly if and only if" in text
        assert "$-y_r(w \\bullet x_r) > 0$" in text
        assert "incorrectly classified i.e. $w \\cdot x_r < 0$" in text    # the update slide: strict, 0 left open
    for label in (1, -1):
        assert not label * 0.0 > 0
        assert lk.conventions.is_mistake(label * 0.0)


def test_a_computed_negative_multiple_can_move_a_point_of_the_line_to_the_positive_side():
    """Section 5's "for negative k as for positive", on an example the chapter does not print: (1, 2.5) is
    exactly on the line of (0.5, 0, -0.2) (by Fractions); lecturekit
    predicts -1 for k = 1 and k = -1 (score exactly 0) but +1 for the stored fl(-3 w~), whose exact score
    there is positive; the stored product's digits are the ones the chapter prints."""
    from fractions import Fraction

    w_dec, x = np.array([0.5, 0.0, -0.2]), [1.0, 2.5]
    def exact(v):
        return sum(Fraction(repr(float(a))) * Fraction(repr(float(c))) for a, c in zip(v, [1.0, *x]))
    assert exact(w_dec) == 0
    preds = {k: lk.LinearClassifier(k * w_dec).predict([x])[0] for k in (1.0, -1.0, -3.0)}
    assert preds == {1.0: -1, -1.0: -1, -3.0: 1}
    assert exact(-3.0 * w_dec) > 0
    assert [repr(float(v)) for v in -3.0 * w_dec] == ["-1.5", "-0.0", "0.6000000000000001"]


@given(arrays(np.float64, (6, 2), elements=st.integers(-3, 3).map(float)),
       arrays(np.float64, 3, elements=st.integers(-4, 4).map(float)),
       arrays(np.float64, 3, elements=st.integers(-4, 4).map(float)), st.integers(1, 9))
def test_the_separating_weight_vectors_form_a_cone(X, u, v, k):
    """In weight space each z_i = y_i x~_i asks for w~ . z_i > 0; the separating w~ (labels given by u) are
    closed under positive multiples and, with any other separating v, under sums: a convex cone."""
    from fractions import Fraction

    y = np.where(lk.to_homogeneous(X) @ u > 0, 1, -1)
    Z = y[:, None] * lk.to_homogeneous(X)
    def separates(w):
        return all(sum(Fraction(a) * Fraction(b) for a, b in zip(w, z)) > 0 for z in Z)
    assume(separates(u))
    assert separates([k * a for a in u]) and not separates([-k * a for a in u])
    if separates(v):
        assert separates(u + v)


def test_flachs_example_margin_scales_with_k_and_the_distance_form_does_not():
    """Flach (seed 004, §7.3) defines an example's margin as c(x) s(x), the label times the score: it grows
    with k when w~ is multiplied by k > 0; divided by |w| it does not (the chapter's margin)."""
    from fractions import Fraction

    seed = next((ROOT.parent.parent / "shared" / "seeds").glob("004_*.txt"), None) if (
        ROOT.parent.parent / "shared" / "seeds").is_dir() else None
    if seed is not None:
        text = seed.read_text()
        assert "margin* of an example assigned by a scoring classifier as $c(x)\\hat{s}(x)$" in text
        assert "The *margin* is thus defined as $m/||\\mathbf{w}||$" in text
    w_h, x, yx = np.array([-3.0, 1.0, 2.0]), np.array([2.0, 0.0]), -1
    X2, y2 = np.array([x, [3.0, 3.0]]), np.array([yx, 1])        # (3, 3) scores +6, farther than (2, 0)
    for k in (2, 5):
        raw = yx * lk.LinearClassifier(k * w_h).decision_function([x])[0]
        assert raw == k * yx * lk.LinearClassifier(w_h).decision_function([x])[0]
        assert lk.margin(k * w_h, X2, y2, space="input") == pytest.approx(
            lk.margin(w_h, X2, y2, space="input"), rel=1e-15) == pytest.approx(1 / np.sqrt(5))
    assert yx * (Fraction(-3) + 1 * 2 + 2 * 0) == 1          # (2, 0) scores -1, label -1: Flach's margin is 1


def test_the_multiclass_estimator_classes_reject_fit_intercept_and_name_themselves():
    """Section 7's exception: the estimator classes take no fit_intercept (their functions do), and the
    error names the class that was called."""
    X, y = lk.datasets.separable(30, seed=1)
    y3 = np.where(X[:, 0] > np.median(X[:, 0]), 2, np.where(y > 0, 1, 0))
    for cls, fn in ((lk.OneVsRestClassifier, lk.one_vs_rest), (lk.OneVsOneClassifier, lk.one_vs_one)):
        with pytest.raises(TypeError, match=rf"^{cls.__name__}\.__init__\(\).*fit_intercept"):
            cls(fit_intercept=False)
        model = fn(X, y3, method="centroid", fit_intercept=False)
        assert np.all(np.asarray(model.W)[:, 0] == 0)


def _feedback(gid, *answers):
    """What check_exercise tells a learner for these answers (None when they pass)."""
    from lecturekit.exercises import check_exercise

    try:
        check_exercise(gid, *answers)
    except Exception as failure:  # noqa: BLE001 - the failure's text is the feedback
        return str(failure)
    return None


def test_exercise_2_tolerance_is_as_stated_and_a_scan_is_told_its_margin():
    """Exercise 2's prose: right to within 1e-9, times |b| when |b| > 1 (the check's atol, scaled by
    max(1, |expected|)); a scan over b in steps of 0.001 fails and is told its margin, and that a nearby bias
    does better, without a direction or the expected value."""
    from lecturekit.exercises import ch02

    def exact(w, X, y):
        w, X, y = np.asarray(w, float), np.asarray(X, float), np.asarray(y)
        s = X @ w
        return np.r_[-(s[y == 1].min() + s[y == -1].max()) / 2, w]

    def off_by(delta):
        return lambda w, X, y: exact(w, X, y) + np.r_[delta * max(1.0, abs(exact(w, X, y)[0])), np.zeros(len(w))]

    def scan(w, X, y):
        w = np.asarray(w, float)
        bs = np.round(np.arange(-5, 5, 0.001), 3)
        return np.r_[bs[int(np.argmax([lk.margin(np.r_[b, w], X, y, space="input") for b in bs]))], w]

    assert _feedback("ch02-centre", off_by(5e-10)) is None
    assert _feedback("ch02-centre", off_by(5e-9)) is not None
    text = _feedback("ch02-centre", scan)
    assert text is not None and "your line's bias on this call is" in text and "gives a larger one" in text
    rng = np.random.default_rng(22)
    Xr, yr = rng.normal(size=(9, 3)), np.where(np.arange(9) % 3 == 0, 1, -1)
    wr = rng.normal(size=3)
    key = exact(wr, Xr, yr)
    assert f"{key[0]:.6g}" not in text and f"{key[0]:.4f}" not in text


def test_exercise_5_gives_every_wrong_pair_the_same_message():
    """One guess cannot narrow Exercise 5's key: every wrong pair of counts, with either count or both wrong,
    gets one verdict and one of two messages (by the part of the counting that explains it), which restates the requirement (no 'this counts ...', no
    direction, not which count is wrong)."""
    messages = set()
    for a, b in ((31, 8), (32, 8), (40, 8), (9, 8), (6, 8), (33, 8), (35, 8), (34, 9), (34, 6), (34, 7),
                 (34, 32), (31, 6), (33, 9)):
        text = _feedback("ch02-swap", a, b)
        assert text is not None
        messages.add(text)
    assert len(messages) == 3, messages          # the score-0 region, the group slips, the rest (see below)
    assert _feedback("ch02-swap", 34, 8) is None and _feedback("ch02-swap", 34.0, 8.0) is None
    for text in messages:
        assert not any(word in text for word in ("gets wrong", "before the swap", "every point", "no point",
                                                 "34", "8 "))


def test_plot_offset_labels_clear_of_every_line_of_the_threshold_figure():
    """Section 2's figure: lk.plot.offset puts each signed distance -b/|w| (checked against the closest point
    found by least squares) beside its segment, and no line of the figure crosses the label's box, so its
    sign is not drawn over."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    w_t = np.array([1.0, 1.0])
    X = np.array([[-3.0, -2.0], [2.0, 0.0], [0.0, 3.0], [3.0, 1.0]])
    fig, ax = plt.subplots(figsize=(6.5, 5))
    lk.plot.data(X, np.array([-1, -1, 1, 1]), ax=ax)
    lines, arts = [], []
    for t_ in (-1.0, 0.0, 2.0):
        w_line = lk.threshold_to_homogeneous(w_t, t_)
        lines.append(w_line)
        lk.plot.boundary(w_line, ax=ax, normal=(t_ == 0))
        if t_ != 0:
            arts.append(lk.plot.offset(w_line, ax=ax))
    ax.set_aspect("equal")
    fig.canvas.draw()
    for art, t_ in zip(arts, (-1.0, 2.0)):
        foot, *_ = np.linalg.lstsq(w_t[None, :], [t_], rcond=None)   # minimum-norm point of w . x = t
        assert np.allclose(art.foot, foot) and art.distance == pytest.approx(t_ / np.sqrt(2))
        assert art.label.get_text() == f"{t_ / np.sqrt(2):+.2f}".replace("-", "\u2212")
        box = art.label.get_window_extent(fig.canvas.get_renderer())
        corners = ax.transData.inverted().transform([[box.x0, box.y0], [box.x0, box.y1], [box.x1, box.y0],
                                                     [box.x1, box.y1]])
        for w_line in lines:
            side = np.sign(lk.to_homogeneous(corners) @ w_line)
            assert abs(side.sum()) == 4, (art.label.get_text(), w_line)
        text = lk.plot.description(ax)
        assert f"labelled with the line's signed distance from the origin, {art.label.get_text()}" in text
    plt.close(fig)


def test_with_w_zero_every_point_scores_the_bias():
    """w = 0: every point scores b (one side for b != 0); w~ = 0: every point scores 0, is predicted
    SIGN_AT_ZERO (-1) and is a mistake (y * 0 <= 0) for either label."""
    from lecturekit import conventions

    X = np.random.default_rng(1).normal(size=(10, 2)) * np.logspace(-3, 3, 10)[:, None]
    assert np.all(lk.LinearClassifier([0.7, 0.0, 0.0]).decision_function(X) == 0.7)
    assert np.all(lk.LinearClassifier([0.7, 0.0, 0.0]).predict(X) == 1)
    zero = lk.LinearClassifier([0.0, 0.0, 0.0])
    assert np.all(zero.decision_function(X) == 0.0)
    assert conventions.SIGN_AT_ZERO == -1 and np.all(zero.predict(X) == conventions.SIGN_AT_ZERO)
    assert all(conventions.is_mistake(label * 0.0) for label in (-1, 1))


def test_the_explorer_decides_mistakes_exactly_so_k_changes_no_ring():
    """Hand-typed data with a point exactly on the line 0.1 x1 + 0.2 x2 - 0.3 = 0 (the review's case: the
    float score of (1, 1) is +5.6e-17): it is ringed for either label and for every k; the ringed set
    equals the exact test y (w~ . x~) <= 0 on the typed numbers (Fractions), for k, swap and flip."""
    from fractions import Fraction

    X = [[1.0, 1.0], [0.1, 0.2], [2.0, 2.0], [-1.0, -1.0], [3.0, 0.0]]
    typed = (0.1, 0.2, -0.3)
    for label in (1, -1):
        y = [label, 1, 1, -1, 1]
        for k in (0.25, 0.5, 1.0, 1.25, 1.75, 2.5, 3.0, 3.5, 3.75, 4.0):
            for swap in (False, True):
                for flip in (False, True):
                    s = lk.widgets.hyperplane_state(*typed, k=k, swap=swap, flip=flip, X=X, y=y)
                    expect = []
                    for i, (x, yi) in enumerate(zip(X, y)):
                        score = (Fraction("-0.3") + Fraction("0.1") * Fraction(repr(x[0]))
                                 + Fraction("0.2") * Fraction(repr(x[1])))
                        yy = -yi if swap else yi
                        if yy * score * (-1 if flip else 1) <= 0:
                            expect.append(i)
                    assert s["misclassified"].tolist() == expect
                    base = lk.widgets.hyperplane_state(*typed, swap=swap, flip=flip, X=X, y=y)
                    assert s["offset"] == base["offset"] and np.array_equal(s["unit_normal"], base["unit_normal"])
                    assert 0 in expect                                  # (1, 1) is on the line
    # unlike LinearClassifier(k * w): times 3 the stored weights put (1, 1) on the positive side
    assert lk.LinearClassifier(3.0 * np.array([-0.3, 0.1, 0.2])).predict([[1.0, 1.0]])[0] == 1
    s3 = lk.widgets.hyperplane_state(*typed, k=3.0, X=X, y=[1, 1, 1, -1, 1])
    assert 0 in s3["misclassified"].tolist()                            # the explorer still rings it
    X, y = lk.datasets.separable(30, seed=1)                            # the explorer's start state
    assert lk.is_separable(X, y) and lk.widgets.hyperplane_state(0.6, 0.8, -0.2, X=X, y=y)["n_misclassified"] == 1


@given(arrays(np.float64, 3, elements=st.integers(-999, 999).map(lambda v: v / 100)),
       arrays(np.float64, (6, 2), elements=st.integers(-99, 99).map(lambda v: v / 10)),
       st.sampled_from([0.25, 0.5, 2.0, 4.0, 1024.0, -0.5, -2.0]))
def test_a_power_of_two_multiple_is_exact_away_from_underflow_and_overflow(w_h, X, k):
    """k w~ with |k| a power of 2 is exact in binary (no underflow or overflow at these sizes): every
    computed score is k times the old one, bit for bit, and predict changes exactly as the sign of k says;
    the printed k w~ is k times the printed w~ (lecturekit decides on those decimals), so every decision is
    kept; at the edges it fails, as the chapter says: 0.5 * 5e-324 underflows to 0, 2 * 1e308 overflows."""
    from fractions import Fraction

    kw = k * w_h
    assert np.array_equal(kw / k, w_h)
    # on weights typed with a few digits the printed k w~ is exactly k times the printed w~ ...
    assert [Fraction(repr(float(v))) for v in kw] == [Fraction(k) * Fraction(repr(float(v))) for v in w_h]
    old, new = lk.LinearClassifier(w_h), lk.LinearClassifier(kw)
    if k > 0:
        assert np.array_equal(old.predict(X), new.predict(X))
    assert np.array_equal(0.5 * np.array([-5e-324, 5e-324]), [0.0, 0.0])
    with np.errstate(over="ignore"):
        assert np.isinf(2 * np.float64(1e308))


@given(arrays(np.float64, 3, elements=st.floats(-1e6, 1e6)).filter(lambda w: w[1:].any()),
       arrays(np.float64, (5, 2), elements=st.floats(-1e3, 1e3)),
       st.integers(-60, 60))
def test_a_power_of_two_keeps_every_plain_float_decision(w_h, X, e):
    """Scaling by 2**e is exact in binary away from underflow/overflow, and so is every rounding step of
    the scaled sum: the plain float score of every point is 2**e times the old one, bit for bit."""
    k = 2.0 ** e
    old = X @ w_h[1:] + w_h[0]
    new = X @ (k * w_h)[1:] + (k * w_h)[0]
    assert np.array_equal(new, k * old) and np.array_equal(np.sign(new), np.sign(old))


def test_lecturekit_keeps_a_point_on_the_line_at_0_under_both_signs_at_every_scale():
    """Section 5's w~ = (-0.3, 0.1, 0.2), typed at scales 10**e down to 1e-320: (1, 1) is exactly on the
    line (Fractions of the typed decimals), plain float sums miss 0 at e = 0, lecturekit keeps 0 and -1
    for w~ and -w~.  (sqrt(w @ w) once underflowed below ~1e-162 and let a rounded score decide.)"""
    from fractions import Fraction

    w = np.array([-0.3, 0.1, 0.2])
    plain = w[0] + w[1] + w[2]
    assert plain != 0 and abs(plain) == pytest.approx(2.78e-17, rel=1e-2) and (-w[0]) + (-w[1]) + (-w[2]) == -plain
    for e in [0, -10, -100, -150, -160, -162, -163, -164, -170, -200, -250, -300, -310, -320]:
        w = np.array([float(f"-3e{e - 1}"), float(f"1e{e - 1}"), float(f"2e{e - 1}")])
        assert sum(Fraction(repr(float(v))) for v in w) == 0
        for v in (w, -w):
            clf = lk.LinearClassifier(v)
            assert clf.decision_function([[1.0, 1.0]])[0] == 0.0
            assert clf.predict([[1.0, 1.0]])[0] == lk.conventions.SIGN_AT_ZERO == -1


@given(arrays(np.float64, 3, elements=st.one_of(st.integers(-30, 30).map(lambda v: v / 10),
                                                st.floats(-1e3, 1e3))),
       arrays(np.float64, (6, 2), elements=st.integers(-30, 30).map(lambda v: v / 10)))
def test_negating_the_weights_is_exact_for_every_weight_vector(w_h, X):
    """-w~ prints as w~'s digits with the other sign, so lecturekit's exact scores are negated: every point
    off the line changes side, a point on it scores 0 under both and is predicted -1 by both; checked
    against the exact score of the printed decimals (Fractions)."""
    from fractions import Fraction

    assert all(repr(float(-v)) == ("-" + repr(float(v)) if not repr(float(v)).startswith("-") else repr(float(v))[1:])
               for v in w_h if v != 0)
    p, q = lk.LinearClassifier(w_h).predict(X), lk.LinearClassifier(-w_h).predict(X)
    for x, a, b in zip(X, p, q):
        exact = Fraction(repr(float(w_h[0]))) + sum(Fraction(repr(float(c))) * Fraction(repr(float(v)))
                                                      for c, v in zip(w_h[1:], x))
        assert (a, b) == ((-1, -1) if exact == 0 else (1, -1) if exact > 0 else (-1, 1))


def test_a_power_of_two_multiple_of_computed_weights_can_move_a_point_on_the_line():
    """A large power of 2 on typed weights: 2**-23 * 0.3 prints with 17 digits, not as 2**-23 times 0.3,
    and lecturekit then puts (1, 1), on the line of (-0.3, 0.1, 0.2), on the positive side (the review's
    counterexample); plain floats keep the point's side.  And the chapter's second example: """
    from fractions import Fraction

    w_dec = np.array([-0.3, 0.1, 0.2])
    scaled = 2.0 ** -23 * w_dec
    assert Fraction(repr(float(scaled[0]))) != Fraction(1, 2 ** 23) * Fraction("-0.3")
    assert lk.LinearClassifier(w_dec).predict([[1.0, 1.0]])[0] == -1
    assert lk.LinearClassifier(scaled).predict([[1.0, 1.0]])[0] == 1
    assert np.sign(scaled[0] + scaled[1] + scaled[2]) == np.sign(w_dec[0] + w_dec[1] + w_dec[2])
    _computed_weights_times_two_move_the_point()


def test_the_bias_trick_gives_the_centroid_classifier_no_bias():
    """On homogeneous coordinates without a bias of its own, the closest-centroid rule's weight on the
    constant coordinate is mean(1) - mean(1) = 0: no bias; on shifted toy data it then errs where the
    classifier with its own bias formula does not."""
    X, y = lk.datasets.toy()
    Xs = X + [10.0, 0.0]
    lifted = lk.centroid_classifier(lk.to_homogeneous(Xs), y, fit_intercept=False)
    assert lifted.w[0] == 0.0 and lifted.w[1] == 0.0
    own = lk.centroid_classifier(Xs, y)
    acc_lifted = np.mean(lifted.predict(lk.to_homogeneous(Xs)) == y)
    assert acc_lifted < np.mean(own.predict(Xs) == y)


def test_a_tiny_bias_leaves_the_two_margins_equal_in_floating_point():
    """b = 1e-9 next to |w| = 1: |w~| rounds to |w| and the default margin equals the input-space one,
    although on paper it is strictly smaller."""
    w_h, X, y = np.array([1e-9, 1.0, 0.0]), np.array([[1.0, 0.0], [-1.0, 0.0]]), np.array([1, -1])
    assert np.linalg.norm(w_h) == np.linalg.norm(w_h[1:])
    assert lk.margin(w_h, X, y) == lk.margin(w_h, X, y, space="input")


def _computed_weights_times_two_move_the_point():
    """The review's counterexample: on the printed decimals (1, 1) lies exactly on the line of
    (-0.9999999999999999, 0.7999999999999999, 0.2), but 2 * 0.7999999999999999 prints as
    1.5999999999999999, not twice 0.7999999999999999, and predict at (1, 1) flips from -1 to +1."""
    from fractions import Fraction

    w = np.array([-0.9999999999999999, 0.7999999999999999, 0.2])
    typed = [Fraction(repr(float(v))) for v in w]
    assert typed[0] + typed[1] + typed[2] == 0                                  # on the line, as printed
    assert repr(float(2 * w[1])) == "1.5999999999999999" and Fraction(repr(float(2 * w[1]))) != 2 * typed[1]
    assert np.array_equal(2 * w / 2, w)                                         # the binary product is exact
    x = [[1.0, 1.0]]
    assert lk.LinearClassifier(w).predict(x)[0] == -1 and lk.LinearClassifier(2 * w).predict(x)[0] == 1


@given(arrays(np.float64, 3, elements=st.floats(-5, 5)).filter(lambda w: np.linalg.norm(w[1:]) > 1e-3),
       arrays(np.float64, (6, 2), elements=st.integers(-30, 30).map(lambda v: v / 10)))
def test_the_lifted_margin_is_never_farther_from_0_than_the_input_margin(w_h, X):
    """|w~| >= |w|, so min y s / |w~| and min y s / |w| have the same sign and the first is no farther
    from 0; for b = 0 they are equal. Checked against the margins computed here from the scores."""
    y = np.where(np.arange(6) % 2 == 0, 1, -1)
    lifted, plane = lk.margin(w_h, X, y), lk.margin(w_h, X, y, space="input")
    assert np.sign(lifted) == np.sign(plane)
    assert abs(lifted) <= abs(plane) * (1 + 1e-12)
    if lifted > 0:
        assert lifted <= plane * (1 + 1e-12)
    if lifted < 0:
        assert lifted >= plane * (1 + 1e-12)
    m = np.min(y * (lk.to_homogeneous(X) @ w_h))
    assert lifted == pytest.approx(m / np.linalg.norm(w_h), rel=1e-9, abs=1e-12)
    assert plane == pytest.approx(m / np.linalg.norm(w_h[1:]), rel=1e-9, abs=1e-12)
    w0 = np.r_[0.0, w_h[1:]]
    assert lk.margin(w0, X, y) == pytest.approx(lk.margin(w0, X, y, space="input"), rel=1e-12, abs=1e-15)


def test_the_perceptron_updates_the_bias_as_one_more_weight():
    """Each update adds eta y_i (1, x_i): w0 moves by eta y_i, Daumé's b <- b - y_hat with eta = 1
    after a mistake with a non-zero score (y_hat = -y_i)."""
    X, y = lk.datasets.separable(30, seed=2)
    for eta in (1.0, 0.5):
        res = lk.perceptron(X, y, eta=eta, keep_weights=True, engine="loop")
        W = res.trace.weights
        assert np.allclose(np.diff(W[:, 0]), eta * y[res.trace.index])
        assert np.allclose(np.diff(W[:, 1:], axis=0), eta * y[res.trace.index, None] * X[res.trace.index])


@given(arrays(np.float64, 3, elements=st.floats(-3, 3)).filter(lambda w: abs(w[0]) > 0.1 and np.linalg.norm(w[1:]) > 0.1),
       st.floats(0.2, 5).filter(lambda c: abs(c - 1) > 0.05))
def test_the_lifted_margin_depends_on_the_constant_coordinate_the_input_margin_does_not(w_h, c):
    """With a constant c instead of 1 the same classifier is (b / c, w) on (c, x). Its margin in the plane
    is the same; its margin one dimension up, divided by |(b / c, w)|, is not (unless b = 0)."""
    X, y = lk.datasets.toy()
    b, w = w_h[0], w_h[1:]
    scores = X @ w + b
    lifted_1 = np.min(y * scores) / np.linalg.norm(w_h)
    lifted_c = np.min(y * scores) / np.linalg.norm(np.r_[b / c, w])     # (b/c) c + w.x: the same scores
    assert lifted_1 == pytest.approx(lk.margin(w_h, X, y))
    assert lk.margin(w_h, X, y, space="input") == pytest.approx(np.min(y * scores) / np.linalg.norm(w))
    assert lifted_c != pytest.approx(lifted_1, rel=1e-6) or np.min(y * scores) == 0


@given(arrays(np.float64, (10, 2), elements=st.integers(-3, 3).map(float)),
       arrays(np.float64, 3, elements=st.integers(-2, 2).map(float)))
def test_predict_returns_a_label_even_at_a_score_of_0(X, w_h):
    """On a grid many points lie on the line; predict still returns +1 or -1 (SIGN_AT_ZERO at 0), never 0
    as np.sign and Flach's sign do."""
    clf = lk.LinearClassifier(w_h)
    pred, scores = clf.predict(X), clf.decision_function(X)
    assert set(pred.tolist()) <= {-1, 1}
    assert np.all(pred[scores == 0] == lk.conventions.SIGN_AT_ZERO)


UNRELATED = {
    "ch02-both-layouts": "def same_in_both_layouts(w):\n    return 0.5\n",
    "ch02-centre": "def centred_line(w, X, y):\n    return np.r_[0.0, np.asarray(w, dtype=float)]\n",
    "ch02-construct-line": "w_line = [1.0, 1.0, 1.0]\n",
    "ch02-distance": "b_for_p = 0.0\nb_for_foot = 0.0\n",
    "ch02-swap": "n_after_swap = 20\nn_right_after_swap = 20\n",
}


@pytest.mark.parametrize("gid", sorted(UNRELATED))
def test_an_unrelated_wrong_answer_gets_the_generic_message(gid):
    assert sorted(UNRELATED) == sorted(exercises(STEM_FEEDBACK)), "one unrelated answer per exercise"
    message = visible_feedback(STEM_FEEDBACK, gid, UNRELATED[gid])
    assert message is not None and KNOWN not in message and "Hint: " in message, message


def _readings(w):
    """The two readings of (w0, ..., wd): the 1 first, and the 1 last (bias wd, normal (w0, ..., w(d-1)))."""
    w = np.asarray(w, dtype=float)
    return lk.LinearClassifier(w), lk.LinearClassifier(np.r_[w[-1], w[:-1]])


def _candidate_points(w):
    """Points to try, chosen without the theory of the key: 0, +-e_i, +-2e_i, e_i - e_j, e_i - 2e_j, a grid
    for d <= 3, and points on and either side of each reading's boundary."""
    w = np.asarray(w, dtype=float)
    d = len(w) - 1
    eye = np.eye(d)
    P = [np.zeros(d)] + [s * e for e in eye for s in (1.0, -1.0, 2.0, -2.0)]
    P += [eye[i] - c * eye[j] for i in range(d) for j in range(d) if i != j for c in (1.0, 2.0)]
    if d <= 3:
        g = np.linspace(-3, 3, 13)
        P += [np.array(p) for p in np.stack(np.meshgrid(*[g] * d), -1).reshape(-1, d)]
    for v in (w, np.r_[w[-1], w[:-1]]):
        n = v[1:]
        if n.any():
            scale = float(np.abs(n).max())                 # no underflow for tiny weights (1e-300)
            length = scale * float(np.linalg.norm(n / scale))
            u = n / length
            foot = -(v[0] / length) * u
            step = u * 1e-6 * max(1.0, float(np.linalg.norm(foot)))
            P += [foot, foot + step, foot - step]
    return np.array(P)


def _a_point_the_readings_label_differently(w):
    """A point where the two readings' predictions (exact, lk.LinearClassifier) differ, or None."""
    first, last = _readings(w)
    P = _candidate_points(w)
    differ = np.flatnonzero(first.predict(P) != last.predict(P))
    return P[differ[0]] if differ.size else None


def _agree_on_a_grid_and_near_the_lines(w):
    return _a_point_the_readings_label_differently(w) is None


def test_exercise_1_probes_are_decided_by_the_two_readings():
    """A False probe has a point the two readings label differently (so their boundaries differ: two
    classifiers with one boundary are k w~ and w~, and the point's labels differ off the boundary or on it);
    a True probe's moved vector is +-w number for number, so every score of one reading is +- the other's and
    the points scoring 0 are the same.  The verdicts are ch02_reference's, decided on Fractions."""
    from ch02_reference import LAYOUT_VERDICTS
    from lecturekit.exercises.ch02 import _LAYOUT_PROBES

    assert max(len(w) for w in _LAYOUT_PROBES) == 20 and min(len(w) for w in _LAYOUT_PROBES) == 2
    assert len(LAYOUT_VERDICTS) == len(_LAYOUT_PROBES)
    alternating = 0
    for w, same in zip(_LAYOUT_PROBES, LAYOUT_VERDICTS):
        w = np.asarray(w)
        moved = np.r_[w[-1], w[:-1]]
        if same:
            assert np.array_equal(moved, w) or np.array_equal(moved, -w), w
            alternating += w.any() and not np.array_equal(moved, w)
            first, last = _readings(w)
            P = _candidate_points(w)
            on_first = np.array([lk.exact.score_sign(w, np.r_[1.0, p]) == 0 for p in P])
            on_last = np.array([lk.exact.score_sign(moved, np.r_[1.0, p]) == 0 for p in P])
            assert np.array_equal(on_first, on_last), w
        else:
            assert _a_point_the_readings_label_differently(w) is not None, w
    assert alternating >= 3          # "the sides may differ" matters: the same boundary with the sides swapped


@given(st.integers(1, 4).flatmap(lambda d: arrays(np.float64, d + 1, elements=st.sampled_from(
    [0.0, 1.0, -1.0, 0.5, -0.5, 2.0, 0.1, -0.1, 0.30000000000000004]))))
def test_exercise_1_key_is_that_moving_the_bias_gives_plus_or_minus_the_vector(w):
    """Read first (b, w) = (w0, (w1, ..., wd)), read last (wd, (w0, ..., w(d-1))): the same set of points
    scoring 0 (decided on Fractions from the definition) exactly when the moved vector is w or -w; for an odd
    number of weights -w only for w = 0, for an even number the alternating (a, -a, ...) too."""
    from ch02_reference import same_boundary

    moved = np.r_[w[-1], w[:-1]]
    key = bool(np.array_equal(moved, w) or np.array_equal(moved, -w))
    assert same_boundary(w) == key
    if key and not np.all(w == w[0]):
        assert len(w) % 2 == 0 and np.array_equal(w[::2], -w[1::2]) and np.all(w[::2] == w[0])


@pytest.mark.parametrize("answer, passes", [
    ("w = np.asarray(w, dtype=float)\n    return bool(np.array_equal(np.r_[w[-1], w[:-1]], w) or "
     "np.array_equal(np.r_[w[-1], w[:-1]], -w))", True),
    # the same labels rather than the same boundary: Question 2's np.roll, unchanged
    ("return bool(np.array_equal(np.roll(w, 1), w))", False),
    ("return all(v == w[0] for v in w)", False),
    ("return bool(np.allclose(np.roll(w, 1), w) or np.allclose(np.roll(w, 1), -np.asarray(w)))", False),
    # +-1 multiples without the zero-vector or length reasoning are the key; a ratio test that allows any k
    ("w = np.asarray(w, dtype=float)\n    m = np.r_[w[-1], w[:-1]]\n    k = (m @ w) / (w @ w) if w.any() else 1.0\n"
     "    return bool(np.allclose(m, k * w))", False),
])
def test_exercise_1_needs_the_exact_condition(answer, passes):
    """Neither Question 2's "moving the 1 leaves the numbers unchanged", nor a tolerance, nor any multiple k
    passes: the probes include alternating vectors of even and odd length and near-equal vectors."""
    source = f"def same_in_both_layouts(w):\n    {answer}\n"
    assert (visible_feedback(STEM_FEEDBACK, "ch02-both-layouts", source) is None) == passes


@pytest.mark.parametrize("b_p, b_f, passes", [
    ("36.0", "-20.0", True), ("36.0004", "-19.9996", True), ("36 + 1 / 3000", "-20.0", True),
    ("36.02", "-20.0", False), ("36.0", "-20.02", False), ("36.001", "-20.0", False), ("36.0", "-19.999", False),
])
def test_exercise_4_accepts_three_decimals_and_no_less(b_p, b_f, passes):
    """"Exact values or at least three decimals": within 5e-4 of 36 and of -20 (by hand in
    test_exercise_4_expected_values_by_hand), absolutely, not relative to the size of the answer."""
    answer = f"b_for_p = {b_p}\nb_for_foot = {b_f}\n"
    assert (visible_feedback(STEM_FEEDBACK, "ch02-distance", answer) is None) == passes


# ---------------------------------------------------------------- the chapter's figure helper and explorer
@given(arrays(np.float64, 3, elements=st.floats(-3, 3)).filter(lambda w: np.hypot(w[1], w[2]) > 0.1),
       arrays(np.float64, (5, 2), elements=st.floats(-4, 4)))
def test_plot_distances_drops_each_point_perpendicularly_onto_the_line(w_h, X):
    """Each foot lies on the line and x - foot is parallel to the normal, so the foot is the closest point
    (Pythagoras); its length is |r|, the sign of r is the side of the normal; the label sits beyond the
    point, away from the line (its offset has the sign of r along the normal)."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    try:
        art = lk.plot.distances(w_h, X, ax=ax)
    finally:
        plt.close(fig)
    b, v = w_h[0], w_h[1:]
    assert np.allclose(b + art.feet @ v, 0.0, atol=1e-9 * (1 + np.abs(X).max()) * np.linalg.norm(v))
    steps = X - art.feet
    assert np.allclose(steps[:, 0] * v[1] - steps[:, 1] * v[0], 0.0, atol=1e-9 * (1 + np.abs(X).max()))
    assert np.allclose(np.linalg.norm(steps, axis=1), np.abs(art.distances), atol=1e-9 * (1 + np.abs(X).max()))
    exact_r = (X @ v + b) / np.linalg.norm(v)
    assert np.allclose(art.distances, exact_r)
    for label, r in zip(art.labels, art.distances):
        away = np.asarray(label.xyann, dtype=float)
        if r != 0:
            assert np.sign(away @ v) == np.sign(r)
        assert label.get_text() == f"{r + 0.0:+.2f}".replace("-", "−")


@pytest.mark.parametrize("swap", [False, True])
@pytest.mark.parametrize("flip", [False, True])
def test_the_hyperplane_explorers_alt_text_says_where_the_normal_points_in_every_state(swap, flip):
    """The alt text names the side the normal points to by prediction and counts the points labelled +1
    there, counted here from the scores; on the explorer's data, with the classes swapped or w negated (not
    both) almost none."""
    X, y = lk.datasets.separable(30, seed=1)                  # the explorer's default data
    state = lk.widgets.hyperplane_state(0.6, 0.8, -0.2, swap=swap, flip=flip, X=X, y=y)
    w = np.array([-0.2, 0.6, 0.8]) * (-1.0 if flip else 1.0)
    labels = -y if swap else y
    on_side = int(np.sum((labels > 0) & (X @ w[1:] + w[0] > 0)))
    from lecturekit.explorers.hyperplane import hyperplane_alt

    text = hyperplane_alt(state)
    n_pos = int(np.sum(labels > 0))
    assert f"where {on_side} of the {n_pos} point" in text
    assert "side of class +1" not in text
    wrong = int(np.sum(labels * (X @ w[1:] + w[0]) <= 0))
    assert f"; {wrong} point" in text
    if swap != flip:
        assert on_side <= 1 and wrong >= 28


def test_the_worked_line_through_two_points():
    """Section 6's worked example by hand, in Fractions: (2, -3) . (Q - P) = 6 - 6 = 0; b = -(2 (-1) - 3) = 5;
    (0, 3) scores -9 + 5 = -4 under (5, 2, -3) and +4 under its negation, which still puts P and Q at 0;
    and the line of any w~ is the line of -w~ (the zero set of -s is the zero set of s)."""
    from fractions import Fraction as F

    P, Q, T = (F(-1), F(1)), (F(2), F(3)), (F(0), F(3))
    score = lambda w, x: w[0] + w[1] * x[0] + w[2] * x[1]     # noqa: E731
    first = (F(5), F(2), F(-3))
    assert 2 * (Q[0] - P[0]) - 3 * (Q[1] - P[1]) == 0 and score(first, P) == score(first, Q) == 0
    assert score(first, T) == -4
    neg = tuple(-v for v in first)
    assert neg == (-5, -2, 3) and score(neg, P) == score(neg, Q) == 0 and score(neg, T) == 4
    assert lk.LinearClassifier([float(v) for v in neg]).predict([[0.0, 3.0]])[0] == 1


def test_the_radius_does_not_involve_the_weights_and_grows_with_the_constant_coordinate():
    """R = max_i |(c, x_i)| has no w~ in it (the same for b = 0 and b = -3, the review's search) and grows
    strictly with the constant coordinate c > 0."""
    X, _ = lk.datasets.toy()
    radii = [np.max(np.linalg.norm(np.column_stack([np.full(len(X), c), X]), axis=1)) for c in (0.5, 1, 2, 10)]
    assert all(a < b for a, b in zip(radii, radii[1:]))
    assert radii[1] == pytest.approx(np.sqrt(14.0))              # (1, 2, 3) by hand, |.|^2 = 1 + 4 + 9


def test_scikit_learns_svc_is_the_exception_that_predicts_the_positive_class_at_a_score_of_0():
    """Section 9: at a score of exactly 0 the linear_model classifiers and LinearSVC predict classes_[0] (-1 here),
    SVC(kernel="linear") predicts classes_[1]; off the boundary lecturekit's classifier with SVC's weights agrees
    with SVC (section's mapping, cell of the notation)."""
    svm = pytest.importorskip("sklearn.svm")
    from sklearn import linear_model
    X, y = np.array([[0.0], [2.0]]), np.array([-1, 1])
    for est in (linear_model.LogisticRegression(), linear_model.Perceptron(), linear_model.RidgeClassifier(),
                svm.LinearSVC(), svm.SVC(kernel="linear", C=100)):
        est.fit(X, y)
        at = np.array([[-est.intercept_[0] / est.coef_.ravel()[0]]])
        assert est.decision_function(at)[0] == 0.0
        expected = 1 if isinstance(est, svm.SVC) else -1
        assert est.predict(at)[0] == expected, type(est).__name__
    X2, y2 = lk.datasets.separable(40, seed=4)
    svc = svm.SVC(kernel="linear", C=10).fit(X2, y2)
    ours = lk.LinearClassifier(np.r_[svc.intercept_, svc.coef_.ravel()])
    Z = np.random.default_rng(0).uniform(-4, 4, size=(5000, 2))
    off = np.abs(svc.decision_function(Z)) > 1e-9
    assert off.all() and np.array_equal(ours.predict(Z), svc.predict(Z))


def test_in_plain_floating_point_a_point_off_the_line_can_score_0_under_both_signs():
    """The summary's k = -1 caveat: w~ = (-1, 1, 1e-20) at x = (1, 1) scores 1e-20 exactly (off the line), but the
    plain computation gives 0.0 and -0.0, so np.where(score > 0, 1, -1) says -1 under both; lecturekit says +1 and
    -1."""
    from fractions import Fraction
    w = np.array([-1.0, 1.0, 1e-20])
    x = np.array([[1.0, 1.0]])
    exact = Fraction(-1) + Fraction(1) + Fraction(1e-20)
    assert exact > 0
    for v in (w, -w):
        plain = x @ v[1:] + v[0]
        assert plain[0] == 0.0 and np.where(plain > 0, 1, -1)[0] == -1
    assert lk.LinearClassifier(w).predict(x)[0] == 1 and lk.LinearClassifier(-w).predict(x)[0] == -1


@settings(max_examples=300, deadline=None)
@given(st.lists(st.decimals(-9, 9, places=2, allow_nan=False), min_size=3, max_size=3),
       st.lists(st.decimals(-9, 9, places=1, allow_nan=False), min_size=2, max_size=2),
       st.sampled_from([1, 10**-3, 10**5]))
def test_lecturekit_decides_the_sign_exactly_on_the_printed_decimals(w_dec, x_dec, scale):
    """Section 5: lk.LinearClassifier's prediction is the sign (0 -> SIGN_AT_ZERO) of the exact score of the
    numbers as Python prints them; two-decimal weights and one-decimal points put many points exactly on the line."""
    from fractions import Fraction

    w = np.array([float(v) * scale for v in w_dec])
    x = [float(v) for v in x_dec]
    exact = sum(Fraction(repr(float(a))) * Fraction(repr(float(c))) for a, c in zip(w, [1.0, *x]))
    expected = 1 if exact > 0 else (-1 if exact < 0 else lk.conventions.SIGN_AT_ZERO)
    assert lk.LinearClassifier(w).predict([x])[0] == expected


def test_lecturekit_and_scikit_learn_differ_only_within_rounding_of_the_boundary():
    """The notation cell and section 5: a scikit-learn classifier with w~ = (-0.3, 0.1, 0.2) predicts +1 at (1, 1),
    which is on the line (lecturekit: -1), and at a point 1e-17 on the negative side; on 4000 random points at
    least 1e-9 from the line the two agree, and so do points up to 1e17 whose exact score exceeds 4e-16 |w~||x~|."""
    from sklearn.linear_model import LogisticRegression
    clf = LogisticRegression().fit([[0.0, 0.0], [1.0, 1.0]], [-1, 1])
    clf.intercept_, clf.coef_ = np.array([-0.3]), np.array([[0.1, 0.2]])
    ours = lk.LinearClassifier([-0.3, 0.1, 0.2])
    on = np.array([[1.0, 1.0]])
    assert clf.decision_function(on)[0] > 0 and clf.predict(on)[0] == 1 and ours.predict(on)[0] == -1
    near = np.array([[0.9999999999999991, 1.0000000000000004]])
    assert clf.predict(near)[0] == 1 and ours.predict(near)[0] == -1
    Z = np.random.default_rng(1).uniform(-5, 5, size=(4000, 2))
    far = np.abs(Z @ [0.1, 0.2] - 0.3) / np.hypot(0.1, 0.2) > 1e-9
    assert far.sum() > 3990 and np.array_equal(ours.predict(Z[far]), clf.predict(Z[far]))
    # "rounding" in section 5's sense, relative to |w~||x~|: points of every size up to 1e17 near the line; those
    # whose exact score exceeds 4e-16 |w~||x~| get the same label, and some within it differ
    from fractions import Fraction
    rng = np.random.default_rng(2)
    a = np.round(rng.uniform(-1, 1, 3000) * 10.0 ** rng.integers(0, 18, 3000))
    b = (0.3 - 0.1 * a) / 0.2 + rng.uniform(-30, 30, 3000) * np.maximum(1.0, np.abs(a)) * 1e-16
    P = np.column_stack([a, b])
    exact = np.array([float(Fraction("-0.3") + Fraction("0.1") * Fraction(repr(float(p))) + Fraction("0.2") * Fraction(repr(float(q))))
                      for p, q in P])
    size = np.linalg.norm([-0.3, 0.1, 0.2]) * np.linalg.norm(np.column_stack([np.ones(len(P)), P]), axis=1)
    beyond = np.abs(exact) > 4e-16 * size
    assert beyond.sum() > 100 and np.array_equal(ours.predict(P[beyond]), clf.predict(P[beyond]))
    assert not np.array_equal(ours.predict(P[~beyond]), clf.predict(P[~beyond]))


def test_exercise_2s_margin_is_lk_margin_in_the_input_space_not_its_default():
    """Exercise 2's pointer: on 1-D data (positives 10, 12; negatives -100, -120) the input-space margin peaks at the
    midpoint bias 45 (b = -(10 - 100) / 2), and lk.margin(..., space="input") says so; its default (divided by
    |w~|) prefers 44 to 45."""
    X = np.array([[10.0], [12.0], [-100.0], [-120.0]])
    y = np.array([1, 1, -1, -1])
    def best(space):
        bs = np.arange(0.0, 90.0, 0.5)
        vals = [lk.margin([b, 1.0], X, y, **({"space": space} if space else {})) for b in bs]
        return float(bs[int(np.argmax(vals))])
    assert best("input") == 45.0
    assert lk.margin([44.0, 1.0], X, y) > lk.margin([45.0, 1.0], X, y)
    assert lk.margin([44.0, 1.0], X, y, space="input") < lk.margin([45.0, 1.0], X, y, space="input")


def test_the_two_orders_of_a_sum_round_differently_and_lecturekit_predicts_minus_1_in_both_layouts():
    """Section 4's example: -0.3 + 0.1 + 0.2 and 0.1 + 0.2 - 0.3 round to 2.8e-17 and 5.6e-17 (the exact sum is 0);
    lecturekit predicts -1 for the point (1, 1) under (-0.3, 0.1, 0.2), and the permuted weights (0.1, 0.2, -0.3)
    read with the 1 last score the same point 0 in exact arithmetic too."""
    assert f"{-0.3 + 0.1 + 0.2:.1e}" == "2.8e-17" and f"{0.1 + 0.2 - 0.3:.1e}" == "5.6e-17"
    from fractions import Fraction
    assert Fraction("-0.3") + Fraction("0.1") + Fraction("0.2") == 0
    assert lk.LinearClassifier([-0.3, 0.1, 0.2]).predict([[1.0, 1.0]]).tolist() == [-1]
    # the 1 last: (w1, w2, b) on (x1, x2, 1) is the same classifier, its weights permuted
    assert lk.LinearClassifier(np.roll([0.1, 0.2, -0.3], 1)).predict([[1.0, 1.0]]).tolist() == [-1]


def test_a_scikit_learn_classifier_is_intercept_then_coef_and_predicts_minus_1_at_a_score_of_0():
    """The chapter's mapping w~ = np.r_[clf.intercept_, clf.coef_.ravel()]: lecturekit's classifier with
    those weights gives scikit-learn's scores and predictions; and scikit-learn, like predict, calls a
    score of exactly 0 the class -1 (Flach's sign would give 0)."""
    linear_model = pytest.importorskip("sklearn.linear_model")
    X, y = lk.datasets.separable(40, seed=4)
    clf = linear_model.Perceptron(random_state=0).fit(X, y)
    w_h = np.r_[clf.intercept_, clf.coef_.ravel()]
    ours = lk.LinearClassifier(w_h)
    assert np.allclose(ours.decision_function(X), clf.decision_function(X))
    assert np.array_equal(ours.predict(X), clf.predict(X))
    clf.coef_, clf.intercept_ = np.array([[1.0, 1.0]]), np.array([-2.0])
    on_line = np.array([[1.0, 1.0]])
    assert clf.decision_function(on_line)[0] == 0.0
    assert clf.predict(on_line)[0] == -1 == lk.LinearClassifier([-2.0, 1.0, 1.0]).predict(on_line)[0]
    # labels named otherwise: the positive class is classes_[1]
    named = np.where(y == 1, "b", "a")
    clf2 = linear_model.LogisticRegression().fit(X, named)
    w2 = np.r_[clf2.intercept_, clf2.coef_.ravel()]
    assert np.array_equal(np.where(lk.LinearClassifier(w2).predict(X) == 1, clf2.classes_[1], clf2.classes_[0]),
                          clf2.predict(X))
    # three classes: one vector per class, so the expression is not one homogeneous vector (the chapter's
    # "of two classes")
    X3, y3 = np.vstack([X, X[:5] + 10.0]), np.r_[y, np.full(5, 2)]
    clf3 = linear_model.LogisticRegression().fit(X3, y3)
    assert np.r_[clf3.intercept_, clf3.coef_.ravel()].shape == (3 + 3 * 2,) != (1 + 2,)
    # the chapter's scope: linear_model classifiers and LinearSVC keep one vector per class, SVC(kernel="linear")
    # one per pair of classes (one-vs-one), on four classes
    svm = pytest.importorskip("sklearn.svm")
    X4, y4 = np.vstack([X, X[:5] + 10.0, X[:5] - 10.0]), np.r_[y + 1, np.full(5, 3), np.full(5, 4)]
    assert len(np.unique(y4)) == 4
    for est in (linear_model.LogisticRegression(), linear_model.Perceptron(random_state=0), svm.LinearSVC()):
        assert est.fit(X4, y4).coef_.shape == (4, 2)
    assert svm.SVC(kernel="linear").fit(X4, y4).coef_.shape == (4 * 3 // 2, 2)


def test_the_cells_multiples_by_2_and_minus_1_print_exactly_and_by_3_do_not():
    """Section 5's Multiples bullet, on the cell's own rows: the stored 2 w~ and -w~ print as exactly 2 and -1
    times the typed decimals (each entry, Fractions of the printed digits), the stored 3 w~ in none of its
    entries; the committed output of that cell prints those stored lists.  Not general for 2: a float that
    needs 17 digits can print other digits when doubled, although doubling is exact in binary."""
    import json
    from fractions import Fraction

    w = np.array([-0.3, 0.1, 0.2])
    typed = [Fraction(repr(float(v))) for v in w]
    printed = {k: [Fraction(repr(float(v))) for v in k * w] for k in (2.0, -1.0, 3.0)}
    assert printed[2.0] == [2 * t for t in typed] and printed[-1.0] == [-t for t in typed]
    assert all(p != 3 * t for p, t in zip(printed[3.0], typed))
    assert Fraction(repr(2 * 0.30000000000000004)) != 2 * Fraction("0.30000000000000004")
    cells = json.loads(NOTEBOOK.read_text())["cells"]
    text = next("".join(o.get("text", "")) for c in cells if c["cell_type"] == "code"
                and "for k in (1.0, 2.0, 3.0, -1.0)" in "".join(c["source"]) for o in c["outputs"])
    for k in (2.0, -1.0, 3.0):
        assert f"k = {k:+g}: k·w~ stored as {(k * w).tolist()};" in text


@given(arrays(np.float64, 3, elements=st.integers(-30, 30).map(lambda v: v / 10)).filter(lambda w: w[1:].any()),
       st.sampled_from([2.0, 0.5, 3.0, 10.0, 0.1, -2.0, -3.0, 2.0 ** -23]))
def test_other_multiples_are_not_exact_for_every_weight_vector(w_h, k):
    """For k other than 1 and -1 some weight vector's computed multiple is not k w~ in binary or not k times
    its printed decimals: each k here has a counterexample among a few short decimals."""
    from fractions import Fraction

    def exact(v, k):
        kv = k * v
        return (Fraction(kv) == Fraction(k) * Fraction(v)
                and Fraction(repr(float(kv))) == Fraction(repr(k)) * Fraction(repr(float(v))))

    candidates = [0.1, 0.3, 0.7, 0.7999999999999999, 1.1, 2.3, 0.30000000000000004]
    assert not all(exact(v, k) for v in candidates)
    assert all(exact(v, -1.0) and exact(v, 1.0) for v in [*candidates, *w_h.tolist()])


@given(arrays(np.float64, (8, 2), elements=st.integers(-20, 20).map(lambda v: v / 10)),
       arrays(np.float64, 3, elements=st.integers(-20, 20).map(lambda v: v / 10)).filter(lambda w: w[1:].any()))
def test_given_weights_predict_the_same_in_either_layout_and_lms_can_differ_in_the_last_digit(X, w_h):
    """The 1 last is lecturekit's layout with a zero bias on the columns (x, 1): for given weights predict is
    exact, so every prediction agrees, points on the line included. A training run with rounded updates
    (LMS) can end with weights that differ in the last digit: one data set where it does."""
    first = lk.LinearClassifier(w_h).predict(X)
    last = lk.LinearClassifier([0.0, w_h[1], w_h[2], w_h[0]]).predict(np.hstack([X, np.ones((len(X), 1))]))
    assert np.array_equal(first, last)
    differ = 0
    for seed in range(8):
        Xn, yn = lk.datasets.noisy(20, seed=seed)
        a = lk.lms(Xn, yn, eta=0.01, epochs=20).w
        b = lk.lms(np.hstack([Xn, np.ones((20, 1))]), yn, eta=0.01, epochs=20, fit_intercept=False).w
        assert b[0] == 0.0 and np.allclose(a, [b[3], b[1], b[2]], rtol=1e-12)   # the same fit, up to rounding
        differ += not np.array_equal(a, [b[3], b[1], b[2]])
    assert differ > 0


@given(arrays(np.float64, 3, elements=st.floats(-9, 9)).filter(lambda w: np.hypot(w[1], w[2]) > 1e-3),
       st.integers(-300, 300),
       arrays(np.float64, (6, 2), elements=st.integers(-30, 30).map(lambda v: v / 10)),
       arrays(np.int64, 6, elements=st.sampled_from([-1, 1])).filter(lambda y: len(set(y.tolist())) == 2))
def test_lk_margin_keeps_the_order_of_the_two_margins_at_any_scale(w_h, e, X, y):
    """lk.margin with weights scaled by 10**e (from 1e-300 to 1e300, no overflow of the scores here): the
    default is never farther from 0 than the input-space margin and has its sign; both keep the sign
    they have at e = 0. Weights whose scores overflow get a ValueError that says so."""
    w = w_h * 10.0 ** e
    assume(np.all(np.isfinite(w)) and np.hypot(w[1], w[2]) > 0)
    m_h, m_in = lk.margin(w, X, y), lk.margin(w, X, y, space="input")
    assert abs(m_h) <= abs(m_in) and np.sign(m_h) == np.sign(m_in)
    assert np.sign(m_h) == np.sign(lk.margin(w_h, X, y))
    with pytest.raises(ValueError, match="overflows"):
        lk.margin([1e308, 1e308, 1e308], [[1.0, 1.0], [2.0, 2.0]], [1, -1])


@given(st.sampled_from([0.5, 1.0, 2.0, 3.0, 0.1, 7.0]))
def test_the_answers_to_questions_7_and_8(k):
    """Q7: (4, -1, -2) and its positive multiples put (0, 2) and (4, 0) on the line and the origin on the
    positive side (exact predictions; scores by Fraction). Q8: (-0.25, 1) separates the lifted points through
    the origin of the plane, and its line meets x0 = 1 at x1 = 0.25."""
    from fractions import Fraction

    w7 = [Fraction(4), Fraction(-1), Fraction(-2)]
    for p in ((0, 2), (4, 0)):
        assert w7[0] + w7[1] * p[0] + w7[2] * p[1] == 0
    clf = lk.LinearClassifier(k * np.array([4.0, -1.0, -2.0]))
    assert clf.predict([[0.0, 0.0]])[0] == 1 and clf.predict([[1.0, 1.0]])[0] == 1
    assert clf.predict([[4.0, 4.0]])[0] == -1
    x8, y8 = np.array([[-2.0], [-1.0], [1.5], [3.0]]), np.array([-1, -1, 1, 1])
    w8 = np.array([-0.25, 1.0])
    lifted = lk.to_homogeneous(x8)
    assert np.array_equal(np.sign(lifted @ w8), y8)
    assert (lifted @ w8).tolist() == [-2.25, -1.25, 1.25, 2.75]
    assert lk.is_separable(lifted, y8, fit_intercept=False)
    assert Fraction(-1, 4) * 1 + Fraction(1, 4) == 0          # the line meets x0 = 1 at x1 = 0.25


def test_the_lifted_plane_figure_draws_and_describes_what_it_is_given():
    """lk.plot.lifted_plane: points on x0 = 1 coloured by the sign of their score, the orange line in the
    slice on w0 + w1 x1 + w2 x2 = 0, the plane inside the cube, and alt text from the numbers; bad input
    is refused by name."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    X = np.array([[3.0, 1.0], [2.0, 0.0], [0.0, 3.0], [-3.0, -2.0], [1.0, 1.0]])
    w = np.array([-3.0, 1.0, 2.0])
    fig = plt.figure()
    ax = fig.add_subplot(projection="3d", proj_type="ortho")
    art = lk.plot.lifted_plane(w, X, ax=ax)
    scores = X @ w[1:] + w[0]
    assert art.counts == (int((scores > 0).sum()), int((scores < 0).sum()), int((scores == 0).sum()))
    (line,) = [ln for ln in ax.lines if "meet" in ln.get_label()]
    x0, x1, x2 = (np.asarray(c) for c in line.get_data_3d())
    assert np.all(x0 == 1) and np.allclose(w[0] + w[1] * x1 + w[2] * x2, 0, atol=1e-12) and len(x1) > 10
    text = lk.plot.description(fig)
    assert "−3·x₀ + 1·x₁ + 2·x₂ = 0" in text and "−3 + 1·x₁ + 2·x₂ = 0" in text
    assert "2 with a positive score" in text and "2 with a negative score" in text and "1 with score 0" in text
    assert ax.get_xticks().tolist() == [-2.0, 0.0, 2.0]                        # x0 foreshortened: few ticks
    plt.close(fig)
    # edge_on: the camera looks along the line (0, w2, -w1), which lies in the plane and in the slice, the
    # line seen end-on is an orange dot on it, and the points are drawn over the slice's outline
    fig = plt.figure()
    ax = fig.add_subplot(projection="3d", proj_type="ortho")
    art = lk.plot.lifted_plane(w, X, ax=ax, edge_on=True)
    e, a = np.radians(ax.elev), np.radians(ax.azim)
    view = np.array([np.cos(e) * np.cos(a), np.cos(e) * np.sin(a), np.sin(e)])
    assert abs(view @ w) < 1e-12 and abs(view[0]) < 1e-12           # in the plane and in the slice x0 = 1
    (dot,) = [ln for ln in ax.lines if ln.get_marker() == "o"]
    d0, d1, d2 = (np.asarray(c) for c in dot.get_data_3d())
    assert d0.tolist() == [1.0] and w[0] + w[1] * d1[0] + w[2] * d2[0] == pytest.approx(0, abs=1e-12)
    (outline,) = [ln for ln in ax.lines if "slice" in ln.get_label()]
    assert min(art.positive.get_zorder(), art.negative.get_zorder(), dot.get_zorder()) > outline.get_zorder()
    assert "orange dot where they cross" in lk.plot.description(fig)
    assert not ax.axison                                          # no shaded panes meeting in a band
    plt.close(fig)
    with pytest.raises(TypeError, match="edge_on"):
        lk.plot.lifted_plane(w, X, edge_on="yes")
    for bad, word in (([1.0, 0.0, 0.0], "w"), ([1.0, 1.0], "w")):
        with pytest.raises(ValueError, match=word):
            lk.plot.lifted_plane(bad, X)
    with pytest.raises(ValueError, match="limit"):
        lk.plot.lifted_plane(w, X, limit=1.0)
    plt.close("all")


def test_the_check_module_holds_the_fingerprints_of_the_reference_answers_and_no_answer():
    """The keys and catalogued slips in lecturekit/exercises/ch02.py are the fingerprints of what
    tests/ch02_reference.py derives from the definitions; the module has no helper that computes an answer."""
    import ch02_reference as ref
    from lecturekit.exercises import ch02

    assert ch02._KEY1 == ref.layout_key()
    assert {mid: key for mid, key, _ in ch02._LAYOUT_MISTAKES} == ref.layout_rule_keys()
    assert {mid: key for mid, key, _ in ch02._CENTRED_MISTAKES} == ref.centred_slip_keys()
    assert ch02._KEY3 == ref.key3_fingerprint()
    assert {mid: key for mid, key, _ in ch02._LINE_MISTAKES} == ref.slip3_keys()
    assert {mid: key for mid, key, _ in ch02._P_MISTAKES + ch02._FOOT_MISTAKES} == ref.distance_slip_keys()
    assert ch02._SWAP_KEY == ref.swap_key()
    assert ref.distance_answers() == (pytest.approx(36.0), pytest.approx(-20.0))
    assert np.allclose(ref.key3(), np.array([-4.0, -2.0, 1.0]) / np.sqrt(5.0))
    for name in ("_centred_reference", "_distance_answers", "_mirror", "_unit", "_line_from_turk", "_TURK3",
                 "_LAYOUT_RULES", "_variant"):
        assert not hasattr(ch02, name), name


@pytest.mark.parametrize("a, b", [("34", "8.0"), ("34.0", "8.0"), ("np.int64(34)", "8")])
def test_exercise_5_accepts_whole_numbers_written_as_floats(a, b):
    assert visible_feedback(STEM_FEEDBACK, "ch02-swap", f"n_after_swap = {a}\nn_right_after_swap = {b}\n") is None


def test_exercise_5_tells_a_fraction_what_it_is_and_no_pair_is_told_which_count_is_wrong():
    text = visible_feedback(STEM_FEEDBACK, "ch02-swap", "n_after_swap = 34\nn_right_after_swap = 8.5\n")
    assert text is not None and "n_right_after_swap is 8.5 (float)" in text
    # every pair in the region of the score-0 slips gets one message, and so does every pair outside it
    region = {visible_feedback(STEM_FEEDBACK, "ch02-swap", f"n_after_swap = {a}\nn_right_after_swap = {b}\n")
              for a in range(31, 35) for b in range(6, 10) if (a, b) != (34, 8)}
    # the group slip is named only for a count near the other group's size; a pair such as (35, 8) or (37, 9),
    # whose likely slip is in the score-0 points, is not sent to the groups it probably got right
    groups = {visible_feedback(STEM_FEEDBACK, "ch02-swap", f"n_after_swap = {a}\nn_right_after_swap = {b}\n")
              for a, b in ((34, 32), (9, 8), (6, 3), (6, 8), (34, 31))}
    neutral = {visible_feedback(STEM_FEEDBACK, "ch02-swap", f"n_after_swap = {a}\nn_right_after_swap = {b}\n")
               for a, b in ((35, 8), (37, 9), (37, 8), (30, 8), (34, 12), (20, 20))}
    assert len(region) == 1 and len(groups) == 1 and len(neutral) == 1
    assert len(region | groups | neutral) == 3
    (text,) = neutral
    assert KNOWN not in text and "31 points that were right" not in text


def test_scikit_learn_multiclass_linear_classifiers_predict_the_largest_score_and_svc_votes_by_pairs():
    """Cell 4: on four classes the linear_model classifiers and LinearSVC predict the class of the largest
    score (chapter 8's linear machine); LogisticRegression's default fits its vectors jointly (its
    probabilities are the softmax of its scores, not one-vs-rest fits); SVC keeps one vector per pair."""
    linear_model = pytest.importorskip("sklearn.linear_model")
    svm = pytest.importorskip("sklearn.svm")
    multiclass = pytest.importorskip("sklearn.multiclass")
    X, y = lk.datasets.separable(40, seed=4)
    X4, y4 = np.vstack([X, X[:5] + 10.0, X[:5] - 10.0]), np.r_[y + 1, np.full(5, 3), np.full(5, 4)]
    for est in (linear_model.LogisticRegression(), linear_model.Perceptron(random_state=0), svm.LinearSVC(),
                linear_model.RidgeClassifier(), linear_model.SGDClassifier(random_state=0)):
        est.fit(X4, y4)
        assert np.array_equal(est.predict(X4), est.classes_[np.argmax(est.decision_function(X4), axis=1)])
    joint = linear_model.LogisticRegression().fit(X4, y4)
    s = joint.decision_function(X4)
    soft = np.exp(s - s.max(axis=1, keepdims=True))
    assert np.allclose(joint.predict_proba(X4), soft / soft.sum(axis=1, keepdims=True))
    ovr = multiclass.OneVsRestClassifier(linear_model.LogisticRegression()).fit(X4, y4)
    assert not np.allclose(joint.coef_, np.vstack([e.coef_ for e in ovr.estimators_]), atol=1e-3)
    pairs = svm.SVC(kernel="linear", decision_function_shape="ovo").fit(X4, y4)
    assert pairs.coef_.shape == (6, 2) and pairs.decision_function(X4).shape == (len(X4), 6)


def test_the_explorers_alt_text_counts_the_sides_the_rings_are_drawn_from():
    """A point exactly on the line (score 0 in exact arithmetic, a tiny positive float score) is ringed and
    is not counted on the +1 side, so the alt text and the rings agree."""
    s = lk.widgets.hyperplane_state(0.1, 0.2, -0.3, X=[[1.0, 1.0], [3.0, 3.0], [-2.0, -2.0]], y=[1, 1, -1])
    assert s["scores"][0] != 0 and s["sides"][0] == 0 and 0 in s["misclassified"].tolist()
    from lecturekit.explorers.hyperplane import hyperplane_alt

    text = hyperplane_alt(s)
    assert "where 1 of the 2 points labelled +1 lies" in text and "1 point is misclassified" in text


def test_the_second_3d_view_looks_along_the_cut_line():
    """Cell 47's right panel looks along (0, 2, -1) (azimuth 90 degrees, elevation asin(-1/sqrt 5)): that
    direction lies in the slice x0 = 1 (no x0 part) and in the plane w~ . x~ = 0, so it is the cut line's,
    the plane is seen edge-on, and w~, perpendicular to it, is drawn at its true angle to the edge."""
    w_h = lk.join_bias(np.array([1.0, 2.0]), -3.0)
    v = np.array([0.0, 2.0, -1.0])
    assert v[0] == 0 and w_h @ v == 0
    elev, azim = np.arcsin(-1 / np.sqrt(5)), np.radians(90)
    view = np.array([np.cos(elev) * np.cos(azim), np.cos(elev) * np.sin(azim), np.sin(elev)])
    assert np.allclose(view, v / np.linalg.norm(v))


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(-6, 6), min_size=3, max_size=3), st.lists(st.integers(-6, 6), min_size=3, max_size=3))
def test_two_classifiers_that_label_every_point_alike_are_positive_multiples(a, b):
    """Section 5's converse: for w~, w~' with w, w' != 0 that are not positive multiples of each other, some point
    of the plane gets different labels (sign(0) = -1, decided exactly in Fractions); the witness is among a few
    points next to the foot of the origin on each line, stepped along the two normals."""
    from fractions import Fraction as F
    assume(any(a[1:]) and any(b[1:]))
    positive_multiple = (a[1] * b[2] == a[2] * b[1] and a[0] * b[1] == a[1] * b[0] and a[0] * b[2] == a[2] * b[0]
                         and a[1] * b[1] + a[2] * b[2] > 0)

    def label(w, p):
        return 1 if w[0] + w[1] * p[0] + w[2] * p[1] > 0 else -1

    d = F(1, 10 ** 6)
    points = []
    for w in (a, b):
        n2 = F(w[1] ** 2 + w[2] ** 2)
        foot = (-F(w[0]) * w[1] / n2, -F(w[0]) * w[2] / n2)
        for s in (-1, 0, 1):
            for t in (-1, 0, 1):
                points.append((foot[0] + d * (s * a[1] + t * b[1]), foot[1] + d * (s * a[2] + t * b[2])))
    differ = any(label(a, p) != label(b, p) for p in points)
    assert differ == (not positive_multiple)


def test_a_fitted_classifier_decides_on_its_trainings_exact_weights_not_the_printed_ones():
    """Section 8's scope: a classifier built from typed weights decides on their printed decimals, but one returned by
    a fit decides on the exact weights its training made. The closest-centroid fit on three decimal points puts
    x = (0, -0.2675) exactly on its boundary (checked in fractions: predicted -1), while the classifier rebuilt from
    its printed w puts it on the positive side."""
    X, y = [[0.0, 0.7], [0.3, 0.5], [-0.8, 0.1]], [1, 1, -1]
    fit = lk.centroid_classifier(X, y)
    x = [[0.0, -0.2675]]
    F = Fraction
    mp = [(F("0.0") + F("0.3")) / 2, (F("0.7") + F("0.5")) / 2]
    mn = [F("-0.8"), F("0.1")]
    w = [mp[0] - mn[0], mp[1] - mn[1]]
    b = -(mp[0] ** 2 + mp[1] ** 2 - mn[0] ** 2 - mn[1] ** 2) / 2
    assert b + w[0] * F("0.0") + w[1] * F("-0.2675") == 0                  # exactly on the boundary
    assert fit.predict(x).tolist() == [-1]
    printed = [F(repr(float(v))) for v in fit.w]
    assert printed[0] + printed[2] * F("-0.2675") > 0                     # the printed weights put it on the + side
    assert lk.LinearClassifier(fit.w).predict(x).tolist() == [1]


def test_which_functions_take_the_homogeneous_w_and_which_the_raw_one():
    """The notation section: LinearClassifier and plot.boundary take the homogeneous (b, w1, w2); join_bias and
    threshold_to_homogeneous take the raw (w1, w2) and return the homogeneous vector."""
    import matplotlib.pyplot as plt

    w, b = np.array([1.0, 2.0]), -3.0
    h = lk.join_bias(w, b)
    assert h.tolist() == [-3.0, 1.0, 2.0]
    assert lk.threshold_to_homogeneous(w, 3.0).tolist() == [-3.0, 1.0, 2.0]
    assert lk.LinearClassifier(h).decision_function([[1.0, 1.0]]).tolist() == [0.0]
    fig, ax = plt.subplots()
    line = lk.plot.boundary(h, ax=ax).line
    (x1, x2) = line.get_xy1()
    assert abs(-3.0 + x1 + 2.0 * x2) < 1e-12
    plt.close(fig)
