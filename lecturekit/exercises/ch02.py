"""Checks of chapter 2's exercises (homogeneous coordinates)."""

import numpy as np

from .. import conventions
from ..results import LinearClassifier
from . import Mistake, exercise, public


# --------------------------------------------------------------------------
# Exercise 1 (function): which weights read the same with the 1 first and with the 1 last
# --------------------------------------------------------------------------

# the probes: (w, do the two readings agree?) decided on paper from the definition, not from a formula
# (tests/test_chapter_02.py checks every one against lk.LinearClassifier: a grid and points beside each
# reading's hyperplane for d <= 3, and for every False probe a point where the two readings' labels differ).
# Vectors of 20 and 6 numbers are there so that no grid of points can be searched in reasonable time;
# the near-equal vectors differ only on and next to their hyperplanes, so random points miss them.
_LAYOUT_PROBES = [
    ((1.0, 1.0, 1.0), True), ((0.0, 0.0, 0.0), True), ((-2.5, -2.5, -2.5), True), ((0.1, 0.1, 0.1), True),
    ((1e-150, 1e-150, 1e-150), True), ((1.0, 2.0, 1.0), False), ((0.0, 1.0, 1.0), False),
    ((1.0, 0.0, 0.0), False), ((0.0, 0.0, 1.0), False), ((3.0, 3.0, -3.0), False),
    ((1.0, 1.0, 1.0 + 1e-12), False), ((0.3, 0.3, 0.30000000000000004), False), ((2.0, 1.0, 2.0), False),
    ((0.7, 0.7), True), ((1.0, 2.0), False), ((4.0, 4.0 + 1e-12), False),
    ((0.2,) * 20, True), ((0.0,) * 20, True), ((-1.5,) * 6, True),
    ((0.3,) * 19 + (0.30000000000000004,), False), ((1.0,) * 10 + (1.0 + 1e-12,) + (1.0,) * 9, False),
    ((5.0, 1.0, 2.0, 3.0, 1.0, 4.0), False), ((1.0, -1.0) * 10, False),
]


# The misconceptions of Exercise 1, each as the rule a learner who has it would write.  One is named
# only when the learner's function gives that rule's verdict on every probe, so a message never
# speaks about a probe the learner's own rule does not already decide that way.
_LAYOUT_RULES = [
    ("layout-zero", lambda w: all(v == w[0] for v in w) and any(w),
     "check the zero vector: with w~ = 0 every point scores 0 in both readings; which label does each "
     "reading give it (section 9)?"),
    ("layout-negative", lambda w: all(v == w[0] for v in w) and w[0] >= 0,
     "your function treats some vectors differently by the sign of their numbers: write out both "
     "readings' scores for a vector of negative numbers and compare them"),
    ("layout-palindrome", lambda w: list(w) == list(w)[::-1],
     "your function accepts vectors that read the same backwards: is reversing what moving the 1 from "
     "the front to the back does to the weights (section 4)?"),
    ("layout-close", lambda w: max(w) - min(w) <= 1e-9 * max(1.0, abs(w[0])),
     "your function accepts vectors whose numbers are merely close: find a point on one reading's "
     "boundary and work out both labels there"),
    ("layout-no-line", lambda w: all(v == w[0] for v in w) or not any(w[1:]) or not any(w[:-1]),
     "your function accepts vectors whose normal is zero in one reading: that reading labels every "
     "point alike; does the other?"),
]


@exercise("ch02-both-layouts", number=1, title="weights that survive the layout mix-up", points=2,
          kind="derive",
          hint="Write down the classifier (bias, normal) that the numbers are in each reading. When do two "
               "weight vectors label every point alike (section 5)? Do not forget the vectors whose normal "
               "is zero in one reading or in both.")
