"""Chapter 6 (gradient descent): the chapter's general claims (CLAIMS, each guarded by
a test that searches for a counterexample), the numbers and figures the lesson shows,
checked against independent references, and the exercises' feedback."""

import sys
import warnings
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import lecturekit as lk  # noqa: E402
from claims_support import chapter_text, check_claims  # noqa: E402
from exercise_support import KNOWN, exercises, visible_feedback  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


# ---------------------------------------------------------------- the exercises
# The reference passing and every registered wrong answer being named are checked for
# every chapter in tests/test_misconceptions.py; here, an answer no catalogue foresees.
STEM = "06_gradient_descent"

UNRELATED = {
    "ch06-predict-gradient": "J_value = 0.0\ngrad = [5.0, 5.0, 5.0]\n",
    "ch06-construct": 'w_flat = "no idea"\n',
    "ch06-explain": 'answer = "d"\n',
    "ch06-criterion": "def criterion(w, X, y):\n    return 123.0\n",
    "ch06-margin-gradient": "def squared_margin_gradient(w, X, y, b):\n    return np.zeros(len(w))\n",
    "ch06-batch-step": "def batch_step(w, X, y, eta):\n    return np.ones(len(w))\n",
}


@pytest.mark.parametrize("gid", sorted(UNRELATED))
def test_an_unrelated_wrong_answer_gets_the_generic_message(gid):
    assert sorted(UNRELATED) == sorted(exercises(STEM)), "one unrelated answer per exercise"
    message = visible_feedback(STEM, gid, UNRELATED[gid])
    assert message is not None and KNOWN not in message and "Hint: " in message, message


def _bowl_descent(eta, steps):
    # section 1's bowl, written out independently of the notebook
    w, path = np.array([-2.0, 1.0]), []
    for _ in range(steps):
        w = w - eta * np.array([2 * (w[0] - 1), 8 * (w[1] + 0.5)])
        path.append(w)
    return np.array(path)


@given(st.floats(0.2501, 0.5), st.floats(-3, 3), st.floats(-3, 3))
def test_a_longer_step_on_the_bowl_swings_ever_wider(eta, a, b):
    # exercise 3's answer: with eta > 1/4 the w2 error is multiplied by 1 - 8 eta < -1 at each step
    w = np.array([a, b])
    if abs(b + 0.5) < 1e-3:
        return
    errs = []
    for _ in range(60):
        w = w - eta * np.array([2 * (w[0] - 1), 8 * (w[1] + 0.5)])
        errs.append(w[1] + 0.5)
    errs = np.array(errs)
    assert np.all(np.sign(errs[1:]) == -np.sign(errs[:-1])) and np.all(np.abs(errs[1:]) > np.abs(errs[:-1]))
    # so |eta grad J| grows without bound and the stopping rule |eta grad J| < theta never ends the walk
    path = _bowl_descent(0.3, 40)
    steps = np.linalg.norm(np.diff(path, axis=0), axis=1)
    assert np.all(steps[5:] > 1e-3) and steps[-1] > steps[5]
    assert len(_bowl_descent(0.1, 29)) == 29  # the lesson's 29 steps at eta = 0.1 (checked in the notebook)


def test_the_predict_answers_are_the_hand_computation():
    # exercise 1 by an independent route: J from its definition, and the gradient from a
    # one-sided difference on the side where (1, 2) is strictly wrong (J is linear there)
    X = np.array([[1.0, 2.0], [2.0, -1.0], [0.0, 1.0]])
    y = np.array([1, 1, -1])
    w = np.array([-1.0, 1.0, 0.0])
    Xh = np.c_[np.ones(3), X]
    margins = y * (Xh @ w)
    assert margins.tolist() == [0.0, 1.0, 1.0]
    assert lk.perceptron_criterion(w, X, y) == 0.0
    assert lk.perceptron_criterion_gradient(w, X, y).tolist() == [-1.0, -1.0, -2.0]
    # moving w so that (1, 2) becomes strictly wrong, J grows at the rate -grad . direction
    d = np.array([-1.0, 0.0, 0.0])
    h = 1e-3
    assert np.isclose(lk.perceptron_criterion(w + h * d, X, y) / h, np.dot([-1.0, -1.0, -2.0], d))


