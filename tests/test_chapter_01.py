"""Chapter 1 (dot products): the claims the lesson prints, checked against
independent references, and the exercises' visible feedback.

The notebook prints its numbers (strict nbval pins them); the properties
behind them are tested here: numpy's dot and norm as oracles, hand
computations, and hypothesis for the identities the chapter teaches.
"""

import math
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import lecturekit as lk
from claims_support import check_claims, general_sentences
from exercise_support import KNOWN, exercises, load_mutants, visible_feedback

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "01_dot_products.ipynb"
STEM = NOTEBOOK.stem

finite = st.floats(-100, 100, allow_nan=False, allow_infinity=False)
small_ints = arrays(np.int64, 3, elements=st.integers(-6, 6))

# ---------------------------------------------------------------- the chapter's general claims
# a fragment of each sentence with "always / never / only / every ...": the test that guards it
CLAIMS = {
    "the README says how to see a reference solution":
        "test_show_solution_shows_the_reference_at_any_time_in_a_workspace_with_solutions",
    "it never shows the expected answer (for the numbers you work out by hand it says only\nwhether they are all right)":
        "test_no_registered_wrong_answer_is_shown_the_key",
    "Whether a linear fit is stable depends on the data\nand on how it is fitted":
        "test_whether_a_least_squares_fit_changes_little_between_samples_depends_on_the_data",
    "chapter 4 §7 shows the perceptron's line changing with the mere order of\nthe same examples":
        "test_the_perceptrons_line_depends_on_the_order_of_the_examples",
    "for a nearly perpendicular pair by the whole\nresult, even in sign":
        "test_the_projection_onto_5b_of_a_nearly_perpendicular_pair_can_differ_in_sign",
    "$\\tau = 10^{-12}$ is ample up to a few thousand\n  coordinates":
        "test_a_tolerance_of_1e_12_covers_the_rounding_of_a_few_thousand_coordinates",
    "The arrow is $w$ itself, of length $\\sqrt 6$": "test_the_slanted_3d_figure_draws_w_itself",
    "the dashed side is $a - b$": "test_the_law_of_cosines_figure_draws_the_perpendicular_and_the_side_a_minus_b",
    "the foot of the dotted perpendicular lies at\n$\\|a\\| \\cos\\theta = 3$ along $b$":
        "test_the_law_of_cosines_figure_has_its_foot_at_3_and_a_perpendicular_of_1",
    "so the two results can differ by a rounding error":
        "test_lk_dot_and_the_loop_differ_by_about_1e_16_of_the_lengths_and_in_sign_where_the_products_cancel",
    "when a dot product is 0 or nearly 0 on paper, not\neven its computed sign can be trusted":
        "test_lk_dot_and_the_loop_differ_by_about_1e_16_of_the_lengths_and_in_sign_where_the_products_cancel",
    "computed projection lengths often differ in the last digit":
        "test_the_projection_length_onto_5b_often_differs_in_the_last_digit",
    "with equality exactly when one of the two vectors is a multiple of the other":
        "test_cauchy_schwarz_with_equality_only_for_parallel_vectors",
    "Only the *direction* of $b$ matters": "test_projection_ignores_the_length_of_b_and_leaves_a_perpendicular_rest",
    "is perpendicular to $b$ on paper: its dot product with $b$ is 0":
        "test_the_rest_after_a_projection_is_exactly_perpendicular_on_paper_and_on_the_worked_numbers",
    "Every other point has a non-zero projection onto $w$": "test_the_sign_of_the_score_is_the_side",
    "Every point on the side the arrow points to has a positive score": "test_the_sign_of_the_score_is_the_side",
    "Scaling $w$ by any $\\alpha > 0$ multiplies every score": "test_positive_scaling_keeps_sides_negation_swaps_them",
    "Scaling by a power of 2 (½, 2, 4) is exact\n  in binary and changes no":
        "test_scaling_by_a_power_of_two_changes_no_computed_sign",
    "can get a tiny score\nunder $3w$ with another sign than under $w$":
        "test_scaling_by_three_changes_a_computed_sign_only_next_to_the_line",
    "Negating $w$ negates every score": "test_negation_negates_every_score_and_keeps_the_line",
    "Its points are exactly the vectors perpendicular to $w$": "test_the_boundary_is_a_hyperplane_of_dimension_d_minus_1",
    "the set $w \\cdot x = 0$ is the whole space, so there is no\nline or plane and there are no sides":
        "test_the_zero_weight_vector_scores_every_point_0",
    "For coordinates that are 0 or between about $10^{-150}$ and $10^{150}$ in size":
        "test_rounding_errors_are_about_1e_16_of_the_sizes_only_far_from_overflow_and_underflow",
    "for $d$ coordinates (within section 3's range), so test":
        "test_rounding_errors_are_about_1e_16_of_the_sizes_only_far_from_overflow_and_underflow",
    "a computed dot product of $d$\n  coordinates is off by at most about":
        "test_a_computed_dot_product_is_off_by_at_most_d_times_1e_16_of_the_lengths_often_less_sometimes_not_at_all",
    "each product and each partial sum\nis rounded to a float": "test_every_float_product_and_sum_is_the_exact_result_rounded",
    "The exact result is 0, so `lk.dot`'s result\nis all rounding error, and that error decides its sign":
        "test_lk_dot_and_the_loop_differ_by_about_1e_16_of_the_lengths_and_in_sign_where_the_products_cancel",
    "and so does the origin,\nwhich lies on every line through the origin":
        "test_exercise_5_asks_for_an_angle_the_lesson_does_not_code_and_the_shown_test_does_not_pass",
    "of the two vectors perpendicular to `a`, the one $p$ with $a_1p_2 - a_2p_1 > 0$":
        "test_the_counterclockwise_perpendicular_is_the_one_with_a_positive_a1p2_minus_a2p1",
    "Every `toward` the check tries either lies on that line, as typed, or makes an angle of at least\n1° with it":
        "test_exercise_4_probes_keep_the_prompts_promise_and_the_rest_after_a_projection_does_not_pass",
    "numpy may add the products in another order than the loop above":
        "test_lk_dot_adds_like_the_loop_below_8_coordinates_and_often_not_from_8_on",
    "The arrow is now the unit normal $w / \\|w\\|$, at a right angle to the line":
        "test_the_edge_on_direction_lies_in_the_plane_and_the_chapter_shows_no_cross_product",
    "**What is exact.** Symmetry, since": "test_symmetry_and_negation_are_exact_in_floats",
    "is off by at most a small multiple of $d\\,\\epsilon$ times the products of the lengths involved":
        "test_linearity_holds_in_floats_up_to_1e_16_times_the_lengths_not_the_values",
    "The two right-hand sides are equal, so $a \\cdot b = \\|a\\|\\,\\|b\\|\\cos\\theta$":
        "test_the_law_of_cosines_and_section_2_give_the_cosine_formula",
    "(behind the origin when $\\theta > 90°$)": "test_the_law_of_cosines_and_section_2_give_the_cosine_formula",
    "It is the distance to the *nearest* point of the line": "test_signed_distance_lands_on_the_line",
    "In two or more dimensions some of these\n$w'$ are not multiples of $w$":
        "test_a_strict_separator_keeps_separating_after_a_small_turn",
    "a random training set *of a\nfixed size* is more and more likely":
        "test_cover_separability_rises_with_d_only_for_a_fixed_number_of_examples",
    "random training set (of a fixed size) is more and more likely":
        "test_cover_separability_rises_with_d_only_for_a_fixed_number_of_examples",
    "their product comes out a little below 6":
        "test_a_computed_dot_product_of_parallel_vectors_can_exceed_the_product_of_the_norms",
    "With a plus sign": "test_squared_distance_expands",
    "every point of the plane is a combination of these two": "test_the_3d_plane_and_its_spanning_directions",
    "the product is 0 only when $\\cos\\theta = 0$": "test_the_dot_product_is_zero_only_for_perpendicular_vectors",
    "The projection only depends on the direction $b / \\|b\\|$": "test_projection_ignores_the_length_of_b_and_leaves_a_perpendicular_rest",
    "Only the scores: each is divided by $\\|w\\|$": "test_positive_scaling_keeps_sides_negation_swaps_them",
    "a linear classifier with a bias can separate the two classes for *any* labels":
        "test_with_n_minus_1_features_any_labels_of_points_in_general_position_are_separable",
    "it never stops by itself": "test_the_perceptron_never_stops_on_data_that_are_not_separable",
    "it rounds the result of every operation it does": "test_every_float_product_and_sum_is_the_exact_result_rounded",
    "the\nscore is $6 + 4 = 10$ and $\\|w\\| = 5$, so $x$ lies at distance $10 / 5 = 2$ from the line":
        "test_the_worked_signed_distance_is_2",
    "then so does every\n$w'$ close enough to it": "test_a_strict_separator_keeps_separating_after_a_small_turn",
    "keeps a right angle right only when one of its sides is parallel to the screen":
        "test_an_orthographic_drawing_keeps_a_right_angle_only_when_a_side_is_parallel_to_the_screen",
    "can push the cosine of two parallel vectors just past 1": "test_the_angle_is_in_0_to_180_even_where_the_cosine_rounds_past_1",
    # claims without a general word, kept under test because they were once stated too broadly
    "to train the perceptron in its dual form, nothing of the training":
        "test_training_the_dual_perceptron_needs_only_the_labels_and_the_gram_matrix",
    "three points on one line are not": "test_three_collinear_points_with_alternating_labels_are_not_separable",
    "difference, such as $x$ minus its projection, use the sizes before the subtraction":
        "test_a_tolerance_scaled_by_the_result_of_a_subtraction_fails_where_one_scaled_by_x_holds",
    "prints exactly `0.0`, a right angle": "test_the_perpendicular_pair_gets_cosine_0_angle_just_above_90_and_a_negative_dot",
    "on paper, stretching $b$ by 5 leaves the projection length\nalone":
        "test_stretching_b_keeps_the_projection_on_paper_and_can_change_its_last_digit_in_floats",
    "stretching $b$ multiplies $a \\cdot b$ by the same factor":
        "test_stretching_b_keeps_the_projection_on_paper_and_can_change_its_last_digit_in_floats",
    "watch the dot product\nscale with the length of $b$ while the projection length stays put":
        "test_the_explorer_read_out_scales_the_dot_product_and_keeps_the_projection_when_b_is_stretched",
    "on paper it\nis the list of the dot products of the rows with $w$":
        "test_x_at_w_is_the_row_dot_products_on_paper_and_may_differ_from_lk_dot_in_floats",
    "The library function's body is the formula": "test_the_body_of_lk_dot_is_the_sum_of_products",
    "adds the products up scaled when one would overflow or underflow": "test_lk_dot_adds_up_scaled_products_when_one_would_overflow_or_underflow",
    "the length of $b$ stays between 2 and 2.3": "test_the_three_panels_keep_a_and_the_length_of_b_nearly",
    "then the condition\nreads $w \\cdot z_i > 0$ for every $i$": "test_multiplying_the_negatives_by_minus_1_puts_every_example_on_one_side",
    "The arrow it draws shows the direction of $w$, not its length":
        "test_the_boundary_arrow_has_one_length_for_every_multiple_of_w",
    "On the line the score is exactly 0 and favours neither side": "test_the_sign_of_the_score_is_the_side",
    "Its side: the negative one, the side $w$ points away from, since only the sign":
        "test_positive_scaling_keeps_sides_negation_swaps_them",
    "The same boundary has the weight vectors $\\alpha w$ for\nevery $\\alpha > 0$":
        "test_positive_scaling_keeps_sides_negation_swaps_them",
    "in the computer it may score a rounding error such as": "test_a_point_on_the_line_on_paper_can_score_plus_and_minus_a_rounding_error",
    "In the computer rounding can make it larger by a rounding error for parallel vectors":
        "test_a_computed_dot_product_of_parallel_vectors_can_exceed_the_product_of_the_norms",
}
# sentences with such a word that claim nothing general, each reviewed
SHOWN = [
    "[every symbol of the course on one page](notation.md)",     # a link to the notation page
    "it changes $w$ only when that\nexample has $y\\,(w \\cdot x) \\le 0$",  # the algorithm's rule (chapter 4)
    "The three panels share $a$; only $b$ turns.",                # describes the figure
    "In higher dimensions we cannot draw it",                     # about drawing, not data
    "This chapter only needs raw vectors",                        # the chapter's scope
    "this course uses the strict form above",                     # the course's choice of definition
    "which only up to rounding, and test a computed dot product", # a learning objective
    "The sliders need a running notebook",                       # how to use the explorer (saved output: its name)
]


def test_every_general_sentence_of_the_chapter_is_a_claim_under_test_or_reviewed():
    import sys
    assert check_claims(STEM, CLAIMS, SHOWN, sys.modules[__name__]) == []


def test_the_claims_table_is_not_empty_and_lists_each_general_sentence_once():
    found = general_sentences(STEM)
    # the detector works on this chapter: it flags sentences with "only", "every" and "never" (a floor, 29 when it
    # was last set: cutting a general sentence lowers the count); the table also lists claims the detector does not
    # flag, so its size is no bound on the count
    assert len(found) >= 25 and len(set(CLAIMS.values())) >= 5
    assert any(s.startswith("Only the *direction* of $b$ matters") for s in found)
    assert any(s.startswith("A failing check says what your answer does") and "never" in s for s in found)


def vectors(d):
    return arrays(np.float64, d, elements=finite)


# ---------------------------------------------------------------- the lesson's claims

def test_the_worked_dot_product_is_minus_four():
    # 1·4 + 2·5 + 3·(-6) = 4 + 10 - 18
    assert lk.dot([1.0, 2.0, 3.0], [4.0, 5.0, -6.0]) == -4.0 == np.dot([1, 2, 3], [4, 5, -6])


@given(vectors(5), vectors(5), vectors(5), finite)
def test_dot_is_symmetric_and_linear(u, v, z, lam):
    assert lk.dot(u, v) == pytest.approx(lk.dot(v, u), abs=1e-9)
    scale = 1 + np.abs(u).sum() * (abs(lam) * np.abs(v).sum() + np.abs(z).sum())
    assert abs(lk.dot(u, lam * v + z) - (lam * lk.dot(u, v) + lk.dot(u, z))) <= 1e-9 * scale
    assert lk.dot(u, v) == pytest.approx(float(np.dot(u, v)), rel=1e-9, abs=1e-6)


@given(vectors(4), vectors(4))
def test_squared_distance_expands(p, q):
    lhs = np.linalg.norm(p - q) ** 2
    rhs = lk.dot(p, p) - 2 * lk.dot(p, q) + lk.dot(q, q)
    assert lhs == pytest.approx(rhs, rel=1e-9, abs=1e-6 * (1 + lk.dot(p, p) + lk.dot(q, q)))
    plus = lk.dot(p, p) + 2 * lk.dot(p, q) + lk.dot(q, q)            # |a + b|^2, chapter 5's form
    assert np.linalg.norm(p + q) ** 2 == pytest.approx(plus, rel=1e-9, abs=1e-6 * (1 + lk.dot(p, p) + lk.dot(q, q)))
    fp, fq = [Fraction(v) for v in p], [Fraction(v) for v in q]      # exactly, on the floats as stored
    assert sum((a + b) ** 2 for a, b in zip(fp, fq)) == \
        sum(a * a for a in fp) + 2 * sum(a * b for a, b in zip(fp, fq)) + sum(b * b for b in fq)
    assert lk.norm(p) == pytest.approx(np.linalg.norm(p), rel=1e-12, abs=1e-12)


def test_worked_angles():
    # unit vectors at 60°: cos 60° = 1/2; (2, 1) and (1, 2): 4 / (√5 √5) = 0.8
    assert lk.dot([1.0, 0.0], [np.cos(np.pi / 3), np.sin(np.pi / 3)]) == pytest.approx(0.5)
    assert lk.cosine([2.0, 1.0], [1.0, 2.0]) == pytest.approx(0.8)
    assert lk.angle([2.0, 1.0], [1.0, 2.0], degrees=True) == pytest.approx(np.degrees(np.arccos(0.8)))
    signs = [np.sign(lk.dot([2.0, 1.0], b)) for b in ([2.0, -0.5], [1.0, -2.0], [-1.0, -2.0])]
    assert signs == [1.0, 0.0, -1.0]


@given(vectors(5), vectors(5))
def test_cauchy_schwarz(a, b):
    assert abs(lk.dot(a, b)) <= np.linalg.norm(a) * np.linalg.norm(b) * (1 + 1e-12) + 1e-12


@given(small_ints, small_ints, st.integers(-4, 4))
def test_cauchy_schwarz_with_equality_only_for_parallel_vectors(a, b, k):
    """Exact in integers: (a·b)² = |a|²|b|² exactly when a and b are parallel (rank <= 1),
    including the adversarial cases b = k a and a zero vector."""
    for u, v in ((a, b), (a, k * a)):
        equal = int(u @ v) ** 2 == int(u @ u) * int(v @ v)
        assert equal == (np.linalg.matrix_rank(np.vstack([u, v]).astype(float)) <= 1)
        assert int(u @ v) ** 2 <= int(u @ u) * int(v @ v)