def _both_layouts(t, same_in_both_layouts):
    # One verdict for all the probes.  The calls are not listed: the probes whose answer is True would
    # spell the rule to a learner who returns False for everything (and the False ones, to one who
    # returns True).  A failure says in which direction the function errs, which every answer that errs
    # that way is told alike.
    got = []
    for w, agree in _LAYOUT_PROBES:
        try:
            got.append(same_in_both_layouts(list(w)))
        except Exception:  # noqa: BLE001 - let the framework report the learner's error on this call
            t.check(lambda w=w: same_in_both_layouts(list(w)), agree, call=f"`same_in_both_layouts({list(w)})`",
                    reveal=False)
            return
    if not t.check_true(all(type(v) in (bool, np.bool_) for v in got),
                        what="`same_in_both_layouts` returns True or False on every vector; it returned "
                             + ", ".join(sorted({type(v).__name__ for v in got
                                                 if type(v) not in (bool, np.bool_)})) + " as well"):
        return
    said = [bool(v) for v in got]
    expected = [agree for _, agree in _LAYOUT_PROBES]
    too_many = any(s and not e for s, e in zip(said, expected))
    too_few = any(e and not s for s, e in zip(said, expected))
    mistake = next((Mistake(mid, None, message) for mid, rule, message in _LAYOUT_RULES
                    if [bool(rule(list(w))) for w, _ in _LAYOUT_PROBES] == said), None)
    parts = []
    if too_many:
        parts.append("returned True for a vector whose two readings give some point different labels")
    if too_few:
        parts.append("returned False for a vector whose two readings give every point the same label")
    t.check_true(not (too_many or too_few),
                 what="on the check's vectors (2 to 20 numbers) `same_in_both_layouts` "
                      + " and ".join(parts) + ": build vectors of your own whose readings you have worked out "
                      "on paper, and test your function on them",
                 mistake=mistake)


# --------------------------------------------------------------------------
# Exercise 2 (construct): the bias that centres a line of a given direction between the classes
# --------------------------------------------------------------------------

def _centred_reference(w, X, y):
    """The reference (b, w) for the direction w (tests/test_chapter_02.py checks it against a scan over b)."""
    w, X, y = np.asarray(w, dtype=float), np.asarray(X, dtype=float), np.asarray(y)
    s = X @ w
    b = -(s[y == conventions.POSITIVE].min() + s[y == conventions.NEGATIVE].max()) / 2
    return conventions.join(b, w)


def _variant(w, X, y, rule):
    """(b, w) with the bias a plausible slip gives: ``rule(scores of positives, scores of negatives)``."""
    w, X, y = np.asarray(w, dtype=float), np.asarray(X, dtype=float), np.asarray(y)
    s = X @ w
    return conventions.join(float(rule(s[y == conventions.POSITIVE], s[y == conventions.NEGATIVE])), w)


def _to_scale_of(v, w):
    """v as (b, w) when v is a positive multiple of some (b, w); otherwise v unchanged."""
    v = np.asarray(v, dtype=float)
    if v.shape != (w.shape[0] + 1,) or not np.all(np.isfinite(v)):
        return v
    k = float(v[1:] @ w) / float(w @ w)
    if k > 0 and np.allclose(v[1:], k * w, rtol=0, atol=1e-9 * k * np.linalg.norm(w)):
        return v / k
    return v


_TOY_X = np.array([[0.0, 3.0], [3.0, 1.0], [-3.0, -2.0], [2.0, 0.0]])
_TOY_Y = np.array([1, 1, -1, -1])


def _centred_mistakes(w, X, y):
    w = np.asarray(w, dtype=float)
    best = _centred_reference(w, X, y)
    return [Mistake("centre-bias-last", np.append(w, best[0]),
                    "which layout does the course use for w~ (section 4)?"),
            Mistake("centre-threshold", _variant(w, X, y, lambda sp, sn: (sp.min() + sn.max()) / 2),
                    "recompute the scores of the examples under your weights: which side of your line is "
                    "each on (section 2)?"),
            Mistake("centre-means", _variant(w, X, y, lambda sp, sn: -(sp.mean() + sn.mean()) / 2),
                    "the line halfway between the class means: the margin is a minimum over the examples "
                    "(section 3), so which examples decide it?"),
            Mistake("centre-farthest", _variant(w, X, y, lambda sp, sn: -(sp.max() + sn.min()) / 2),
                    "the line halfway between the examples farthest from each other: which examples decide a "
                    "minimum?"),
            Mistake("centre-not-halfway", _variant(w, X, y, lambda sp, sn: -(sp.min() + sn.max())),
                    "the closest example of one class is nearer to your line than the closest of the other: "
                    "sliding the line (section 2) can make the smaller of the two larger")]


