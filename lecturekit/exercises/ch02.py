"""Checks of chapter 2's exercises (homogeneous coordinates).

The module holds no answer: Exercise 1's verdicts, Exercise 3's vector, Exercise 5's counts and the
catalogued slips are kept as fingerprints (:func:`lecturekit.exercises.public.fingerprint`), and Exercises
2 and 4 are checked by the property their prompt states.  A fingerprint is out of sight, not out of
reach: a loop over the few plausible answers of a small discrete key finds it, as it would through
``check_exercise``.
"""

# For maintainers: the course's tests compute the keys from the definitions and check that the
# fingerprints are theirs.

import numpy as np

from .. import conventions
from . import Mistake, exercise, public

# --------------------------------------------------------------------------
# Exercise 1 (function): which weights have the same boundary with the 1 first and with the 1 last
# --------------------------------------------------------------------------

# The probes.  Vectors of 20 and 6 numbers are there so that no grid of points can be searched in reasonable
# time; the near-equal vectors have boundaries that differ by rounding only.  The alternating vectors
# separate the task from "moving the 1 leaves the numbers unchanged".
_LAYOUT_PROBES = [
    (1.0, 1.0, 1.0), (0.0, 0.0, 0.0), (-2.5, -2.5, -2.5), (0.1, 0.1, 0.1), (1e-150, 1e-150, 1e-150),
    (1.0, 2.0, 1.0), (0.0, 1.0, 1.0), (1.0, 0.0, 0.0), (0.0, 0.0, 1.0), (3.0, 3.0, -3.0),
    (1.0, 1.0, 1.0 + 1e-12), (0.3, 0.3, 0.30000000000000004), (2.0, 1.0, 2.0),
    (0.7, 0.7), (1.0, 2.0), (4.0, 4.0 + 1e-12),
    (0.2,) * 20, (0.0,) * 20, (-1.5,) * 6,
    (0.3,) * 19 + (0.30000000000000004,), (1.0,) * 10 + (1.0 + 1e-12,) + (1.0,) * 9,
    (5.0, 1.0, 2.0, 3.0, 1.0, 4.0), (1.0, -1.0) * 10,
    (2.0, -2.0), (-0.5, 0.5, -0.5, 0.5), (1.0, -1.0, 1.0), (0.3, -0.30000000000000004), (-1.5, 1.5) * 3,
    (1.0, -1.0, 1.0, -1.0, 1.0), (0.1, -0.1) * 9 + (0.1, -0.10000000000000002),
]
_SALT1, _ATOL1 = "ch02-both-layouts", 0.5
_KEY1 = "11c6d6796a333f09540ff80985819a13"    # fingerprint of the list of verdicts on the probes

# The misconceptions of Exercise 1, each by the fingerprint of the verdicts that the rule a learner who has
# it would write gives on the probes (the rules are in tests/ch02_reference.py).  One is named only when the
# learner's function gives exactly that rule's verdicts, so a message never speaks about a probe the
# learner's own rule does not already decide that way.
_LAYOUT_MISTAKES = [
    ("layout-zero", "f9d6c2081ee9303bc1bfde8b3e923217",
     "check the zero vector: with w~ = 0 every point scores 0 in both readings; which points make up each "
     "reading's boundary?"),
    ("layout-negative", "1d30f03f93b0e11c2b622ca6a232613b",
     "your function treats some vectors differently by the sign of their numbers: write out both "
     "readings' boundaries for a vector that starts with a negative number and compare them"),
    ("layout-palindrome", "bfbc6ac1582735b3986e9b89f8ad9942",
     "your function accepts vectors that read the same backwards: is reversing what moving the 1 from "
     "the front to the back does to the weights (section 4)?"),
    ("layout-close", "badb4687828b353fa9f02ce628a98468",
     "your function accepts vectors whose numbers are merely close: find a point on one reading's "
     "boundary and work out its score in the other reading"),
    ("layout-no-line", "d8d20314c2e7238452c6a9809dab095f",
     "your function accepts vectors whose normal is zero in one reading: which points score 0 in that "
     "reading, and which in the other?"),
]


@exercise("ch02-both-layouts", number=1, title="weights whose line survives the layout mix-up", points=2,
          kind="derive",
          hint="Write down the classifier (bias, normal) that the numbers are in each reading. When do two "
               "weight vectors have the same boundary (section 5)? Do not forget the vectors whose normal "
               "is zero in one reading or in both.")