# ---------------------------------------------------------------- the lesson's claims
def test_toy_criterion_and_gradient_by_hand():
    X, y = lk.datasets.toy()
    w = np.array([0.5, 1.0, -1.0])
    assert lk.perceptron_criterion(w, X, y) == 5.0
    assert lk.perceptron_criterion_gradient(w, X, y).tolist() == [0.0, 2.0, -3.0]
    assert np.allclose(lk.numerical_gradient(lambda v: lk.perceptron_criterion(v, X, y), w), [0.0, 2.0, -3.0], atol=1e-6)
    # at a kink the central difference holds half of the boundary example's term
    w_kink = np.array([1.0, 1.0, -1.0])
    g_num = lk.numerical_gradient(lambda v: lk.perceptron_criterion(v, X, y), w_kink)
    assert np.allclose(g_num, lk.perceptron_criterion_gradient(w_kink, X, y) - 0.5 * np.array([1.0, -3.0, -2.0]), atol=1e-6)
    # with `<` the gradient at 0 would vanish; with `<=` it is -sum y_i x_i
    Xh = lk.to_homogeneous(X)
    assert lk.perceptron_criterion(np.zeros(3), X, y) == 0
    assert np.array_equal(lk.perceptron_criterion_gradient(np.zeros(3), X, y), -(y @ Xh))


def test_gradient_matches_central_differences_away_from_kinks():
    rng = np.random.default_rng(0)
    X, y = lk.datasets.noisy(20, d=3, seed=1)
    Xh = lk.to_homogeneous(X)
    W = [v for v in rng.normal(size=(200, 4)) if np.min(np.abs(Xh @ v)) > 0.01]
    assert len(W) >= 100
    for v in W:
        num = lk.numerical_gradient(lambda u: lk.perceptron_criterion(u, X, y), v)
        assert np.allclose(lk.perceptron_criterion_gradient(v, X, y), num, atol=1e-6)


def _shifted():
    Xs, ys, us = lk.datasets.separable(30, 2, margin=0.1, seed=5, return_direction=True)
    return Xs + us[0] * us[1:], ys, us


def test_one_over_k_is_slow_from_a_far_start():
    Xo, ys, _ = _shifted()
    start = np.array([0.0, 1.5, -1.5])
    with pytest.warns(lk.ConvergenceWarning):
        slow = lk.batch_perceptron(Xo, ys, eta=0.02, schedule="1/k", w0=start, fit_intercept=False, max_iter=500)
    fast = lk.batch_perceptron(Xo, ys, eta=0.05, w0=start, fit_intercept=False, max_iter=500)
    assert not slow.converged and fast.converged


def test_on_non_separable_data_one_over_k_shrinks_w_and_the_error_grows():
    X, y = lk.datasets.noisy(40, flip=0.1, seed=3)
    assert not lk.is_separable(X, y)
    with pytest.warns(lk.ConvergenceWarning):
        r = lk.batch_perceptron(X, y, eta=0.1, schedule="1/k", max_iter=10_000)
    norms = np.linalg.norm(r.path, axis=1)
    Xh = lk.to_homogeneous(X)
    err = lambda w: np.mean(np.where(Xh @ w > 0, 1, -1) != y)  # noqa: E731
    assert norms[100] > norms[1000] > norms[10_000] and norms[10_000] < 1e-3
    assert err(r.path[10_000]) > err(r.path[100])
    # J is positively homogeneous, so J(w) / |w| is what the criterion says about the direction
    for w in r.path[[100, 1000, 10_000]]:
        assert np.isclose(lk.perceptron_criterion(w, X, y), np.linalg.norm(w) * lk.perceptron_criterion(w / np.linalg.norm(w), X, y))
    # and no non-zero w has J = 0 on this set: the LP of is_separable found no separating w; a weak one
    # would put every example on its side or on the boundary -- check on many random directions
    V = np.random.default_rng(0).normal(size=(20_000, 3))
    assert np.all(np.max(-(y[:, None] * (Xh @ V.T)), axis=0) > 0)