@exercise("ch02-centre", number=2, title="centre the line between the classes", points=2, kind="construct",
          hint="Write the margin of the line w · x + b = 0 as a function of b (section 3): how does the signed "
               "distance of one positive example change when b grows, and of one negative example? Sketch the "
               "smallest of them against b on the toy data with w = (1, 2), then find its highest point.")
def _centre(t, centred_line):
    probes = [
        (np.array([1.0, 2.0]), _TOY_X, _TOY_Y, "`centred_line([1, 2], X_toy, y_toy)`"),
        (np.array([1.0, 0.0]), _TOY_X, _TOY_Y,
         "`centred_line([1, 0], X_toy, y_toy)` (a direction along which the classes overlap)"),
        (np.array([0.5, 1.0]), _TOY_X[::-1], _TOY_Y[::-1],
         "`centred_line([0.5, 1], X, y)`: the toy points in reverse order, a shorter w"),
    ]
    rng = np.random.default_rng(22)
    Xr = rng.normal(size=(9, 3))
    yr = np.where(np.arange(9) % 3 == 0, 1, -1)
    probes.append((rng.normal(size=3), Xr, yr, "`centred_line(w, X, y)` for a random w and X (3 features)"))
    rng2 = np.random.default_rng(2202)
    Xo = rng2.normal(size=(12, 2))
    yo = np.where(np.arange(12) % 2 == 0, 1, -1)
    probes.append((rng2.normal(size=2), Xo, yo,
                   "`centred_line(w, X, y)` for a random w and X (2 features, 12 points, classes that overlap)"))
    for k, (w, X, y, call) in enumerate(probes):
        seen = {}

        def run(w=w, X=X, y=y, seen=seen):
            seen["value"] = _to_scale_of(centred_line(w.tolist(), X.tolist(), y.tolist()), w)
            return seen["value"]

        expected = _centred_reference(w, X, y)

        def mistakes(k=k, w=w, X=X, y=y, seen=seen, expected=expected):
            # read after the call: a vector near the best one (a scan over b, a rounded number) is told
            # what it fails, as an observation on its own margin that says nothing of the direction
            if k == 0:
                yield from _centred_mistakes(w, X, y)
            got = seen.get("value")
            near = 1e-2 * max(1.0, abs(float(expected[0])))
            if got is not None and np.shape(got) == expected.shape and np.allclose(got, expected, rtol=0,
                                                                                   atol=near):
                s = np.asarray(X, dtype=float) @ w
                m = float(np.min(np.asarray(y) * (s + float(got[0])))) / float(np.linalg.norm(w))
                yield Mistake("centre-approximate", got,
                              f"your line's bias on this call is {float(got[0]):.12g} and its margin {m:.6g}; "
                              f"a bias within {near:g} of yours "
                              f"gives a larger one: the exercise asks for the largest, to within 1e-9 (times "
                              f"|b| when |b| > 1), which a scan over b or a rounded number does not reach")

        t.check(run, expected, call=call + ", scaled so that its w is the given one,", reveal=False,
                misconceptions=mistakes())


_TURK3 = np.array([2.0, -1.0, -4.0])   # the colleague's (w1, w2, -t), the 1 last (Turk's layout)


def _unit(w):
    w = np.asarray(w, dtype=float)
    return w / np.linalg.norm(w[1:])


def _line_from_turk(v):
    """The course's (b, w1, w2) for the colleague's numbers."""
    return conventions.join(v[2], v[:2])


