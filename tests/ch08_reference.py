"""Reference answers of chapter 8's Exercises 2 and 3, kept out of the shipped check module.

``lecturekit/exercises/ch08.py`` holds the keys of Exercises 2 and 3, and the
values of their catalogued mistakes, only as fingerprints
(:func:`lecturekit.exercises.public.fingerprint`).  This module computes those
values from the rules as the chapter states them (section 3's pairwise vote,
section 4's multiclass perceptron rule), independently of the check, and
``tests/test_chapter_08.py`` asserts that the stored fingerprints are theirs.
"""

import numpy as np

from lecturekit import conventions
from lecturekit.datasets import blobs
from lecturekit.exercises import ch08
from lecturekit.exercises.public import fingerprint
from lecturekit.multiclass import one_vs_one


# ---------------------------------------------------------------- Exercise 2
def pairwise(S, pairs, k, d2, *, tie="most", among="tied", equal="first"):
    """Section 3's vote; ``tie="sweep"`` and ``among="all"`` are the classmate's two bugs, ``equal="last"`` sends a
    point whose nearest tied means are equally near to the last of them instead of the first."""
    votes = np.zeros((S.shape[0], k), dtype=int)
    for m, (a, b) in enumerate(pairs):
        first = conventions.sign(S[:, m]) == conventions.POSITIVE
        votes[:, a] += first
        votes[:, b] += ~first
    top = votes == votes.max(axis=1, keepdims=True)
    tied = top.sum(axis=1) > 1 if tie == "most" else votes.max(axis=1) < k - 1
    allowed = top if among == "tied" else np.ones_like(top)
    masked = np.where(allowed, d2, np.inf)
    nearest = np.argmin(masked, axis=1) if equal == "first" else k - 1 - np.argmin(masked[:, ::-1], axis=1)
    return {"predicted": np.where(tied, nearest, np.argmax(votes, axis=1)).tolist(), "tied": tied.tolist()}


PAIRWISE_MISTAKES = {"clean-sweep": dict(tie="sweep"), "nearest-of-all": dict(among="all"),
                     "classmate-unchanged": dict(tie="sweep", among="all"), "last-of-equally-near": dict(equal="last")}


def blob_probe():
    """The check's second probe: scores, pairs and squared distances of a pairwise model of five blobs."""
    Xb, yb = blobs(20, 5, seed=2)
    model = one_vs_one(Xb, yb)
    Z = np.random.default_rng(1).uniform(-4, 4, size=(400, 2))
    S = conventions.homogeneous(Z) @ model.W.T
    d2 = ((Z[:, None, :] - model.means[None, :, :]) ** 2).sum(axis=2)
    return S, list(model.pairs), 5, d2


def pairwise_fingerprints():
    """(key of probe 1, {mistake id: fingerprint} of probe 1, key of probe 2), as the check stores them."""
    args = (ch08._S5, ch08._PAIRS5, 5, ch08._D5)
    salt = ch08._SALT2
    key1 = fingerprint(f"{salt}/1", pairwise(*args), ch08._ATOL)
    mistakes = {mid: fingerprint(f"{salt}/1/{mid}", pairwise(*args, **kw), ch08._ATOL)
                for mid, kw in PAIRWISE_MISTAKES.items()}
    key2 = fingerprint(f"{salt}/2", pairwise(*blob_probe())["predicted"], ch08._ATOL)
    return key1, mistakes, key2


# ---------------------------------------------------------------- Exercise 3
def machine_steps(W, steps, *, test="ge", rival="all", pull="count", one=1.0, online=True, rows="both"):
    """Exercise 3's variant of section 4's rule, eta = 1, on the examples in order: every rival scoring at least as
    high as the true class is pushed down by x~, and the true class pulled up by x~ once for each of them.  The
    keywords make the catalogued wrong answers: rival="strongest" is section 4's rule itself (lk.linear_machine),
    rival="last" section 4's rule with the last tied rival, pull="once" the true class pulled up once only."""
    W = np.array(W, dtype=float)
    before = W.copy()
    for x, c in steps:
        xt = np.r_[1.0, x]
        g = (W if online else before) @ xt
        step = np.r_[one, x]
        others = [m for m in range(len(W)) if m != c]
        beats = (lambda m: g[m] >= g[c]) if test == "ge" else (lambda m: g[m] > g[c])
        if rival == "all":                      # every rival at least as high (the exercise's variant)
            pushed = [m for m in others if beats(m)]
        else:                                   # one rival: the strongest, the first / last on a tie
            order = (lambda m: (g[m], -m)) if rival == "strongest" else (lambda m: (g[m], m))
            j = max(others, key=order)
            pushed = [j] if beats(j) else []
        if pushed:
            W[c] = W[c] + (len(pushed) if pull == "count" else 1) * step
            if rows == "both":
                for m in pushed:
                    W[m] = W[m] - step
    return W.tolist()


STEPS_MISTAKES = [dict(rival="strongest"), dict(rival="last"), dict(pull="once"), dict(test="gt"), dict(one=0.0),
                  dict(online=False), dict(rows="true")]


def steps_key():
    """The fingerprint of Exercise 3's key, as the check stores it (its wrong answers are not stored: they all get
    the one message of the failed requirement)."""
    return fingerprint(ch08._SALT3, machine_steps(ch08._W3, ch08._STEPS3), ch08._ATOL)
