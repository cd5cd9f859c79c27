"""Checks of chapter 2's exercises (homogeneous coordinates)."""

import numpy as np

from .. import conventions
from . import Mistake, exercise


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
    ((1e-300, 1e-300, 1e-300), True), ((1.0, 2.0, 1.0), False), ((0.0, 1.0, 1.0), False),
    ((1.0, 0.0, 0.0), False), ((0.0, 0.0, 1.0), False), ((3.0, 3.0, -3.0), False),
    ((1.0, 1.0, 1.0 + 1e-12), False), ((0.3, 0.3, 0.30000000000000004), False), ((2.0, 1.0, 2.0), False),
    ((0.7, 0.7), True), ((1.0, 2.0), False), ((4.0, 4.0 + 1e-12), False),
    ((0.2,) * 20, True), ((0.0,) * 20, True), ((-1.5,) * 6, True),
    ((0.3,) * 19 + (0.30000000000000004,), False), ((1.0,) * 10 + (1.0 + 1e-12,) + (1.0,) * 9, False),
    ((5.0, 1.0, 2.0, 3.0, 1.0, 4.0), False), ((1.0, -1.0) * 10, False),
]


@exercise("ch02-both-layouts", number=1, title="weights that survive the layout mix-up", points=2,
          kind="derive",
          hint="Write down the classifier (bias, normal) that the numbers are in each reading. When do two "
               "weight vectors label every point alike (section 5)? Do not forget the vectors whose normal "
               "is zero in one reading or in both.")
def _both_layouts(t, same_in_both_layouts):
    for w, agree in _LAYOUT_PROBES:
        mistakes = []
        if agree and not any(w):
            mistakes.append(Mistake("layout-zero", False, "with w~ = 0 every point scores 0 in both readings: "
                                                          "which label does each reading give it (section 9)?"))
        elif agree and w[0] < 0:
            mistakes.append(Mistake("layout-negative", False, "a negative common value: write out both "
                                                              "readings' scores for it and compare them"))
        elif not agree and tuple(w) == tuple(w)[::-1] and len(set(w)) > 1:
            mistakes.append(Mistake("layout-palindrome", True, "a vector that reads the same backwards: is "
                                                               "reversing what moving the 1 from the front to "
                                                               "the back does to the weights (section 4)?"))
        elif not agree and len(set(w)) > 1 and max(w) - min(w) < 1e-9 * max(1.0, abs(w[0])):
            mistakes.append(Mistake("layout-close", True, "judged alike, but the two readings label some points "
                                                          "differently: find a point on one reading's "
                                                          "boundary and work out both labels there"))
        elif not agree and (not any(w[1:]) or not any(w[:-1])):
            mistakes.append(Mistake("layout-no-line", True, "in one reading this vector's normal is zero, so "
                                                            "that reading labels every point alike; does the "
                                                            "other?"))
        t.check(lambda w=w: same_in_both_layouts(list(w)), agree, call=f"`same_in_both_layouts({list(w)})`",
                reveal=False, misconceptions=mistakes)


# --------------------------------------------------------------------------
# Exercise 2 (construct): the bias that centres a line of a given direction between the classes
# --------------------------------------------------------------------------

def _centred_reference(w, X, y):
    """(b, w) with the bias of largest margin for the direction w.

    The margin of bias b is min(min_+ s + b, min_- (-s - b)) / |w| over the scores s = w . x:
    the first term grows with b and the second shrinks, so the minimum is largest where they are
    equal (tests/test_chapter_02.py checks this against a scan over b)."""
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
    for k, (w, X, y, call) in enumerate(probes):
        seen = {}

        def run(w=w, X=X, y=y, seen=seen):
            seen["value"] = _to_scale_of(centred_line(w.tolist(), X.tolist(), y.tolist()), w)
            return seen["value"]

        expected = _centred_reference(w, X, y)

        def mistakes(k=k, w=w, X=X, y=y, seen=seen, expected=expected):
            # read after the call: a vector within 1e-4 of the best one (printed to 4 decimals it looks
            # right) is named as an approximation, not shown as if it were the answer
            if k == 0:
                yield from _centred_mistakes(w, X, y)
            got = seen.get("value")
            if got is not None and np.shape(got) == expected.shape and np.allclose(got, expected, rtol=0,
                                                                                   atol=1e-4):
                yield Mistake("centre-approximate", got,
                              "close to the bias of largest margin but not equal to it (the check compares "
                              "to 1e-9): a scan over b or a rounded number only comes near it; a formula "
                              "reaches it")

        t.check(run, expected, call=call + ", scaled so that its w is the given one,", reveal=False,
                misconceptions=mistakes())


_TURK3 = np.array([2.0, -1.0, -4.0])   # the colleague's (w1, w2, -t), the 1 last (Turk's layout)


def _unit(w):
    w = np.asarray(w, dtype=float)
    return w / np.linalg.norm(w[1:])


def _line_from_turk(v):
    """The course's (b, w1, w2) for Turk's (w1, w2, -t): the same classifier, the 1 moved to the front."""
    return conventions.join(v[2], v[:2])