def _mirror(v):
    """(b, w) of the classifier that scores x as v scores -x, read off its scores at 0 and at -e_j."""
    v = np.asarray(v, dtype=float)
    d = v.shape[0] - 1
    s = LinearClassifier(v).decision_function(np.vstack([np.zeros(d), -np.eye(d)]))
    return conventions.join(s[0], s[1:] - s[0])


@exercise("ch02-construct-line", number=3, title="a colleague's line, seen in a mirror", points=3,
          kind="construct",
          hint="First write the colleague's classifier as a score w1 x1 + w2 x2 + b in the course's terms "
               "(section 4). Then write the score that the new classifier must give a point x, in terms of "
               "the colleague's score, and expand it: which numbers change? Last, what a unit w asks of the "
               "length (section 3).")
def _construct_line(t, w_line):
    try:
        w = np.asarray(w_line, dtype=float)
    except (TypeError, ValueError):
        w = np.zeros(0)
    if not t.check_true(w.shape == (3,) and bool(np.all(np.isfinite(w))),
                        what=f"`w_line` holds three numbers (b, w1, w2); got "
                             f"{'shape ' + str(w.shape) if w.size else 'no numbers'}"):
        return
    # one verdict for the three requirements together (the mirrored boundary, the mirrored sides, a unit
    # w), with observations the learner can recompute from w_line alone (the origin's score, the length of
    # w), so that a failure does not say which requirement failed or which way to change
    key = _unit(_mirror(_line_from_turk(_TURK3)))
    length = float(np.linalg.norm(w[1:]))
    right = bool(np.allclose(w, key, rtol=0, atol=2e-3)) and abs(length - 1.0) <= 1e-3
    named = [Mistake("unit-w-tilde", None, "the whole vector (b, w1, w2) has length 1, not its w (section 3: "
                                           "the bias is not a direction)")
             ] if abs(float(np.linalg.norm(w)) - 1.0) <= 1e-3 and abs(length - 1.0) > 1e-3 else []
    named += [m for m in (
        Mistake("turk-read-first", _unit(_mirror(_TURK3)),
                "the colleague's numbers read with the 1 first: in which layout did the colleague write them "
                "(section 4)?"),
        Mistake("mirror-not-applied", _unit(_line_from_turk(_TURK3)),
                "the colleague's own classifier: where does the mirror send each point, and what score must "
                "the new classifier give it?"),
        Mistake("mirror-as-swap", -_unit(_line_from_turk(_TURK3)),
                "the colleague's line with its sides swapped (section 6): is that what the mirror does to the "
                "points of the plane?")) if np.allclose(w, m.value, atol=1e-3)]
    t.check_true(right, what=f"`w_line` gives the origin the score {w[0]:.4g} and its (w1, w2) has length "
                             f"{length:.4g}: compare these, and the line that `w_line` draws with its sides, "
                             f"with what the exercise asks (the mirrored line, each mirrored point labelled as "
                             f"the colleague labels the point it came from, a unit w)",
                 mistake=named[0] if named else None)


# --------------------------------------------------------------------------
# Exercise 4 (reproduce): two biases for a given w, each from section 3's formulas
# --------------------------------------------------------------------------
_W4, _P4, _DIST4, _FOOT4 = np.array([-6.0, 8.0]), np.array([3.0, -1.0]), 1.0, np.array([-1.2, 1.6])


def _distance_answers():
    """The two reference biases (tests/test_chapter_02.py re-derives both by hand)."""
    norm = np.linalg.norm(_W4)
    return float(_DIST4 * norm - _W4 @ _P4), float(-(_W4 @ _FOOT4))


@exercise("ch02-distance", number=4, title="choose the bias", points=2, kind="reproduce",
          hint="Write the signed distance of p with b as an unknown and solve. For the second: on which side of "
               "the line is the origin, how far from it, and what does that say about the origin's score?")
