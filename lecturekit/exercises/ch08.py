"""Chapter 8 (multiclass linear classifiers): the checks of its exercises.

Exercises 1 and 4 to 7 are checked by properties the answer must have, decided
here from the rules as the chapter states them, independently of lecturekit's
multiclass models: one-vs-rest's claims and nearest-mean tie-breaker
(Exercises 1 and 7), where the scores of a machine tie (Exercise 4), the
borders of a linear machine (Exercise 5: a border is a stretch of the line
(w_i - w_j) . x~ = 0 on which classes i and j beat every other class, found by
intersecting intervals along that line, exactly on the decimal readings of the
typed rows; a stretch of at most 1e-9 is taken for a point, "a rounding
error long" in its prose), and separability by lecturekit's exact linear program (Exercise 6).  A
score of exactly 0 is no claim and a vote for the second class of a pair, as
:mod:`lecturekit.conventions` decides a score of 0.

Exercises 2 and 3 have a key (the pairwise vote's output on six rows of
votes, the rows after three steps of a variant of the multiclass rule that
lecturekit does not implement).  This module holds it only as a fingerprint,
and so are the values of Exercise 2's catalogued mistakes; the rules that
compute them live in ``tests/ch08_reference.py``.  No message names a key.
Once the six rows are right, Exercise 2's second probe compares the learner's
predictions at 400 points with those of ``lk.one_vs_one``, a model the learner
can run, and reports only how many differ.
"""

import numpy as np

from .. import conventions, exact
from ..datasets import blobs
from ..multiclass import one_vs_one, one_vs_rest
from ..theory import is_separable
from . import Mistake, exercise
from .public import fingerprints, hashed_check

# a score of 0 claims nothing, and in a pair it votes for the second class (the one a score <= 0 stands for)
_CLAIMS_AT_ZERO = conventions.sign(0.0) == conventions.POSITIVE


# --------------------------------------------------------------------------
# Exercise 1 — choose class means that make one-vs-rest answer as asked
# --------------------------------------------------------------------------
_W1 = np.array([[-1.0, 1.0, 0.0], [-0.25, 0.5, 0.5], [-0.5, 0.0, -1.0]])
# the third point lies exactly on classifier 1's line (-0.25 - 0.25 + 0.5 = 0), in decimals and in floating point
# alike (every number here is a sum of powers of 2), so numpy's `> 0` and the exact rule both see no claim there
_P1 = np.array([[0.9, 0.6], [1.6, 0.2], [-0.5, 1.0]])


def _scores1():
    """The scores of _W1 at _P1, exactly on the decimal readings of the numbers (as lecturekit decides signs)."""
    return [[exact.decimal(w[0]) + sum(exact.decimal(a) * exact.decimal(v) for a, v in zip(w[1:], p)) for w in _W1]
            for p in _P1]


def _claims1():
    """Which classifiers claim each point; read when the check runs, so that it follows the conventions module."""
    at_zero = conventions.SIGN_AT_ZERO == conventions.POSITIVE
    return [[s > 0 or (s == 0 and at_zero) for s in row] for row in _scores1()]


def _ovr_rule(means):
    """lecturekit's one-vs-rest prediction at each point of _P1 with these class means, worked out exactly: the one
    claimer, else the nearest mean among the claimers (all classes when none claims), the first on a tie."""
    out = []
    for claims, x in zip(_claims1(), _P1):
        if sum(claims) == 1:
            out.append(claims.index(True))
            continue
        cand = [c for c in range(3) if claims[c]] or [0, 1, 2]
        d2 = _exact_d2(means, x)
        out.append(min(cand, key=lambda c: (d2[c], c)))
    return out


# each requirement as the check states it, with the question that points to its reasoning
_MEANS_REQUIRED = {
    0: ("(a) class 1 at (0.9, 0.6), with class 1's mean strictly the farthest of the three from that point. List "
        "the classifiers that claim this point, from their scores, before you look at any distance"),
    1: ("(b) class 1 at (1.6, 0.2), with class 2's mean strictly the nearest of the three to that point. Which "
        "classes are the candidates at this point, and which means does the tie-breaker compare?"),
    2: "(c) class 0 at (-0.5, 1). Which classes are the candidates at this point?",
}