@given(small_ints, small_ints)
def test_the_dot_product_is_zero_only_for_perpendicular_vectors(a, b):
    if not a.any() or not b.any():
        return
    angle = lk.angle(a.astype(float), b.astype(float), degrees=True)
    assert (int(a @ b) == 0) == (abs(angle - 90.0) < 1e-9)


@given(vectors(2).filter(lambda w: np.linalg.norm(w) > 1e-2), vectors(2), st.floats(1e-3, 50))
def test_the_sign_of_the_score_is_the_side(w, p, s):
    """A point off the line w·x = 0 has a non-zero score; a step s > 0 along w from a point of
    the line gives a positive score, a step against w a negative one."""
    foot = p - (p @ w) / (w @ w) * w            # on the line
    assert abs(foot @ w) <= 1e-9 * (1 + np.linalg.norm(p) * np.linalg.norm(w))
    up, down = foot + s * w / np.linalg.norm(w), foot - s * w / np.linalg.norm(w)
    assert up @ w > 0 > down @ w
    assert lk.projection_length(up, w) == pytest.approx(s, rel=1e-6, abs=1e-6)


def test_worked_projections():
    # a = (3, 1), b = (2, 0): a·b = 6, |b| = 2 -> 3; the slips give 6 and 6/4
    assert lk.projection_length([3.0, 1.0], [2.0, 0.0]) == 3.0
    assert lk.project([3.0, 1.0], [2.0, 0.0]).tolist() == [3.0, 0.0]
    assert lk.projection_length([-2.0, 1.5], [2.0, 0.0]) == -2.0


@given(vectors(3), vectors(3).filter(lambda b: np.linalg.norm(b) > 1e-3), st.floats(0.01, 100))
def test_projection_ignores_the_length_of_b_and_leaves_a_perpendicular_rest(a, b, k):
    assert lk.projection_length(a, k * b) == pytest.approx(lk.projection_length(a, b), rel=1e-9, abs=1e-9)
    rest = a - lk.project(a, b)
    assert abs(rest @ b) <= 1e-9 * (1 + np.linalg.norm(a) * np.linalg.norm(b))


def test_signed_distance_lands_on_the_line():
    """Section 6: stepping back along the unit normal by w·x/|w| reaches w·x = 0."""
    w = np.array([1.0, 2.0])
    X = np.random.default_rng(7).uniform(-3, 3, size=(40, 2))
    dist = np.array([lk.projection_length(x, w) for x in X])
    assert np.allclose(dist, X @ w / np.sqrt(5.0))
    feet = X - dist[:, None] * w / np.sqrt(5.0)
    assert np.allclose(feet @ w, 0.0)
    # the foot is the closest point of the line: any other point on it is farther
    along = np.array([-2.0, 1.0]) / np.sqrt(5.0)
    for x, f in zip(X[:5], feet[:5]):
        assert np.linalg.norm(x - f) == pytest.approx(abs(x @ w) / np.sqrt(5.0))
        assert np.linalg.norm(x - (f + 0.3 * along)) > np.linalg.norm(x - f)


@given(vectors(2).filter(lambda w: np.linalg.norm(w) > 1e-3), st.floats(0.01, 100))
def test_positive_scaling_keeps_sides_negation_swaps_them(w, alpha):
    X = np.random.default_rng(7).uniform(-3, 3, size=(40, 2))
    s = X @ w
    keep = np.abs(s) > 1e-9 * np.linalg.norm(w)
    assert np.array_equal(np.sign((X @ (alpha * w))[keep]), np.sign(s[keep]))
    assert np.array_equal(np.sign((X @ (-w))[keep]), -np.sign(s[keep]))


@given(arrays(np.float64, 2, elements=st.floats(-10, 10)).filter(lambda w: np.abs(w).max() > 1e-3),
       arrays(np.float64, (12, 2), elements=st.floats(-10, 10)))
def test_negation_negates_every_score_and_keeps_the_line(w, X):
    """-w negates each score exactly (negation is exact in floating point), so the points with
    score 0 are the same and every other point changes side; a point on the line scores 0 under both
    and is labelled the same by both (the chapter's classify, -1 at 0)."""
    X = np.vstack([X, [[-w[1], w[0]], [0.0, 0.0], [0.1 * -w[1], 0.1 * w[0]]]])  # points on the line too
    s, s_neg = X @ w, X @ (-w)
    assert np.array_equal(s_neg, -s)
    classify = lambda scores: np.where(scores > 0, 1, -1)  # noqa: E731 - the chapter's pseudocode
    on = s == 0
    assert np.array_equal(classify(s_neg)[~on], -classify(s)[~on])
    assert np.all(classify(s_neg)[on] == classify(s)[on])


def test_the_looser_wording_of_separability_admits_a_negative_on_a_line_through_the_origin():
    """'w.x_i > 0 iff y_i = +1' holds for a negative at the origin and any w, while no w puts 0
    strictly on the negative side: the two wordings differ, and the chapter uses the strict one."""
    X, y = np.array([[0.0, 0.0], [1.0, 1.0]]), np.array([-1, 1])
    w = np.array([1.0, 1.0])
    assert all((X @ w > 0) == (y == 1))
    assert not lk.is_separable(X, y, fit_intercept=False)


def test_the_plane_figure_describes_its_data():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    w3 = np.array([1.0, 1.0, 2.0])
    X3 = np.random.default_rng(14).uniform(-2, 2, size=(60, 3))
    fig = plt.figure()
    ax = fig.add_subplot(projection="3d", proj_type="ortho")
    art = lk.plot.plane(w3, np.vstack([X3, [[2.0, 0.0, -1.0]]]), ax=ax)
    up, down = int(np.sum(X3 @ w3 > 0)), int(np.sum(X3 @ w3 < 0))
    assert art.counts == (up, down, 1)
    text = lk.plot.description(fig)
    assert "x₁ + x₂ + 2·x₃ = 0" in text and "w = (1, 1, 2)" in text
    assert f"{up} points with w · x > 0" in text and f"{down} with w · x < 0" in text and "1 on the plane" in text
    plt.close(fig)


def test_the_3d_plane_and_its_spanning_directions():
    """Section 7: (2, 0, -1) and (0, 2, -1) lie in x1 + x2 + 2 x3 = 0 and span it."""
    w3 = np.array([1.0, 1.0, 2.0])
    span = np.array([[2.0, 0.0, -1.0], [0.0, 2.0, -1.0]])
    assert np.array_equal(span @ w3, [0.0, 0.0])
    assert np.linalg.matrix_rank(span) == 2
    # the plane drawn in the figure, x3 = -(x1 + x2)/2, satisfies the equation
    g1, g2 = np.meshgrid(np.linspace(-2, 2, 9), np.linspace(-2, 2, 9))
    assert np.allclose(w3[0] * g1 + w3[1] * g2 + w3[2] * (-(g1 + g2) / 2), 0.0)


@pytest.mark.parametrize("d", [1, 2, 3, 5, 10])
def test_the_boundary_is_a_hyperplane_of_dimension_d_minus_1(d):
    """The solutions of w·x = 0 form a (d-1)-dimensional subspace (rank-nullity, via the SVD)."""
    w = np.random.default_rng(d).normal(size=d)
    _, s, vt = np.linalg.svd(w[None, :])
    null_space = vt[1:]                       # orthonormal basis of {x : w·x = 0}
    assert null_space.shape == (d - 1, d)
    assert np.allclose(null_space @ w, 0.0)
    assert np.linalg.matrix_rank(np.vstack([null_space, w])) == d   # w completes it: it is the normal


# ---------------------------------------------------------------- floating point and the claims it scopes

decimals = st.integers(-10, 10).map(lambda k: k / 10)      # 0.1, -0.3, ...: numbers a learner types
tenths = st.lists(decimals, min_size=2, max_size=2).map(np.array)


def exact(v):
    """A float as the decimal Python prints, exactly (0.1 -> 1/10), as lecturekit reads typed numbers."""
    return Fraction(repr(float(v)))


def exact_dot(a, b):
    return sum(exact(p) * exact(q) for p, q in zip(a, b))


@given(st.floats(-1e6, 1e6), st.floats(-1e6, 1e6))
def test_every_float_product_and_sum_is_the_exact_result_rounded(p, q):
    """IEEE 754: a product or a sum of two floats is the exact result rounded to the nearest float, so
    it is exact only when that result is a float, and 0.1 is not one."""
    assert p * q == float(Fraction(p) * Fraction(q))
    assert p + q == float(Fraction(p) + Fraction(q))
    assert Fraction(0.1) != Fraction(1, 10) and float(Fraction(0.1) - Fraction(1, 10)) == pytest.approx(5.55e-18, rel=1e-2)
    assert lk.dot([-0.6, 0.9], [-0.3, -0.2]) != 0 == exact_dot([-0.6, 0.9], [-0.3, -0.2])


@given(arrays(np.float64, 3, elements=st.floats(-5, 5)).filter(lambda v: np.linalg.norm(v) > 1e-3),
       st.floats(0.01, 10))
def test_the_angle_is_in_0_to_180_even_where_the_cosine_rounds_past_1(a, k):
    """lk.angle of a and k·a is 0 and of a and -k·a is 180 (the atan2 form), every angle is in [0, 180],
    and lk.cosine stays in [-1, 1]; the chapter's parallel pair has an unclipped cosine above 1."""
    for b, want in ((k * a, 0.0), (-k * a, 180.0)):
        assert lk.angle(a, b, degrees=True) == pytest.approx(want, abs=1e-5)
        assert -1.0 <= lk.cosine(a, b) <= 1.0
    other = np.roll(a, 1) + 0.5
    if np.linalg.norm(other) > 1e-3:
        assert 0.0 <= lk.angle(a, other, degrees=True) <= 180.0
    a_par, b_par = np.array([1.0, 1.0, 1.0]), np.array([2.0, 2.0, 2.0])   # typed: exactly parallel
    assert all(Fraction(q) == 2 * Fraction(p) for p, q in zip(a_par, b_par))
    assert lk.dot(a_par, b_par) / (lk.norm(a_par) * lk.norm(b_par)) > 1.0
    assert lk.cosine(a_par, b_par) == 1.0 and lk.angle(a_par, b_par, degrees=True) == 0.0


@given(tenths, tenths.filter(lambda b: b.any()))
def test_the_rest_after_a_projection_is_exactly_perpendicular_on_paper_and_on_the_worked_numbers(a, b):
    """On paper (a - (a.b / b.b) b) . b = a.b - a.b = 0, checked in Fractions on the decimals; in the
    computer the worked example (3, 1), (2, 0) gives 0 exactly (integers and halves are floats)."""
    fa, fb = [exact(v) for v in a], [exact(v) for v in b]
    c = sum(p * q for p, q in zip(fa, fb)) / sum(q * q for q in fb)
    assert sum((p - c * q) * q for p, q in zip(fa, fb)) == 0
    assert lk.dot(np.array([3.0, 1.0]) - lk.project([3.0, 1.0], [2.0, 0.0]), [2.0, 0.0]) == 0.0


@given(tenths.filter(lambda w: w.any()), tenths, st.integers(-3, 3))
def test_scaling_by_a_power_of_two_changes_no_computed_sign(w, x, k):
    """Multiplying by 2**k is exact in binary (far from overflow and underflow), so every computed
    product and sum is scaled exactly and keeps its sign, ties included."""
    s, sk = lk.dot(w, x), lk.dot(2.0 ** k * w, x)
    assert sk == 2.0 ** k * s and np.sign(sk) == np.sign(s)


@given(tenths.filter(lambda w: w.any()), tenths, st.sampled_from([3.0, 0.3, 7.0, 10.0]))
def test_scaling_by_three_changes_a_computed_sign_only_next_to_the_line(w, x, alpha):
    """A computed alpha·w rounds, and the sign of a computed score can then change; on decimal data it
    changes only for points exactly on the line (their exact score is 0, every other is a multiple of
    0.01), as with the chapter's w = (-0.6, 0.8), x = (0.4, 0.3)."""
    s, sa = lk.dot(w, x), lk.dot(alpha * w, x)
    if np.sign(s) != np.sign(sa):
        assert exact_dot(w, x) == 0
    w0, x0 = np.array([-0.6, 0.8]), np.array([0.4, 0.3])
    assert exact_dot(w0, x0) == 0 and lk.dot(w0, x0) == 0.0 < lk.dot(3 * w0, x0)
    # "a positive score negative": a point on the line on paper, positive under w and negative under 3w
    w1, x1 = np.array([0.9, -0.9, 0.2]), np.array([-0.6, -0.8, -0.9])
    assert exact_dot(w1, x1) == 0 and lk.dot(w1, x1) > 0 > lk.dot(3 * w1, x1)


def test_the_zero_weight_vector_scores_every_point_0():
    """Every point scores 0 under w = 0, so {x : 0 . x = 0} is all of R^d: no point has a positive or a
    negative score (no sides), whatever the point."""
    X = np.random.default_rng(0).normal(size=(20, 3)) * 10.0 ** np.arange(-3, 3, 0.3)[:20, None]
    assert all(lk.dot(np.zeros(3), x) == 0.0 for x in X)
    assert all(exact_dot(np.zeros(3), x) == 0 for x in X)


decimals = st.integers(-999, 999).map(lambda k: k / 10)


@given(st.lists(decimals, min_size=2, max_size=6), st.lists(decimals, min_size=2, max_size=6),
       st.sampled_from([0.001, 0.1, 0.3, 1.0, 7.0]), st.sampled_from([-1, 1]))
def test_the_update_changes_the_computed_score_by_eta_y_x_x_up_to_relative_rounding(w, x, eta, y):
    """(w + eta y x) . x against w . x + eta y x . x, both computed in floats: they differ by at most a few
    units of 1e-16 times the sizes of the terms, |w| |x| + eta |x|^2 (not relative to the change, which can
    be small)."""
    d = min(len(w), len(x))
    w, x = np.array(w[:d]), np.array(x[:d])
    new = lk.dot(w + eta * y * x, x)
    old_plus = lk.dot(w, x) + eta * y * lk.dot(x, x)
    size = lk.norm(w) * lk.norm(x) + eta * lk.dot(x, x)
    assert abs(new - old_plus) <= 8 * 2.0 ** -52 * size + 1e-300


