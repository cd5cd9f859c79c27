"""Chapter 8 (multiclass linear classifiers): the checks of its exercises.

Expected values are computed here from the rules as the chapter states them,
independently of lecturekit's multiclass models: one-vs-rest's claims and
nearest-mean tie-breaker, the pairwise vote, the borders of a linear machine
(a border is a stretch of the line (w_i - w_j) . x~ = 0 on which classes i and
j beat every other class, found by intersecting intervals along that line),
and separability by lecturekit's exact linear program.  A score of exactly 0
is no claim and a vote for the second class of a pair, as
:mod:`lecturekit.conventions` decides a score of 0.  Every catalogued mistake's
value is what that mistake gives on the probe, computed by the mistaken rule
itself; no message names a key.
"""

import numpy as np

from .. import conventions
from ..datasets import blobs
from ..multiclass import one_vs_one, one_vs_rest
from ..theory import is_separable
from . import Mistake, exercise

# a score of 0 claims nothing, and in a pair it votes for the second class (the one a score <= 0 stands for)
_CLAIMS_AT_ZERO = conventions.sign(0.0) == conventions.POSITIVE


# --------------------------------------------------------------------------
# Exercise 1 — predict lecturekit's one-vs-rest answers
# --------------------------------------------------------------------------
_W1 = np.array([[-1.0, 1.0, 0.0], [0.0, 0.0, 1.0], [-0.5, 0.0, -1.0]])
_MEANS1 = np.array([[3.0, 0.0], [0.0, 3.0], [1.5, -1.0]])
_P1 = np.array([[0.2, 2.0], [1.6, 0.2], [-0.5, -0.2], [1.0, 0.2]])


def _ovr_rule(*, candidates="claimers", zero_claims=_CLAIMS_AT_ZERO, rule="claims"):
    """One-vs-rest predictions at _P1 by the chapter's rule, or by a mistaken variant of it."""
    scores = conventions.homogeneous(_P1) @ _W1.T
    d2 = ((_P1[:, None, :] - _MEANS1[None, :, :]) ** 2).sum(axis=2)
    if rule == "argmax":
        return np.argmax(scores, axis=1).tolist()
    if rule == "nearest-mean":
        return np.argmin(d2, axis=1).tolist()
    claims = scores >= 0 if zero_claims else scores > 0
    out = []
    for c, d in zip(claims, d2):
        if c.sum() == 1:
            out.append(int(np.argmax(c)))
        else:
            allowed = c if (c.any() and candidates == "claimers") else np.ones_like(c)
            out.append(int(np.argmin(np.where(allowed, d, np.inf))))
    return out


@exercise("ch08-ovr-predict", number=1, title="predict lecturekit's one-vs-rest answers", points=2, kind="predict",
          hint="For each point write the three scores (bias first) and the three squared distances to the means. "
               "Which classes claim it? If not exactly one, which classes are the candidates?")
def _ovr_predict(t, predicted):
    t.check(predicted, _ovr_rule(), call="`predicted`", reveal=False, misconceptions=[
        Mistake("nearest-of-all", _ovr_rule(candidates="all"),
                "where two classifiers claim a point, the nearest mean was taken among all classes; which classes "
                "are candidates there?"),
        Mistake("argmax-scores", _ovr_rule(rule="argmax"),
                "the class with the largest score: that is scikit-learn's reading, not lecturekit's claims and "
                "tie-breaker"),
        Mistake("zero-claims", _ovr_rule(zero_claims=not _CLAIMS_AT_ZERO),
                "a score of exactly 0 counted as a claim"),
        Mistake("nearest-mean-only", _ovr_rule(rule="nearest-mean"),
                "the nearest class mean everywhere: the mean decides only where the classifiers do not agree on "
                "one class"),
    ])


# --------------------------------------------------------------------------
# Exercise 2 — find the bugs in a pairwise prediction
# --------------------------------------------------------------------------
_PAIRS5 = [(a, b) for a in range(5) for b in range(a + 1, 5)]
_S5 = np.array([
    [1, 1, 1, -1, 1, -1, 1, 1, 1, 1],      # votes 3, 2, 2, 2, 1: class 0 has the most, without a clean sweep
    [1, 1, -1, -1, 1, 1, -1, 1, 1, 1],     # votes 2, 2, 2, 2, 2: all tied
    [1, 1, 1, -1, 1, 1, 1, 1, 1, 1],       # votes 3, 3, 2, 1, 1: classes 0 and 1 tied
    [1, 1, 1, 1, 1, 1, 1, 1, 1, 1],        # votes 4, 3, 2, 1, 0: a clean sweep
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],        # every score 0: every vote to the second class, votes 0, 1, 2, 3, 4
], dtype=float)
_D5 = np.array([
    [5.0, 4.0, 3.0, 2.0, 1.0],             # class 4's mean nearest
    [5.0, 4.0, 3.0, 1.0, 2.0],             # class 3's mean nearest
    [5.0, 4.0, 1.0, 3.0, 2.0],             # class 2 nearest overall; of the tied 0 and 1, class 1
    [1.0, 2.0, 3.0, 4.0, 5.0],
    [1.0, 2.0, 3.0, 4.0, 5.0],
])