def _both_layouts(t, same_in_both_layouts):
    # One verdict for all the probes, which says neither which probe failed nor in which direction the
    # function errs: either would let a learner bisect the verdicts probe by probe.
    got = []
    for w in _LAYOUT_PROBES:
        try:
            got.append(same_in_both_layouts(list(w)))
        except Exception:  # noqa: BLE001 - let the framework report the learner's error on this call
            t.check(lambda w=w: same_in_both_layouts(list(w)), True, call=f"`same_in_both_layouts({list(w)})`",
                    reveal=False)
            return
    if not t.check_true(all(type(v) in (bool, np.bool_) for v in got),
                        what="`same_in_both_layouts` returns True or False on every vector; it returned "
                             + ", ".join(sorted({type(v).__name__ for v in got
                                                 if type(v) not in (bool, np.bool_)})) + " as well"):
        return
    said = [bool(v) for v in got]
    mistake = next((Mistake(mid, None, message) for mid, key, message in _LAYOUT_MISTAKES
                    if public.fingerprint(f"{_SALT1}/{mid}", said, _ATOL1) == key), None)
    t.check_true(public.fingerprint(_SALT1, said, _ATOL1) == _KEY1,
                 what="on the check's vectors (2 to 20 numbers) `same_in_both_layouts` gives a wrong verdict "
                      "for at least one (the check does not say which, nor whether it is a True or a False): "
                      "build vectors of your own whose two boundaries you have worked out on paper, of "
                      "several lengths, the zero vector and vectors of nearly equal numbers among them, and "
                      "test your function on them",
                 mistake=mistake)


# --------------------------------------------------------------------------
# Exercise 2 (construct): the bias that centres a line of a given direction between the classes
# --------------------------------------------------------------------------

def _bias_position(w):
    """Where ``conventions.join`` puts the bias among the d + 1 numbers."""
    return int(np.flatnonzero(conventions.join(1.0, np.zeros_like(w)))[0])


def _to_scale_of(v, w):
    """v as (b, w) when v is a positive multiple of some (b, w); otherwise None."""
    v = np.asarray(v, dtype=float)
    if v.shape != (w.shape[0] + 1,) or not np.all(np.isfinite(v)):
        return None
    n = np.delete(v, _bias_position(w))
    k = float(n @ w) / float(w @ w)
    if k > 0 and np.allclose(n, k * w, rtol=0, atol=1e-9 * k * np.linalg.norm(w)):
        return v / k
    return None


def _margin(b, w, X, y):
    """The margin min_i y_i (w . x_i + b) / |w| of the line (b, w) on (X, y) (section 3)."""
    return float(np.min(y * (X @ w + b))) / float(np.linalg.norm(w))


def _improvable(b, w, X, y, step):
    """Whether moving b by ``step`` one way or the other gives a larger margin."""
    m = _margin(b, w, X, y)
    return _margin(b + step, w, X, y) > m or _margin(b - step, w, X, y) > m


_TOY_X = np.array([[0.0, 3.0], [3.0, 1.0], [-3.0, -2.0], [2.0, 0.0]])
_TOY_Y = np.array([1, 1, -1, -1])
_SALT2, _ATOL_SLIP = "ch02-centre", 1e-6
# the catalogued slips on the toy data with w = (1, 2), by the fingerprint of the (b, w) each gives
_CENTRED_MISTAKES = (
    ("centre-bias-last", "13c7cb9dcfcc00500f83a73a86cc16a2", "which layout does the course use for w~ (section 4)?"),
    ("centre-threshold", "3f134b870d7ecd75e745380b28793c3f",
     "recompute the scores of the examples under your weights: which side of your line is each on (section 2)?"),
    ("centre-means", "ccc31abd49954187a31422ea79bf2271",
     "the line halfway between the class means: the margin is a minimum over the examples (section 3), so "
     "which examples decide it?"),
    ("centre-farthest", "3953c20b901628725eff82c957ba1426",
     "the line halfway between the examples farthest from each other: which examples decide a minimum?"),
    ("centre-not-halfway", "a156346a3e5e02864376087fc87e6317",
     "the closest example of one class is nearer to your line than the closest of the other: sliding the line "
     "(section 2) can make the smaller of the two larger"),
)