@given(st.integers(2, 12), st.integers(0, 2**16))
def test_with_n_minus_1_features_any_labels_of_points_in_general_position_are_separable(n, seed):
    """n Gaussian points in n - 1 dimensions are affinely independent (almost surely), so (1, x_i) w = y_i
    has a solution for any labels y: that w separates with margin y_i w.(1, x_i) = 1. lk.is_separable
    agrees, and with fewer features random labels are often not separable (the chapter's caveat is one
    direction only)."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, n - 1))
    y = rng.choice([-1, 1], size=n)
    if len(set(y.tolist())) < 2:
        y[0] = -y[0]
    w = np.linalg.solve(lk.to_homogeneous(X), y.astype(float))
    assert np.all(y * (lk.to_homogeneous(X) @ w) > 0.5)
    assert lk.is_separable(X, y)


def test_the_perceptron_never_stops_on_data_that_are_not_separable():
    """A run that stops has made an epoch without a mistake, so its w puts every example strictly on its
    side (the exact test y w.x > 0): the data would be separable. XOR is not (lk.is_separable, and by
    hand: the two inequalities of the positives add up to the negation of those of the negatives), so the
    perceptron cannot stop on it; after 1000 epochs it has not."""
    import warnings

    X = np.array([[0.0, 0.0], [1.0, 1.0], [1.0, 0.0], [0.0, 1.0]])
    y = np.array([-1, -1, 1, 1])
    assert not lk.is_separable(X, y) and not lk.is_separable(X, y, fit_intercept=False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", lk.ConvergenceWarning)
        res = lk.perceptron(X, y, max_epochs=1000)
    assert not res.converged and min(res.mistakes_per_epoch) > 0
    # and on separable data it stops, with every example on its side
    Xs, ys = lk.datasets.separable(30, seed=1)
    res = lk.perceptron(Xs, ys)
    assert res.converged and np.all(res.predict(Xs) == ys)


@given(arrays(np.float64, (8, 2), elements=st.floats(-5, 5)), st.integers(0, 2**16))
def test_a_strict_separator_keeps_separating_after_a_small_turn(X, seed):
    """If y_i w.x_i > 0 for finitely many x_i, every w' with |w' - w| < min_i y_i w.x_i / max_i |x_i|
    separates too (Cauchy-Schwarz): infinitely many separating lines through the origin in 2-D."""
    rng = np.random.default_rng(seed)
    w = rng.normal(size=2)
    s = X @ w
    keep = np.abs(s) > 1e-3
    if keep.sum() < 2:
        return
    X, y = X[keep], np.where(s[keep] > 0, 1, -1)
    room = np.min(y * (X @ w)) / np.max(np.linalg.norm(X, axis=1))
    for angle in np.linspace(0, 2 * np.pi, 12, endpoint=False):
        w2 = w + 0.99 * room * np.array([np.cos(angle), np.sin(angle)])
        assert np.all(y * (X @ w2) > 0)
    turned = w + 0.5 * room * np.array([-w[1], w[0]]) / np.linalg.norm(w)   # a different line
    assert abs(lk.cosine(turned, w)) < 1.0 and np.all(y * (X @ turned) > 0)


@given(arrays(np.float64, 3, elements=st.floats(-3, 3)).filter(lambda u: np.linalg.norm(u) > 0.1),
       arrays(np.float64, 3, elements=st.floats(-3, 3)), arrays(np.float64, 3, elements=st.floats(-3, 3)))
def test_an_orthographic_drawing_keeps_a_right_angle_only_when_a_side_is_parallel_to_the_screen(u, r, q):
    """Orthographic projection onto the screen drops the depth coordinate: for u ⊥ v the drawn vectors have
    dot product u.v - u3 v3 = -u3 v3, which is 0 exactly when u or v has no depth (is parallel to the
    screen). The screen is any orthonormal frame (Q from a QR decomposition)."""
    Q, _ = np.linalg.qr(np.column_stack([r + [1.0, 0, 0], q + [0, 1.0, 0], [0, 0, 1.0]]))
    v = np.cross(u, r + [0.0, 0.0, 1.0])                 # perpendicular to u
    if np.linalg.norm(v) < 0.1:
        return
    U, V = Q.T @ u, Q.T @ v                              # coordinates in the screen's frame
    drawn = U[:2] @ V[:2]
    assert drawn == pytest.approx(-U[2] * V[2], abs=1e-9)
    # a side parallel to the screen: drawn at a right angle; both sides tilted out of it: not
    flat, depth = Q[:, 0], Q[:, 2]
    other = np.cross(flat, r + [0.0, 0.0, 1.0])
    if np.linalg.norm(other) > 0.1:
        assert abs((Q.T @ flat)[:2] @ (Q.T @ other)[:2]) < 1e-9
    tilted_u, tilted_v = flat + depth, flat - depth         # perpendicular: 1 - 1 = 0
    assert abs(tilted_u @ tilted_v) < 1e-12 and (Q.T @ tilted_u)[:2] @ (Q.T @ tilted_v)[:2] == pytest.approx(1.0)


@given(arrays(np.float64, 2, elements=st.floats(-5, 5)).filter(lambda w: np.linalg.norm(w) > 1e-2),
       arrays(np.float64, 2, elements=st.floats(-5, 5)), st.floats(-5, 5))
def test_the_two_bugs_of_the_mirror_exercise(w, x, c):
    """The given code steps from x by +2 (w.x - c)/|w| w: the wrong way (it should go back across the line)
    and by |w| times the distance ((w.x - c)/|w| w has length |w.x - c|, not the distance |w.x - c|/|w|).
    Fixing either bug alone is still wrong off the line (the sign fix only when |w| = 1); section 4's
    projection inlined, x - 2 (x.u) u, is the mirror in the parallel line through 0, wrong whenever c != 0
    and x is off that line. The reference is checked against an independent construction: the foot f of the
    perpendicular from x (solved as a 2x2 linear system: w.f = c and f - x parallel to w), image 2 f - x."""
    def independent(x, w, c):
        f = np.linalg.solve(np.array([w, [-w[1], w[0]]]), np.array([c, -w[1] * x[0] + w[0] * x[1]]))
        return 2 * f - x
    def stepped(sign, by_norm):
        return lambda x, w, c: x + sign * 2 * (x @ w - c) / (np.linalg.norm(w) if by_norm else w @ w) * w
    given, fixed = stepped(1, True), stepped(-1, False)
    only_sign, only_norm = stepped(-1, True), stepped(1, False)
    inlined = lambda x, w, c: x - 2 * (x @ (w / np.linalg.norm(w))) * (w / np.linalg.norm(w))   # noqa: E731
    scale = max(1.0, np.linalg.norm(x), abs(c) / np.linalg.norm(w))
    assert np.allclose(fixed(x, w, c), independent(x, w, c), atol=1e-8 * scale)
    off = abs(x @ w - c) / np.linalg.norm(w)                # the distance of x from the line
    if off > 1e-3 * scale:
        assert not np.allclose(only_norm(x, w, c), independent(x, w, c), atol=1e-9)
        assert not np.allclose(given(x, w, c), independent(x, w, c), atol=1e-9)
        if abs(np.linalg.norm(w) - 1) > 1e-3:
            assert not np.allclose(only_sign(x, w, c), independent(x, w, c), atol=1e-9)
    if abs(c) / np.linalg.norm(w) > 1e-3 * scale:
        # the inlined projection moves the points of the line (here the foot of the perpendicular from x)
        f = (independent(x, w, c) + x) / 2
        assert not np.allclose(inlined(f, w, c), f, atol=1e-9)
    p = np.array([3.0, 2.0])
    # the cell's printed cases, by hand: the line x2 = 1 as w = (0, 1), c = 1 and as w = (0, 3), c = 3
    assert given(p, np.array([0.0, 1.0]), 1.0).tolist() == [3.0, 4.0]
    assert given(p, np.array([0.0, 3.0]), 3.0).tolist() == [3.0, 8.0]
    assert fixed(p, np.array([0.0, 1.0]), 1.0).tolist() == fixed(p, np.array([0.0, 3.0]), 3.0).tolist() == [3.0, 0.0]


def test_the_mirror_exercise_hidden_tests_reject_the_inlined_projection_and_pass_the_reference():
    """The hidden tests compare with an independent reflection: section 4's projection inlined (the mirror in
    the line through 0), -x and the given code all fail them; the reference passes."""
    import nbformat
    nb = nbformat.read(NOTEBOOK, as_version=4)
    hidden = next(c.source for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "ch01-reflect-tests")
    hidden = hidden.split("### BEGIN HIDDEN TESTS")[1].split("### END HIDDEN TESTS")[0]
    def run(reflect):
        exec(hidden, {"np": np, "reflect": reflect})
    def reference(x, w, c):
        x, w = np.asarray(x, float), np.asarray(w, float)
        return x - 2 * (x @ w - c) / (w @ w) * w
    run(reference)
    for wrong in (lambda x, w, c: -np.asarray(x, float),
                  lambda x, w, c: np.asarray(x, float) - 2 * lk.project(x, w),
                  lambda x, w, c: np.asarray(x, float) + 2 * (np.asarray(x) @ w - c) / np.linalg.norm(w) * np.asarray(w)):
        with pytest.raises(AssertionError):
            run(wrong)


def test_exercise_1_wants_the_unit_normal_on_the_side_of_the_point():
    """(5, -2, -2, 5) solves w . (1, 2, 3, 1) = w . (0, 1, -1, 0) = w . (1, 0, 0, -1) = 0 (by hand: w2 = w3,
    w1 = w4, 2 w1 + 5 w2 = 0; the three directions are independent, so these are all its normals) and scores
    (1, 0, 0, 0) at 5 > 0; only its unit multiple passes, and then w . x is the signed distance.  np.cross,
    which would give a normal in 3-D, does not take 4-D vectors."""
    from lecturekit.exercises import check_exercise
    from lecturekit.feedback import ExerciseFailure

    span = np.array([[1.0, 2.0, 3.0, 1.0], [0.0, 1.0, -1.0, 0.0], [1.0, 0.0, 0.0, -1.0]])
    assert np.linalg.matrix_rank(span) == 3 and not (span @ [5.0, -2.0, -2.0, 5.0]).any()
    unit = np.array([5.0, -2.0, -2.0, 5.0]) / np.sqrt(58.0)
    check_exercise("ch01-normal", unit.tolist())
    check_exercise("ch01-normal", [0.657, -0.263, -0.263, 0.657])   # three decimal places
    x = np.array([0.3, -2.0, 1.7, 0.4])
    assert unit @ x == pytest.approx(lk.projection_length(x, unit))
    with pytest.raises(ValueError):
        np.cross(span[0], span[1])
    for bad in ([5.0, -2.0, -2.0, 5.0], (-unit).tolist(), (0.5 * unit).tolist(), [0.0, 0.0, 0.0, 0.0],
                [5.0, -1.0, -1.0] / np.sqrt(27.0)):
        with pytest.raises(ExerciseFailure):
            check_exercise("ch01-normal", bad)


def test_exercise_3_accepts_each_number_within_0_001_of_the_values_by_hand_and_nothing_else():
    """|a| = 2, |b| = 5, a.b = -5: cos = -1/2, projections -5/5 and -5/2, |a - b|^2 = 4 + 10 + 25.  The check
    stores these only as fingerprints, and they are those of tests/ch01_reference.py's numbers; it accepts each
    number within 0.001 of them and rejects it beyond."""
    import ch01_reference
    from lecturekit.exercises.ch01 import _THREE_KEYS, _four_right

    assert ch01_reference.three_keys() == _THREE_KEYS
    assert list(ch01_reference.three_numbers().values()) == pytest.approx([120.0, -1.0, -2.5, math.sqrt(39.0)],
                                                                          abs=1e-12)

    key = [120.0, -1.0, -2.5, math.sqrt(39.0)]
    assert _four_right(*key)
    for i in range(4):
        for step, ok in ((0.0009, True), (-0.0009, True), (0.0011, False), (-0.0011, False)):
            moved = list(key)
            moved[i] += step
            assert _four_right(*moved) is ok, (i, step)
        for step in (1e-3 - 6e-7, -(1e-3 - 6e-7)):     # within 0.001 up to the 5e-7 of rounding to 1e-6
            moved = list(key)
            moved[i] += step
            assert _four_right(*moved), (i, step)
    for wrong in ((60.0, -1.0, -2.5, key[3]), (120.0, -2.5, -1.0, key[3]), (120.0, -1.0, -2.5, -key[3]),
                  (240.0, -1.0, -2.5, key[3]), (120.0, 1.0, 2.5, key[3]), (math.nan, -1.0, -2.5, key[3])):
        assert not _four_right(*wrong), wrong


def test_the_check_module_holds_no_answer():
    """No constant of lecturekit/exercises/ch01.py, and no function of it called without arguments, holds the
    key of Exercise 1 (the unit normal, or any normal: a multiple of (5, -2, -2, 5)) or of Exercise 3."""
    import inspect

    from lecturekit.exercises import ch01

    def numbers(v):
        try:
            return np.asarray(v, dtype=float).ravel().tolist()
        except (TypeError, ValueError):
            return []

    def is_key(v):
        flat = numbers(v)
        if len(flat) == 4 and any(flat) and np.linalg.matrix_rank(np.array([flat, [5.0, -2.0, -2.0, 5.0]])) == 1:
            return True
        return len(flat) == 4 and np.allclose(flat, [120.0, -1.0, -2.5, math.sqrt(39.0)], atol=1e-3)

    for name, value in vars(ch01).items():
        if name.startswith("__") or inspect.ismodule(value):
            continue
        if callable(value):
            try:
                params = inspect.signature(value).parameters.values()
            except (TypeError, ValueError):
                continue
            if all(p.default is not p.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params):
                assert not is_key(value()), name
        else:
            assert not is_key(value), name


def test_refits_on_near_duplicate_features_keep_their_predictions_while_the_weights_swing():
    """Chapter 1's gloss on 'stable': bootstrap refits of least squares on two nearly equal features (x and
    x + 1e-3 noise) give predictions (scores of size about 1) that differ by less than 0.5 on every point, while
    the two weights change sign and size by more than 100 from one refit to the next (the review's counterexample to 'similar weights')."""
    rng = np.random.default_rng(3)
    n = 200
    x = rng.normal(size=n)
    X = np.c_[x, x + 1e-3 * rng.normal(size=n)]
    y = np.sign(x + 0.3 * rng.normal(size=n))
    fits = []
    for _ in range(10):
        i = rng.integers(0, n, n)
        fits.append(np.linalg.lstsq(X[i], y[i], rcond=None)[0])
    fits = np.array(fits)
    scores = X @ fits.T                      # the predictions of the ten refits, one column each
    assert np.ptp(scores, axis=1).max() < 0.5    # on every point the ten predictions lie within 0.5
    assert np.ptp(fits[:, 0]) > 100 and (fits[:, 0] > 0).any() and (fits[:, 0] < 0).any()


def test_norm_and_the_square_root_of_the_dot_product_differ_at_most_in_the_last_digits():
    """lk.norm (math.hypot) and sqrt(lk.dot(x, x)) agree to a couple of units in the last place on two-decimal
    vectors, and differ there often (the review found 20 % of 20 000)."""
    rng = np.random.default_rng(4)
    differ = 0
    for _ in range(5000):
        x = np.round(rng.uniform(-10, 10, size=int(rng.integers(2, 9))), 2)
        if not x.any():
            continue
        a, b = lk.norm(x), math.sqrt(lk.dot(x, x))
        assert abs(a - b) <= 2 * math.ulp(a), x
        differ += a != b
    assert differ > 100


def test_a_tolerance_of_1e_12_covers_the_rounding_of_a_few_thousand_coordinates():
    """|computed a.b - exact a.b| <= 1e-12 |a| |b| for decimals with up to 17 significant digits in 2000 to 4000
    coordinates, with products that cancel (the exact value near 0), compared with Fractions of the typed
    decimals; the chapter's bound (d + 2) u, u = 2^-53, stays below 1e-12 / 2 up to d = 4500."""
    assert (4500 + 2) * 2.0 ** -53 <= 1e-12 / 2
    rng = np.random.default_rng(5)
    for d in (2000, 3000, 4000):
        for digits in (1, 17):
            a = [float(f"{v:.{digits}g}") for v in rng.uniform(-1, 1, d)]
            b = [float(f"{v:.{digits}g}") for v in rng.uniform(-1, 1, d)]
            b[-1] = 0.0
            exact = sum(Fraction(repr(p)) * Fraction(repr(q)) for p, q in zip(a, b))
            computed = lk.dot(a, b)
            assert abs(Fraction(computed) - exact) <= Fraction(1e-12) * Fraction(lk.norm(a)) * Fraction(lk.norm(b))


def test_the_slanted_3d_figure_draws_w_itself():
    """The left panel's arrow of section 7 is w = (1, 1, 2) itself, of length sqrt 6, not the unit normal."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    w3 = np.array([1.0, 1.0, 2.0])
    assert lk.norm(w3) == pytest.approx(math.sqrt(6))
    fig = plt.figure()
    ax = fig.add_subplot(projection="3d")
    lk.plot.plane(w3, np.array([[1.0, 0.0, 0.0], [-1.0, 0.0, 0.0]]), ax=ax)
    quivers = [c for c in ax.collections if type(c).__name__ == "Line3DCollection"]
    lengths = [np.linalg.norm(np.subtract(*seg[:2])) for q in quivers for seg in q._segments3d if len(seg) >= 2]
    plt.close(fig)
    assert any(abs(length - math.sqrt(6)) < 1e-9 for length in lengths), lengths


def notebook_cells():
    import json
    return ["".join(c["source"]) for c in json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]]


def test_the_slanted_3d_view_looks_from_ws_side_so_the_arrow_is_in_front_of_the_plane():
    """The notebook's view_init(elev, azim) puts the camera on the positive side of the plane (camera . w > 0), so
    the arrow w, which lies on that side, is drawn in front of the plane, as it is: the review found the camera
    on the negative side, with w drawn over a plane it lay behind."""
    import re
    cell = next(c for c in notebook_cells() if "view_init" in c)
    elev, azim = (float(v) for v in re.search(r"view_init\(elev=(-?[\d.]+), azim=(-?[\d.]+)\)", cell).groups())
    e, z = math.radians(elev), math.radians(azim)
    camera = np.array([math.cos(e) * math.cos(z), math.cos(e) * math.sin(z), math.sin(e)])
    w3 = np.array([1.0, 1.0, 2.0])
    assert 0 < camera @ w3 / lk.norm(w3) < math.cos(math.radians(30))   # in front, and not seen end-on


@pytest.mark.parametrize("b", [(1.0, -2.0), (-1.0, -2.0), (0.0, 3.0), (-2.0, 1.0)])
def test_the_angle_label_stays_clear_of_the_arc_and_the_right_angle_mark(b):
    """lk.plot.vectors: for a wide angle the label θ = ... is drawn outside the arc, so that it covers neither
    the arc nor the right-angle square (the review saw the label of cell 24's middle panel on the square)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(4, 4))
    art = lk.plot.vectors(np.array([2.0, 1.0]), np.array(b), ax=ax, show_projection=False)
    ax.set(xlim=(-2.5, 2.8), ylim=(-2.7, 3.2))
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    label = art.angle_label.get_window_extent(renderer)
    # points along the arc and along the edges of the square mark, in screen coordinates
    arc = art.angle
    r = arc.width / 2
    t = np.radians(np.linspace(arc.theta1, arc.theta2, 200))
    points = [np.c_[r * np.cos(t), r * np.sin(t)]]
    if art.right_angle is not None:
        corners = art.right_angle.get_xy()
        points += [np.linspace(p, q, 50) for p, q in zip(corners[:-1], corners[1:])]
    screen = ax.transData.transform(np.vstack(points))
    inside = [label.contains(x, y) for x, y in screen]
    assert not any(inside), b
    assert (art.right_angle is not None) == (b == (1.0, -2.0))
    plt.close(fig)


def test_the_law_of_cosines_figure_has_its_foot_at_3_and_a_perpendicular_of_1():
    """a = (3, 1), b = (2, 0): |a| cos(theta) = a.b / |b| = 3 and |a| sin(theta) = 1, on paper and as computed."""
    a, b = np.array([3.0, 1.0]), np.array([2.0, 0.0])
    theta = lk.angle(a, b)
    assert lk.projection_length(a, b) == 3.0
    assert lk.norm(a) * math.cos(theta) == pytest.approx(3.0) and lk.norm(a) * math.sin(theta) == pytest.approx(1.0)


def _code_cell(stem, marker):
    import nbformat
    nb = nbformat.read(ROOT / "notebooks" / f"{stem}.ipynb", as_version=4)
    return next(c.source for c in nb.cells if c.cell_type == "code" and marker in c.source)


def test_the_law_of_cosines_figure_draws_the_perpendicular_and_the_side_a_minus_b():
    """Cell 18 runs as printed: its alt text names the dotted perpendicular (the title's subject) and a - b."""
    import matplotlib.pyplot as plt
    src = _code_cell(STEM, "the perpendicular from the tip of a onto the line of b")
    scope = {"plt": plt, "lk": lk, "np": np}
    plt_show, plt.show = plt.show, lambda: None
    try:
        exec(src, scope)
    finally:
        plt.show = plt_show
    text = lk.plot.description(scope["ax"])
    assert "a dotted line drops at a right angle from the tip of a to that point on the line of b" in text
    assert "ends at (3, 0)" in text and "a − b, of length 1.41" in text
    plt.close("all")


def test_the_explorer_still_names_the_perpendicular_and_its_labels_do_not_overlap():
    """Cell 39's explorer: its alt text names the dotted perpendicular the still draws; for a on b's line
    there is none to name."""
    import re
    html = lk.widgets.dot_product_explorer(a=(2.0, 1.0), b=(1.0, 2.0)).output.outputs[0]["data"]["text/html"]
    alt = re.search(r'alt="([^"]*)"', html).group(1)
    assert "a dotted line drops at a right angle from the tip of a to that point" in alt
    html = lk.widgets.dot_product_explorer(a=(2.0, 4.0), b=(1.0, 2.0)).output.outputs[0]["data"]["text/html"]
    assert "dotted line" not in re.search(r'alt="([^"]*)"', html).group(1)


def test_the_forty_points_count_none_within_rounding_of_the_line_as_typed_either():
    """Cell 43's tolerance count (section 3's test) agrees with the exact sign of each score on the decimals
    as typed (lk.exact.score_sign): no point is on the line, and the computed sign is the exact one."""
    from lecturekit.exact import score_sign
    w = np.array([1.0, 2.0])
    X = np.random.default_rng(7).uniform(-3, 3, size=(40, 2))
    exact = np.array([score_sign(w, x) for x in X])
    near = np.abs(X @ w) <= 1e-12 * np.linalg.norm(X, axis=1) * lk.norm(w)
    assert not near.any() and not (exact == 0).any()
    assert (np.where(X @ w > 0, 1, -1) == exact).all() and (exact == 1).sum() == 20


def test_hidden_tests_bind_no_name_the_lesson_uses():
    """Every name a hidden-test block assigns starts with _, so running it (instructor version) leaves the
    lesson's globals (rng, w, X, ...) as the lesson set them."""
    import ast
    import nbformat
    nb = nbformat.read(NOTEBOOK, as_version=4)
    blocks = [c.source.split("### BEGIN HIDDEN TESTS")[1].split("### END HIDDEN TESTS")[0]
              for c in nb.cells if "### BEGIN HIDDEN TESTS" in c.source]
    assert len(blocks) >= 4
    for block in blocks:
        bound = {n.id for node in ast.walk(ast.parse(block)) if isinstance(node, (ast.Assign, ast.For, ast.AugAssign))
                 for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
                 for n in ast.walk(t) if isinstance(n, ast.Name)}
        assert all(name.startswith("_") for name in bound), sorted(bound)


# ---------------------------------------------------------------- exercise feedback
# The reference passing and every registered wrong answer being named are checked for
# every chapter in tests/test_misconceptions.py; here, an answer no catalogue foresees. Every exercise explains
# every answer that fails one of its requirements (the same words for all of them), so the unforeseen answer
# is one of the wrong form (not three numbers, not two, not a number).
STEM_FEEDBACK = "01_dot_products"

UNRELATED = {
    "ch01-normal": "w_normal = [0.0, 1.0]\n",
    "ch01-reflect": "def reflect(x, w, c):\n    return np.zeros(3)\n",
    "ch01-three-numbers": "angle_ab = '120 degrees'\nproj_a_on_b = 0.0\nproj_b_on_a = 0.0\ndist_ab = 0.0\n",
    "ch01-perpendicular": "def perpendicular(a, length, toward):\n    return np.zeros(3)\n",
    "ch01-boundary": "def angle_to_line(X, w):\n    return 0.0\n",
}


@pytest.mark.parametrize("gid", sorted(UNRELATED))
def test_an_unrelated_wrong_answer_gets_the_generic_message(gid):
    assert sorted(UNRELATED) == sorted(exercises(STEM_FEEDBACK)), "one unrelated answer per exercise"
    message = visible_feedback(STEM_FEEDBACK, gid, UNRELATED[gid])
    assert message is not None and KNOWN not in message and "Hint: " in message, message


# ---------------------------------------------------------------- the chapter's figure helper
@given(arrays(np.float64, 2, elements=st.integers(-4, 4).map(float)).filter(lambda v: v.any()),
       arrays(np.float64, 2, elements=st.integers(-4, 4).map(float)).filter(lambda v: v.any()))
def test_plot_vectors_marks_a_right_angle_exactly_when_a_dot_b_is_0_and_labels_the_projection(a, b):
    """On integer vectors the dot product is exact: the square appears exactly for perpendicular pairs
    (checked in Fractions), and the band's label is the signed length a.b/|b| worked out here."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    try:
        art = lk.plot.vectors(a, b, ax=ax)
    finally:
        plt.close(fig)
    perpendicular = sum(Fraction(int(p)) * Fraction(int(q)) for p, q in zip(a, b)) == 0
    assert (art.right_angle is not None) == perpendicular
    length = float(a @ b) / float(np.hypot(*b))
    assert art.projection_label.get_text() == f"projection = {length + 0.0:.3g}".replace("-", "−")


def test_the_points_of_the_sign_figure_are_apart_and_off_the_line():
    """The figure of section 6 shows every one of its 40 points: no two closer than 0.1 (so no marker hides
    another), none within 0.1 of the line (so each visibly lies on one side)."""
    from scipy.spatial.distance import pdist
    X = np.random.default_rng(7).uniform(-3, 3, size=(40, 2))
    assert pdist(X).min() > 0.1
    assert np.abs(X @ [1.0, 2.0]).min() / np.sqrt(5.0) > 0.1


@pytest.mark.parametrize("elev, azim", [(22, -105), (-30, 40), (60, 170)])
def test_the_plane_draws_the_group_behind_it_under_it(elev, azim):
    """lk.plot.plane: the group on the camera's side of the plane (the side of the view vector
    (cos e cos a, cos e sin a, sin e), by the sign of its dot product with w) is drawn over the plane,
    the other under it."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    w = np.array([1.0, 1.0, 2.0])
    X = np.random.default_rng(14).uniform(-2, 2, size=(60, 3))
    fig = plt.figure()
    ax = fig.add_subplot(projection="3d", proj_type="ortho")
    ax.view_init(elev=elev, azim=azim)
    art = lk.plot.plane(w, X, ax=ax)
    e, a = np.radians(elev), np.radians(azim)
    viewer_side = np.sign(np.array([np.cos(e) * np.cos(a), np.cos(e) * np.sin(a), np.sin(e)]) @ w)
    front, back = (art.positive, art.negative) if viewer_side > 0 else (art.negative, art.positive)
    assert front.get_zorder() > art.surface.get_zorder() > back.get_zorder()
    plt.close(fig)


# ---------------------------------------------------------------- claims once stated too broadly

def test_training_the_dual_perceptron_needs_only_the_labels_and_the_gram_matrix():
    """Training (Flach, Alg. 7.2): the dual perceptron run on the Gram matrix G and the labels alone makes the
    same updates as the primal perceptron on the examples; two data sets with the same Gram matrix (one a
    rotation of the other) train to the same alphas. Classifying a new x is not covered: it needs x_i . x."""
    rng = np.random.default_rng(5)
    X = rng.normal(size=(12, 3))
    y = np.where(X @ [1.0, -2.0, 0.5] > 0, 1.0, -1.0)
    def dual(G, y):
        alpha = np.zeros(len(y))
        for _ in range(100):
            changed = False
            for j in range(len(y)):
                if y[j] * (G[j] @ (alpha * y)) <= 0:
                    alpha[j] += 1
                    changed = True
            if not changed:
                return alpha
    def primal(X, y):
        w, alpha = np.zeros(X.shape[1]), np.zeros(len(y))
        for _ in range(100):
            changed = False
            for j in range(len(y)):
                if y[j] * (X[j] @ w) <= 0:
                    w, alpha[j], changed = w + y[j] * X[j], alpha[j] + 1, True
            if not changed:
                return alpha
    Q, _ = np.linalg.qr(rng.normal(size=(3, 3)))
    assert np.array_equal(dual(X @ X.T, y), primal(X, y))
    assert np.array_equal(dual((X @ Q) @ (X @ Q).T, y), primal(X, y))


def test_the_dual_classifier_needs_the_labels_and_the_gram_matrix():
    """Flach's dual score of x_j is sum_i alpha_i y_i (x_i . x_j): the same Gram matrix and alphas with the
    labels flipped give the opposite scores, so the Gram matrix alone does not decide the classifier."""
    X = np.array([[1.0, 2.0], [-1.0, 0.5], [0.3, -2.0]])
    G, alpha = X @ X.T, np.array([1.0, 2.0, 1.0])
    y = np.array([1.0, -1.0, 1.0])
    scores = G @ (alpha * y)
    assert np.allclose(scores, X @ (X.T @ (alpha * y)))          # the primal w = sum alpha_i y_i x_i
    assert np.allclose(G @ (alpha * -y), -scores) and np.any(scores != 0)


def test_three_collinear_points_with_alternating_labels_are_not_separable():
    """d = 3 >= n - 1 = 2, and no 4 of the 3 points lie on one plane, yet +, -, + on a line is not separable:
    the condition is affine independence. By hand: a score w.x + b that is linear along the line cannot be
    positive at both ends and not positive in the middle."""
    X = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [2.0, 0.0, 0.0]]
    assert np.linalg.matrix_rank(lk.to_homogeneous(np.array(X))) == 2    # affinely dependent
    assert not lk.is_separable(X, [1, -1, 1])
    assert lk.is_separable([[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [2.0, 0.0, 1.0]], [1, -1, 1])


def test_lk_dot_adds_left_to_right_for_short_vectors_and_may_not_for_long_ones():
    """The chapter's vectors (d <= 5): lk.dot equals the loop of section 1 bit for bit; for 8 coordinates of
    one-decimal numbers some pair differs in the last digit."""
    rng = np.random.default_rng(3)
    def loop(a, b):
        total = 0.0
        for a_i, b_i in zip(a, b):
            total += a_i * b_i
        return total
    for d in range(1, 6):
        for a, b in np.round(rng.uniform(-10, 10, size=(300, 2, d)), 1):
            assert lk.dot(a, b) == loop(a, b)
    pairs = np.round(rng.uniform(-10, 10, size=(300, 2, 8)), 1)
    assert any(lk.dot(a, b) != loop(a, b) for a, b in pairs)


@given(st.integers(-99, 99), st.integers(1, 99))
def test_a_tolerance_scaled_by_the_result_of_a_subtraction_fails_where_one_scaled_by_x_holds(t, scale):
    """Section 6's foot x - (x.w/|w|) w/|w| of a point x = t w / scale of the normal line is the origin on
    paper; the computed foot is a rounding error, so scaling the tolerance by |foot| can call it off the line
    (x = (0.1, 0.2) does), while scaling by |x|, what was subtracted, never does."""
    w = np.array([1.0, 2.0])
    x = np.array([t / scale, 2 * t / scale])
    foot = x - lk.projection_length(x, w) * w / lk.norm(w)
    assert abs(foot @ w) <= 1e-12 * lk.norm(w) * lk.norm(x)
    x = np.array([0.1, 0.2])
    foot = x - lk.projection_length(x, w) * w / lk.norm(w)
    assert abs(foot @ w) > 1e-12 * lk.norm(w) * lk.norm(foot)


def test_is_separable_reads_the_floats_as_the_decimals_python_prints():
    """0.1 * 3 prints as 0.30000000000000004, so it and 0.3 are two points; typed 0.3 twice they are one."""
    assert repr(0.1 * 3) == "0.30000000000000004"
    assert lk.is_separable(np.array([[0.1 * 3], [0.3]]), [1, -1])
    assert not lk.is_separable(np.array([[0.3], [0.3]]), [1, -1])


def test_a_point_on_the_line_on_paper_can_score_plus_and_minus_a_rounding_error():
    """w = (-0.6, 0.9), x = (0.3, 0.2): w.x = -0.18 + 0.18 = 0 on paper (Fractions), but not in floats, and
    -w gives the opposite sign."""
    w, x = np.array([-0.6, 0.9]), np.array([0.3, 0.2])
    assert sum(Fraction(str(a)) * Fraction(str(b)) for a, b in zip(w, x)) == 0
    s, s_neg = lk.dot(w, x), lk.dot(-w, x)
    assert s != 0 and s_neg == -s and abs(s) < 1e-16


def test_a_computed_dot_product_of_parallel_vectors_can_exceed_the_product_of_the_norms():
    """Question 4's answer and section 3: a_par = (1, 1, 1) and b_par = (2, 2, 2), typed, are exactly parallel
    (b = 2a in Fractions); a.b = 6 is computed exactly, while sqrt(3) * sqrt(12) rounds below 6. The stored
    |a| and |b| are the correctly rounded square roots (checked in Fractions)."""
    a, b = np.array([1.0, 1.0, 1.0]), np.array([2.0, 2.0, 2.0])
    assert lk.dot(a, b) == 6.0 == float(sum(Fraction(p) * Fraction(q) for p, q in zip(a, b)))
    for v, square in ((a, 3), (b, 12)):
        n = Fraction(lk.norm(v))
        up, down = Fraction(np.nextafter(lk.norm(v), np.inf)), Fraction(np.nextafter(lk.norm(v), 0))
        assert abs(n * n - square) <= min(abs(up * up - square), abs(down * down - square))
    assert repr(lk.norm(a) * lk.norm(b)) == "5.999999999999999" and lk.dot(a, b) > lk.norm(a) * lk.norm(b)
    assert repr(lk.dot(a, b) / (lk.norm(a) * lk.norm(b))) == "1.0000000000000002"


def test_the_edge_on_direction_lies_in_the_plane_and_the_chapter_shows_no_cross_product():
    """Section 7 looks along (1, 1, -1): 1 + 1 - 2 = 0, so it lies in the plane; the edge-on panel's text
    alternative names the screen's axes and the arrow, the unit normal (length 1, direction only, as in 2-D); no code cell uses np.cross, which would
    answer Exercise 1 by copying."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import nbformat
    w3, along = np.array([1.0, 1.0, 2.0]), np.array([1.0, 1.0, -1.0])
    assert w3 @ along == 0
    X3 = np.random.default_rng(14).uniform(-2, 2, size=(60, 3))
    fig = plt.figure()
    lk.plot.plane(w3, X3, ax=fig.add_subplot(1, 2, 1, projection="3d", proj_type="ortho"))
    ax2 = fig.add_subplot(1, 2, 2)
    shown = lk.plot.plane_edge_on(w3, X3, along=along, ax=ax2)
    u = np.array([1.0, -1.0, 0.0]) / np.sqrt(2.0)         # by hand: in the plane, at a right angle to along
    assert np.allclose(shown[:, 0], X3 @ u) and np.allclose(shown[:, 1], X3 @ w3 / np.sqrt(6.0))
    # a right-handed screen: right x up points out of the screen, at the viewer, so the viewer looks along
    # -(right x up); that must be `along` itself, not its opposite (which would be the mirror image)
    up = w3 / np.sqrt(6.0)
    assert np.allclose(-np.cross(u, up), along / np.sqrt(3.0))
    # looking along (1, 1, -1) with w up, (1, 0, 0) is on the right (and (0, 1, 0) on the left)
    right_of = lk.plot.plane_edge_on(w3, [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]], along=along, ax=ax2)[:, 0]
    assert right_of[0] > 0 > right_of[1]
    text = lk.plot.description(fig)
    up, down = int(np.sum(X3 @ w3 > 0)), int(np.sum(X3 @ w3 < 0))
    assert "looking along (1, 1, −1)" in text and "unit normal w / |w| is a black arrow of length 1" in text and "signed distance" in text
    assert f"{up} points with w · x > 0 (blue plus signs) lie above the line" in text
    assert "x₂ = 0" not in text.split("edge-on")[1]                          # not the fake weights of before
    labels = [t.get_text() for t in fig.legends[0].get_texts()]
    assert len(fig.legends) == 1 and "the plane, seen edge-on" in labels and len(labels) == 5
    # the 3-D arrow is w itself (its legend entry says so); the edge-on arrow is the unit normal, and says so too
    assert any(l.startswith("normal $w = (1, 1, 2)") for l in labels) and "edge-on: the unit normal $w / |w|$" in labels
    plt.close(fig)
    with pytest.raises(ValueError, match="along must lie in the plane"):
        lk.plot.plane_edge_on(w3, X3, along=[1.0, 0.0, 0.0])
    nb = nbformat.read(NOTEBOOK, as_version=4)
    assert not any("np.cross" in c.source for c in nb.cells if c.cell_type == "code")


def test_the_mirror_exercise_feedback_reveals_no_expected_image():
    """Exercise 2 asks the learner to work out where (3, 2) must go by hand; the failure of the given code,
    of each half fix and of section 4's projection inlined says what the answer does on a probe, but prints no
    mirror image it does not compute itself (the sign-only fix is right for |w| = 1 and is shown its own (3, 0)
    next to its (3, -4), without saying which is right; for the random probes no image is printed at all)."""
    answers = [
        "    step = (x @ w - c) / np.linalg.norm(w) * w\n    return x + 2 * step\n",
        "    step = (x @ w - c) / np.linalg.norm(w) * w\n    return x - 2 * step\n",
        "    step = (x @ w - c) / (w @ w) * w\n    return x + 2 * step\n",
        "    u = w / np.linalg.norm(w)\n    return x - 2 * (x @ u) * u\n"]
    for body in answers:
        code = "def reflect(x, w, c):\n    x, w = np.asarray(x, dtype=float), np.asarray(w, dtype=float)\n" + body
        message = visible_feedback(STEM, "ch01-reflect", code)
        assert message is not None and "expected" not in message.lower(), message
        # the messages show only the answer's own images; no image is called the right one
        for claim in ("should be", "must go to", "the mirror image of (3, 2) is", "correct", "right image"):
            assert claim not in message, (claim, message)
        assert "(3, 0)" not in message.replace("sends (3, 2) to (3, 0) under the first", "")


def test_the_inlined_projection_of_section_4_does_not_pass_exercise_2():
    """The review's bypass: lk.project's printed body inlined as x - 2 (x.u) u. It reflects in the parallel
    line through 0, so the check's first probe (a point of the line 2 x2 = 2) is moved and the answer fails."""
    code = ("def reflect(x, w, c):\n    x, w = np.asarray(x, dtype=float), np.asarray(w, dtype=float)\n"
            "    u = w / np.linalg.norm(w)\n    return x - 2 * (x @ u) * u\n")
    message = visible_feedback(STEM, "ch01-reflect", code)
    assert message is not None and "a mirror leaves every point of its line where it is" in message


# ---------------------------------------------------------------- rounding: where the 1e-16 holds, what is exact

@given(arrays(np.float64, 4, elements=st.floats(-1, 1)), arrays(np.float64, 4, elements=st.floats(-1, 1)),
       st.integers(-150, 150), st.integers(-150, 150))
def test_rounding_errors_are_about_1e_16_of_the_sizes_only_far_from_overflow_and_underflow(a, b, i, j):
    """Coordinates between about 1e-150 and 1e150 (scaled here by 10^i and 10^j): the computed a.b is within
    d * 2^-52 |a| |b| of the exact dot product of the stored floats (Fractions). Outside that range it is
    not: the reviewer's a = (3e-170, 1e-170), b = (1e-170, 1e-170) has an exact dot product of 4e-340, which
    computes to 0, and the tolerance test then calls two vectors 26.6° apart perpendicular."""
    a, b = a * 10.0 ** i, b * 10.0 ** j
    exact_ab = sum(Fraction(p) * Fraction(q) for p, q in zip(a, b))
    bound = Fraction(4, 2 ** 52) * Fraction(math.hypot(*a)) * Fraction(math.hypot(*b))
    assert abs(Fraction(lk.dot(a, b)) - exact_ab) <= bound + 4 * Fraction(2.0 ** -1074)   # subnormal products
    a, b = np.array([3e-170, 1e-170]), np.array([1e-170, 1e-170])
    assert sum(Fraction(p) * Fraction(q) for p, q in zip(a, b)) > 0 and lk.dot(a, b) == 0.0
    assert lk.angle(a, b, degrees=True) == pytest.approx(26.565051177, abs=1e-9)   # lk.angle scales first


@given(arrays(np.float64, st.integers(1, 60), elements=finite), st.randoms())
def test_symmetry_and_negation_are_exact_in_floats(u, rnd):
    """u_i v_i and v_i u_i are the same rounded product and lk.dot adds them in the same order, so
    lk.dot(u, v) == lk.dot(v, u) bit for bit; negating v negates every product and sum exactly."""
    v = np.array([rnd.uniform(-100, 100) for _ in u])
    assert lk.dot(u, v) == lk.dot(v, u)
    assert lk.dot(u, -v) == -lk.dot(u, v)


def test_cover_separability_rises_with_d_only_for_a_fixed_number_of_examples():
    """Cover's count (with a bias, d + 1 free weights): P(n, d) = 2^(1-n) sum_{k<=d} C(n-1, k), worked out here
    with integers. For n = 20 fixed it rises with d; with n = 2d it falls: the trend needs a fixed n."""
    def cover(n, d):
        return Fraction(2 * sum(math.comb(n - 1, k) for k in range(d + 1)), 2 ** n)
    for n, d in ((20, 2), (20, 5), (10, 5), (4, 2), (40, 20)):
        assert lk.cover_probability(n, d) == pytest.approx(float(cover(n, d)), abs=1e-12)
    fixed = [cover(20, d) for d in range(1, 25)]
    assert all(p <= q for p, q in zip(fixed, fixed[1:])) and fixed[0] < fixed[-1] == 1
    twice = [cover(2 * d, d) for d in range(2, 30)]
    assert all(p > q for p, q in zip(twice, twice[1:]))


# ---------------------------------------------------------------- lengths and angles of huge and tiny vectors

scales = st.sampled_from([1e-300, 1e-200, 1e-170, 1e-160, 1e-20, 1.0, 1e20, 1e160, 1e200, 1e300])


@given(arrays(np.float64, st.integers(1, 6), elements=st.floats(-10, 10)).filter(lambda v: np.abs(v).max() > 1e-3),
       scales)
def test_norm_is_right_for_huge_and_tiny_vectors(v, scale):
    """lk.norm scales before squaring: it agrees with math.hypot (an independent scaled algorithm) to one
    rounding, and with the exact length (Fractions) to 2 roundings, from 1e-300 to 1e300; a non-zero vector
    never has length 0."""
    v = v * scale
    n = lk.norm(v)
    assert n > 0 and math.isfinite(n)
    assert n == pytest.approx(math.hypot(*v), rel=4e-16)
    square = sum(Fraction(c) ** 2 for c in v)
    assert abs(Fraction(n) ** 2 - square) <= Fraction(6, 2 ** 52) * square


@given(arrays(np.float64, 3, elements=st.floats(-10, 10)).filter(lambda v: np.abs(v).max() > 1e-2),
       arrays(np.float64, 3, elements=st.floats(-10, 10)).filter(lambda v: np.abs(v).max() > 1e-2),
       scales, scales)
def test_angle_cosine_and_projection_ignore_the_scale_of_the_vectors(a, b, s, t):
    """Scaling a by s and b by t (huge or tiny, powers of 10) leaves the angle and the cosine alone, up to
    rounding, and scales the projection length by s: compared with the same functions on the unscaled
    vectors, whose results are checked against numpy on ordinary numbers."""
    base_angle, base_cos = lk.angle(a, b), lk.cosine(a, b)
    assert base_cos == pytest.approx(float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b))), abs=1e-12)
    assert lk.angle(s * a, t * b) == pytest.approx(base_angle, abs=1e-12)
    assert lk.cosine(s * a, t * b) == pytest.approx(base_cos, abs=1e-12)
    assert lk.projection_length(s * a, t * b) == pytest.approx(s * lk.projection_length(a, b), rel=1e-12,
                                                                abs=1e-12 * s * np.linalg.norm(a))


