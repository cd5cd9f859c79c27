"""Chapter 8 (multiclass linear classifiers): the checks of its exercises.

Expected values come from lecturekit's multiclass models or from hand
computations written out in the comments; a catalogued mistake's value is what
that mistake returns on the probe (for the vote, computed by the mistaken rule
itself, written out below).
"""

import warnings

import numpy as np

from ..datasets import blobs
from ..multiclass import linear_machine, one_vs_rest
from ..results import ConvergenceWarning
from . import Mistake, exercise

# class 0 claims x1 > 0, class 1 claims x1 < 0, class 2 claims x2 > 1
_W_OVR = np.array([[0.0, 1.0, 0.0], [0.0, -1.0, 0.0], [-1.0, 0.0, 1.0]])


@exercise("ch08-ovr-predict", number=1, title="one-vs-rest prediction with an ambiguity flag", points=2,
          kind="reproduce",
          hint="Score every row against every classifier (mind the bias column), then count the claims per row.")
def _ovr_predict(t, ovr_predict):
    t.check(lambda: ovr_predict(_W_OVR, np.array([[2.0, 0.0], [0.0, 3.0], [1.0, 1.0]])), [0, 2, 0],
            call="`ovr_predict(W, [[2, 0], [0, 3], [1, 1]])`",
            misconceptions=[
                Mistake("wrong-axis", [0, 0, 1], "argmax over the wrong axis"),
                Mistake("no-bias", [0, 2, -1], "forgot the bias column"),
                Mistake("zero-claims", [0, -1, -1], "a score of 0 counts as a claim"),
            ])
    pts = np.array([[2.0, 0.0], [-2.0, 0.0], [2.0, 3.0], [0.0, 0.0], [0.0, 3.0], [1.0, 1.0], [0.5, 0.5]])
    t.check(lambda: ovr_predict(_W_OVR, pts), [0, 1, -1, -1, 2, 0, 0], call="`ovr_predict(W, pts)`, seven points",
            misconceptions=[
                Mistake("argmax-scores", [0, 1, 0, 0, 2, 0, 0],
                        "largest score instead of exactly one claim (no ambiguity)"),
                Mistake("only-no-claim", [0, 1, 0, -1, 2, 0, 0], "only 'no claim' is ambiguous"),
            ])
    Xb, yb = blobs(20, 4, seed=1)
    model = one_vs_rest(Xb, yb, method="least_squares")
    Z = np.random.default_rng(0).uniform(-4, 4, size=(300, 2))
    t.check(lambda: (np.asarray(ovr_predict(model.W, Z)) == -1).tolist(), model.ambiguous(Z).tolist(),
            call="`ovr_predict(model.W, Z) == -1` against `model.ambiguous(Z)` on 300 random points")


_PAIRS5 = [(a, b) for a in range(5) for b in range(a + 1, 5)]
_S_ZERO = np.array([
    [1, 1, 1, -1, 1, -1, 1, 1, 1, 1],     # 0 wins three duels, 1, 2, 3 win two, 4 wins one
    [1, 1, -1, -1, 1, 1, -1, 1, 1, 1],    # every class wins two duels: a five-way tie
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],       # every score exactly 0
], dtype=float)
_S_TIES = np.array([
    [1, 1, 1, -1, 1, -1, 1, 1, 1, 1],     # votes 3, 2, 2, 2, 1: one winner, no clean sweep
    [1, 1, -1, -1, 1, 1, -1, 1, 1, 1],    # votes 2, 2, 2, 2, 2: tied
    [1, 1, 1, 1, 1, 1, 1, 1, 1, 1],       # votes 4, 3, 2, 1, 0: a clean sweep
], dtype=float)


def _votes(S, pairs, k, zero="second"):
    votes = np.zeros((S.shape[0], k), dtype=int)
    for m, (a, b) in enumerate(pairs):
        if zero == "second":
            votes[:, a] += S[:, m] > 0
            votes[:, b] += S[:, m] <= 0
        elif zero == "first":
            votes[:, a] += S[:, m] >= 0
            votes[:, b] += S[:, m] < 0
        else:  # nobody
            votes[:, a] += S[:, m] > 0
            votes[:, b] += S[:, m] < 0
    return votes