@exercise("ch02-centre", number=2, title="centre the line between the classes", points=2, kind="construct",
          hint="Write the margin of the line w · x + b = 0 as a function of b (section 3): how does the signed "
               "distance of one positive example change when b grows, and of one negative example? Sketch the "
               "smallest of them against b on the toy data with w = (1, 2), then find its highest point.")
def _centre(t, centred_line):
    # The check holds no bias: it asks the property the prompt states, that no bias within 1e-9 (times |b|
    # when |b| > 1) of the learner's gives a larger margin.  The margin is concave in b (a minimum of lines
    # of slopes +-1/|w|), so that holds exactly for the biases within 1e-9 of the best one.
    probes = [
        (np.array([1.0, 2.0]), _TOY_X, _TOY_Y, "`centred_line([1, 2], X_toy, y_toy)`"),
        (np.array([1.0, -0.5]), _TOY_X, _TOY_Y,
         "`centred_line([1, -0.5], X_toy, y_toy)` (a direction along which the classes overlap)"),
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
        def run(w=w, X=X, y=y):
            return centred_line(w.tolist(), X.tolist(), y.tolist())

        try:
            got = run()
            scaled = _to_scale_of(got, w)
        except Exception:  # noqa: BLE001 - the learner's code may raise anything; t.check reports it
            t.check(run, np.zeros(len(w) + 1), call=call, reveal=False)
            return
        if scaled is None:
            # not (b, w) for the given w, up to a positive factor: the value as returned, with no claim
            # about its scale
            raw = np.asarray(got, dtype=float)
            named = [Mistake(mid, raw, message) for mid, key, message in _CENTRED_MISTAKES
                     if k == 0 and raw.size and np.all(np.isfinite(raw))
                     and key in public.fingerprints(f"{_SALT2}/{mid}", raw.tolist(), _ATOL_SLIP)]
            t.check(run, public.away(raw.tolist()) if raw.size else [0.0],
                    call=call + " (not a positive multiple of a vector (b, w) with the given w)", reveal=False,
                    misconceptions=named)
            return
        b = float(scaled[_bias_position(w)])
        tol = 1e-9 * max(1.0, abs(b))
        ok = not _improvable(b, w, X, y, 2 * tol)
        named = []
        if not ok and k == 0:
            named = [Mistake(mid, scaled, message) for mid, key, message in _CENTRED_MISTAKES
                     if key in public.fingerprints(f"{_SALT2}/{mid}", scaled.tolist(), _ATOL_SLIP)]
        if not ok and not named and not _improvable(b, w, X, y, 2e-2 * max(1.0, abs(b))):
            # within 1e-2 of the best bias (a scan over b, a rounded number): told what it fails, as an
            # observation on its own margin that says nothing of the direction
            named = [Mistake("centre-approximate", scaled,
                             f"your line's bias on this call is {b:.12g} and its margin "
                             f"{_margin(b, w, X, y):.6g}; a bias within 1e-9 of yours gives a larger one: the "
                             f"exercise asks for the largest, to within 1e-9 (times |b| when |b| > 1), which a "
                             f"scan over b or a rounded number does not reach")]
        if not t.check(lambda scaled=scaled: scaled, scaled if ok else public.away(scaled.tolist()),
                       call=call + ", scaled so that its w is the given one,", reveal=False, misconceptions=named):
            return


_SALT3, _ATOL3, _ATOL3_SLIP = "ch02-construct-line", 2e-3, 1e-3
_KEY3 = "d501e2dd208d717912faf8d4f139f3de"    # fingerprint of the key (b, w1, w2), three decimals
_LINE_MISTAKES = (
    ("turk-read-first", "13056881287ed4ffca0080673ef176d4",
     "the colleague's numbers read with the 1 first: in which layout did the colleague write them (section 4)?"),
    ("mirror-not-applied", "cb2c8c3da195f5ff5aeaebd7f659921e",
     "the colleague's own classifier: where does the mirror send each point, and what score must the new "
     "classifier give it?"),
    ("mirror-as-swap", "b2718ce83eebf242c72650f1c7520820",
     "the colleague's line with its sides swapped (section 6): is that what the mirror does to the points of "
     "the plane?"),
)


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
    length = float(np.linalg.norm(conventions.normal(w)))
    right = _KEY3 in public.fingerprints(_SALT3, w.tolist(), _ATOL3) and abs(length - 1.0) <= 1e-3
    named = [Mistake("unit-w-tilde", None, "the whole vector (b, w1, w2) has length 1, not its w (section 3: "
                                           "the bias is not a direction)")
             ] if abs(float(np.linalg.norm(w)) - 1.0) <= 1e-3 and abs(length - 1.0) > 1e-3 else []
    named += [Mistake(mid, None, message) for mid, key, message in _LINE_MISTAKES
              if key in public.fingerprints(f"{_SALT3}/{mid}", w.tolist(), _ATOL3_SLIP)]
    t.check_true(right, what=f"`w_line` gives the origin the score {float(conventions.bias(w)):.4g} and its "
                             f"(w1, w2) has length {length:.4g}: compare these, and the line that `w_line` draws with its sides, "
                             f"with what the exercise asks (the mirrored line, each mirrored point labelled as "
                             f"the colleague labels the point it came from, a unit w)",
                 mistake=named[0] if named else None)


# --------------------------------------------------------------------------
# Exercise 4 (reproduce): two biases for a given w, each from section 3's formulas
# --------------------------------------------------------------------------
_W4, _P4, _FOOT4 = np.array([-6.0, 8.0]), np.array([3.0, -1.0]), np.array([-1.2, 1.6])
_SALT4 = "ch02-distance"
# the catalogued slips, by the fingerprint of the bias each gives
_P_MISTAKES = (
    ("bias-no-norm", "a6199e558c988af6d7d8289711ebe6dd", "for p: with your bias, p scores 1; what is its signed distance (section 3)?"),
    ("bias-wrong-side", "a0d6aa5aaa72611236ea83b20677e4a8", "for p: with your bias, which side of the line is p on (section 6)?"),
    ("bias-as-threshold", "ae8e68812f0093b8369514d4ac577b31",
     "for p: with your bias, work out p's score w · p + b, then its signed distance (section 3)"),
    ("bias-p-on-line", "cb6d51858e01e4d3fddbd481f3d98bfc",
     "for p: with your bias, what is p's score, and what does that score say about its distance (section 3)?"),
)
_FOOT_MISTAKES = (
    ("foot-bias-as-threshold", "30cf2d4b7d2f171aa2747d82d80c0c19",
     "for the foot: with your bias, which point of your line is closest to the origin, and is it f (section 2)?"),
    ("foot-offset-as-bias", "566a1939e7c83d50de51999aed8d0bc9",
     "for the foot: with your bias, does f score 0, as a point of the line must?"),
    ("foot-norm-squared", "023746f4f53113290b87c61808e6337a",
     "for the foot: with your bias, how far is the line from the origin (section 2's t / |w|)?"),
)


def _bias_check(t, value, ok, call, mistakes):
    """One verdict on a bias checked by its property; the catalogued slips named by fingerprint."""
    if isinstance(value, (str, bytes, bool, np.bool_)):
        # float("36") and float(True) would succeed: a text or a truth value is refused, as Exercise 5 does
        t.check_true(False, what=f"{call} is {value!r} ({type(value).__name__}): a bias is a number, such as 2.5")
        return
    try:
        number = float(value)
        named = [Mistake(mid, number, message) for mid, key, message in mistakes
                 if key in public.fingerprints(f"{_SALT4}/{mid}", number, _ATOL_SLIP)]
        passed = bool(ok(number))
    except (TypeError, ValueError):
        t.check(value, 0.0, call=call, reveal=False)    # not a number: the framework says what arrived
        return
    t.check(number, number if passed else public.away(number), call=call, reveal=False, misconceptions=named)


@exercise("ch02-distance", number=4, title="choose the bias", points=2, kind="reproduce",
          hint="Write the signed distance of p with b as an unknown and solve. For the second: on which side of "
               "the line is the origin, how far from it, and what does that say about the origin's score?")
def _distance(t, b_for_p, b_for_foot):
    # Each bias is checked by the property the prompt asks for, to three decimals (an error of at most 5e-4
    # in b): p's signed distance (w . p + b) / |w| is +1, and f, which lies on the normal through the origin,
    # lies on the line, w . f + b = 0.
    norm = float(np.linalg.norm(_W4))
    _bias_check(t, b_for_p, lambda b: abs((float(_W4 @ _P4) + b) / norm - 1.0) <= 5e-4 / norm, "`b_for_p`",
                _P_MISTAKES)
    _bias_check(t, b_for_foot, lambda b: abs(float(_W4 @ _FOOT4) + b) <= 5e-4, "`b_for_foot`", _FOOT_MISTAKES)


# --------------------------------------------------------------------------
# Exercise 5 (predict): swapping the labels, counted by the mistake test and by predict
# --------------------------------------------------------------------------
# tests/test_chapter_02.py derives the counts from forty points built to the prompt and checks them here.
_SWAP_KEY = "358e07f1a85f5644e888a757743f038d"   # fingerprint("ch02-swap", [mistakes, predicted right], 0.01)
# The misconception about the points with score 0 is named for a region of plausible pairs, kept as
# fingerprints (salt "ch02-swap-zero"); tests/ch02_reference.py says which pairs and why.  The other is named
# for a count near the other group's size.  Every other wrong pair gets only the requirement restated.
_ZERO_REGION_KEYS = frozenset({
    "01fdd6489fe4a82928ed465c81a187a2",
    "10885ac8212a1ccc2a396e9b0d5abdeb",
    "1bd19626addfac23c599476ec87426d6",
    "2acaf12f854995ed78223dc973ab1608",
    "3133daa79f97c66ecc17299be43ee506",
    "339363ac5a44fd11664f8f58739ce8d7",
    "7fac5db77e93ba501d39abb6853ad4fe",
    "90803b3736e71fc8167eac25537151e2",
    "93d4a653d4b9080d098cefaba1b30455",
    "a7a85fcb6ef289d9512b0e9af8c4b800",
    "b2ee9a4bfd37824e85d976dd4d548d08",
    "bb1b776eec953b9d9d67c7df8d63034a",
    "c21f950a8482261d1ef0693f9861126a",
    "c657548b34d645100620aa80237ffbf9",
    "cb01d37fed797d6632ad62d68b9a778c",
    "f2c214d5c75258b58a01f891a07a9ab3",
})


def _as_count(v):
    """v as an int when it is a whole number (an int, or a float such as 8.0); otherwise None."""
    if isinstance(v, (bool, np.bool_)):
        return None
    if isinstance(v, (int, np.integer)):
        return int(v)
    if isinstance(v, (float, np.floating)) and float(v).is_integer():
        return int(v)
    return None


@exercise("ch02-swap", number=5, title="swapping the classes", points=2, kind="predict",
          hint="Go through the groups of points separately: what does swapping the labels do to y times the "
               "score, and what does predict return for each point (section 9)? Then count.")
def _swap(t, n_after_swap, n_right_after_swap):
    # One verdict for the pair: a verdict per count, or a message that said which count is wrong, would let a
    # few guesses bisect the key (each count has only a handful of plausible values).
    counts = [_as_count(n_after_swap), _as_count(n_right_after_swap)]
    for name, value, count in (("n_after_swap", n_after_swap, counts[0]),
                               ("n_right_after_swap", n_right_after_swap, counts[1])):
        if not t.check_true(count is not None,
                            what=f"`{name}` is {value!r} ({type(value).__name__}): a count of points is a whole "
                                 f"number, such as 7 or 7.0"):
            return
    a, b = counts
    if public.fingerprint("ch02-swap-zero", [a, b], 0.01) in _ZERO_REGION_KEYS:
        mistake = Mistake("swap-score-zero", None,
                          "the three points with score 0 (two labelled +1, one -1): after the swap, take them one "
                          "at a time through the course's test y · score ≤ 0 and through what `predict` returns "
                          "at a score of 0 (section 9), for both counts")
    elif 0 <= a <= 40 and 0 <= b <= 40 and (a <= 10 or b >= 28):
        mistake = Mistake("swap-groups", None,
                          "the 31 points that were right and the 6 that were strictly wrong: after the swap, what "
                          "is the sign of y · score for each group, and what does `predict` return compared with "
                          "the new label? Count each group for both counts")
    else:
        mistake = None
    t.check_true(public.fingerprint("ch02-swap", [a, b], 0.01) == _SWAP_KEY,
                 what="the pair (`n_after_swap`, `n_right_after_swap`) is not right (the check does not say "
                      "which of the two): go group by group (31, 6, and the three points with score 0 one at a "
                      "time), apply the course's test y · score ≤ 0 (section 9) for `n_after_swap`, and compare "
                      "what `predict` returns with each point's new label for `n_right_after_swap`",
                 mistake=mistake)