# ---------------------------------------------------------------- the claims table
# Every sentence of the chapter with a word of claims_support.GENERAL is here: CLAIMS maps
# a fragment of it to the test below that searches for a counterexample; SHOWN lists the
# sentences that claim nothing general (definitions, quotations, the example on the page).
CLAIMS = {
    "at a kink of a convex function there are many (for $|w|$ at 0, every slope from $-1$ to $1$)":
        "test_at_a_kink_the_library_gradient_is_a_subgradient",
    "Every term is $\\ge 0$, so $J \\ge 0$, and $J = 0$ when no example is strictly on the wrong side.":
        "test_criterion_is_zero_exactly_without_strict_mistakes",
    "$J(\\mathbf{w}) = 0$ exactly when no example is strictly on its wrong side.":
        "test_criterion_is_zero_exactly_without_strict_mistakes",
    "its zero set (no example strictly wrong) contains every separating $\\mathbf{w}$":
        "test_criterion_is_zero_exactly_without_strict_mistakes",
    "$J$ is continuous in $\\mathbf{w}$. It is not smooth: it is piecewise linear, with kinks where an example's score":
        "test_criterion_is_continuous_and_piecewise_linear_with_kinks",
    "The formula changes only where an example crosses the boundary":
        "test_criterion_is_continuous_and_piecewise_linear_with_kinks",
    "it holds every $\\mathbf{w}$ with $J$ below 2.5, and most of those do not separate":
        "test_the_pale_cells_are_exactly_the_separating_weights",
    "it contains only half of the boundary example's term": "test_at_a_kink_the_library_gradient_is_a_subgradient",
    "every score is 0, so $J(\\mathbf{0}) = 0$ — the smallest value $J$ can take — although every example is a mistake":
        "test_at_zero_every_example_is_in_M_and_the_strict_test_never_moves",
    "With the strict test $M$ is empty, the gradient is $\\mathbf{0}$, and gradient descent never moves.":
        "test_at_zero_every_example_is_in_M_and_the_strict_test_never_moves",
    "With lecturekit's test every example is in $M$ and the first step is":
        "test_at_zero_every_example_is_in_M_and_the_strict_test_never_moves",
    "$J(\\mathbf{0}) = 0$ although every example is wrong.":
        "test_at_zero_every_example_is_in_M_and_the_strict_test_never_moves",
    "The `<=` in the mistake test puts every example into $M$ at $\\mathbf{0}$":
        "test_at_zero_every_example_is_in_M_and_the_strict_test_never_moves",
    "Every step is exactly $-\\eta\\nabla J$.": "test_batch_steps_are_gradient_steps",
    "every step equals $-\\eta(k)\\nabla J(\\mathbf{w}(k-1))$": "test_batch_steps_are_gradient_steps",
    "What the batch perceptron guarantees on separable data is the same as the online one":
        "test_online_and_batch_both_separate",
    "Both end with every training example correct": "test_online_and_batch_both_separate",
    "the learning rate is only a constant factor": "test_from_zero_eta_only_rescales_the_batch_path",
    "$M$ depends only on the direction of $\\mathbf{w}$, so every iterate for":
        "test_from_zero_eta_only_rescales_the_batch_path",
    "$\\eta(1)$ only rescales the path, but the two schedules differ from step 2 on":
        "test_from_zero_eta_only_rescales_the_batch_path",
    "the learning rate only rescales the batch perceptron's path": "test_from_zero_eta_only_rescales_the_batch_path",
    "The set $M$ depends only on the signs of the scores": "test_from_zero_eta_only_rescales_the_batch_path",
    "Same $M$ at every step means the same stopping step.": "test_from_zero_eta_only_rescales_the_batch_path",
    "a constant step never\nstops: $M$ is never empty": "test_on_non_separable_data_M_is_never_empty",
    "every term $-y_i\\,c\\mathbf{w}\\cdot\\mathbf{x}_i$ is $c$ times the old one":
        "test_criterion_is_positively_homogeneous",
    "on this data the only minimiser is $\\mathbf{w} = \\mathbf{0}$":
        "test_on_non_separable_data_one_over_k_shrinks_w_and_the_error_grows",
    "On the noisy data of section 6 the only minimiser of $J$ is $\\mathbf{w} = \\mathbf{0}$":
        "test_on_non_separable_data_one_over_k_shrinks_w_and_the_error_grows",
    "(its total length grows only like $\\ln k$)": "test_the_one_over_k_steps_add_up_like_log_k",
    "Its gradient has the same form, $-\\sum_M y_i\\mathbf{x}_i$, only over the larger set $M$.":
        "test_the_margin_criterion_gradient_and_zeros",
    "Its zeros are the weight vectors with $y_i\\,\\mathbf{w}\\cdot\\mathbf{x}_i \\ge b$ for every $i$":
        "test_the_margin_criterion_gradient_and_zeros",
    "It is piecewise constant: almost everywhere its gradient is 0":
        "test_criterion_is_zero_exactly_without_strict_mistakes",
    "so the stopping\n  rule never ends it": "test_a_longer_step_on_the_bowl_swings_ever_wider",
    "### Exercise 6 — debug: a batch step that never leaves 0": "test_the_debug_exercises_code_never_leaves_zero",
    "Started from $\\mathbf{w} = \\mathbf{0}$ it never moves": "test_the_debug_exercises_code_never_leaves_zero",
}
SHOWN = [
    "the gradient shrinks towards the minimum",  # on this bowl
    "the chord between two points of its graph never dips below the graph",  # definition of convexity
    "homogeneous as always",  # the course's convention
    "with the 1 added to every example",  # the library's code
    "keeping only those at least 0.01 away from every kink",  # the experiment's design
    "their own definition (a point is classified correctly if and only if",  # a quotation
    "The slides suggest letting the step shrink",  # a quotation
    "but the $1/k$ steps shrink",  # the schedule, by definition
    "(each step looks at every example once, and so does the final check)",  # how passes are counted
    "Neither wins on every set here.",
    "On these sets the batch perceptron changes $\\mathbf{w}$ only a few times",
    "$J$ need not fall at every step.",  # shown by the toy run (0, 8, 3, 0)
    "so a longer step only gets there\n  sooner",  # a distractor of exercise 3, false on purpose
]