def _tied(votes, rule="max"):
    if rule == "max":
        return (votes == votes.max(axis=1, keepdims=True)).sum(axis=1) > 1
    if rule == "sweep":
        return votes.max(axis=1) < votes.shape[1] - 1
    return (votes == votes.max(axis=0, keepdims=True)).sum(axis=1) > 1  # max over the wrong axis


@exercise("ch08-pairwise-vote", number=2, title="find the bugs in a pairwise vote", points=2, kind="debug",
          hint="Work one row of scores by hand: who gets the vote of a classifier whose score is exactly 0, and "
               "when do two classes share the largest number of votes without either sweeping all its duels?")
def _pairwise_vote(t, pairwise_votes):
    t.check(lambda: np.asarray(pairwise_votes(_S_ZERO, _PAIRS5, 5)[0]), _votes(_S_ZERO, _PAIRS5, 5),
            call="the votes of `pairwise_votes(S, pairs5, 5)`, three rows of scores, the last all 0",
            misconceptions=[
                Mistake("zero-first", _votes(_S_ZERO, _PAIRS5, 5, "first"), "a score of 0 votes for the first class"),
                Mistake("zero-nobody", _votes(_S_ZERO, _PAIRS5, 5, "nobody"), "a score of 0 votes for nobody"),
            ])
    votes = _votes(_S_TIES, _PAIRS5, 5)
    t.check(lambda: np.asarray(pairwise_votes(_S_TIES, _PAIRS5, 5)[1]), _tied(votes),
            call="the tie flags of `pairwise_votes(S, pairs5, 5)`, votes (3, 2, 2, 2, 1), (2, 2, 2, 2, 2) and (4, 3, 2, 1, 0)",
            misconceptions=[
                Mistake("clean-sweep", _tied(votes, "sweep"), "ties counted wrong: only a clean sweep (k - 1 votes) wins"),
                Mistake("wrong-axis", _tied(votes, "axis"), "max over the wrong axis"),
            ])


