"""Chapter 1 (dot products): the claims the lesson prints, checked against
independent references, and the exercises' visible feedback.

The notebook prints its numbers (strict nbval pins them); the properties
behind them are tested here: numpy's dot and norm as oracles, hand
computations, and hypothesis for the identities the chapter teaches.
"""

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import lecturekit as lk
from claims_support import check_claims, general_sentences
from exercise_support import KNOWN, exercises, visible_feedback

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "01_dot_products.ipynb"
STEM = NOTEBOOK.stem

finite = st.floats(-100, 100, allow_nan=False, allow_infinity=False)
small_ints = arrays(np.int64, 3, elements=st.integers(-6, 6))

# ---------------------------------------------------------------- the chapter's general claims
# a fragment of each sentence with "always / never / only / every ...": the test that guards it
CLAIMS = {
    "with equality exactly when one of the two vectors is a multiple of the other":
        "test_cauchy_schwarz_with_equality_only_for_parallel_vectors",
    "Only the *direction* of $b$ matters": "test_projection_ignores_the_length_of_b_and_leaves_a_perpendicular_rest",
    "Every other point has a non-zero projection onto $w$": "test_the_sign_of_the_score_is_the_side",
    "Every point on the side the arrow points to has a positive score": "test_the_sign_of_the_score_is_the_side",
    "Scaling $w$ by any $\\alpha > 0$ multiplies every score": "test_positive_scaling_keeps_sides_negation_swaps_them",
    "Negating $w$ negates every score": "test_negation_negates_every_score_and_keeps_the_line",
    "Its points are exactly the vectors perpendicular to $w$": "test_the_boundary_is_a_hyperplane_of_dimension_d_minus_1",
    "every point of the plane is a combination of these two": "test_the_3d_plane_and_its_spanning_directions",
    "the product is 0 only when $\\cos\\theta = 0$": "test_the_dot_product_is_zero_only_for_perpendicular_vectors",
    "It has two bugs: one shows whatever $w$ is, the other only when": "test_the_two_bugs_of_the_mirror_exercise",
    "The projection only depends on the direction $b / \\|b\\|$": "test_projection_ignores_the_length_of_b_and_leaves_a_perpendicular_rest",
    "Only the scores: each is divided by $\\|w\\|$": "test_positive_scaling_keeps_sides_negation_swaps_them",
}
# sentences with such a word that claim nothing general, each reviewed
SHOWN = [
    "[every symbol of the course on one page](notation.md)",     # a link to the notation page
    "It learns **online**: it looks at one example at a time",    # the definition of the algorithm (chapter 4)
    "The three panels share $a$; only $b$ turns.",                # describes the figure
    "In higher dimensions we cannot draw it",                     # about drawing, not data
    "This chapter only needs raw vectors",                        # the chapter's scope
    "this course uses the strict form above",                     # the course's choice of definition
]


def test_every_general_sentence_of_the_chapter_is_a_claim_under_test_or_reviewed():
    import sys
    assert check_claims(STEM, CLAIMS, SHOWN, sys.modules[__name__]) == []


def test_the_claims_table_is_not_empty_and_lists_each_general_sentence_once():
    found = general_sentences(STEM)
    assert len(found) >= len(CLAIMS) // 2 and len(set(CLAIMS.values())) >= 5


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
    assert lk.norm(p) == pytest.approx(np.linalg.norm(p), rel=1e-12, abs=1e-12)


def test_worked_angles():
    # unit vectors at 60°: cos 60° = 1/2; (2, 1) and (1, 2): 4 / (√5 √5) = 0.8
    assert lk.dot([1.0, 0.0], [np.cos(np.pi / 3), np.sin(np.pi / 3)]) == pytest.approx(0.5)
    assert lk.cosine([2.0, 1.0], [1.0, 2.0]) == pytest.approx(0.8)
    assert lk.angle([2.0, 1.0], [1.0, 2.0], degrees=True) == pytest.approx(np.degrees(np.arccos(0.8)))
    signs = [np.sign(lk.dot([2.0, 1.0], b)) for b in ([1.0, 2.0], [-1.0, 2.0], [-2.0, 0.5])]
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
    X = np.random.default_rng(3).uniform(-3, 3, size=(40, 2))
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
    X = np.random.default_rng(3).uniform(-3, 3, size=(40, 2))
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
    X3 = np.random.default_rng(4).uniform(-2, 2, size=(60, 3))
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