@exercise("ch08-ovr-predict", number=1, title="construct: class means that make one-vs-rest answer as asked",
          points=2, kind="construct",
          hint="For each of the three points write the three scores (bias first). Which classes "
               "claim it? If not exactly one, which classes are the candidates, and which means do they compare?")
def _ovr_predict(t, means_one):
    try:
        M = np.asarray(means_one, dtype=float)
    except (TypeError, ValueError):
        M = np.zeros((0, 0))
    if not t.check_true(M.shape == (3, 2) and bool(np.all(np.isfinite(M))),
                        what=f"`means_one` holds three points (x1, x2), one per class; got shape {M.shape}"):
        return
    got = _ovr_rule(M)
    d2 = [_exact_d2(M, x) for x in _P1]
    wanted = [got[0] == 1 and all(d2[0][1] > d2[0][c] for c in (0, 2)),
              got[1] == 1 and all(d2[1][2] < d2[1][c] for c in (0, 1)),
              got[2] == 0]
    for i, ok in enumerate(wanted):
        t.check_true(ok, what=_MEANS_REQUIRED[i])


# --------------------------------------------------------------------------
# Exercise 2 — find the bugs in a pairwise prediction
# --------------------------------------------------------------------------
_PAIRS5 = [(a, b) for a in range(5) for b in range(a + 1, 5)]
# six probe rows, each a different vote pattern, and the squared distances to the five class means at each; in the
# last, two classes share the most votes and their means are equally near
_S5 = np.array([
    [1, 1, 1, -1, 1, -1, 1, 1, 1, 1],
    [1, 1, -1, -1, 1, 1, -1, 1, 1, 1],
    [1, 1, 1, -1, 1, 1, 1, 1, 1, 1],
    [1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    [-1, 1, 1, 1, -1, 1, 1, 1, -1, 1],
], dtype=float)
_D5 = np.array([
    [5.0, 4.0, 3.0, 2.0, 1.0],
    [5.0, 4.0, 3.0, 1.0, 2.0],
    [5.0, 4.0, 1.0, 3.0, 2.0],
    [1.0, 2.0, 3.0, 4.0, 5.0],
    [1.0, 2.0, 3.0, 4.0, 5.0],
    [2.0, 2.0, 1.0, 5.0, 5.0],
])


# Exercises 2 and 3: this module holds no key.  A probe's expected value, and the value of every catalogued mistake,
# is stored only as a fingerprint (a hash of the value rounded to _ATOL, lecturekit.exercises.public.fingerprint);
# tests/ch08_reference.py computes them from section 3's vote and section 4's rule, and tests/test_chapter_08.py
# checks that the fingerprints are theirs.
_ATOL = 1e-6
_SALT2, _SALT3 = "ch08-pairwise-vote", "ch08-machine-steps"
_KEY2_ROWS = "bdc2e3bffb0a18e9843d7b323bfb26c4"
_MISTAKES2 = {"clean-sweep": "427d021e0ff24e81166b451c1c9d5085", "nearest-of-all": "1dd31d65180149c69c28dfd028c7502a",
              "classmate-unchanged": "defaa3efd921dec9d6408e99451b227f",
              "last-of-equally-near": "43811a3341abc396de2087fe7362b47b"}


def _hashed_check(t, compute, key, *, salt, call, mistakes=()):
    """:func:`~lecturekit.exercises.public.hashed_check` at this module's tolerance, naming one mistake at most;
    returns whether the probe passed."""
    before = len(t.failures)
    hashed_check(t, compute, key, salt=salt, atol=_ATOL, call=call, mistakes=mistakes, max_named=1)
    return len(t.failures) == before


def _run_pairwise(pairwise_predict, S, pairs, k, d2):
    out = pairwise_predict(S.copy(), pairs, k, d2.copy())
    if not (isinstance(out, (tuple, list)) and len(out) == 2):
        raise TypeError(f"pairwise_predict must return a pair (predicted, tied); it returned {type(out).__name__}")
    predicted, tied = out
    return {"predicted": np.asarray(predicted).astype(int).tolist(), "tied": np.asarray(tied, dtype=bool).tolist()}


_ONE_BUG_LEFT = ("these are the answers of the classmate's code with one of its two bugs fixed: the other is still "
                 "in it. Make up rows of votes for five classes, one for every case section 3's rule tells apart, "
                 "and apply the rule and your code to each by hand")


@exercise("ch08-pairwise-vote", number=2, title="find the bugs in a pairwise prediction", points=2, kind="debug",
          hint="Make up a few rows of votes for five classes, apply section 3's rule and the classmate's code to "
               "each by hand, and compare.")
def _pairwise_vote(t, pairwise_predict):
    # one message for either bug left alone, so that fixing one bug and checking does not say which one remains
    rows_right = _hashed_check(
        t, lambda: _run_pairwise(pairwise_predict, _S5, _PAIRS5, 5, _D5), _KEY2_ROWS, salt=f"{_SALT2}/1",
        call="`pairwise_predict(S, pairs5, 5, d2)`, six rows of scores for five classes",
        mistakes=[("clean-sweep", _MISTAKES2["clean-sweep"], _ONE_BUG_LEFT),
                  ("nearest-of-all", _MISTAKES2["nearest-of-all"], _ONE_BUG_LEFT),
                  ("classmate-unchanged", _MISTAKES2["classmate-unchanged"],
                   "these are the answers of the classmate's code as printed: both bugs are still in it"),
                  ("last-of-equally-near", _MISTAKES2["last-of-equally-near"],
                   "your answers follow section 3's rule except on the row where two classes share the most votes "
                   "and their means are equally near: section 1 says which of two equally near classes gets the "
                   "point")])
    if not rows_right:
        # the 400 points run only once the six rows are right: where the classmate's code parts from the rule
        # there, it does so through one of its bugs only, so a report (or a pass) would say which one that is
        return
    Xb, yb = blobs(20, 5, seed=2)
    model = one_vs_one(Xb, yb)
    Z = np.random.default_rng(1).uniform(-4, 4, size=(400, 2))
    S = conventions.homogeneous(Z) @ model.W.T
    d2 = ((Z[:, None, :] - model.means[None, :, :]) ** 2).sum(axis=2)
    call = "`pairwise_predict` on a pairwise model of five blobs, `lk.datasets.blobs(20, 5, seed=2)`, at 400 points"
    try:
        got = np.asarray(_run_pairwise(pairwise_predict, S, list(model.pairs), 5, d2)["predicted"])
    except Exception:  # noqa: BLE001 - the learner's code may raise anything: t.check runs it again and reports it
        t.check(lambda: _run_pairwise(pairwise_predict, S, list(model.pairs), 5, d2), None, call=call, reveal=False)
        return
    if not t.check_true(got.shape == (len(Z),), what=f"{call}: one prediction per point; got shape {got.shape}"):
        return
    # lk.one_vs_one's predictions, which follow section 3's rule (tests/test_chapter_08.py checks that they agree
    # with tests/ch08_reference.py's vote at every one of these points)
    differ = np.flatnonzero(got != model.predict(Z))
    what = (f"{call}: every prediction follows section 3's rule; {differ.size} of {len(Z)} do not, though the six "
            "rows of scores are right. Compare your code with `lk.one_vs_one(X, y).predict` on points of your own")
    t.check_true(differ.size == 0, what=what)


# --------------------------------------------------------------------------
# Exercise 3 — three steps of a variant of the multiclass rule, by hand
# --------------------------------------------------------------------------
_W3 = np.array([[0.0, -1.0, 2.0], [1.0, -1.0, 0.0], [2.0, 0.0, 1.0]])
_STEPS3 = [(np.array([-1.0, 0.0]), 1), (np.array([-1.0, 1.0]), 2), (np.array([2.0, -1.0]), 0)]
_KEY3 = "c68780d41f946450902badd64b4a9245"


def _w_after(W_after):
    W = np.asarray(W_after, dtype=float)
    if W.shape != (3, 3):
        raise ValueError(f"W_after must be three rows of three numbers (b, w1, w2); it has shape {W.shape}")
    return W.tolist()


# one text for every wrong answer, and no catalogued mistake: a message that named the mistaken step (section 4's
# own rule, a tie not counted, the true class pulled up once) would turn a wrong guess into the key with one change
_STEPS_WRONG = ("`W_after`: these are not the rows the variant in the exercise gives on these three examples. Redo "
                "every step: the scores of each example with the rows as they are at that moment (bias first), the "
                "set of rivals the variant pushes down, and how much each changed row moves")


@exercise("ch08-machine-steps", number=3, title="three steps of a variant of the multiclass rule", points=3,
          kind="predict",
          hint="Before each step write the three scores of the example with the rows as they are at that moment "
               "(bias first); then decide, rival by rival, whether it is pushed down, and count them.")
def _machine_steps_check(t, W_after):
    try:
        found = fingerprints(_SALT3, _w_after(W_after), _ATOL)
    except (TypeError, ValueError) as exc:
        t.check_true(False, what=f"`W_after` must be three rows of three numbers: {exc}")
        return
    t.check_true(_KEY3 in found, what=_STEPS_WRONG)


# --------------------------------------------------------------------------
# Exercise 4 — construct: three borders that meet at a given point
# --------------------------------------------------------------------------
_MEET = np.array([1.0, 2.0])
_WINS = ((0, np.array([3.0, 2.0])), (1, np.array([1.0, 4.0])), (2, np.array([-1.0, 0.0])))


# the tie point is accepted within this distance of the asked point (relative to its size), "a rounding error" in the
# prose of Exercises 4 and 5: rows computed in floating point (W / 3, 0.1 * W, unit directions u / sqrt 2) tie a
# rounding error away from it.  A near miss (within _NEAR) is told the tolerance; the prose only says "rounding"
_TIE_TOLERANCE = 1e-9
_NEAR = 1e-5


def _near_miss(point, p):
    """A Mistake for a tie point near p but beyond _TIE_TOLERANCE, which explains the tolerance; else None."""
    p = np.asarray(p, dtype=float)
    if point is None or _ties_near(point, p):
        return None
    off = float(np.abs(point - p).max())
    if off > _NEAR * max(1.0, float(np.abs(p).max())):
        return None
    return Mistake("near-miss", None,
                   f"the tie is {off:.1g} away from ({p[0]:g}, {p[1]:g}): more than a rounding error. The check "
                   "accepts 1e-9 (relative to the point's size), which rows computed in floating point stay within; "
                   "a rounded decimal in a row (0.33 for 1/3) does not. Write the biases exactly, or compute them")


def _tie_point(W):
    """The point where the scores of W tie, or None when they tie at no single point: the least-squares solution of
    (w_0 - w_c) . x~ = 0 for every c, kept when its lines cross and it satisfies them up to rounding."""
    W = np.asarray(W, dtype=float)
    A = W[0] - W[1:]
    scale = max(1.0, float(np.abs(W).max()))
    if np.linalg.matrix_rank(A[:, 1:], tol=1e-12 * scale) < 2:
        return None
    x, *_ = np.linalg.lstsq(A[:, 1:], -A[:, 0], rcond=None)
    if np.abs(A[:, 1:] @ x + A[:, 0]).max() > 1e-9 * scale * max(1.0, float(np.abs(x).max())):
        return None
    return x


def _ties_near(point, p):
    """Whether a tie point lies within _TIE_TOLERANCE of p (relative to the size of p)."""
    p = np.asarray(p, dtype=float)
    return point is not None and float(np.abs(point - p).max()) <= _TIE_TOLERANCE * max(1.0, float(np.abs(p).max()))


def _meets_at(W, p):
    """Whether the scores of W tie at one point, within _TIE_TOLERANCE of p."""
    return _ties_near(_tie_point(W), p)


def _at(point):
    return f"({point[0]:.12g}, {point[1]:.12g})"


@exercise("ch08-construct-meet", number=4, title="construct: three borders that meet at a given point", points=2,
          kind="construct",
          hint="Where all three scores tie, every difference g_i - g_j is 0. Pick the feature parts of the rows "
               "first, so that each class wins in its direction, and then the biases that make the scores tie "
               "where they should.")
def _construct_meet(t, W_meet):
    try:
        W = np.asarray(W_meet, dtype=float)
    except (TypeError, ValueError):
        W = np.zeros((0, 0))
    if not t.check_true(W.shape == (3, 3) and bool(np.all(np.isfinite(W))),
                        what=f"`W_meet` has three rows of three numbers (b, w1, w2); got shape {W.shape}"):
        return
    point = _tie_point(W)
    if not t.check_true(point is not None,
                        what="two of the tie lines of `W_meet` cross, so that the three scores tie at one point",
                        mistake=Mistake("parallel", None, "the tie lines are parallel (or there are none): the "
                                                          "feature parts of the rows must point in different "
                                                          "directions")):
        return
    flipped, last = _meets_at(W, -_MEET), _meets_at(W[:, [2, 0, 1]], _MEET)
    t.check_true(_meets_at(W, _MEET), what="the three scores of `W_meet` tie at (1, 2), up to 1e-9"
                 + ("" if _meets_at(W, _MEET) else f"; they tie at {_at(point)}"),
                 mistake=(Mistake("bias-sign", None, "the scores tie at minus the point: check the sign of each "
                                                     "bias as you move it to the other side of its equation")
                          if flipped else
                          Mistake("bias-last", None, "the bias written as the last entry of each row: rows are "
                                                     "(b, w1, w2), bias first") if last else _near_miss(point, _MEET)))
    g = np.array([conventions.homogeneous(x[None])[0] @ W.T for _, x in _WINS])
    wrong = [(c, x) for (c, x), s in zip(_WINS, g) if not np.all(s[c] > np.delete(s, c))]
    t.check_true(not wrong, what="class 0 wins at (3, 2), class 1 at (1, 4) and class 2 at (-1, 0)"
                 + ("" if not wrong else "; not class " + ", ".join(f"{c} at ({x[0]:g}, {x[1]:g})" for c, x in wrong)),
                 mistake=Mistake("winners", None, "the scores tie at the right point, so who wins around it is "
                                                  "decided by the feature parts (w1, w2) of the rows alone: in "
                                                  "which direction does each class win?")
                 if _meets_at(W, _MEET) else None)


# --------------------------------------------------------------------------
# Exercise 5 — construct: a linear machine with two borders missing
# --------------------------------------------------------------------------
_APART_AT = np.array([-1.0, 2.0])


def _has_region(W, c):
    """Whether class c wins outright on a set of positive area: max s with (w_c - w_k) . x~ >= s for all k."""
    from scipy.optimize import linprog

    D = np.delete(W[c] - W, c, axis=0)  # rows w_c - w_k
    # variables (x1, x2, s): maximise s subject to -(d_k0 + d_k . x) + s <= 0 and s <= 1
    A = np.column_stack([-D[:, 1:], np.ones(len(D))])
    res = linprog([0.0, 0.0, -1.0], A_ub=A, b_ub=D[:, 0], bounds=[(None, None), (None, None), (None, 1.0)],
                  method="highs")
    return bool(res.status == 0 and -res.fun > 1e-9)


def _stretch(Q, i, j):
    """The stretch of the line (w_i - w_j) . x~ = 0 on which g_i (= g_j) >= g_m for every other m, in exact rows Q:
    (lo, hi, norm2) with lo/hi None for an open end, or None when the line does not exist or the stretch is empty."""
    s = _stretch_or_gap(Q, i, j)
    if s is None or (s[0] is not None and s[1] is not None and s[1] < s[0]):
        return None
    return s


def _stretch_or_gap(Q, i, j):
    """As _stretch, but an empty stretch comes back as (lo, hi, norm2) with hi < lo (a gap of hi - lo along the
    line), and None only when the line does not exist or a parallel rival beats it everywhere."""
    n = [a - b for a, b in zip(Q[i], Q[j])]
    norm2 = n[1] * n[1] + n[2] * n[2]
    if norm2 == 0:
        return None  # no line: the two scores differ by a constant (or not at all)
    p = (-n[0] * n[1] / norm2, -n[0] * n[2] / norm2)   # a point of the line
    d = (-n[2], n[1])                                  # its direction
    lo, hi = None, None
    for m in range(len(Q)):
        if m in (i, j):
            continue
        e = [a - b for a, b in zip(Q[i], Q[m])]
        a = e[0] + e[1] * p[0] + e[2] * p[1]           # g_i - g_m along the line: a + b t >= 0
        b = e[1] * d[0] + e[2] * d[1]
        if b == 0:
            if a < 0:
                return None
        elif b > 0:
            lo = -a / b if lo is None else max(lo, -a / b)
        else:
            hi = -a / b if hi is None else min(hi, -a / b)
    return lo, hi, norm2


def _exact_rows(W):
    return [[exact.decimal(v) for v in row] for row in np.asarray(W, dtype=float)]


# a stretch of line no longer than this (in the units of the plane) is taken for a point: rows computed in floating
# point (unit directions from cos and sin, u / sqrt 2) make four regions meet along a stretch a rounding error long
# (1e-16 or less) instead of at one point; the same tolerance as the meeting point's, told in the message of a miss
_POINT_LENGTH = _TIE_TOLERANCE


def _stretch_length(s):
    lo, hi, norm2 = s
    return float("inf") if lo is None or hi is None else float(hi - lo) * float(norm2) ** 0.5


def _border_lengths(W, shortest=0.0):
    """{(i, j): length} for the pairs whose regions share a stretch of their line (w_i - w_j) . x~ = 0 longer than
    `shortest` (inf for a ray or a whole line), found exactly on the decimal readings of the typed rows (as
    lecturekit decides signs): along the line, the stretch is where g_i - g_m >= 0 for every other class m."""
    Q = _exact_rows(W)
    found = {}
    for i in range(len(Q)):
        for j in range(i + 1, len(Q)):
            s = _stretch(Q, i, j)
            if s is None or (s[0] is not None and s[1] is not None and s[1] == s[0]):
                continue
            if _stretch_length(s) > shortest:
                found[i, j] = _stretch_length(s)
    return found


def _contact(W, i, j, shortest=0.0):
    """How the regions of classes i and j touch: "border" (a stretch longer than `shortest`), "point" (a single
    point, a stretch no longer than `shortest`, or a gap no wider than `shortest`: rows computed in floating point
    that meet at one point in exact arithmetic can leave either), or None (not at all), found exactly on the decimal
    readings."""
    s = _stretch_or_gap(_exact_rows(W), i, j)
    if s is None:
        return None
    if s[0] is not None and s[1] is not None and s[1] < s[0]:
        return "point" if float(s[0] - s[1]) * float(s[2]) ** 0.5 <= shortest else None
    return "point" if (s[0] is not None and s[0] == s[1]) or _stretch_length(s) <= shortest else "border"


def _borders(W):
    """The pairs (i, j) whose regions share a stretch of their line of positive length (exactly decided)."""
    return sorted(_border_lengths(W))


@exercise("ch08-construct-borders", number=5, title="construct: a linear machine with two borders missing", points=2,
          kind="construct",
          hint="A border has positive length. List the ways two convex regions can touch, and decide for each "
               "whether it counts as a border here.")
def _construct_borders(t, W_apart, apart):
    try:
        W = np.asarray(W_apart, dtype=float)
    except (TypeError, ValueError):
        W = np.zeros((0, 0))
    if W.ndim == 2 and W.shape[1] == 3 and W.shape[0] != 4:
        t.check_true(False, what="`W_apart` has four rows, one per class",
                     mistake=Mistake("not-four", None, f"{W.shape[0]} classes: the exercise asks for four"))
        return
    if not t.check_true(W.shape == (4, 3) and bool(np.all(np.isfinite(W))),
                        what=f"`W_apart` has four rows of three numbers (b, w1, w2); got shape {W.shape}"):
        return
    idle = [c for c in range(4) if not _has_region(W, c)]
    if not t.check_true(not idle, what="every class wins on a region of positive area",
                        mistake=Mistake("class-without-region", None,
                                        "a class that never wins shares no border with anyone, trivially; the "
                                        "exercise asks for four classes that each have a region")):
        return
    lengths = _border_lengths(W, _POINT_LENGTH)
    missing = 6 - len(lengths)
    short = min(lengths.values(), default=float("inf"))
    t.check_true(missing == 2, what=f"exactly two of the six pairs share no border (here: {missing})",
                 mistake=(Mistake("short-border", None,
                                  f"a border {short:.1g} long still counts: it is a stretch of line, however "
                                  "short, so the two classes on it are not apart. Only a stretch of at most 1e-9, a "
                                  "rounding error, is taken for a point: rows computed in floating point (from "
                                  "np.cos and np.sin, say) can leave one where exact rows meet at a point")
                          if missing < 2 and short < 1e-6 else
                          Mistake("all-borders", None, "all six pairs share a border: which classes could be kept "
                                                       "from meeting?") if missing == 0 else
                          Mistake("strips", None, "parallel strips in a row keep three pairs apart, one too many")
                          if missing == 3 else None))
    try:
        named = sorted({tuple(sorted(int(c) for c in pair)) for pair in apart})
    except (TypeError, ValueError):
        named = None
    if not t.check_true(named is not None and len(named) == len(apart) and all(len(q) == 2 for q in named),
                        what="`apart` is a list of pairs of class indices, such as [(0, 1), (2, 3)]"):
        return
    truly = [q for q in ((i, j) for i in range(4) for j in range(i + 1, 4)) if q not in lengths]
    if not t.check_true(named == truly, what="`apart` lists exactly the pairs of your machine that share no border",
                        mistake=(Mistake("apart-touching", None,
                                         "a pair listed as apart shares a stretch of line: its classes are not apart")
                                 if any(q in lengths for q in named) else
                                 (Mistake("apart-missed", None,
                                          "a pair that shares no border is not listed as apart: two regions that "
                                          "meet at one point only have no border")
                                  if any(_contact(W, *q, _POINT_LENGTH) == "point" for q in set(truly) - set(named))
                                  else
                                  Mistake("apart-separated", None,
                                          "a pair that shares no border is not listed as apart: two regions that "
                                          "do not touch at all (another class lies between them) have no border"))
                                 if set(named) < set(truly) else None)):
        return
    t.check_true((0, 1) in truly, what="classes 0 and 1 share no border",
                 mistake=Mistake("zero-one-touch", None,
                                 "classes 0 and 1 are neighbours here; going round the point where the regions "
                                 "meet, which classes follow each other?") if missing == 2 else None)
    if missing == 2:
        point = _tie_point(W)
        t.check_true(_ties_near(point, _APART_AT), what="the four regions meet at (-1, 2), up to 1e-9"
                     + ("" if _ties_near(point, _APART_AT) or point is None else f"; they meet at {_at(point)}"),
                     mistake=_near_miss(point, _APART_AT))


# --------------------------------------------------------------------------
# Exercise 6 — construct: every class cut off by a line, yet "?" points
# --------------------------------------------------------------------------
# well-separated blobs leave a stray point or two in a "?" region (at most 4 points over seeds 0-59 and sizes 10 to
# 200 per class); the exercise asks for data built so that least squares gives up a good part of one class
_MIN_AMBIGUOUS, _MIN_SHARE = 5, 0.25


@exercise("ch08-construct", number=6, title='construct: every class cut off by a line, yet "?" points',
          points=3, kind="construct",
          hint="A line that cuts a class off exists; least squares need not find it. Chapter 7 shows which data "
               "make least squares give up points a line could get right.")
def _construct(t, X_c, y_c):
    X_c, y_c = np.asarray(X_c, dtype=float), np.asarray(y_c)
    if not t.check_true(X_c.ndim == 2 and X_c.shape[1:] == (2,) and y_c.shape == (X_c.shape[0],),
                        what=f"`X_c` has shape (n, 2) and `y_c` one label per row; got {X_c.shape} and {y_c.shape}"):
        return
    classes = np.unique(y_c)
    if not t.check_true(classes.shape[0] == 3, what=f"three classes in `y_c`; got {classes.shape[0]}",
                        mistake=Mistake("two-classes", None, "only two classes") if classes.shape[0] == 2 else None):
        return
    alone = [bool(is_separable(X_c, np.where(y_c == c, 1, -1))) for c in classes]
    middle = Mistake("middle-class", None, "one class cannot be cut off from the other two by a line (a class "
                                           "between the others, for example): the exercise asks for data where "
                                           "every class can")
    if not t.check_true(all(alone), what="each class can be cut off from the other two by a line",
                        mistake=middle if sum(alone) == 2 else None):
        return
    ovr = one_vs_rest(X_c, y_c, method="least_squares")
    amb = ovr.ambiguous(X_c)
    share = max(amb[y_c == c].sum() / (y_c == c).sum() for c in classes)
    t.check_true(bool(amb.sum() >= _MIN_AMBIGUOUS and share >= _MIN_SHARE),
                 what=f'least-squares one-vs-rest leaves at least {_MIN_AMBIGUOUS} training points in a "?" region, '
                      f"and at least a quarter of some class's points (here: {int(amb.sum())} points, at most "
                      f"{share:.0%} of a class)",
                 mistake=Mistake("least-squares-separates", None,
                                 "here least squares found a line for every class: no training point is left "
                                 "without exactly one claim") if not amb.any() else
                 Mistake("few-ambiguous", None,
                         'a stray point or two in a "?" region happens even on well-separated blobs; the exercise '
                         "asks for data on which least squares gives up a good part of one class"))


# --------------------------------------------------------------------------
# Exercise 7 — construct: two claims, where the largest score and the tie-breaker disagree
# --------------------------------------------------------------------------
def _exact_scores(W, x):
    """The scores w_c . (1, x), exactly on the decimal readings of the typed numbers (as lecturekit decides signs)."""
    xt = [1] + [exact.decimal(v) for v in x]
    return [sum(exact.decimal(w) * v for w, v in zip(row, xt)) for row in W]


def _exact_d2(means, x):
    return [sum((exact.decimal(m) - exact.decimal(v)) ** 2 for m, v in zip(row, x)) for row in means]


# the model and the class means of Exercise 7, given in its prose
_W7 = np.array([[0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [-1.0, -1.0, -1.0]])
_M7 = np.array([[4.0, 2.0], [2.0, 3.0], [-2.0, -2.0]])


@exercise("ch08-construct-argmax", number=7, title="construct: two claims, read by the largest score", points=2,
          kind="construct",
          hint="Write each condition as inequalities on (x1, x2): where do exactly two classifiers claim the point, "
               "where is one of their scores the larger, and on which side of the perpendicular bisector of two "
               "class means does the point lie?")
def _construct_argmax(t, x_two):
    try:
        x = np.asarray(x_two, dtype=float)
    except (TypeError, ValueError):
        x = np.zeros(0)
    if not t.check_true(x.shape == (2,) and bool(np.all(np.isfinite(x))),
                        what=f"`x_two` is one point (x1, x2); got shape {x.shape}"):
        return
    g = _exact_scores(_W7, x)
    claim = [s > 0 if not _CLAIMS_AT_ZERO else s >= 0 for s in g]
    if not t.check_true(sum(claim) == 2,
                        what="exactly two of the three classifiers claim `x_two` (a score strictly above 0); "
                             f"here: {sum(claim)}",
                        mistake=Mistake("claim-count", None, "the tie-breaker among claimers applies where exactly "
                                                             "two classifiers claim the point (a score of exactly 0 "
                                                             "is no claim)")):
        return
    a, b = (c for c in range(3) if claim[c])
    if not t.check_true(g[a] != g[b],
                        what="one of the two claimers' scores at `x_two` is strictly the larger",
                        mistake=Mistake("scores-tie", None, "the two claimers' scores are equal at this point: "
                                                            "there the largest score is picked by the order of the "
                                                            "classes, not by the scores")):
        return
    d2 = _exact_d2(_M7, x)
    by_mean = min((a, b), key=lambda c: (d2[c], c))
    by_score = a if g[a] > g[b] else b
    t.check_true(by_mean != by_score,
                 what="the largest score at `x_two` and lecturekit's tie-breaker (the nearest class mean among the "
                      "claimers) give different classes")