def test_the_reviewers_huge_and_tiny_cases():
    """(1e200, 1e200) and (1e200, -1e199): 50.7°, not 0 and not nan; (3e-170, 1e-170) is not the zero
    vector; a vector whose length overflows gets an error that says so."""
    a, b = [1e200, 1e200], [1e200, -1e199]
    want = math.degrees(math.atan2(1, 1) + math.atan2(1, 10))
    assert lk.angle(a, b, degrees=True) == pytest.approx(want, abs=1e-9)
    assert lk.cosine(a, b) == pytest.approx(math.cos(math.radians(want)), abs=1e-12)
    assert lk.norm([1.4e154, 0.0]) == 1.4e154 and lk.norm([1e-160, 0.0]) == 1e-160
    assert lk.norm([3e-170, 4e-170]) == 5e-170
    assert lk.projection_length([3e-170, 1e-170], [1e-170, 1e-170]) == pytest.approx(4e-170 / math.sqrt(2), rel=1e-15)
    with pytest.raises(ValueError, match="zero vector"):
        lk.angle([0.0, 0.0], [1.0, 0.0])
    with pytest.raises(ValueError, match="too long for floating point"):
        lk.angle([1.5e308, 1.5e308], [1.0, 0.0])


# ---------------------------------------------------------------- the exercises' checks against their prose