@given(arrays(np.float64, 2, elements=st.floats(-5, 5)).filter(lambda w: np.linalg.norm(w) > 1e-2),
       arrays(np.float64, 2, elements=st.floats(-5, 5)))
def test_the_two_bugs_of_the_mirror_exercise(w, x):
    """The given code steps once (the missing 2) and divides by |w| instead of |w|^2. With the 2
    restored it is right exactly when |w| = 1; with |w|^2 restored it stops at the foot for every w.
    Checked against the reflection matrix I - 2 w w^T / |w|^2 on points off the line."""
    mirror = (np.eye(2) - 2 * np.outer(w, w) / (w @ w)) @ x
    only_two = x - 2 * (x @ w) / np.linalg.norm(w) * w
    only_square = x - (x @ w) / (w @ w) * w
    if abs(x @ w) > 1e-3:
        assert not np.allclose(only_square, mirror, atol=1e-9)          # wrong whatever w is
        unit = w / np.linalg.norm(w)
        assert np.allclose(x - 2 * (x @ unit) / np.linalg.norm(unit) * unit,
                           (np.eye(2) - 2 * np.outer(unit, unit)) @ x)  # right for |w| = 1
        if abs(np.linalg.norm(w) - 1) > 1e-3:
            assert not np.allclose(only_two, mirror, atol=1e-9)


def test_exercise_1_accepts_any_positive_multiple_and_only_those():
    from lecturekit.exercises import check_exercise
    from lecturekit.feedback import ExerciseFailure

    for k in (0.01, 1.0, 7.0, 1e6):
        check_exercise("ch01-normal", (k * np.array([5.0, -1.0, -1.0])).tolist())
    for bad in ([-5.0, 1.0, 1.0], [5.0, -1.0, -1.1], [0.0, 0.0, 0.0]):
        with pytest.raises(ExerciseFailure):
            check_exercise("ch01-normal", bad)


def test_exercise_3_expected_values_by_hand():
    """|a| = 3, |b| = 4, a.b = -6: cos = -1/2, projections -6/4 and -6/3, |a - b|^2 = 9 + 12 + 16."""
    from lecturekit.exercises.ch01 import _three_numbers

    assert np.allclose(_three_numbers(), [120.0, -1.5, -2.0, np.sqrt(37.0)])


# ---------------------------------------------------------------- exercise feedback
# The reference passing and every registered wrong answer being named are checked for
# every chapter in tests/test_misconceptions.py; here, an answer no catalogue foresees.
STEM_FEEDBACK = "01_dot_products"

UNRELATED = {
    "ch01-normal": "w_normal = [0.0, 0.0, 1.0]\n",
    "ch01-reflect": "def reflect(x, w):\n    return np.asarray(x, dtype=float)\n",
    "ch01-three-numbers": "angle_ab = 0.0\nproj_a_on_b = 0.0\nproj_b_on_a = 0.0\ndist_ab = 0.0\n",
    "ch01-perpendicular": "def perpendicular(a, length):\n    return np.zeros(2)\n",
}


@pytest.mark.parametrize("gid", sorted(UNRELATED))
def test_an_unrelated_wrong_answer_gets_the_generic_message(gid):
    assert sorted(UNRELATED) == sorted(exercises(STEM_FEEDBACK)), "one unrelated answer per exercise"
    message = visible_feedback(STEM_FEEDBACK, gid, UNRELATED[gid])
    assert message is not None and KNOWN not in message and "Hint: " in message, message
