"""Chapter 4 (the perceptron): the claims the lesson prints, checked here instead of with
asserts in the notebook, and the exercises' visible tests checked against the catalogue
of registered wrong answers.

References are independent of the code under test where possible: hand computations,
scikit-learn, exact arithmetic with powers of two, and plain numpy re-implementations.
"""

import importlib.util
import json
import warnings
from pathlib import Path

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import lecturekit as lk
from lecturekit import homework as hw
from lecturekit.feedback import ExerciseFailure

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "04_perceptron.ipynb"
FIXTURES = ROOT / "tests" / "homework_fixtures"


def quiet(f, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", lk.ConvergenceWarning)
        return f(*args, **kwargs)


# ---------------------------------------------------------------- §2-§4: the toy run by hand

def test_toy_run_matches_the_hand_computation_of_section_2():
    X, y = lk.datasets.toy()
    Xh = np.hstack([np.ones((4, 1)), X])
    res = lk.perceptron(X, y)
    # by hand: w = x0 - x3 + x1 - x3, four updates in three epochs
    np.testing.assert_array_equal(res.w, Xh[0] - Xh[3] + Xh[1] - Xh[3])
    assert (res.epochs, res.n_updates, res.trace.index.tolist()) == (3, 4, [0, 3, 1, 3])
    np.testing.assert_array_equal(y * (Xh @ res.w), [12, 1, 5, 2])


def test_sign_zero_cases_of_section_3():
    X, y = lk.datasets.toy()
    # predict maps a score of 0 to -1; Daumé's literal update w - sign(0) x does not move
    np.testing.assert_array_equal(lk.LinearClassifier(np.zeros(3)).predict(X), [-1, -1, -1, -1])
    # in reverse order the first example is negative and still triggers the first update
    rev = lk.perceptron(X[::-1], y[::-1])
    assert (rev.trace.epoch[0], rev.trace.index[0]) == (1, 0)
    np.testing.assert_array_equal(rev.weight_history(X[::-1], y[::-1])[1], [-1, -2, 0])
    # after update 2 example 2 scores exactly 0: predicted right, yet a mistake for the test
    w2 = lk.perceptron(X, y).weight_history(X, y)[2]
    assert w2 @ np.r_[1.0, X[2]] == 0


@given(st.lists(st.integers(-5, 5), min_size=3, max_size=3), st.lists(st.integers(-5, 5), min_size=2, max_size=2),
       st.sampled_from([-1, 1]), st.sampled_from([0.125, 0.5, 1.0, 2.0]))
def test_one_update_raises_the_margin_by_eta_times_norm_squared_plus_one(w, x, y_i, eta):
    """Section 4 (Daumé's argument): y w'.x = y w.x + eta (|x|^2 + 1), for raw x."""
    w, x = np.array(w, float), np.array(x, float)
    xh = np.r_[1.0, x]
    w_new = w + eta * y_i * xh
    assert y_i * (w_new @ xh) - y_i * (w @ xh) == eta * (x @ x + 1)


# ---------------------------------------------------------------- §6: the learning rate

def _small_separable(data):
    X = np.array(data["X"], float)
    y = np.where(X @ np.array(data["u"], float) + data["b"] > 0, 1, -1)
    return X, y


separable_sets = st.fixed_dictionaries({
    "X": st.lists(st.lists(st.integers(-6, 6), min_size=2, max_size=2), min_size=3, max_size=12),
    "u": st.lists(st.integers(-3, 3), min_size=2, max_size=2),
    "b": st.sampled_from([-1.5, -0.5, 0.5, 1.5]),
})


@settings(max_examples=60, deadline=None)
@given(separable_sets, st.lists(st.integers(-4, 4), min_size=3, max_size=3), st.sampled_from([0.125, 0.25, 0.5, 2.0, 4.0]))
def test_rate_eta_from_w0_is_eta_times_rate_1_from_w0_over_eta(data, w0, eta):
    """The induction of section 6.  Powers of two make the scaling exact in floating point,
    so the two runs must agree bit for bit (same updates, same order, w = eta * v)."""
    X, y = _small_separable(data)
    assume(len(set(y.tolist())) == 2)
    w0 = np.array(w0, float)
    a = quiet(lk.perceptron, X, y, eta=eta, w0=w0, max_epochs=30)
    b = quiet(lk.perceptron, X, y, eta=1.0, w0=w0 / eta, max_epochs=30)
    np.testing.assert_array_equal(a.trace.index, b.trace.index)
    np.testing.assert_array_equal(a.trace.epoch, b.trace.epoch)
    np.testing.assert_array_equal(a.weight_history(X, y), eta * b.weight_history(X, y))
    assert a.converged == b.converged


def test_section_6_numbers_and_flachs_three_rates():
    X, y = lk.datasets.unbalanced(40, 20, seed=0)
    w_blc = lk.centroid_classifier(X, y).w
    # the basic linear classifier: difference of the class means, threshold halfway (Flach, Prologue)
    mp, mn = X[y == 1].mean(axis=0), X[y == -1].mean(axis=0)
    np.testing.assert_allclose(w_blc, np.r_[-(mp @ mp - mn @ mn) / 2, mp - mn])
    counts = []
    for eta in (0.2, 0.5, 1.0):
        r = lk.perceptron(X, y, eta=eta, w0=w_blc)
        v = lk.perceptron(X, y, eta=1.0, w0=w_blc / eta)
        assert r.converged and np.array_equal(r.trace.index, v.trace.index)
        np.testing.assert_allclose(r.weight_history(X, y), eta * v.weight_history(X, y), rtol=0, atol=1e-12)
        counts.append(r.n_updates)
    assert counts == [4, 11, 13]
    # from zero: the same run for every rate, w / eta identical
    zero = {eta: lk.perceptron(X, y, eta=eta) for eta in (0.2, 0.5, 1.0)}
    for eta, r in zero.items():
        np.testing.assert_array_equal(r.trace.index, zero[1.0].trace.index)
        np.testing.assert_allclose(r.w / eta, zero[1.0].w, rtol=1e-12)


def test_the_explorer_shows_the_runs_of_section_6():
    X, y = lk.datasets.unbalanced(40, 20, seed=0)
    s = lk.widgets.learning_rate_state(X, y, 0.5)
    direct = lk.perceptron(X, y, eta=0.5, w0=lk.centroid_classifier(X, y).w)
    assert s["n_updates"] == direct.n_updates and np.array_equal(s["w"], direct.w)
    assert {lk.widgets.learning_rate_state(X, y, eta, "zeros")["n_updates"] for eta in (0.2, 0.5, 1.0)} == {9}


def test_the_stepper_replays_the_toy_run():
    X, y = lk.datasets.toy()
    res = lk.perceptron(X, y)
    history = res.weight_history(X, y)
    for k in range(res.n_updates + 1):
        s = lk.widgets.stepper_state(res, X, y, k)
        np.testing.assert_array_equal(s["w"], history[k])
        assert s["mistakes"] == int(np.sum(y * (np.hstack([np.ones((4, 1)), X]) @ history[k]) <= 0))


# ---------------------------------------------------------------- §7: the order

def test_the_order_changes_boundary_and_updates_but_every_order_separates():
    X, y = lk.datasets.unbalanced(40, 20, seed=0)
    runs = [lk.perceptron(X, y)] + [lk.perceptron(X[p], y[p]) for p in
                                    (np.random.default_rng(s).permutation(len(y)) for s in range(6))]
    assert all(r.converged for r in runs)
    for r in runs:  # a converged run separates the training data (independent of the order it saw)
        assert np.all(y * (r.w[0] + X @ r.w[1:]) > 0)
    assert sorted(r.n_updates for r in runs) == [9, 9, 9, 13, 13, 15, 17]
    directions = np.array([r.w / np.linalg.norm(r.w[1:]) for r in runs])
    angles = np.degrees(np.arctan2(directions[:, 2], directions[:, 1]))
    assert angles.max() - angles.min() > 7  # "up to 8 degrees apart"


# ---------------------------------------------------------------- §8: the dual form

@pytest.mark.parametrize("data", [lk.datasets.toy(), lk.datasets.unbalanced(40, 20, seed=0),
                                  lk.datasets.separable(30, 3, seed=2)], ids=["toy", "unbalanced", "3-d"])
def test_dual_makes_the_primal_decisions(data):
    X, y = data
    Xh = np.hstack([np.ones((len(y), 1)), X])
    d, p = lk.dual_perceptron(X, y), lk.perceptron(X, y)
    np.testing.assert_allclose(d.gram, Xh @ Xh.T, rtol=1e-12)
    np.testing.assert_array_equal(d.alpha, p.alpha)
    np.testing.assert_allclose((d.alpha * y) @ Xh, p.w)


# ---------------------------------------------------------------- §9: voting and averaging

def _noisy_split():
    Xn, yn = lk.datasets.noisy(200, flip=0.1, seed=0)
    perm = np.random.default_rng(0).permutation(len(yn))
    return Xn[perm[:100]], yn[perm[:100]], Xn[perm[100:]], yn[perm[100:]]


def test_average_is_the_count_weighted_mean_of_the_voted_vectors():
    X, y, _, _ = _noisy_split()
    voted = lk.voted_perceptron(X, y, max_epochs=10)
    averaged = lk.averaged_perceptron(X, y, max_epochs=10)
    assert voted.counts.sum() == 10 * len(y)
    np.testing.assert_allclose(voted.counts @ voted.weights / (voted.counts.sum() + 1), averaged.w)
    # and the plain definition: the mean of w over the start and all 10 * n steps
    Xh, w, total = np.hstack([np.ones((len(y), 1)), X]), np.zeros(3), np.zeros(3)
    for _ in range(10):
        for x_i, y_i in zip(Xh, y):
            if y_i * (w @ x_i) <= 0:
                w = w + y_i * x_i
            total += w
    np.testing.assert_allclose(total / (10 * len(y) + 1), averaged.w)


def test_voting_and_averaging_beat_the_last_vector_on_five_seeds():
    for seed in range(5):
        Xs, ys = lk.datasets.noisy(200, flip=0.1, seed=seed)
        p = np.random.default_rng(seed).permutation(200)
        a, b = p[:100], p[100:]
        last = quiet(lk.perceptron, Xs[a], ys[a], max_epochs=10).score(Xs[b], ys[b])
        assert lk.voted_perceptron(Xs[a], ys[a], max_epochs=10).score(Xs[b], ys[b]) > last
        assert lk.averaged_perceptron(Xs[a], ys[a], max_epochs=10).score(Xs[b], ys[b]) > last


def test_the_vote_is_not_a_linear_classifier():
    """Section 9: the midpoint B of two negatives A and C is positive, impossible for a half-plane.
    The three points keep their class in a disc of radius 0.06 around them (not a rounding accident)."""
    X, y, _, _ = _noisy_split()
    voted = lk.voted_perceptron(X, y, max_epochs=10)
    A, C = np.array([-0.2, -0.5]), np.array([0.4, 0.3])
    ring = 0.06 * np.column_stack([np.cos(np.linspace(0, 2 * np.pi, 24)), np.sin(np.linspace(0, 2 * np.pi, 24))])
    for p, label in ((A, -1), ((A + C) / 2, 1), (C, -1)):
        assert np.all(voted.predict(np.vstack([p, p + ring])) == label)
    # the vote written out by hand: sign(sum_k c_k sign(w_k . (1, x)))
    ABC = np.array([A, (A + C) / 2, C])
    votes = voted.counts @ np.sign(voted.weights @ np.hstack([np.ones((3, 1)), ABC]).T)
    np.testing.assert_array_equal(np.where(votes > 0, 1, -1), [-1, 1, -1])
    # no linear classifier agrees with the vote on a grid of the square
    g = np.linspace(-1, 1, 21)
    G = np.array([(a, b) for a in g for b in g])
    assert not lk.is_separable(G, voted.predict(G))


# ---------------------------------------------------------------- §10-§11: XOR and digits

def test_xor_cycles_back_to_zero_every_epoch():
    Xx, yx = lk.datasets.xor()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        rx = lk.perceptron(Xx, yx, max_epochs=20)
    assert [w.category for w in caught] == [lk.ConvergenceWarning]
    assert not rx.converged and not lk.is_separable(Xx, yx)
    hx = rx.weight_history(Xx, yx)
    assert len(hx) == 1 + 4 * 20 and np.all(hx[4::4] == 0)


def test_digits_engines_and_scikit_learn_agree():
    from sklearn.linear_model import Perceptron as SkPerceptron

    Xd, yd = lk.datasets.digits_pair(3, 8)
    perm = np.random.default_rng(0).permutation(len(yd))
    tr, te = perm[:249], perm[249:]
    rd = lk.perceptron(Xd[tr], yd[tr])
    loop = lk.perceptron(Xd[tr], yd[tr], engine="loop")
    np.testing.assert_array_equal(loop.w, rd.w)
    np.testing.assert_array_equal(loop.trace.index, rd.trace.index)
    np.testing.assert_array_equal(loop.mistakes_per_epoch, rd.mistakes_per_epoch)
    assert rd.converged and (rd.epochs, rd.n_updates) == (8, 77)
    assert rd.score(Xd[tr], yd[tr]) == 1.0 and int((rd.predict(Xd[te]) != yd[te]).sum()) == 3
    sk = SkPerceptron(shuffle=False, tol=None, penalty=None, eta0=1.0, max_iter=rd.epochs).fit(Xd[tr], yd[tr])
    np.testing.assert_allclose(sk.coef_[0], rd.w[1:])
    np.testing.assert_allclose(sk.intercept_[0], rd.w[0])


# ---------------------------------------------------------------- the exercises

def test_the_predict_exercise_matches_a_hand_trace():
    """Exercise 4, by hand: w=0; ep1: x0 (score 0) -> (-1,2,2); x1: -5 -> (0,0,2); x2: 2 ok;
    ep2: x0: 4 ok; x1: score 0 -> (1,-2,2); x2: -1 -> (2,0,3); ep3: 4, 2, 5 all > 0."""
    X = np.array([[-2.0, -2.0], [-2.0, 0.0], [2.0, 1.0]])
    r = lk.perceptron(X, np.array([-1, 1, 1]))
    assert r.trace.index.tolist() == [0, 1, 1, 2] and r.w.tolist() == [2.0, 0.0, 3.0] and r.epochs == 3


def test_the_margin_exercise_has_a_solution_and_the_perceptron_misses_it():
    X = np.array([[1.0, 3.0], [3.0, 1.0], [3.0, 3.0], [-1.0, -1.0], [0.0, -2.0], [-2.0, 0.0]])
    y = np.array([1, 1, 1, -1, -1, -1])

    def margin(w):
        return np.min(y * (X @ w[1:] + w[0])) / np.linalg.norm(w[1:])

    assert margin(np.array([-1.0, 1.0, 1.0])) == pytest.approx(3 / np.sqrt(2))   # the widest line, x1 + x2 = 1
    assert margin(lk.perceptron(X, y).w) == pytest.approx(1 / np.sqrt(10))      # 0.3162 < 2


def _cells():
    return json.loads(NOTEBOOK.read_text())["cells"]


def _load_mutants():
    spec = importlib.util.spec_from_file_location("homework_mutants_ch04", FIXTURES / "mutants.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return {gid: changes for (stem, gid), changes in module.MUTANTS.items() if stem == NOTEBOOK.stem}


def _exercise_sources():
    """grade_id -> (reference solution, visible test sources)."""
    cells = _cells()
    nb = {"cells": [dict(c, source="".join(c["source"])) for c in cells]}
    import nbformat

    assignment = hw.parse_assignment(nbformat.from_dict({"nbformat": 4, "nbformat_minor": 5, "metadata": {},
                                                         "cells": nb["cells"]}), "04_perceptron")
    out = {}
    for ex in assignment.exercises:
        reference = hw.reference_solution(nb["cells"][ex.cell_index]["source"])
        tests = [hw.clear_hidden_tests(nb["cells"][t.cell_index]["source"]) for t in ex.tests]
        out[ex.grade_id] = (reference, tests)
    return out


EXERCISES = _exercise_sources()
MUTANTS = _load_mutants()
CASES = [(gid, k) for gid in sorted(MUTANTS) for k in range(len(MUTANTS[gid]))]

UNRELATED = {  # wrong answers that are no registered misconception
    "ch04-update": "def perceptron_update(w, x_i, y_i, eta):\n    return w - eta * y_i * x_i\n",
    "ch04-epoch": "def perceptron_epoch(w, Xh, y, eta):\n    return np.zeros(3), 7\n",
    "ch04-dual-weights": "def dual_weights(alpha, X, y):\n    return np.zeros(3)\n",
    "ch04-predict": "updates_by_hand = [2, 2]\nw_by_hand = [1.0, 1.0, 1.0]\n",
    "ch04-margin": "w_margin = [0.0, 0.0, 0.0]\n",
    "ch04-order": 'answer_order = "e"\n',
    "ch04-scale": 'answer_scale = "b)"\n',
}


def _run_visible(gid, solution):
    """Run a solution and then the exercise's visible tests; return the failure message or None."""
    namespace = {"np": np, "lk": lk, "warnings": warnings}
    exec(solution, namespace)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", lk.ConvergenceWarning)
            for test in EXERCISES[gid][1]:
                exec(test, namespace)
    except ExerciseFailure as failure:
        return str(failure)
    return None


def test_every_exercise_has_registered_wrong_answers_and_an_unrelated_one():
    assert sorted(MUTANTS) == sorted(EXERCISES) == sorted(UNRELATED)


@pytest.mark.parametrize("gid", sorted(EXERCISES))
def test_the_reference_solution_passes_the_visible_tests(gid):
    assert _run_visible(gid, EXERCISES[gid][0]) is None


@pytest.mark.parametrize("gid, k", CASES, ids=[f"{g}:{k}" for g, k in CASES])
def test_each_registered_wrong_answer_is_named_by_a_visible_test(gid, k):
    description, change = MUTANTS[gid][k]
    message = _run_visible(gid, hw.mutant_source(EXERCISES[gid][0], change))
    assert message is not None, f"{gid}: the visible tests pass the wrong answer '{description}'"
    assert f"This looks like a known mistake: {description}" in message, message


@pytest.mark.parametrize("gid", sorted(UNRELATED))
def test_an_unrelated_wrong_answer_gets_the_generic_message(gid):
    message = _run_visible(gid, UNRELATED[gid])
    assert message is not None and "Hint:" in message
    assert "known mistake" not in message, message


def test_averaging_depends_on_the_order_less_than_the_last_vector():
    """Section 9: 20 orders of the same noisy training set."""
    X, y, Xt, yt = _noisy_split()
    last_acc, avg_acc, last_dir, avg_dir = [], [], [], []
    for s in range(20):
        q = np.random.default_rng(100 + s).permutation(len(y))
        last = quiet(lk.perceptron, X[q], y[q], max_epochs=10)
        avg = lk.averaged_perceptron(X[q], y[q], max_epochs=10)
        last_acc.append(last.score(Xt, yt))
        avg_acc.append(avg.score(Xt, yt))
        last_dir.append(np.arctan2(last.w[2], last.w[1]))
        avg_dir.append(np.arctan2(avg.w[2], avg.w[1]))
    assert np.ptp(avg_acc) < np.ptp(last_acc) and min(avg_acc) > np.mean(last_acc)
    assert np.std(avg_dir) < np.std(last_dir) / 3