def test_every_general_sentence_is_claimed_or_shown():
    assert check_claims(STEM, CLAIMS, SHOWN, sys.modules[__name__]) == []


def test_no_lesson_text_refers_to_the_test_suite():
    text = chapter_text(STEM)
    assert "test suite" not in text and "tests/" not in text and "test_chapter" not in text


# hypothesis: small data sets on an integer grid (duplicates, collinear points, exact ties are
# common there), opposite labels on one point allowed, and weight vectors on the same grid
def data_sets(min_n=2, max_n=7):
    """Small labelled sets with both classes (lecturekit's criterion wants both)."""
    rows = st.lists(st.tuples(st.integers(-3, 3), st.integers(-3, 3), st.sampled_from([-1, 1])),
                    min_size=min_n, max_size=max_n).filter(lambda r: len({row[2] for row in r}) == 2)
    return rows.map(lambda r: (np.array([row[:2] for row in r], dtype=float), np.array([row[2] for row in r])))


weights = st.tuples(*[st.integers(-4, 4)] * 3).map(lambda t: np.array(t, dtype=float) / 2)


def _margins(w, X, y):
    return y * (np.c_[np.ones(len(X)), X] @ w)


@settings(max_examples=200)
@given(data_sets(), weights)
def test_criterion_is_zero_exactly_without_strict_mistakes(data, w):
    X, y = data
    J = lk.perceptron_criterion(w, X, y)
    m = _margins(w, X, y)
    assert J >= 0
    assert (J == 0) == bool(np.all(m >= 0))
    if np.all(m > 0):  # a separating w is in the zero set
        assert J == 0
    # the number of mistakes is piecewise constant: a small move that crosses no kink keeps it
    h = 1e-3 * np.array([1.0, -0.5, 0.25])
    if np.min(np.abs(m)) > 0.1:
        assert np.sum(_margins(w + h, X, y) <= 0) == np.sum(m <= 0)