def _pairwise(S, pairs, k, d2, *, tie="most", among="tied"):
    votes = np.zeros((S.shape[0], k), dtype=int)
    for m, (a, b) in enumerate(pairs):
        first = conventions.sign(S[:, m]) == conventions.POSITIVE
        votes[:, a] += first
        votes[:, b] += ~first
    top = votes == votes.max(axis=1, keepdims=True)
    tied = top.sum(axis=1) > 1 if tie == "most" else votes.max(axis=1) < k - 1
    allowed = top if among == "tied" else np.ones_like(top)
    nearest = np.argmin(np.where(allowed, d2, np.inf), axis=1)
    return {"predicted": np.where(tied, nearest, np.argmax(votes, axis=1)).tolist(), "tied": tied.tolist()}


def _run_pairwise(pairwise_predict, S, pairs, k, d2):
    out = pairwise_predict(S.copy(), pairs, k, d2.copy())
    if not (isinstance(out, (tuple, list)) and len(out) == 2):
        raise TypeError(f"pairwise_predict must return a pair (predicted, tied); it returned {type(out).__name__}")
    predicted, tied = out
    return {"predicted": np.asarray(predicted).astype(int).tolist(), "tied": np.asarray(tied, dtype=bool).tolist()}


@exercise("ch08-pairwise-vote", number=2, title="find the bugs in a pairwise prediction", points=2, kind="debug",
          hint="Work the code by hand on five classes with votes (3, 2, 2, 2, 1), and with a tie between two classes "
               "whose means are not the nearest ones. Which class does lecturekit give a tied point?")
def _pairwise_vote(t, pairwise_predict):
    t.check(lambda: _run_pairwise(pairwise_predict, _S5, _PAIRS5, 5, _D5), _pairwise(_S5, _PAIRS5, 5, _D5),
            call="`pairwise_predict(S, pairs5, 5, d2)`, five rows of scores for five classes",
            misconceptions=[
                Mistake("clean-sweep", _pairwise(_S5, _PAIRS5, 5, _D5, tie="sweep"),
                        "a row is called tied unless one class won all k - 1 of its duels; with three classes that "
                        "is the same test, with more it is not"),
                Mistake("nearest-of-all", _pairwise(_S5, _PAIRS5, 5, _D5, among="all"),
                        "a tie goes to the nearest mean among all classes; the vote has already ruled some out"),
            ])
    Xb, yb = blobs(20, 5, seed=2)
    model = one_vs_one(Xb, yb)
    Z = np.random.default_rng(1).uniform(-4, 4, size=(400, 2))
    S = conventions.homogeneous(Z) @ model.W.T
    d2 = ((Z[:, None, :] - model.means[None, :, :]) ** 2).sum(axis=2)
    t.check(lambda: _run_pairwise(pairwise_predict, S, list(model.pairs), 5, d2)["predicted"],
            _pairwise(S, list(model.pairs), 5, d2)["predicted"],
            call="the predictions of `pairwise_predict` for a pairwise model of five blobs at 400 points")


# --------------------------------------------------------------------------
# Exercise 3 — construct: a linear machine with two borders missing
# --------------------------------------------------------------------------
def _has_region(W, c):
    """Whether class c wins outright on a set of positive area: max s with (w_c - w_k) . x~ >= s for all k."""
    from scipy.optimize import linprog

    D = np.delete(W[c] - W, c, axis=0)  # rows w_c - w_k
    # variables (x1, x2, s): maximise s subject to -(d_k0 + d_k . x) + s <= 0 and s <= 1
    A = np.column_stack([-D[:, 1:], np.ones(len(D))])
    res = linprog([0.0, 0.0, -1.0], A_ub=A, b_ub=D[:, 0], bounds=[(None, None), (None, None), (None, 1.0)],
                  method="highs")
    return bool(res.status == 0 and -res.fun > 1e-9)