def _hidden(gid):
    import nbformat
    nb = nbformat.read(NOTEBOOK, as_version=4)
    source = next(c.source for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == gid)
    return source.split("### BEGIN HIDDEN TESTS")[1].split("### END HIDDEN TESTS")[0]


@pytest.mark.parametrize("answers", [
    (120.0, -1.0, -2.5, 39 ** 0.5), (120.0009, -1.0009, -2.5009, 6.245), (119.9991, -0.9991, -2.4991, 6.2455),
    (119.95, -1.0, -2.5, 6.24), (120.1, -1.0009, -2.5025, 6.25), (120.0, -1.0, -2.5, 6.244), (120.0, -1.0, -2.5, 6.246),
    (120.0011, -1.0, -2.5, 39 ** 0.5), (120.0, -1.0, -2.5011, 39 ** 0.5)])
def test_exercise_3_check_and_hidden_tests_agree_to_within_a_thousandth(answers):
    """The exercise says 'each right to within 0.001': the check passes exactly the answers its hidden
    tests pass, and two-place decimals of sqrt(39) = 6.2450 or of 120 fail both."""
    from lecturekit.exercises import check_exercise
    from lecturekit.feedback import ExerciseFailure
    want = (120.0, -1.0, -2.5, math.sqrt(39.0))
    right = all(abs(a - w) <= 1e-3 for a, w in zip(answers, want))
    try:
        check_exercise("ch01-three-numbers", *answers)
        passed = True
    except ExerciseFailure:
        passed = False
    try:
        exec(_hidden("ch01-three-numbers-tests"), {"np": np, "angle_ab": answers[0], "proj_a_on_b": answers[1],
                                                   "proj_b_on_a": answers[2], "dist_ab": answers[3]})
        hidden = True
    except AssertionError:
        hidden = False
    assert passed == hidden == right


@pytest.mark.parametrize("answer, named", [
    ([np.nan, 0.0, 0.0, 0.0], None), ([0.0, 1.0, -1.0, 0.0], "a direction that lies in the hyperplane"),
    ((np.array([1.0, 2.0, 3.0, 1.0]) + np.array([1.0, 0.0, 0.0, -1.0])) / 4.0, "a direction that lies in the hyperplane"),
    ([2.0, -1.0, 0.0, 0.0], "perpendicular to some of the three directions but not to all")])
def test_exercise_1_names_the_right_mistake(answer, named):
    """nan is not 'the zero vector'; any direction in the hyperplane (a + e, not only a, c or e) is named as
    one; (2, -1, 0, 0) is perpendicular to a only."""
    message = visible_feedback(STEM, "ch01-normal", f"w_normal = {np.asarray(answer).tolist()!r}\n".replace("nan", "float('nan')"))
    assert message is not None and "the zero vector" not in message
    if named is None:
        assert "finite" in message
    else:
        assert named in message


def test_the_reference_solution_is_offered_only_after_a_pass_or_three_failed_runs(monkeypatch):
    """One wrong guess at the predict exercise does not put the reference solution one click away."""
    from lecturekit import exercises as ex
    from lecturekit.feedback import ExerciseFailure
    offered = []
    monkeypatch.setattr(ex, "_offer_solution", lambda e: offered.append(e.grade_id))
    monkeypatch.setattr(ex, "_FAILED_RUNS", {})
    monkeypatch.setattr(ex, "_display", lambda outcome: True)
    for k in range(1, 4):
        with pytest.raises(ExerciseFailure):
            ex.check_exercise("ch01-three-numbers", 60.0, -1.0, -2.5, 6.0)
        assert offered == ([] if k < ex.SOLUTION_AFTER_FAILURES else ["ch01-three-numbers"])
    ex.check_exercise("ch01-normal", (np.array([5.0, -2.0, -2.0, 5.0]) / np.sqrt(58.0)).tolist())
    assert offered[-1] == "ch01-normal"


@given(arrays(np.float64, st.integers(1, 5), elements=st.floats(-1e300, 1e300)),
       arrays(np.float64, 5, elements=st.floats(-1e300, 1e300)))
def test_lk_dot_gives_the_rounded_sum_or_says_that_it_overflows(a, b):
    """lk.dot never returns inf or nan for finite input: either the float sum of products, within rounding of
    the exact value (Fractions), or an OverflowError when that value leaves the range of floats."""
    b = b[: len(a)]
    exact_ab = sum(Fraction(p) * Fraction(q) for p, q in zip(a, b))
    size = sum(abs(Fraction(p) * Fraction(q)) for p, q in zip(a, b))
    try:
        got = lk.dot(a, b)
    except OverflowError:
        assert size > Fraction(np.finfo(float).max) / 2
        return
    assert math.isfinite(got)
    assert abs(Fraction(got) - exact_ab) <= Fraction(len(a) + 1, 2 ** 52) * size + Fraction(2.0 ** -1074) * len(a)


# ---------------------------------------------------------------- claims of the fifth review's fixes

def test_the_perpendicular_pair_gets_cosine_0_angle_just_above_90_and_a_negative_dot():
    """Section 3: (-0.6, 0.9) and (-0.3, -0.2) are perpendicular on paper (Fractions); the computed a.b is a
    negative rounding error, lk.cosine (unit vectors first) is exactly 0.0, and lk.angle is 90.00000000000001,
    just above 90: the three computed numbers do not agree on the side of the right angle."""
    a, b = np.array([-0.6, 0.9]), np.array([-0.3, -0.2])
    assert exact_dot(a, b) == 0
    assert lk.dot(a, b) < 0 and abs(lk.dot(a, b)) <= 1e-12 * lk.norm(a) * lk.norm(b)
    assert repr(lk.cosine(a, b)) == "0.0"
    assert repr(lk.angle(a, b, degrees=True)) == "90.00000000000001"


@given(tenths, tenths.filter(lambda b: b.any()))
def test_stretching_b_keeps_the_projection_on_paper_and_can_change_its_last_digit_in_floats(a, b):
    """On paper (a.5b)^2 / |5b|^2 = (a.b)^2 / |b|^2 and a.(5b) = 5 a.b (Fractions on the decimals); computed,
    the two projection lengths agree to rounding, and for some one-decimal pair they differ."""
    fa, fb = [exact(v) for v in a], [exact(v) for v in b]
    ab, bb = sum(p * q for p, q in zip(fa, fb)), sum(q * q for q in fb)
    ab5, bb5 = sum(p * 5 * q for p, q in zip(fa, fb)), sum(25 * q * q for q in fb)
    assert ab5 == 5 * ab and ab5 ** 2 * bb == ab ** 2 * bb5
    assert abs(lk.projection_length(a, 5 * b) - lk.projection_length(a, b)) <= 1e-15 * lk.norm(a)
    rng = np.random.default_rng(5)
    pairs = np.round(rng.uniform(-5, 5, size=(300, 2, 2)), 1)
    assert any(lk.projection_length(p, 5 * q) != lk.projection_length(p, q) for p, q in pairs if q.any())