# x~ = (1, 2, -1) against W1's rows: scores 2, -1, -2
_X = np.array([1.0, 2.0, -1.0])
_W1 = np.array([[0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [0.0, -1.0, 0.0]])


def _margin_update(W, x, c, eta, margin, *, strict=False, every_rival=False, use_eta=True, use_margin=True):
    g = W @ x
    rivals = g.copy()
    rivals[c] = -np.inf
    j = int(np.argmax(rivals))
    gap = g[c] - g[j]
    m = margin if use_margin else 0.0
    step = (eta if use_eta else 1.0) * x
    W = W.copy()
    if (gap < m) if strict else (gap <= m):
        W[c] = W[c] + step
        for r in (range(W.shape[0]) if every_rival else [j]):
            if r != c:
                W[r] = W[r] - step
    return W


@exercise("ch08-margin-update", number=3, title="extend the linear machine: a margin", points=2, kind="extend",
          hint="Compare the true class's score with its strongest rival's: the step is taken unless the true class "
               "is ahead by more than the margin. Work on a copy of W.")
def _margin(t, margin_update):
    zeros = np.zeros((3, 3))
    t.check(lambda: margin_update(zeros.copy(), _X, 2, 0.5, 0.0), _margin_update(zeros, _X, 2, 0.5, 0.0),
            call="`margin_update(zeros, x=[1, 2, -1], c=2, eta=0.5, margin=0)` (all scores 0)",
            misconceptions=[Mistake("strict", zeros.tolist(),
                                    "strict < : a true class exactly at the margin is not stepped on")])
    caller = _W1.copy()
    stepped = _margin_update(_W1, _X, 0, 0.5, 5.0)
    t.check(lambda: margin_update(caller, _X, 0, 0.5, 5.0), stepped,
            call="`margin_update(W1, x, c=0, eta=0.5, margin=5)` (class 0 ahead by 3)",
            misconceptions=[
                Mistake("margin-ignored", _W1.tolist(), "the margin ignored: class 0 wins, but not by 5"),
                Mistake("eta-ignored", _margin_update(_W1, _X, 0, 0.5, 5.0, use_eta=False), "eta ignored"),
                Mistake("every-rival", _margin_update(_W1, _X, 0, 0.5, 5.0, every_rival=True),
                        "every rival is pushed down"),
            ])
    t.check(caller, _W1, call="the caller's `W1` after `margin_update(W1, ...)`",
            misconceptions=[Mistake("in-place", stepped, "changes W in place")])
    t.check(lambda: margin_update(_W1.copy(), _X, 0, 1.0, 1.0), _W1,
            call="`margin_update(W1, x, c=0, eta=1, margin=1)` (class 0 ahead by 3)")
    # with margin 0 it is the chapter's rule: replay lk.linear_machine for a few epochs
    Xb, yb = blobs(15, 4, spread=0.8, seed=0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        ref = linear_machine(Xb, yb, max_epochs=3, eta=0.5)

    def replay():
        W = np.zeros((4, 3))
        for _ in range(ref.epochs):
            for x_i, c in zip(np.column_stack([np.ones(len(yb)), Xb]), yb):
                W = np.asarray(margin_update(W, x_i, int(c), 0.5, 0.0), dtype=float)
        return W

    t.check(replay, ref.W, atol=1e-8,
            call="`margin=0` for 3 epochs on four blobs, against `lk.linear_machine`")


@exercise("ch08-construct", number=4, title="construct: separable for a linear machine, not for one-vs-rest",
          points=3, kind="construct",
          hint="Think of a class that no single line can cut off from the other two, yet that a linear machine can "
               "give a region of its own.")
def _construct(t, X_c, y_c):
    X_c, y_c = np.asarray(X_c, dtype=float), np.asarray(y_c)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        lm_c = linear_machine(X_c, y_c, max_epochs=200)
    ovr_c = one_vs_rest(X_c, y_c, method="least_squares")
    t.check({"classes": int(len(np.unique(y_c))),
             "linear machine separates": bool(lm_c.converged and lm_c.score(X_c, y_c) == 1.0),
             "one-vs-rest leaves a training point in a ? region": bool(ovr_c.ambiguous(X_c).any())},
            {"classes": 3, "linear machine separates": True, "one-vs-rest leaves a training point in a ? region": True},
            call="the properties of `(X_c, y_c)`",
            misconceptions=[
                Mistake("around-a-circle",
                        {"classes": 3, "linear machine separates": True,
                         "one-vs-rest leaves a training point in a ? region": False},
                        "classes around a circle: each can be cut off from the rest by one line, so one-vs-rest has "
                        "no ? point"),
                Mistake("overlap",
                        {"classes": 3, "linear machine separates": False,
                         "one-vs-rest leaves a training point in a ? region": True},
                        "the classes overlap, so no linear machine separates them"),
                Mistake("two-classes",
                        {"classes": 2, "linear machine separates": True,
                         "one-vs-rest leaves a training point in a ? region": False},
                        "only two classes"),
            ])


# Exercise 5, by hand: g0 = 2 x1, g1 = 2 + x2, g2 = -1; all equal: x1 = -1/2, x2 = -3.
@exercise("ch08-predict-meet", number=5, title="predict where the three borders meet", points=2, kind="predict",
          hint="Each border is where two scores are equal; the point where all three meet satisfies two such "
               "equations at once.")
def _predict_meet(t, meet):
    t.check(meet, [-0.5, -3.0], call="`meet`", reveal=False,
            misconceptions=[
                Mistake("ovr-lines", [0.0, -2.0],
                        "where the one-vs-rest lines w_0 . x~ = 0 and w_1 . x~ = 0 cross, not where the scores tie"),
                Mistake("bias-sign", [0.5, 3.0], "the bias moved across the equals sign without changing its sign"),
                Mistake("bias-last", [-1 / 3, 1 / 6],
                        "the bias taken as the last entry of each row instead of the first"),
            ])


@exercise("ch08-explain-separable", number=6, title='what does "linearly separable" mean for $k$ classes?',
          points=2, kind="explain",
          hint="Which statement says exactly 'some linear machine makes no training mistake'?")
def _explain_separable(t, answer):
    t.check(answer, "c", call="`answer`", reveal=False,
            misconceptions=[
                Mistake("one-vs-rest", "a", "(a) asks too much: three clusters in a row are separated by a linear "
                        "machine, yet the middle one cannot be cut off by one line"),
                Mistake("pairwise", "b", "(b) follows from the definition (w_i - w_j separates classes i and j) but "
                        "is not it: the definition asks for k scores that work for all pairs at once"),
                Mistake("means", "d", "(d) says nothing about lines: classes with different means can overlap "
                        "completely"),
            ])