def _borders(W):
    """The pairs (i, j) whose regions share a stretch of their line (w_i - w_j) . x~ = 0 of positive length."""
    k, found = W.shape[0], []
    scale = max(1.0, float(np.abs(W).max()))
    for i in range(k):
        for j in range(i + 1, k):
            n = W[i] - W[j]
            if np.linalg.norm(n[1:]) <= 1e-12 * scale:
                continue  # no line: the two scores differ by a constant (or not at all)
            p = -n[0] * n[1:] / (n[1:] @ n[1:])          # a point of the line
            d = np.array([-n[2], n[1]])                   # its direction
            lo, hi = -np.inf, np.inf
            for m in range(k):
                if m in (i, j):
                    continue
                a = (W[i] - W[m]) @ np.r_[1.0, p]        # g_i - g_m along the line: a + b t >= 0
                b = (W[i] - W[m])[1:] @ d
                if abs(b) <= 1e-12 * scale:
                    if a < -1e-12 * scale:
                        lo, hi = 1.0, 0.0
                elif b > 0:
                    lo = max(lo, -a / b)
                else:
                    hi = min(hi, -a / b)
            if hi - lo > 1e-9:
                found.append((i, j))
    return found


@exercise("ch08-construct-borders", number=3, title="construct: a linear machine with two borders missing", points=2,
          kind="construct",
          hint="A border between i and j is where their scores tie and beat every other class. Think of four "
               "directions for the normal parts of the rows, and ask which classes can only meet at one point.")
def _construct_borders(t, W_apart):
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
    missing = 6 - len(_borders(W))
    t.check_true(missing == 2, what=f"exactly two of the six pairs share no border (here: {missing})",
                 mistake=(Mistake("all-borders", None, "all six pairs share a border: which classes could be kept "
                                                       "from meeting?") if missing == 0 else
                          Mistake("strips", None, "parallel strips in a row keep three pairs apart, one too many")
                          if missing == 3 else None))


# --------------------------------------------------------------------------
# Exercise 4 — construct: every class cut off by a line, yet "?" points
# --------------------------------------------------------------------------
@exercise("ch08-construct", number=4, title='construct: every class cut off by a line, yet "?" points',
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
    middle = Mistake("middle-class", None, "a class in the middle of the others cannot be cut off by one line: the "
                                           "exercise asks for data where every class can")
    if not t.check_true(all(alone), what="each class can be cut off from the other two by a line",
                        mistake=middle if sum(alone) == 2 else None):
        return
    ovr = one_vs_rest(X_c, y_c, method="least_squares")
    t.check_true(bool(ovr.ambiguous(X_c).any()),
                 what='least-squares one-vs-rest leaves a training point in a "?" region',
                 mistake=Mistake("least-squares-separates", None,
                                 "here least squares found a line for every class: no training point is left "
                                 "without exactly one claim"))


# --------------------------------------------------------------------------
# Exercise 5 — predict where the three borders meet
# --------------------------------------------------------------------------
_W5 = np.array([[0.0, 2.0, 0.0], [2.0, 0.0, 1.0], [-1.0, 0.0, 0.0]])


def _meet(W):
    """The point where (w0 - w1) . x~ = 0 and (w1 - w2) . x~ = 0."""
    A = np.array([W[0] - W[1], W[1] - W[2]])
    return np.linalg.solve(A[:, 1:], -A[:, 0]).tolist()


@exercise("ch08-predict-meet", number=5, title="predict where the three borders meet", points=2, kind="predict",
          hint="Each border is where two scores are equal; the point where all three meet satisfies two such "
               "equations at once.")
def _predict_meet(t, meet):
    t.check(meet, _meet(_W5), call="`meet`", reveal=False,
            misconceptions=[
                Mistake("ovr-lines", np.linalg.solve(_W5[:2, 1:], -_W5[:2, 0]).tolist(),
                        "where the one-vs-rest lines w_0 . x~ = 0 and w_1 . x~ = 0 cross, not where the scores tie"),
                Mistake("bias-sign", _meet(_W5 * np.array([-1.0, 1.0, 1.0])),
                        "check the sign of each bias as you move it to the other side of its equation"),
                Mistake("bias-last", _meet(_W5[:, [2, 0, 1]]),
                        "the bias taken as the last entry of each row instead of the first"),
            ])


# --------------------------------------------------------------------------
# Exercise 6 — explain: one-vs-rest read by the largest score
# --------------------------------------------------------------------------
@exercise("ch08-explain-argmax", number=6, title="explain: one-vs-rest read by the largest score", points=2,
          kind="explain",
          hint="What does it mean that a perceptron converged? Take a training point of class c: what are the signs "
               "of the three scores there?")
def _explain_argmax(t, answer):
    t.check(answer, "b", call="`answer`", reveal=False,
            misconceptions=[
                Mistake("unrelated-scales", "a", "the scores are on unrelated scales, but look at their signs at a "
                                                 "training point after all three runs converged"),
                Mistake("question-marks", "c", "which training points can lie in a \"?\" region when every "
                                               "classifier converged?"),
                Mistake("tie-breaker", "d", "ask when the tie-breaker is used at all on the training points"),
            ])