@settings(max_examples=200)
@given(data_sets(), weights, weights, st.floats(0, 1))
def test_criterion_is_continuous_and_piecewise_linear_with_kinks(data, a, b, lam):
    X, y = data
    J = lambda w: lk.perceptron_criterion(w, X, y)  # noqa: E731
    # continuous (Lipschitz): |J(a) - J(b)| <= sum_i |x_i| |a - b|
    L = np.sum(np.linalg.norm(np.c_[np.ones(len(X)), X], axis=1))
    assert abs(J(a) - J(b)) <= L * np.linalg.norm(a - b) + 1e-9
    # convex, hence never above its chords
    assert J(lam * a + (1 - lam) * b) <= lam * J(a) + (1 - lam) * J(b) + 1e-9
    # linear between kinks: if no example changes side along the segment, J is linear on it
    ma, mb = _margins(a, X, y), _margins(b, X, y)
    if np.all(np.sign(ma) == np.sign(mb)) and np.all(ma != 0):
        assert np.isclose(J(lam * a + (1 - lam) * b), lam * J(a) + (1 - lam) * J(b), atol=1e-9)


def test_the_criterion_has_kinks():
    # across a crease the slope jumps: J is not differentiable there (toy set, w = (1, 1, -1))
    X, y = lk.datasets.toy()
    w, d, h = np.array([1.0, 1.0, -1.0]), np.array([0.0, 0.0, 1.0]), 1e-4
    J = lambda v: lk.perceptron_criterion(v, X, y)  # noqa: E731
    right, left = (J(w + h * d) - J(w)) / h, (J(w) - J(w - h * d)) / h
    assert not np.isclose(right, left)


@settings(max_examples=200)
@given(data_sets(), weights, st.floats(0.01, 100))
def test_criterion_is_positively_homogeneous(data, w, c):
    X, y = data
    assert np.isclose(lk.perceptron_criterion(c * w, X, y), c * lk.perceptron_criterion(w, X, y))


@settings(max_examples=150, deadline=None)
@given(data_sets(), weights)
def test_at_a_kink_the_library_gradient_is_a_subgradient(data, w):
    X, y = data
    g = lk.perceptron_criterion_gradient(w, X, y)
    V = w + np.random.default_rng(0).normal(scale=2.0, size=(300, 3))
    assert np.all(lk.perceptron_criterion(w, X, y) + (V - w) @ g <= lk.plot.criterion_grid(X, y, V) + 1e-9)
    # the central difference at a kink holds half of each boundary example's term
    Xh = np.c_[np.ones(len(X)), X]
    on = _margins(w, X, y) == 0
    num = lk.numerical_gradient(lambda v: lk.perceptron_criterion(v, X, y), w, h=1e-7)
    assert np.allclose(num, g + 0.5 * (y[on] @ Xh[on]), atol=1e-5)
    # |w| at 0: every slope in [-1, 1] is a subgradient, and none outside
    t = np.linspace(-5, 5, 101)
    for slope in (-1.0, -0.3, 0.0, 1.0):
        assert np.all(np.abs(t) >= slope * t)
    assert np.any(np.abs(t) < 1.1 * t)


@settings(max_examples=150)
@given(data_sets())
def test_at_zero_every_example_is_in_M_and_the_strict_test_never_moves(data):
    X, y = data
    Xh = np.c_[np.ones(len(X)), X]
    zero = np.zeros(3)
    assert lk.perceptron_criterion(zero, X, y) == 0
    assert np.array_equal(lk.perceptron_criterion_gradient(zero, X, y), -(y @ Xh) + 0.0)  # every example in M
    strict = y * (Xh @ zero) < 0
    assert not strict.any()  # with `<`, M is empty at 0: the gradient is 0 and descent stays at 0
    # the first step eta * sum y_i x_i is zero when the classes balance exactly
    Xb, yb = np.array([[1.0, 2.0], [1.0, 2.0]]), np.array([1, -1])
    assert not lk.perceptron_criterion_gradient(zero, Xb, yb).any()