def test_the_explorer_read_out_scales_the_dot_product_and_keeps_the_projection_when_b_is_stretched():
    """Section 5: stretching b (here by 2 and by 3) multiplies the read-out a.b by the factor, negative a.b
    included, and keeps the projection length, to the read-out's rounding."""
    for a1, a2, b1, b2 in ((2.0, 1.0, 1.0, 2.0), (2.0, 1.0, -1.0, -2.0), (0.5, -1.5, 1.0, 0.0)):
        base = lk.widgets.dot_product_state(a1, a2, b1, b2)
        for k in (2.0, 3.0):
            s = lk.widgets.dot_product_state(a1, a2, k * b1, k * b2)
            assert s["dot"] == pytest.approx(k * base["dot"], rel=1e-12)
            assert round(s["projection_length"], 6) == round(base["projection_length"], 6)


def test_x_at_w_is_the_row_dot_products_on_paper_and_may_differ_from_lk_dot_in_floats():
    """Section 6: X @ w is each row's dot product on paper (Fractions), within rounding of lk.dot computed.
    x = (1.8, 2.7), w = (2.7, -1.8) scores 0 on paper and under lk.dot, but a fused multiply-add (the first
    product rounded, the other added exactly, one rounding) gives +-1.2e-16, a sign a matrix product that
    fuses can get. numpy's X @ w gives one of these."""
    rng = np.random.default_rng(8)
    X = np.round(rng.uniform(-3, 3, size=(400, 2)), 1)
    w = np.array([2.7, -1.8])
    scores = X @ w
    for x, s in zip(X, scores):
        assert abs(s - lk.dot(x, w)) <= 4e-16 * lk.norm(x) * lk.norm(w)
    x = np.array([1.8, 2.7])
    assert exact_dot(x, w) == 0 and lk.dot(x, w) == 0.0
    fused = [float(Fraction(x[0] * w[0]) + Fraction(x[1]) * Fraction(w[1])),     # either order of one fma
             float(Fraction(x[1] * w[1]) + Fraction(x[0]) * Fraction(w[0]))]
    assert all(f != 0 and abs(f) < 2e-16 for f in fused)
    assert (np.vstack([x, X]) @ w)[0] in [0.0, *fused]


def test_the_body_of_lk_dot_is_the_sum_of_products():
    """Section 1: show_source prints the body float(np.sum(a * b)); in the range of floats lk.dot is that."""
    import contextlib
    import io
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        lk.show_source(lk.dot)
    assert out.getvalue().strip().splitlines()[-1].strip() == "return float(np.sum(a * b))"
    rng = np.random.default_rng(4)
    for a, b in rng.normal(size=(200, 2, 9)):
        assert lk.dot(a, b) == float(np.sum(a * b))


def _wide_floats():
    return st.builds(math.ldexp, st.floats(-1, 1, allow_nan=False), st.integers(-1074, 1023))


@given(st.lists(st.tuples(_wide_floats(), _wide_floats()), min_size=1, max_size=5))
def test_lk_dot_is_the_exact_sum_rounded_even_where_the_products_leave_the_range_of_floats(pairs):
    """lk.dot against Fractions for coordinates from 5e-324 to 1.8e308: within the rounding of a sum of d
    products (plus what subnormal scaled products and the final rounding into the subnormals can lose),
    a result too small for a float is a zero with the exact sign, and OverflowError comes only when the
    exact dot product is beyond the largest float."""
    a = np.array([p for p, _ in pairs])
    b = np.array([q for _, q in pairs])
    d = len(pairs)
    exact_ab = sum(Fraction(p) * Fraction(q) for p, q in pairs)
    size = sum(abs(Fraction(p) * Fraction(q)) for p, q in pairs)
    ea = math.frexp(float(np.max(np.abs(a))))[1] if a.any() else 0
    eb = math.frexp(float(np.max(np.abs(b))))[1] if b.any() else 0
    tol = Fraction(d + 1, 2 ** 52) * size + d * Fraction(2) ** (ea + eb - 1074) + Fraction(2) ** -1074
    big = Fraction(np.finfo(float).max)
    try:
        got = lk.dot(a, b)
    except OverflowError:
        assert abs(exact_ab) + tol > big
        return
    assert math.isfinite(got)
    assert abs(Fraction(got) - exact_ab) <= tol
    if abs(exact_ab) > tol:
        assert math.copysign(1.0, got) == (1.0 if exact_ab > 0 else -1.0)


def test_lk_dot_where_the_products_overflow_or_underflow_but_the_sum_does_not():
    """The fifth review's cases: products beyond 1.8e308 that cancel give 0; products below 1e-308 give
    their sum (5e-320) or, below the smallest float, a zero with the right sign; a sum beyond the largest
    float is still an OverflowError."""
    assert lk.dot([1e200, 1e200], [1e200, -1e200]) == 0.0
    b = [1e110, -(1e110 - 1e100)]                  # products about 1e310, beyond the largest float
    want = float(Fraction(1e200) * Fraction(b[0]) + Fraction(1e200) * Fraction(b[1]))   # about 1e300
    # within the rounding of a sum of two products of about 1e310 (cancellation leaves 1e300)
    got = lk.dot([1e200, 1e200], b)
    assert math.isinf(1e200 * 1e110) and abs(Fraction(got) - Fraction(want)) <= Fraction(3, 2 ** 52) * 2 * 10 ** 310
    assert lk.dot([1e-160, 3e-160], [2e-160, 1e-160]) == 5e-320
    tiny_pos = lk.dot([1e-200, 3e-200], [2e-200, 1e-200])
    tiny_neg = lk.dot([1e-200, -3e-200], [2e-200, 1e-200])
    assert tiny_pos == 0.0 == tiny_neg and math.copysign(1, tiny_pos) == 1 and math.copysign(1, tiny_neg) == -1
    assert lk.dot([1e-170, 0.0], [1e-170, 0.0]) == 0.0 and lk.norm([1e-170, 0.0]) == 1e-170
    with pytest.raises(OverflowError, match="overflows floating point"):
        lk.dot([1e200, 1e200], [1e200, -1e199])
    with pytest.raises(ValueError, match="infinite"):
        lk.dot([np.inf, 1.0], [1.0, 1.0])


def test_the_three_panels_keep_a_and_the_length_of_b_nearly():
    """Section 3's figure: a = (2, 1) in every panel; b's lengths are sqrt(4.25), sqrt(5), sqrt(5)."""
    lengths = [lk.norm(b) for b in ([2.0, -0.5], [1.0, -2.0], [-1.0, -2.0])]
    assert lengths == pytest.approx([math.sqrt(4.25), math.sqrt(5.0), math.sqrt(5.0)])
    assert all(2 <= n <= 2.3 for n in lengths)


@given(arrays(np.float64, (6, 3), elements=st.integers(-9, 9).map(lambda k: k / 10)),
       arrays(np.int64, 6, elements=st.sampled_from([-1, 1])),
       arrays(np.float64, 3, elements=st.integers(-9, 9).map(lambda k: k / 10)))
def test_multiplying_the_negatives_by_minus_1_puts_every_example_on_one_side(X, y, w):
    """z_i = y_i x_i: y_i (w . x_i) = w . z_i exactly in floats too (negation is exact), so w separates the
    data strictly exactly when every w . z_i > 0."""
    Z = y[:, None] * X
    for x, yi, z in zip(X, y, Z):
        assert yi * lk.dot(w, x) == lk.dot(w, z)
    assert bool(np.all(y * np.array([lk.dot(w, x) for x in X]) > 0)) == bool(
        np.all(np.array([lk.dot(w, z) for z in Z]) > 0))


def test_the_boundary_arrow_has_one_length_for_every_multiple_of_w():
    """Section 6's figure: lk.plot.boundary draws the normal arrow at one length on screen for w = (1, 2) and
    for 3w and w/3: it shows w's direction, not its length."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import FancyArrowPatch
    ends = []
    for k in (1.0, 3.0, 1.0 / 3.0):
        fig, ax = plt.subplots(figsize=(6.5, 5))
        ax.set_xlim(-3, 3)
        ax.set_ylim(-3, 3)
        ax.set_aspect("equal")
        lk.plot.boundary([0.0, k * 1.0, k * 2.0], ax=ax)
        fig.canvas.draw()
        arrows = [t for t in ax.texts if getattr(t, "arrow_patch", None) is not None]
        assert len(arrows) == 1, "one normal arrow"
        tip, base = np.array(arrows[0].xy), np.array(arrows[0].xyann)
        d = tip - base
        assert d[0] * 2.0 - d[1] * 1.0 == pytest.approx(0.0, abs=1e-9) and (tip - base) @ [1.0, 2.0] > 0
        ends.append(round(float(np.linalg.norm(tip - base)), 9))
        plt.close(fig)
    assert ends[0] == ends[1] == ends[2] and ends[0] != round(math.sqrt(5.0), 9)


@pytest.mark.parametrize("answers", [(119.99, -1.0, -2.5, math.sqrt(39.0)), (100.0, -1.0, -2.5, math.sqrt(39.0)),
                                     (120.2, -1.0, -2.5, math.sqrt(39.0))])
def test_exercise_3_says_the_same_to_a_near_and_a_far_wrong_number(answers):
    """A wrong angle near 120 and one far from it get one message (no warmer/colder), worded as a failure."""
    from lecturekit.exercises import check_exercise
    from lecturekit.feedback import ExerciseFailure
    with pytest.raises(ExerciseFailure) as info:
        check_exercise("ch01-three-numbers", *answers)
    text = str(info.value)
    assert "are each right to within 0.001 (the check does not say which of them is not" in text
    assert KNOWN not in text            # a restated requirement, not a diagnosis
    assert "120" not in text.replace(f"{answers[0]:g}", "")


@pytest.mark.parametrize("answers", [
    (60.0, -1.0, -2.5, math.sqrt(39.0)), (120.0, -2.5, -1.0, math.sqrt(39.0)), (120.0, -1.0, -2.5, math.sqrt(19.0)),
    (2 * math.pi / 3, -1.0, -2.5, math.sqrt(39.0)), (120.0, 1.0, -2.5, math.sqrt(39.0)), (0.0, 0.0, 0.0, 0.0)])
def test_exercise_3_gives_every_wrong_set_of_four_the_same_words(answers):
    """One verdict for the four numbers: the feedback to any wrong set is the same text, so a learner cannot
    try the candidates for one number (60 or 120, -1 or -2.5) and keep the one the check accepts."""
    from lecturekit.exercises import check_exercise
    from lecturekit.feedback import ExerciseFailure
    with pytest.raises(ExerciseFailure) as info:
        check_exercise("ch01-three-numbers", *answers)
    with pytest.raises(ExerciseFailure) as reference:
        check_exercise("ch01-three-numbers", 1.0, 2.0, 3.0, 4.0)
    assert str(info.value) == str(reference.value)


def test_exercise_4_gives_every_answer_that_picks_the_wrong_one_of_the_two_the_same_words():
    """Answers that return a perpendicular vector of the right length but the wrong one of the two on some probe
    (a fixed turn either way, the side by a . toward, the side by the sign of a rounding error) all get one and
    the same message, which names no probe, no side and no turn; two wrong lengths get the same words up to the
    probe's numbers."""
    import re
    reference, _ = exercises(STEM)["ch01-perpendicular"]
    wrong_one = [reference.replace("if score < -1e-12 * lk.norm(turned) * lk.norm(toward):", cond)
                 for cond in ("if score < 0:", "if score <= 0:", "if score > 0:", "if True:", "if False:")]
    wrong_one.append(reference.replace("score = lk.dot(turned, toward)", "score = lk.dot(a, toward)"))
    # the message names the same few typed probes for every such answer, each with the answer's own numbers there
    # (which it can recompute), and says of none of them whether it is right: with the answer's numbers masked,
    # the words are the same for all six
    answer_numbers = r"(?<== )-?[0-9.]+(e-?\d+)?"
    raw = [visible_feedback(STEM, "ch01-perpendicular", src) for src in wrong_one]
    assert None not in raw
    messages = {re.sub(answer_numbers, "#", m) for m in raw}
    assert len(messages) == 1, messages
    message = messages.pop()
    assert not any(w in message for w in ("clockwise", "negate", "flip", "other side", "(-8", "(8", "(-2", "(2"))
    assert message.count("your p gives") == 4
    lengths = [visible_feedback(STEM, "ch01-perpendicular", reference.replace(
        "return length * turned / lk.norm(turned)", new)) for new in ("return turned", "return 2 * turned")]
    words = lambda m: {line.split("#")[0] for line in re.sub(r"-?[0-9.]+(e-?\d+)?", "#", m).splitlines()   # noqa: E731
                       if "known mistake" in line}
    assert words(lengths[0]) == words(lengths[1])


@given(arrays(np.float64, 2, elements=finite), st.floats(0.1, 20), st.integers(-30, 30), st.integers(-30, 30))
def test_the_counterclockwise_perpendicular_is_the_one_with_a_positive_a1p2_minus_a2p1(a, length, i, j):
    """For a non-zero a, the quarter turn counterclockwise (-a2, a1), scaled to any positive length, has
    a1 p2 - a2 p1 = length |a| > 0 and its negative the opposite sign, also in floats, on random floats and on
    one-decimal data; (1, 0) and (0, 1) give 1 * 1 - 0 * 0 = 1."""
    for v in (a, np.array([i / 10, j / 10])):
        if not v.any() or lk.norm(v) < 1e-150:
            continue
        p = length * np.array([-v[1], v[0]]) / lk.norm(v)
        assert v[0] * p[1] - v[1] * p[0] > 0 and v[0] * -p[1] - v[1] * -p[0] < 0
        assert (v[0] * p[1] - v[1] * p[0]) == pytest.approx(length * lk.norm(v), rel=1e-12)
    assert 1 * 1 - 0 * 0 == 1


def test_exercise_4_side_keys_are_the_references_and_agree_with_a_scaled_tolerance_in_floats():
    """The check holds, per probe, only a fingerprint of which way the asked-for vector is turned from a.  They
    are those of tests/ch01_reference.py (the side of toward decided exactly on the decimals as typed, the
    counterclockwise quarter turn on the line), and the float rule of a learner who follows the prompt (a scaled
    tolerance for 0, section 3) decides the same on every probe."""
    import ch01_reference
    from lecturekit.exercises.ch01 import _PERP_KEYS, _perp_probes, _turn
    assert ch01_reference.perp_keys() == _PERP_KEYS
    for a, _, toward in _perp_probes():
        q = np.array([-a[1], a[0]])
        score = lk.dot(q, toward)
        p = q if score >= -1e-12 * lk.norm(q) * lk.norm(toward) else -q
        assert _turn(a, p) == ch01_reference.wanted_turn(a, toward), (a, toward)
        assert _turn(a, -p) != ch01_reference.wanted_turn(a, toward)


def test_exercise_4_probes_keep_the_prompts_promise_and_the_rest_after_a_projection_does_not_pass():
    """Every toward of the check lies on the line through a as typed (decided in Fractions of the decimals) or
    at least 1° off it; among those on it are the origin, a float multiple and a decimal multiple whose computed
    score under the quarter turn is a negative rounding error.  Section 4's rest after a projection, scaled (the
    review's copy of the lesson's code), and the fixed quarter turns fail; the reference, and the same idea
    written with the projection plus the on-line case, pass."""
    from lecturekit.exercises import check_exercise
    from lecturekit.exercises.ch01 import _PERP_PROBES
    on_line = []
    for a, _, toward in _PERP_PROBES:
        fa, ft = [Fraction(repr(v)) for v in a], [Fraction(repr(v)) for v in toward]
        cross = fa[0] * ft[1] - fa[1] * ft[0]
        if cross == 0:
            on_line.append(toward)
            continue
        sin2 = cross ** 2 / ((fa[0] ** 2 + fa[1] ** 2) * (ft[0] ** 2 + ft[1] ** 2))
        assert sin2 >= Fraction(math.sin(math.radians(1.0))) ** 2, (a, toward)
    assert (0.0, 0.0) in on_line and len(on_line) >= 3
    assert lk.dot([-0.7, 0.1], [-0.7, -4.9]) < 0          # the decimal multiple: a negative rounding error
    # the probes at tiny and huge lengths: what a tolerance not scaled by the lengths gets wrong
    scores = {a: lk.dot([-a[1], a[0]], toward) for a, _, toward in _PERP_PROBES}
    assert -6e-16 < scores[(1e-8, 2e-8)] < -4e-16 and -2e-16 < scores[(1e-8, 7e-8)] < -1e-16   # off the line
    big = (1847157.7, 3989813.8)
    assert scores[big] == -2.0 ** -7 and (Fraction(repr(-11082946.2)) == -6 * Fraction(repr(big[0]))
                                          and Fraction(repr(-23938882.8)) == -6 * Fraction(repr(big[1])))
    for tolerance in ("1e-12", "1e-9", "1e-6"):      # absolute tolerances fail, and are named as such
        src = ("def perpendicular(a, length, toward):\n    t = np.array([-a[1], a[0]])\n"
               f"    if lk.dot(t, toward) < -{tolerance}:\n        t = -t\n    return length * t / lk.norm(t)\n")
        message = visible_feedback(STEM, "ch01-perpendicular", src)
        assert message is not None and "fixed tolerance for a rounding error" in message, (tolerance, message)
    # a tolerance scaled by the lengths but far above a rounding error: 0.03 (1.7°) gives the wrong side on the
    # probe 1.03° below a = (1, 0); 0.0175 (just under sin 1°) is within the prompt's promise and passes
    assert math.degrees(math.atan2(0.018, 1.0)) == pytest.approx(1.03, abs=0.005)
    loose = ("def perpendicular(a, length, toward):\n    t = np.array([-a[1], a[0]])\n"
             "    if lk.dot(t, toward) < -{} * lk.norm(t) * lk.norm(toward):\n        t = -t\n"
             "    return length * t / lk.norm(t)\n")
    assert "which sign it asks for" in visible_feedback(STEM, "ch01-perpendicular", loose.format("0.03"))
    assert visible_feedback(STEM, "ch01-perpendicular", loose.format("0.0175")) is None
    def by_projection(a, length, toward):
        rest = toward - lk.project(toward, a)
        return length * rest / lk.norm(rest)
    assert visible_feedback(STEM, "ch01-perpendicular", "def perpendicular(a, length, toward):\n"
                            "    rest = toward - lk.project(toward, a)\n    return length * rest / lk.norm(rest)\n")
    for turn in ("np.array([-a[1], a[0]])", "np.array([a[1], -a[0]])"):
        src = f"def perpendicular(a, length, toward):\n    t = {turn}\n    return length * t / lk.norm(t)\n"
        assert "which sign it asks for" in visible_feedback(STEM, "ch01-perpendicular", src)
    def projection_and_line(a, length, toward):
        turned = np.array([-a[1], a[0]])
        rest = toward - lk.project(toward, a)
        if lk.norm(rest) <= 1e-12 * lk.norm(toward):
            return length * turned / lk.norm(turned)
        return length * rest / lk.norm(rest)
    check_exercise("ch01-perpendicular", projection_and_line)