def _distance(t, b_for_p, b_for_foot):
    b_p, b_f = _distance_answers()
    # "three decimals": an absolute error of at most 5e-4 (check scales atol by max(1, |expected|))
    tol_p, tol_f = 5e-4 / max(1.0, abs(b_p)), 5e-4 / max(1.0, abs(b_f))
    norm = np.linalg.norm(_W4)
    offset = float(np.linalg.norm(_FOOT4))
    t.check(b_for_p, b_p, call="`b_for_p`", atol=tol_p, reveal=False,
            misconceptions=[Mistake("bias-no-norm", 1.0 - _W4 @ _P4, "for p: with your bias, p scores 1; what is "
                                                                      "its signed distance (section 3)?"),
                            Mistake("bias-wrong-side", -_DIST4 * norm - _W4 @ _P4,
                                    "for p: with your bias, which side of the line is p on (section 6)?"),
                            Mistake("bias-as-threshold", -(_DIST4 * norm - _W4 @ _P4),
                                    "for p: with your bias, work out p's score w · p + b, then its signed "
                                    "distance (section 3)"),
                            Mistake("bias-p-on-line", float(-(_W4 @ _P4)),
                                    "for p: with your bias, what is p's score, and what does that score say "
                                    "about its distance (section 3)?")])
    t.check(b_for_foot, b_f, call="`b_for_foot`", atol=tol_f, reveal=False,
            misconceptions=[Mistake("foot-bias-as-threshold", -b_f,
                                    "for the foot: with your bias, which point of your line is closest to "
                                    "the origin, and is it f (section 2)?"),
                            Mistake("foot-offset-as-bias", -offset,
                                    "for the foot: with your bias, does f score 0, as a point of the line "
                                    "must?"),
                            Mistake("foot-norm-squared", -offset * norm ** 2,
                                    "for the foot: with your bias, how far is the line from the origin "
                                    "(section 2's t / |w|)?")])


# --------------------------------------------------------------------------
# Exercise 5 (predict): swapping the labels, counted by the mistake test and by predict
# --------------------------------------------------------------------------
# The module holds a fingerprint of the pair of counts, not the counts: out of sight, not out of reach (a
# loop over plausible pairs finds them, as it would any small discrete answer a self-study check holds).
# tests/test_chapter_02.py derives the counts from forty points built to the prompt and checks them here.
_SWAP_KEY = "358e07f1a85f5644e888a757743f038d"   # fingerprint("ch02-swap", [mistakes, predicted right], 0.01)
# counts a learner who slips on a group or on the points with score 0 can reach, for either answer
_PLAUSIBLE = (set(range(3, 41)), set(range(3, 41)))


@exercise("ch02-swap", number=5, title="swapping the classes", points=2, kind="predict",
          hint="Go through the groups of points separately: what does swapping the labels do to y times the "
               "score, and what does predict return for each point (section 9)? Then count.")
def _swap(t, n_after_swap, n_right_after_swap):
    # One verdict for the pair, with one message for every wrong pair: a verdict per count, or a message
    # that said which count is wrong, would let a few guesses bisect the key (each count has only a handful
    # of plausible values).
    pair = [n_after_swap, n_right_after_swap]
    if not t.check_true(all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in pair),
                        what="`n_after_swap` and `n_right_after_swap` are whole numbers (counts of points); "
                             "one of them is not"):
        return
    message = ("after the swap, go group by group (31, 6, and the three points with score 0 one at a time): "
               "apply the course's test y · score ≤ 0 (section 9) for `n_after_swap`, and compare what "
               "`predict` returns with each point's new label for `n_right_after_swap`")
    # the slip is named for every pair of plausible counts alike, the key's own pair among them, so being
    # named says nothing about which count is right
    plausible = int(pair[0]) in _PLAUSIBLE[0] and int(pair[1]) in _PLAUSIBLE[1]
    t.check_true(public.fingerprint("ch02-swap", [int(v) for v in pair], 0.01) == _SWAP_KEY,
                 what="the pair (`n_after_swap`, `n_right_after_swap`) is not right (the check does not say "
                      "which of the two)",
                 mistake=Mistake("swap-count", None, message) if plausible else None)