@settings(max_examples=100, deadline=None)
@given(data_sets(), st.sampled_from([2.0**-6, 0.5, 1.0, 4.0]), st.sampled_from(["constant", "1/k"]))
def test_batch_steps_are_gradient_steps(data, eta, schedule):
    X, y = data
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = lk.batch_perceptron(X, y, eta=eta, schedule=schedule, max_iter=30)
    for w_prev, w_next, eta_k in zip(res.path[:-1], res.path[1:], res.etas):
        assert np.allclose(w_next - w_prev, -eta_k * lk.perceptron_criterion_gradient(w_prev, X, y))


def test_batch_perceptron_steps_on_the_toy_set():
    X, y = lk.datasets.toy()
    res = lk.batch_perceptron(X, y)
    assert res.converged and res.n_iter == 3 and res.criterion.tolist() == [0.0, 8.0, 3.0, 0.0]


@st.composite
def separable(draw):
    X, y = draw(data_sets(max_n=8))
    u = np.array(draw(st.tuples(*[st.integers(-3, 3)] * 3)), dtype=float) + np.array([0.5, 0.25, 0.0])
    s = np.c_[np.ones(len(X)), X] @ u
    return X, np.where(s > 0, 1, -1)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(separable().filter(lambda d: len(np.unique(d[1])) == 2))
def test_online_and_batch_both_separate(data):
    X, y = data
    on = lk.perceptron(X, y, max_epochs=100_000)
    ba = lk.batch_perceptron(X, y, max_iter=100_000)
    assert on.converged and ba.converged and on.score(X, y) == ba.score(X, y) == 1.0


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(separable().filter(lambda d: len(np.unique(d[1])) == 2), st.sampled_from([2.0**-8, 0.25, 8.0]),
       st.sampled_from(["constant", "1/k"]))
def test_from_zero_eta_only_rescales_the_batch_path(data, eta, schedule):
    # exact arithmetic (integer points, eta a power of two; 1/k steps are not exact, so compare closely)
    X, y = data
    one = lk.batch_perceptron(X, y, schedule=schedule, max_iter=2000)
    other = lk.batch_perceptron(X, y, eta=eta, schedule=schedule, max_iter=2000)
    assert one.n_iter == other.n_iter
    assert np.allclose(other.path, eta * one.path, rtol=1e-12, atol=0)


def test_from_zero_eta_is_a_scale_but_the_schedules_differ_at_step_2():
    Xo, ys, us = _shifted()
    c = lk.batch_perceptron(Xo, ys, eta=1.0, fit_intercept=False)
    k = lk.batch_perceptron(Xo, ys, eta=1.0, schedule="1/k", fit_intercept=False)
    assert np.array_equal(c.path[1], k.path[1]) and not np.allclose(c.path[2], k.path[2])


@settings(max_examples=100, deadline=None)
@given(data_sets(), weights)
def test_on_non_separable_data_M_is_never_empty(data, w):
    X, y = data
    if lk.is_separable(X, y):
        return
    assert np.any(_margins(w, X, y) <= 0)


@given(st.integers(1, 10**6))
def test_the_one_over_k_steps_add_up_like_log_k(K):
    total = np.sum(1.0 / np.arange(1, K + 1))
    assert np.log(K + 1) <= total <= 1 + np.log(K)


@settings(max_examples=100, deadline=None)
@given(data_sets(), weights, st.floats(0.1, 3))
def test_the_margin_criterion_gradient_and_zeros(data, w, b):
    X, y = data
    Xh = np.c_[np.ones(len(X)), X]

    def J_b(v):
        m = y * (Xh @ v)
        return float(np.sum(b - m[m <= b]))

    m = _margins(w, X, y)
    assert (J_b(w) == 0) == bool(np.all(m >= b))
    assert np.isclose(J_b(np.zeros(3)), len(y) * b)
    if np.min(np.abs(m - b)) > 0.01:  # away from its kinks the gradient is -sum over M_b of y_i x_i
        M = m <= b
        num = lk.numerical_gradient(J_b, w, h=1e-6)
        assert np.allclose(num, -(y[M] @ Xh[M]), atol=1e-5)


