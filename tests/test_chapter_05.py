"""Chapter 5 (the convergence proof): the claims the lesson prints, checked against
independent references, and the exercises' feedback (every registered wrong answer
gets its own "known mistake" message in a visible test)."""

import math
from pathlib import Path

import numpy as np
import pytest

import lecturekit as lk
from exercise_support import KNOWN, exercises, visible_feedback

ROOT = Path(__file__).resolve().parents[1]


# ---------------------------------------------------------------- the exercises
# The reference passing and every registered wrong answer being named are checked for
# every chapter in tests/test_misconceptions.py; here, an answer no catalogue foresees.
STEM = "05_convergence_proof"

UNRELATED = {
    "ch05-predict-bound": "R_squared = 7.0\ngamma = 0.5\nbound = 28.0\n",
    "ch05-construct": "w_tilde = [0.0, 1.0, -1.0]\n",
    "ch05-explain": 'answer = "d"\n',
    "ch05-margin": "def margin_of(u, X, y):\n    return 123.0\n",
    "ch05-bound": "def novikoff_by_hand(X, y, u):\n    return 123.0\n",
    "ch05-separates": "def separates(u, X, y):\n    return None\n",
}


@pytest.mark.parametrize("gid", sorted(UNRELATED))
def test_an_unrelated_wrong_answer_gets_the_generic_message(gid):
    assert sorted(UNRELATED) == sorted(exercises(STEM)), "one unrelated answer per exercise"
    message = visible_feedback(STEM, gid, UNRELATED[gid])
    assert message is not None and KNOWN not in message and "Hint: " in message, message


def test_the_predict_answers_are_the_hand_computation():
    # exercise 1 by an independent route: squared lengths and scores written out
    pts = [(1, 2, 1), (1, -1, 2), (1, 0, -1)]
    labels, u = [1, 1, -1], (0, 0, 3)
    r2 = max(sum(c * c for c in p) for p in pts)
    gamma = min(yy * sum(a * b for a, b in zip(u, p)) for yy, p in zip(labels, pts)) / math.sqrt(sum(c * c for c in u))
    X = np.array([p[1:] for p in pts], dtype=float)
    assert (r2, gamma, r2 / gamma**2) == (6, 1.0, 6.0)
    assert np.isclose(lk.novikoff_bound(X, np.array(labels), np.array(u, dtype=float)), 6.0)


# ---------------------------------------------------------------- the lesson's claims
def test_toy_bound_by_hand():
    X, y = lk.datasets.toy()
    u = np.array([0.0, -1.0, 4.0])
    assert np.isclose(lk.radius(X) ** 2, 14) and np.isclose(lk.margin(u, X, y), 1 / np.sqrt(17))
    assert np.isclose(lk.novikoff_bound(X, y, u), 238)
    assert {lk.perceptron(X, y, eta=eta).n_updates for eta in (0.1, 1.0, 7.0)} == {4}


@pytest.mark.parametrize("seed", range(5))
def test_both_inequalities_hold_at_every_update(seed):
    X, y, u = lk.datasets.separable(60, 2, margin=0.02, seed=seed, return_direction=True)
    u = u / np.linalg.norm(u)
    res = lk.perceptron(X, y, max_epochs=1000, keep_weights=True)
    W = res.trace.weights
    k = np.arange(len(W))
    R, gamma = lk.radius(X), lk.margin(u, X, y)
    assert np.all(W @ u >= k * gamma - 1e-12)
    assert np.all(np.sum(W**2, axis=1) <= k * R**2 + 1e-12)
    # the race: k gamma <= sqrt(k) R exactly while k <= (R / gamma)^2
    assert res.n_updates <= (R / gamma) ** 2
    # distance argument: |w(k) - a u|^2 drops by at least beta^2 = R^2 per update
    a = R**2 / gamma
    D = np.sum((W - a * u) ** 2, axis=1)
    assert np.all(-np.diff(D) >= R**2 - 1e-9) and np.isclose(D[0] / R**2, (R / gamma) ** 2)
    # the first update happens on a score of exactly 0 (the `<= 0` mistake test)
    Xh = lk.to_homogeneous(X)
    assert y[res.trace.index[0]] * (W[0] @ Xh[res.trace.index[0]]) == 0