def test_exercise_1_says_that_a_two_place_rounding_is_too_coarse():
    """(0.66, -0.26, -0.26, 0.66), the answer rounded to two places, fails and is told to keep more places."""
    message = visible_feedback(STEM, "ch01-normal", "w_normal = [0.66, -0.26, -0.26, 0.66]\n")
    assert message is not None and "keep three or more decimal places" in message


def _exercise_1_mistakes(w):
    """The ids of the misconceptions Exercise 1's check names for ``w`` (None when it passes)."""
    from lecturekit.exercises import check_exercise
    from lecturekit.feedback import ExerciseFailure
    try:
        check_exercise("ch01-normal", list(map(float, w)))
    except ExerciseFailure as exc:
        return {f.mistake.id for f in exc.outcome.checks.failures if f.mistake is not None}
    return None


def test_every_misconception_exercise_1_names_is_true_of_every_answer_that_is_told_it():
    """Each named mistake states something of the learner's w; the statement is checked here, independently of
    the check (cosines and the angle to the hyperplane from its unit normal, found by SVD), on about 4000 wrong
    answers: near-normals negated, rescaled, rounded to 1-3 places and jittered, directions in and near the
    hyperplane, and random vectors.  A normal on the wrong side or of the wrong length, rounded to two places,
    is not told it fails only by rounding (the review's (-0.66, 0.26, 0.26, -0.66) and (6.6, -2.6, -2.6, 6.6))."""
    span = np.array([[1.0, 2.0, 3.0, 1.0], [0.0, 1.0, -1.0, 0.0], [1.0, 0.0, 0.0, -1.0]])
    normal = np.linalg.svd(span)[2][-1]
    normal *= np.sign(normal[0])
    rng = np.random.default_rng(2026)
    answers = [np.array([-0.66, 0.26, 0.26, -0.66]), np.array([6.6, -2.6, -2.6, 6.6])]
    for factor in (1.0, -1.0, 0.5, -0.5, 0.99, 1.01, 1.02, 0.97, 3.0, -3.0, 10.0, -10.0):
        for jitter in (0.0, 1e-3, 4e-3, 1e-2, 3e-2, 0.1):
            for places in (None, 1, 2, 3):
                for _ in range(8):
                    w = factor * normal + jitter * rng.normal(size=4)
                    answers.append(w if places is None else np.round(w, places))
    inplane = rng.normal(size=(300, 3)) @ span
    answers += list(inplane) + list(inplane + rng.uniform(0.0, 0.08, size=(300, 1)) * np.linalg.norm(inplane, axis=1)[:, None] * normal)
    answers += list(rng.normal(size=(300, 4))) + list(np.round(rng.normal(size=(300, 4)), 1))
    answers += [np.array([1.0, 1.0, -1.0, 0.0]), np.array([0.0, 1.0, 1.0, 0.0]), np.zeros(4)]
    told = {}
    for w in answers:
        for name in _exercise_1_mistakes(w) or ():
            told.setdefault(name, []).append(w)
    assert set(told) == {"zero-normal", "direction-not-normal", "normal-to-some-only", "normal-rounded"}, told.keys()
    lengths = np.linalg.norm(span, axis=1)
    for name, ws in told.items():
        for w in ws:
            size = float(np.linalg.norm(w))
            cosines = np.abs(span @ w) / (lengths * size) if size else None
            if name == "zero-normal":
                assert not w.any()
            elif name == "direction-not-normal":          # "lies in the hyperplane, or within 3° of it"
                assert abs(w @ normal) / size <= math.sin(math.radians(3.0)), w
            elif name == "normal-to-some-only":           # perpendicular (to 10⁻³) to some, not to all
                assert (cosines <= 1e-3).any() and (cosines > 1e-3).any(), w
            else:                                         # positive score; length and cosines within 10⁻²
                assert w[0] > 0 and abs(size - 1.0) <= 1e-2 and cosines.max() <= 1e-2, w
    assert not any(np.array_equal(w, answers[k]) for w in told["normal-rounded"] for k in (0, 1))


def test_lk_dot_adds_like_the_loop_below_8_coordinates_and_often_not_from_8_on():
    """Section 1: numpy adds the products one by one below 8 coordinates (the loop's order, so the same
    float), and in blocks of 8 from 8 on, where the last digit often differs from the loop's."""
    rng = np.random.default_rng(3)
    def loop(a, b):
        s = 0.0
        for p, q in zip(a, b):
            s += p * q
        return s
    for d in range(1, 8):
        for a, b in rng.normal(size=(500, 2, d)):
            assert lk.dot(a, b) == loop(a, b)
    for d in (8, 10, 16, 33):   # the review measured 37-67 % of one-decimal pairs differing from 8 on
        pairs = np.round(rng.uniform(-2, 2, size=(1000, 2, d)), 1)
        differ = sum(lk.dot(a, b) != loop(a, b) for a, b in pairs)
        assert differ > 250, (d, differ)


def test_a_computed_dot_product_is_off_by_at_most_d_times_1e_16_of_the_lengths_often_less_sometimes_not_at_all():
    """Sections 1 and 3: against the exact dot product of the decimals as typed (Fractions), lk.dot is off by at
    most about (d + 2) 2^-53 |a| |b| (2 u for storing each pair of decimals, Higham's gamma_d for the products and
    sums, times sum |a_i b_i| <= |a| |b|; 2^-53 = 1.1e-16), for d from 1 to
    200 coordinates; the error is often less than half that bound, and it is exactly 0 for some pairs ('sometimes
    by nothing'), for example whenever the products are exact and nothing rounds."""
    rng = np.random.default_rng(37)
    zero = below_half = total = 0
    for d in (1, 2, 3, 5, 8, 10, 30, 100, 200):
        for a, b in np.round(rng.uniform(-2, 2, size=(150, 2, d)), 1):
            exact = sum(Fraction(repr(float(p))) * Fraction(repr(float(q))) for p, q in zip(a, b))
            err = abs(Fraction(lk.dot(a, b)) - exact)
            k = (d + 2) * Fraction(2) ** -53
            bound = k / (1 - k) * Fraction(lk.norm(a)) * Fraction(lk.norm(b))   # Higham's gamma_(d+2), "about" (d+2)u
            assert err <= bound, (d, float(err), float(bound))
            zero += err == 0
            below_half += err <= bound / 2
            total += 1
    assert zero > 0 and below_half > total / 2
    assert lk.dot([0.5, 0.25, 2.0], [4.0, 8.0, 0.125]) == 4.25           # exact products, exact sums: error 0
    # the review's worst case for the earlier constant 1e-16 (ratio 1.054 to it) is within (1 + 2) u
    err = abs(Fraction(lk.dot([0.5005], [0.0321])) - Fraction("0.5005") * Fraction("0.0321"))
    assert Fraction(10) ** -16 * Fraction(0.5005 * 0.0321) * 3 < err <= 3 * Fraction(2) ** -53 * Fraction(0.5005 * 0.0321)


def test_the_projection_length_onto_5b_often_differs_in_the_last_digit():
    """Section 4: 'the two computed projection lengths often differ in the last digit': on decimal pairs,
    projection_length(a, b) != projection_length(a, 5b) for more than a fifth of them (the review measured
    37 %), and never by more than a few units in the last place."""
    rng = np.random.default_rng(5)
    pairs = np.round(rng.uniform(-2, 2, size=(2000, 2, 2)), 1)
    pairs = pairs[np.linalg.norm(pairs[:, 1], axis=1) > 0]
    differ = 0
    for a, b in pairs:
        p1, p5 = lk.projection_length(a, b), lk.projection_length(a, 5 * b)
        differ += p1 != p5
        assert abs(p1 - p5) <= 8 * np.finfo(float).eps * max(1.0, abs(p1), lk.norm(a))
    assert differ > len(pairs) / 5


def test_every_saved_figure_carries_a_text_alternative_built_from_its_data():
    """The review read the outputs' metadata ({}); the text alternative is the alt of the <img> that
    lecturekit's display hook writes (lecturekit/_display.py), and it names the figure's numbers."""
    import re

    import nbformat
    nb = nbformat.read(NOTEBOOK, as_version=4)
    figures = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
               if "<img" in str(o.get("data", {}).get("text/html", ""))]
    # the five matplotlib figures, and the explorer's still (its picture, shown where widgets do not run)
    assert sum("<Figure" in str(o["data"].get("text/plain", "")) for o in figures) == 5 and len(figures) == 6
    for out in figures:
        alt = re.search(r'alt="([^"]+)"', out["data"]["text/html"]).group(1)
        assert len(alt) > 100 and re.search(r"\(-?\d", alt.replace("−", "-")), alt[:200]


def test_no_registered_wrong_answer_is_shown_the_key():
    """The Exercises' promise: no failure message of any registered wrong answer of chapter 1 contains the key
    of a construct or predict exercise (the unit normal's coordinates, the four numbers, the quarter turn of
    (3, 4) at length 10 on either side, the rows' angles), written in the ways the messages write numbers."""
    from lecturekit import homework as hw
    keys = {"ch01-normal": ["0.6565", "0.2626", "-0.2626"],
            "ch01-three-numbers": ["120", "-2.5", "6.245", "2.094"],
            "ch01-perpendicular": ["(-8, 6)", "-8.0, 6.0", "[-8, 6]", "(8, -6)", "8.0, -6.0", "[8, -6]"],
            "ch01-reflect": ["(3, 0)"],
            "ch01-boundary": ["90 -", "90.0 -", "arcsin", "clip", "lk.angle"]}   # the key: a formula
    for (stem, gid), items in load_mutants().items():
        if stem != STEM:
            continue
        reference, _ = exercises(stem)[gid]
        for desc, change in items:
            message = visible_feedback(stem, gid, hw.mutant_source(reference, change))
            assert message is not None
            for key in keys[gid]:
                if gid == "ch01-perpendicular":   # each probe's key, checked on the lines of that probe
                    assert key not in message, (gid, desc, key)
                    continue
                # the sign-only fix of Exercise 2 is shown its own image (3, 0) for |w| = 1, next to its wrong one
                shown_own = gid == "ch01-reflect" and "to (3, 0) under the first and to" in message
                assert key not in message or shown_own, (gid, desc, key)


def test_lk_dot_and_the_loop_differ_by_about_1e_16_of_the_lengths_and_in_sign_where_the_products_cancel():
    """Section 1: numpy's order and the loop's differ by a rounding error of about 1e-16 |a| |b| (here: at most
    d * 2^-52 |a| |b|, over decimal vectors of 1 to 60 coordinates); where the result is about as large as
    |a| |b| (cosine above 1/2) that is a few units in the last place; where the exact result is 0, the chapter's
    ten coordinates give 0 from the loop and -1.1e-16 from lk.dot."""
    def loop(a, b):
        s = 0.0
        for p, q in zip(a, b):
            s += p * q
        return s
    rng = np.random.default_rng(31)
    differ = 0
    for d in range(1, 61):
        for a, b in np.round(rng.uniform(-2, 2, size=(60, 2, d)), 1):
            size = lk.norm(a) * lk.norm(b)
            got, ref = lk.dot(a, b), loop(a, b)
            differ += got != ref
            assert abs(got - ref) <= d * 2.0 ** -52 * size
            if abs(ref) >= 0.5 * size > 0:
                assert abs(got - ref) <= 4 * d * np.spacing(abs(ref))
    assert differ > 100
    a = [1.0, 0.2, -0.2, 0.4, -1.0, 0.4, -1.0, 0.2, -1.0, 0.3]
    b = [-1.0, 0.6, -0.7, 0.9, 0.2, 1.0, 0.3, -0.5, -0.7, -0.4]
    assert sum(Fraction(str(p)) * Fraction(str(q)) for p, q in zip(a, b)) == 0
    assert loop(a, b) == 0.0 and lk.dot(a, b) == pytest.approx(-1.1e-16, rel=0.01)


@given(st.floats(0.1, 10), st.floats(0.1, 10), st.floats(0, 2 * math.pi), st.floats(0, 2 * math.pi))
def test_the_law_of_cosines_and_section_2_give_the_cosine_formula(ra, rb, alpha, beta):
    """Section 3's proof: with a and b at angle theta, the foot of the perpendicular from a's tip lies at
    |a| cos theta along b (negative beyond 90°), the perpendicular is |a| sin theta long, and Pythagoras gives
    |a - b|^2 = |a|^2 + |b|^2 - 2 |a| |b| cos theta; with section 2's expansion, a . b = |a| |b| cos theta.
    The angle theta in [0, pi] is taken from the polar angles, independently of any dot product."""
    a = ra * np.array([math.cos(alpha), math.sin(alpha)])
    b = rb * np.array([math.cos(beta), math.sin(beta)])
    theta = abs(math.remainder(alpha - beta, 2 * math.pi))
    unit_b = b / rb
    foot = float(np.dot(a, unit_b))
    assert foot == pytest.approx(ra * math.cos(theta), abs=1e-9)
    perp = a - foot * unit_b
    assert math.hypot(*perp) == pytest.approx(ra * math.sin(theta), abs=1e-9)
    law = ra ** 2 + rb ** 2 - 2 * ra * rb * math.cos(theta)
    assert math.hypot(*(a - b)) ** 2 == pytest.approx(law, abs=1e-9)
    assert (rb - ra * math.cos(theta)) ** 2 + (ra * math.sin(theta)) ** 2 == pytest.approx(law, abs=1e-9)
    assert float(np.dot(a, b)) == pytest.approx(ra * rb * math.cos(theta), abs=1e-9)


def test_linearity_holds_in_floats_up_to_1e_16_times_the_lengths_not_the_values():
    """Section 3: u . (lam v + z) and lam u . v + u . z differ by about 1e-16 (|lam| |u| |v| + |u| |z|) (here within
    8 d 2^-52 of it, d up to 200); measured against the values of the dot products the claim would be false:
    for u perpendicular to v and z on paper the values are rounding errors themselves."""
    rng = np.random.default_rng(32)
    for d in (2, 3, 10, 50, 200):
        for u, v, z in rng.normal(size=(200, 3, d)):
            lam = float(rng.normal())
            lhs, rhs = lk.dot(u, lam * v + z), lam * lk.dot(u, v) + lk.dot(u, z)
            scale = abs(lam) * lk.norm(u) * lk.norm(v) + lk.norm(u) * lk.norm(z)
            assert abs(lhs - rhs) <= 8 * d * 2.0 ** -52 * scale
    u, v, z = np.array([-0.6, 0.9]), np.array([-0.3, -0.2]), np.array([0.9, 0.6])   # u . v = u . z = 0 on paper
    lam = 0.7
    values = abs(lk.dot(u, v)) + abs(lk.dot(u, z))
    lhs, rhs = lk.dot(u, lam * v + z), lam * lk.dot(u, v) + lk.dot(u, z)
    assert lhs != rhs and abs(lhs - rhs) > 0.5 * values
    assert abs(lhs - rhs) <= 8 * 2.0 ** -52 * (lam * lk.norm(u) * lk.norm(v) + lk.norm(u) * lk.norm(z))