def _buggy_batch_step(w, X, y, eta):
    # exercise 6's code, as the chapter prints it
    Xh = np.hstack([np.ones((len(X), 1)), X])
    wrong = y * (Xh @ w) < 0
    w += eta * (y[wrong] @ Xh[wrong])
    return w


@settings(max_examples=100)
@given(data_sets(), st.floats(0.01, 10))
def test_the_debug_exercises_code_never_leaves_zero(data, eta):
    X, y = data
    w = np.zeros(3)
    for _ in range(5):
        w = _buggy_batch_step(w, X, y, eta)
    assert not w.any()
    assert "wrong = y * (Xh @ w) < 0\n    w += eta * (y[wrong] @ Xh[wrong])" in chapter_text(STEM)


# ---------------------------------------------------------------- the figures
def test_the_pale_cells_are_exactly_the_separating_weights():
    X, y = lk.datasets.toy()
    fig, ax = plt.subplots()
    art = lk.plot.criterion_surface(X, y, ax, bounds=(-3, 3, -3, 3), resolution=97, separating=True)
    Xh = np.c_[np.ones(len(X)), X]
    # an independent check, one grid point at a time
    expected = np.array([[all(y_i * (np.array([0.0, a, b]) @ x_i) > 0 for x_i, y_i in zip(Xh, y))
                          for a, b in zip(row_a, row_b)] for row_a, row_b in zip(art.W1, art.W2)])
    drawn = ~np.ma.getmaskarray(art.separating.get_array()).reshape(art.W1.shape)
    assert np.array_equal(drawn, expected) and np.array_equal(art.separates, expected)
    # the darkest colour band is wider than the separating set: most of its cells do not separate
    darkest = art.J < art.filled.levels[1]
    assert art.filled.levels[1] == 2.5 and np.all(darkest[expected]) and expected.sum() < 0.5 * darkest.sum()
    assert "pale cells: the weight vectors that separate the data" in lk.plot.description(fig)
    plt.close(fig)


@pytest.mark.parametrize("eta, start", [(0.05, (0.0, 1.5, -1.5)), (0.2, (0.0, 1.5, -1.5)), (1.0, (0.0, 0.0, 0.0))])
def test_the_surface_alt_text_counts_steps_as_the_result_does(eta, start):
    Xo, ys, _ = _shifted()
    res = lk.batch_perceptron(Xo, ys, eta=eta, w0=np.array(start), fit_intercept=False)
    fig, ax = plt.subplots()
    lk.plot.criterion_surface(Xo, ys, ax, path=res)
    text = lk.plot.description(fig)
    assert f"path of {res.n_iter} step{'' if res.n_iter == 1 else 's'} ({res.n_iter + 1} iterates)" in text
    plt.close(fig)


def test_separating_needs_the_perceptron_criterion():
    X, y = lk.datasets.toy()
    fig, ax = plt.subplots()
    with pytest.raises(ValueError, match="kind='perceptron'"):
        lk.plot.criterion_surface(X, y, ax, kind="sse", separating=True)
    with pytest.raises(TypeError, match="separating must be True or False"):
        lk.plot.criterion_surface(X, y, ax, separating="yes")
    plt.close(fig)


def test_gradient_is_perpendicular_to_the_contours_of_the_bowl():
    # section 1's bowl: on the contour J = c, w = (1 + sqrt(c) cos t, -0.5 + sqrt(c)/2 sin t)
    t = np.linspace(0, 2 * np.pi, 50)
    for c in (0.25, 1.0, 10.0):
        tangent = np.c_[-np.sqrt(c) * np.sin(t), np.sqrt(c) / 2 * np.cos(t)]
        w = np.c_[1 + np.sqrt(c) * np.cos(t), -0.5 + np.sqrt(c) / 2 * np.sin(t)]
        grad = np.c_[2 * (w[:, 0] - 1), 8 * (w[:, 1] + 0.5)]
        assert np.allclose(np.sum(tangent * grad, axis=1), 0, atol=1e-12)
        assert np.all(np.sum(grad * (w - [1.0, -0.5]), axis=1) > 0)  # and points away from the minimum