@exercise("ch02-construct-line", number=3, title="a colleague's line in the course's terms", points=3,
          kind="construct",
          hint="First write the colleague's classifier as a score w1 x1 + w2 x2 + b in the course's terms "
               "(section 4). Then decide on which side the origin must end up and what that asks of the "
               "signs (section 6), and last what a unit w asks of the length (section 3).")
def _construct_line(t, w_line):
    try:
        w = np.asarray(w_line, dtype=float)
    except (TypeError, ValueError):
        w = np.zeros(0)
    if not t.check_true(w.shape == (3,) and bool(np.all(np.isfinite(w))),
                        what=f"`w_line` holds three numbers (b, w1, w2); got "
                             f"{'shape ' + str(w.shape) if w.size else 'no numbers'}"):
        return
    # one verdict for the three requirements together, with observations the learner can recompute from
    # w_line alone (the origin's score, the length of w; not points of the colleague's line, which would
    # hand over the line), so that a failure does not say which requirement failed or which way to change
    length = float(np.linalg.norm(w[1:]))
    on_line = [float(w[0] + w[1:] @ p) for p in ([2.0, 0.0], [0.0, -4.0])]   # the colleague's line holds both
    right = bool(w[0] > 0) and abs(length - 1.0) <= 1e-3 and all(abs(s) <= 2e-3 for s in on_line)
    named = [Mistake("unit-w-tilde", None, "the whole vector (b, w1, w2) has length 1, not its w (section 3: "
                                           "the bias is not a direction)")
             ] if abs(float(np.linalg.norm(w)) - 1.0) <= 1e-3 and abs(length - 1.0) > 1e-3 else []
    named += [m for m in (
        Mistake("turk-read-first", _unit(_TURK3),
                "the colleague's numbers read with the 1 first: in which layout did the colleague write them "
                "(section 4)?"),
        Mistake("turk-threshold-sign", _unit(conventions.join(-_TURK3[2], _TURK3[:2])),
                "the colleague's last number is -t, the negated threshold: compare Turk's layout with the "
                "course's b = -t (section 2)")) if np.allclose(w, m.value, atol=1e-3)]
    t.check_true(right, what=f"`w_line` gives the origin the score {w[0]:.4g} and its (w1, w2) has length "
                             f"{length:.4g}: compare these, and the line that `w_line` draws, with what the "
                             f"exercise asks (the colleague's boundary, the origin positive, a unit w)",
                 mistake=named[0] if named else None)


# --------------------------------------------------------------------------
# Exercise 4 (predict): two biases for a given w, each from where the line must be
# --------------------------------------------------------------------------
_W4, _P4, _DIST4, _FOOT4 = np.array([-6.0, 8.0]), np.array([3.0, -1.0]), 1.0, np.array([-1.2, 1.6])


def _distance_answers():
    """Solve (w . p + b) / |w| = 1 for b; and, for the line whose point closest to the origin is f,
    the bias that makes f score 0 (f lies along w, so it is that closest point)."""
    norm = np.linalg.norm(_W4)
    return float(_DIST4 * norm - _W4 @ _P4), float(-(_W4 @ _FOOT4))


@exercise("ch02-distance", number=4, title="choose the bias", points=2, kind="predict",
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
# Exercise 5 (predict): swapping the labels, then negating w as well
# --------------------------------------------------------------------------
# 33 right, 5 strictly wrong, 2 with score 0; the expected counts follow from the course's
# mistake test (conventions.is_mistake) applied to y * score in each group, after each change.
_GROUPS = {"right": (33, 1.0), "wrong": (5, -1.0), "on the boundary": (2, 0.0)}   # (size, y * score sign)


def _mistakes_after(flip_y: bool, flip_w: bool) -> int:
    sign = (-1.0 if flip_y else 1.0) * (-1.0 if flip_w else 1.0)
    return sum(n for n, m in _GROUPS.values() if conventions.is_mistake(sign * m))


def _strict_mistakes_after_swap() -> int:
    """The strict test y * score < 0 (a product of 0 is no mistake) after the labels are swapped."""
    return sum(n for n, m in _GROUPS.values() if -m < 0)


@exercise("ch02-swap", number=5, title="swapping the classes", points=2, kind="predict",
          hint="Go through the three groups of points separately and ask what each change does to y times the "
               "score, then apply the course's mistake test to each group.")
def _swap(t, n_after_swap, n_after_swap_strict):
    t.check(n_after_swap, _mistakes_after(True, False), call="`n_after_swap`", reveal=False,
            misconceptions=[Mistake("swap-one-group-wrong", 33,
                                    "after the swap, one group of points is counted wrongly: redo the "
                                    "course's test y · score ≤ 0 for each of the three groups"),
                            Mistake("swap-too-many", 40,
                                    "after the swap: redo the course's test y · score ≤ 0 for each of the "
                                    "three groups"),
                            Mistake("swap-nothing-changes", 7, "the count before the swap: negating y changes the "
                                                               "sign of every product y · score"),
                            Mistake("swap-only-strict", 5, "only the strictly wrong points counted, and before "
                                                           "the swap")])
    t.check(n_after_swap_strict, _strict_mistakes_after_swap(), call="`n_after_swap_strict`", reveal=False,
            misconceptions=[])