def test_exercise_4_accepts_an_answer_written_for_numpy_arrays_and_names_the_error_of_one_that_raises():
    """The prompt calls a a 2-D vector and the lesson's vectors are numpy arrays: a solution that uses array
    methods passes, and an answer that raises is told what it raised, with the message."""
    from lecturekit.exercises import check_exercise
    def on_arrays(a, length, toward):
        p = a.copy()
        p[0], p[1] = -a[1], a[0]                  # a quarter turn counterclockwise
        s = p.dot(toward)
        if abs(s) > 1e-12 * lk.norm(p) * lk.norm(toward):   # toward off the line through a: its side
            p *= np.sign(s)
        return length * p / lk.norm(p)
    check_exercise("ch01-perpendicular", on_arrays)
    message = visible_feedback(STEM, "ch01-perpendicular", "def perpendicular(a, length, toward):\n    return a.nope\n")
    assert "AttributeError" in message and "nope" in message and "numpy array" in message, message


def test_exercise_1_gives_a_normal_on_the_wrong_side_or_of_the_wrong_length_the_words_of_any_wrong_vector():
    """A learner who holds some normal must not learn from the feedback whether to negate it or rescale it (one
    token from the key): the normal negated, rescaled, both, and vectors that are no normal at all (and fit no
    named misconception) get one and the same feedback, which prints no length."""
    unit = np.array([5.0, -2.0, -2.0, 5.0]) / 58 ** 0.5
    answers = [-unit, 3.7 * unit, 0.37 * unit, -2.5 * unit, np.array([1.0, 0.5, 1.0, 0.0]),
               np.array([2.0, -3.0, 0.5, 1.0])]
    messages = {visible_feedback(STEM, "ch01-normal", f"w_normal = {w.tolist()!r}\n") for w in answers}
    assert len(messages) == 1, messages
    message = messages.pop()
    assert "the check does not say which" in message and KNOWN not in message   # the requirements, no diagnosis
    for w in answers[1:]:      # the first has length 1, the length the prompt asks for
        assert not any(f"{lk.norm(w):.{k}g}" in message for k in (2, 3, 4)), message


def test_exercise_5_asks_for_an_angle_the_lesson_does_not_code_and_the_shown_test_does_not_pass():
    """The check holds each row's angle only as a fingerprint, and the fingerprints are those of the angles
    computed in tests/ch01_reference.py (exact dot and cross products of the stored floats, then atan2); they
    agree with asin of the exact squared cosine to 1e-6°, no angle lies within 1e-9° of the edge of the band the
    fingerprints accept, and the rows include multiples of w whose computed cosine rounds past 1 and the origin.
    The reference and arcsin of a clipped cosine pass; the lesson's test for 0 with sin(0.01°) (a yes/no per
    row), the angle with w, 90° minus it without abs, radians, arcsin unclipped, the cosine read as an angle,
    one length for the whole table and a missing origin fail, and no message names an angle of a row."""
    import ch01_reference
    from lecturekit.exercises import check_exercise
    from lecturekit.exercises.ch01 import _ANGLE_KEYS, _ANGLE_PROBES, _angle_right, _angle_rows
    assert ch01_reference.keys() == _ANGLE_KEYS
    past_one = 0
    for k, ((seed, w, scale), degrees) in enumerate(zip(_ANGLE_PROBES, ch01_reference.angles())):
        rows = _angle_rows(seed, w, scale)
        fw = [Fraction(v) for v in w]
        for i, (x, deg) in enumerate(zip(rows, degrees)):
            # accepted within 1e-5° (the prompt), refused beyond 3e-5°
            assert all(_angle_right(k, i, deg + d) for d in (-1e-5 + 1e-9, -1e-9, 0.0, 1e-9, 1e-5 - 1e-9))
            assert not any(_angle_right(k, i, deg + d) for d in (-3.1e-5, 3.1e-5, 1e-3, 90.0))
            fx = [Fraction(float(v)) for v in x]
            if not any(fx):
                assert deg == 0.0
                continue
            ratio = (fw[0] * fx[0] + fw[1] * fx[1]) ** 2 / ((fw[0] ** 2 + fw[1] ** 2) * (fx[0] ** 2 + fx[1] ** 2))
            angle = math.degrees(math.asin(math.sqrt(min(float(ratio), 1.0))))
            assert abs(angle - deg) <= 1e-6, (w, x, deg, angle)
            past_one += abs(lk.dot(x, w)) / (lk.norm(x) * lk.norm(w)) > 1
    assert past_one > 0
    def clipped(X, w):
        X = np.asarray(X, dtype=float)
        r = [abs(lk.dot(x, w)) / (lk.norm(x) * lk.norm(w)) if x.any() else 0.0 for x in X]
        return np.degrees(np.arcsin(np.clip(r, 0.0, 1.0)))
    check_exercise("ch01-boundary", clipped)
    rule = "np.linalg.norm(X, axis=1) * np.linalg.norm(w)"
    for bad in (f"np.abs(X @ w) <= np.sin(np.radians(0.01)) * {rule}",
                "[lk.angle(x, w, degrees=True) if x.any() else 0.0 for x in X]",
                "[90 - lk.angle(x, w, degrees=True) if x.any() else 0.0 for x in X]",
                "[abs(np.pi / 2 - lk.angle(x, w)) if x.any() else 0.0 for x in X]",
                "[abs(90 - lk.angle(x, w, degrees=True)) for x in X]",
                "np.degrees(np.arcsin(np.clip(np.abs(X @ w) / (np.linalg.norm(X) * np.linalg.norm(w)), 0, 1)))"):
        message = visible_feedback(STEM, "ch01-boundary", f"def angle_to_line(X, w):\n    return {bad}\n")
        assert message is not None, bad
        assert not any(k in message for k in ("90 -", "arcsin", "lk.angle", "sin(")), (bad, message)


def test_squares_above_1e154_overflow_and_lk_norm_does_not_square_them():
    """Why lk.norm scales first (the lesson no longer says so; kept as a library check): (1.4e154)^2 overflows to inf while (1.3e154)^2 is finite, so sqrt(x . x) is inf for
    (3e160, 4e160) (and lk.dot says it overflows); lk.norm gives 5e160 and agrees with math.hypot there."""
    assert math.isfinite(1.3e154 * 1.3e154) and math.isinf(1.4e154 * 1.4e154)
    assert math.isinf(math.sqrt(3e160 * 3e160 + 4e160 * 4e160))
    with pytest.raises(OverflowError, match="overflows"):
        lk.dot([3e160, 4e160], [3e160, 4e160])
    assert lk.norm([3e160, 4e160]) == pytest.approx(5e160, rel=1e-15) == math.hypot(3e160, 4e160)


def test_squares_below_1e_154_lose_digits_and_below_1e_162_vanish():
    """Why lk.norm scales first, below the range (a library check): (1e-160)^2 is a subnormal 1e-320, not 0, and the square root of x . x for (3e-160, 4e-160) is
    off in the sixth digit; (1e-163)^2 is 0; lk.norm gives 5e-160 to the last digit."""
    assert (1e-160) ** 2 != 0 and (1e-163) ** 2 == 0 and (1e-155) ** 2 != 0
    naive = math.sqrt(3e-160 ** 2 + 4e-160 ** 2)
    assert 1e-7 < abs(naive / 5e-160 - 1) < 1e-4
    assert lk.norm([3e-160, 4e-160]) == pytest.approx(5e-160, rel=1e-15)


# ---------------------------------------------------------------- claims added in the last revision

def test_show_solution_shows_the_reference_at_any_time_in_a_workspace_with_solutions(tmp_path, monkeypatch):
    """Section 'Exercises': show_solution is not gated by the check (no check has run here), and a workspace
    made without solutions has none to show."""
    import json

    from lecturekit import learner
    monkeypatch.setattr("lecturekit.exercises._FAILED_RUNS", {})   # no check has run, passed or failed
    (tmp_path / learner.MANIFEST).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / learner.MANIFEST).write_text("{}", encoding="utf-8")
    (tmp_path / learner.SOLUTIONS).write_text(json.dumps({"ch01-normal": {"code": "w_normal = ..."}}),
                                              encoding="utf-8")
    view = learner.show_solution("ch01-normal", work_dir=tmp_path)
    assert view.grade_id == "ch01-normal" and view.code == "w_normal = ..."
    (tmp_path / learner.SOLUTIONS).unlink()
    with pytest.raises(LookupError, match="no-solutions"):
        learner.show_solution("ch01-normal", work_dir=tmp_path)


def test_whether_a_least_squares_fit_changes_little_between_samples_depends_on_the_data():
    """Cell 1: 'whether a linear fit does [change little from one sample to another] depends on the data'.
    Over 200 samples of one linear model with noise of SD 1, the least-squares prediction at a fixed input spreads
    by an SD below 0.3 with 200 examples of 2 independent features, above 2 with 20 examples of 18 features; and
    with 200 examples of two nearly equal features (x and x + 1e-3 noise) the weights swing (SD above 10) and so
    does the prediction at (1, -1), an input that breaks the near-duplication (SD above 10), while the
    prediction at (1, 1) stays within an SD of 0.3 (the review's counterexample to the earlier wording)."""
    def spread(n, d, seed):
        rng = np.random.default_rng(seed)
        beta, x_test = rng.normal(size=d), rng.normal(size=d)
        preds = []
        for _ in range(200):
            X = rng.normal(size=(n, d))
            preds.append(x_test @ np.linalg.lstsq(X, X @ beta + rng.normal(size=n), rcond=None)[0])
        return float(np.std(preds))
    for seed in range(3):
        assert spread(200, 2, seed) < 0.3 < 2 < spread(20, 18, seed)
    rng = np.random.default_rng(9)
    fits = []
    for _ in range(200):
        x = rng.normal(size=200)
        X = np.c_[x, x + 1e-3 * rng.normal(size=200)]
        fits.append(np.linalg.lstsq(X, X @ [1.0, 1.0] + rng.normal(size=200), rcond=None)[0])
    fits = np.array(fits)
    assert fits[:, 0].std() > 10
    assert (fits @ [1.0, -1.0]).std() > 10 and (fits @ [1.0, 1.0]).std() < 0.3


def test_the_perceptrons_line_depends_on_the_order_of_the_examples():
    """Cell 1 points to chapter 4 §7: on one separable data set, the perceptron run on the examples in another
    order stops at a weight vector of another direction (both separate the data)."""
    X = np.array([[2.0, 1.0], [1.0, 3.0], [-1.0, -2.0], [-2.0, 0.5]])
    y = np.array([1, 1, -1, -1])
    order = [3, 2, 1, 0]
    first = lk.perceptron(X, y, fit_intercept=False)
    second = lk.perceptron(X[order], y[order], fit_intercept=False)
    assert first.converged and second.converged
    w1, w2 = first.w[1:], second.w[1:]            # homogeneous weights, the bias (0 here) first
    assert first.w[0] == second.w[0] == 0
    assert np.all(y * (X @ w1) > 0) and np.all(y * (X @ w2) > 0)
    assert abs(lk.cosine(w1, w2)) < 1 - 1e-6


def test_lk_dot_rescales_exactly_when_a_product_or_the_sum_leaves_the_range_of_floats(monkeypatch):
    """Cell 9: lk.dot adds scaled copies of the vectors (np.ldexp, spied on here) exactly when a product a_i b_i
    or the sum is too large for a float (inf) or a product of non-zero numbers falls below the smallest normal
    float; otherwise it does not, however large or small the coordinates themselves are (the review's
    (1e200, 1) . (1e-100, 1) is not rescaled)."""
    import lecturekit.vectors as vec
    calls = []
    real = vec.np.ldexp
    monkeypatch.setattr(vec.np, "ldexp", lambda *args: calls.append(1) or real(*args))
    tiny = np.finfo(float).tiny
    rng = np.random.default_rng(41)
    for _ in range(3000):
        a = rng.uniform(-1, 1, 3) * 10.0 ** rng.integers(-200, 200, 3)
        b = rng.uniform(-1, 1, 3) * 10.0 ** rng.integers(-200, 200, 3)
        exact = [Fraction(p) * Fraction(q) for p, q in zip(a, b)]
        with np.errstate(over="ignore", invalid="ignore"):
            total = float(np.sum(a * b))
        expect = (any(abs(e) > Fraction(np.finfo(float).max) for e in exact) or not math.isfinite(total)
                  or any(0 < abs(e) < Fraction(tiny) for e in exact))
        calls.clear()
        try:
            lk.dot(a, b)
        except OverflowError:
            pass
        assert bool(calls) == expect, (a, b)
    calls.clear()
    lk.dot([1e200, 1.0], [1e-100, 1.0])
    assert not calls


def test_the_projection_onto_5b_of_a_nearly_perpendicular_pair_can_differ_in_sign():
    """Section 4: for the perpendicular decimals a = (-0.9, -0.4), b = (-0.4, 0.9) the computed projection length
    onto b is 0.0 and onto 5b a negative rounding error: they differ by the whole result, in sign too."""
    a, b = np.array([-0.9, -0.4]), np.array([-0.4, 0.9])
    assert exact_dot(a, b) == 0
    p1, p5 = lk.projection_length(a, b), lk.projection_length(a, 5 * b)
    assert p1 == 0.0 and p5 < 0


def test_the_worked_signed_distance_is_2():
    """Section 6: w = (3, 4), x = (2, 1): score 10, |w| = 5, signed distance 2, on w's side; and 2 is the distance
    to the nearest point of the line (the foot x - 2 w/|w| = (0.8, -0.6) lies on it)."""
    w, x = np.array([3.0, 4.0]), np.array([2.0, 1.0])
    assert lk.dot(w, x) == 10 and lk.norm(w) == 5 and lk.projection_length(x, w) == 2
    foot = x - 2 * w / 5
    assert abs(lk.dot(w, foot)) < 1e-12 and lk.norm(x - foot) == pytest.approx(2)


def test_exercise_3_answers_of_the_wrong_type_are_not_shown_the_key():
    """Exercise 3's message to an answer that is not a number (a string, None) gives an example of the form, and that
    example is none of the four keys (a string "120" was once told `type 120`, the angle's key)."""
    from lecturekit.exercises import check_exercise
    from lecturekit.feedback import ExerciseFailure
    keys = ["120", "-2.5", "2.5", "6.245", "2.094", "60"]
    for answers in (("120", -1.0, -2.5, 6.0), ("60", "1", "2", "3"), (None, 0.0, 0.0, 0.0), (60.0, -1.0, "-2.5", None)):
        with pytest.raises(ExerciseFailure) as info:
            check_exercise("ch01-three-numbers", *answers)
        message = str(info.value).split("Hint:")[0]
        message_without_answers = message
        for a in answers:
            message_without_answers = message_without_answers.replace(repr(a), "").replace(str(a), "")
        assert "not strings" in message and not any(k in message_without_answers for k in keys), message


def test_the_loop_and_numpy_are_each_within_the_bound_and_differ_by_at_most_twice_it():
    """Section 3's bound, on section 1's two ways to add: lk.dot and numpy's a @ b are each within about
    (d + 2) eps |a| |b| (eps = 2^-53) of the exact dot product of the typed decimals, so they differ by at most twice that; on random one-decimal
    vectors they often agree exactly and sometimes differ."""
    rng = np.random.default_rng(38)
    same = differ = 0
    for d in (2, 3, 10, 30, 100, 500):
        for a, b in np.round(rng.uniform(-2, 2, size=(100, 2, d)), 1):
            exact = sum(Fraction(repr(float(p))) * Fraction(repr(float(q))) for p, q in zip(a, b))
            k = (d + 2) * Fraction(2) ** -53
            bound = k / (1 - k) * Fraction(lk.norm(a)) * Fraction(lk.norm(b))
            loop, fast = lk.dot(a, b), float(a @ b)
            assert abs(Fraction(loop) - exact) <= bound and abs(Fraction(fast) - exact) <= bound
            assert abs(Fraction(loop) - Fraction(fast)) <= 2 * bound
            same += loop == fast
            differ += loop != fast
    assert same > 0 and differ > 0


def test_lk_dot_adds_up_scaled_products_when_one_would_overflow_or_underflow():
    """Section 2's aside: a product beyond the range of floats (1e200 * 1e200 overflows; 1e-154 * 1.5e-154 is below
    the smallest normal float) does not spoil lk.dot, which sums the products of a and b scaled by powers of 2 and
    scales back; the plain body gives nan. The results are within section 3's bound (d + 2) eps sum |a_i b_i| of the
    exact sums of fractions."""
    a, b = [1e200, 1e200], [1e200, -1e200]
    with np.errstate(all="ignore"):
        assert np.isnan(float(np.sum(np.array(a) * np.array(b))))
    assert lk.dot(a, b) == 0.0
    eps = np.finfo(float).eps / 2
    for a, b in (([1e-154, 3e-154], [1.5e-154, 0.5e-154]),     # each product below the smallest normal float
                 ([1e154, 2e154], [3e154, -2e154])):          # each product beyond the largest, the sum within
        products = [Fraction(p) * Fraction(q) for p, q in zip(a, b)]
        assert all(abs(p) < Fraction(np.finfo(float).tiny) for p in products) or \
            all(abs(p) > Fraction(np.finfo(float).max) for p in products)
        exact = sum(products)
        assert abs(Fraction(lk.dot(a, b)) - exact) <= (len(a) + 2) * Fraction(eps) * sum(abs(p) for p in products)