@pytest.mark.parametrize("s", [0.3, 1, 3, 10, 30, 100])
def test_rescaling_the_two_points_follows_the_closed_form(s):
    X, y = s * np.array([[0.1], [0.3]]), np.array([-1, 1])
    u = np.array([-0.2 * s, 1.0])
    bound = lk.novikoff_bound(X, y, u)
    assert np.isclose(bound, 100 / s**2 + 13 + 0.36 * s**2)
    assert lk.perceptron(X, y, max_epochs=100_000).n_updates <= bound
    # the halfway threshold is the best homogeneous u: no direction on a fine grid does better
    theta = np.linspace(0, 2 * np.pi, 200_001)
    U = np.c_[np.cos(theta), np.sin(theta)]
    best = np.max(np.min(y * (U @ np.c_[np.ones(2), X].T), axis=1))
    assert lk.margin(u, X, y) >= best - 1e-9


def test_the_updates_quoted_in_the_lesson():
    X, y = np.array([[0.1], [0.3]]), np.array([-1, 1])
    got = [lk.perceptron(s * X, y, max_epochs=100_000).n_updates for s in (0.3, 1, 3, 10, 30, 100)]
    assert got == [373, 37, 7, 10, 23, 203]


def _separable_by_sweep(P, s, n_dir=7200):
    # an independent reference for 2-D points: a line separates s iff, for some direction,
    # the projections put every -1 strictly below every +1
    theta = np.linspace(0, 2 * np.pi, n_dir, endpoint=False)
    proj = P @ np.c_[np.cos(theta), np.sin(theta)].T
    if np.all(s == s[0]):
        return True
    lo = np.max(np.where(s[:, None] < 0, proj, -np.inf), axis=0)
    hi = np.min(np.where(s[:, None] > 0, proj, np.inf), axis=0)
    return bool(np.any(lo < hi - 1e-9))


LABELLINGS = 1 - 2 * ((np.arange(16)[:, None] >> np.arange(4)) & 1)


def test_cover_count_needs_general_position():
    general = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.2]])
    collinear = np.array([[0.0, 0.0], [1.0, 0.0], [2.0, 0.0], [0.0, 1.0]])
    for P, expected in ((general, 14), (collinear, 12)):
        by_lp = [lk.is_separable(P, s) for s in LABELLINGS]
        by_sweep = [_separable_by_sweep(P, s) for s in LABELLINGS]
        assert by_lp == by_sweep and sum(by_lp) == expected
    assert lk.cover_probability(4, 2) * 16 == 14
    # general position in the sense of the theorem: every 3 of the (1, x_i) independent
    lifted = np.c_[np.ones(4), collinear]
    assert np.linalg.matrix_rank(lifted[:3]) == 2 and np.linalg.matrix_rank(lifted) == 3


def test_cover_experiment_agrees_at_the_one_in_a_thousand_level():
    rng = np.random.default_rng(5)
    n, trials = 10, 10
    for d in range(1, 10):
        hits = sum(lk.is_separable(rng.normal(size=(n, d)), rng.choice([-1, 1], size=n)) for _ in range(trials))
        p = lk.cover_probability(n, d)
        pmf = np.array([math.comb(trials, j) * p**j * (1 - p) ** (trials - j) for j in range(trials + 1)])
        far = np.abs(np.arange(trials + 1) - trials * p) >= abs(hits - trials * p) - 1e-9
        assert pmf[far].sum() >= 0.001, (d, hits, p)
    assert lk.cover_probability(8, 3) == 0.5
