"""Checks of chapter 1's exercises (dot products).

Each check tests properties the prompt states (a normal is perpendicular to
the given directions; a mirror image lies on the perpendicular through the
point, as far beyond the line as the point is before it; a vector is
perpendicular to a and of the given length).  What a property cannot decide
is held only as fingerprints (:func:`lecturekit.exercises.public.fingerprint`,
hashes of rounded values), computed in tests/ch01_reference.py: Exercise 3's
four numbers, which of the two perpendicular vectors Exercise 4 asks for on
each of its probes, and Exercise 5's angles; the notebook's hidden tests
build other rows.  The module also holds the probes themselves and the
catalogued mistakes: reading it tells a learner which inputs are tried, not
what the answers are.  A wrong answer is told which requirement it fails, as
what it does on a probe the learner can recompute or as the requirement
restated, in the same words for every answer that fails it; no message names
an expected value or says which way to change the answer.
"""

import math

import numpy as np

from . import Mistake, exercise, public

# --------------------------------------------------------------------------
# Exercise 1 (construct): the unit normal of a hyperplane of R^4 spanned by three directions
# --------------------------------------------------------------------------

_SPAN = np.array([[1.0, 2.0, 3.0, 1.0], [0.0, 1.0, -1.0, 0.0], [1.0, 0.0, 0.0, -1.0]])   # a, c, e
_POSITIVE_POINT = np.array([1.0, 0.0, 0.0, 0.0])


_TOL = 1e-3   # what a decimal typed to three places can be off by
_FAR = 0.05   # beyond this a failed condition is a mistake, not rounding
_ROUNDED = 1e-2   # a condition failed by no more than this: a direction rounded to two decimal places
_NORMAL_REQUIREMENTS = ("your w fails at least one of the exercise's requirements, and the check does not say which: "
                        "work out by hand w · a, w · c and w · e, the score w · x of the point (1, 0, 0, 0), and "
                        "|w|, and compare each with what the exercise asks for")


@exercise("ch01-normal", number=1, title="the unit normal of a hyperplane", points=2, kind="construct",
          hint="A normal is perpendicular to every direction in the hyperplane, so w · a = 0, w · c = 0 and "
               "w · e = 0: three equations for four unknowns, which here fix w up to a common factor. Then "
               "choose the factor: its sign from the score of (1, 0, 0, 0), its size from section 2.")
def _normal(t, w_normal):
    w = np.asarray(w_normal, dtype=float)
    if not t.check_true(w.shape == (4,), what=f"`w_normal` holds four numbers (w1, w2, w3, w4); got shape {w.shape}"):
        return
    if not t.check_true(bool(np.all(np.isfinite(w))), what="`w_normal` holds finite numbers (no nan or inf): "
                                                           "a division by zero on the way?"):
        return
    if not t.check_true(bool(w.any()), what="`w_normal` is a non-zero vector",
                        mistake=Mistake("zero-normal", None, "the zero vector is perpendicular to everything, but "
                                                             "every point scores 0 under it: it has no boundary "
                                                             "and no sides")):
        return
    # decimals typed to three places are accepted: each condition holds to within _TOL (relative to the
    # lengths involved); a misconception is named only when a condition fails by far more than rounding
    cosines = np.abs(_SPAN @ w) / (np.linalg.norm(w) * np.linalg.norm(_SPAN, axis=1))
    # 0 when w lies in the hyperplane of a, c and e (the four vectors span no volume)
    off_plane = abs(np.linalg.det(np.vstack([_SPAN, w]))) / (np.linalg.norm(w) * np.prod(np.linalg.norm(_SPAN, axis=1)))
    perp = cosines <= _TOL
    right = bool(perp.all() and float(w @ _POSITIVE_POINT) > 0 and abs(np.linalg.norm(w) - 1.0) <= _TOL)
    # One verdict for the requirements.  A misconception about perpendicularity is named (the learner can test
    # it by hand, and it does not narrow the answer down); every other wrong w -- a normal on the wrong side or
    # of the wrong length as much as any other vector -- gets the same words, so that the feedback does not tell
    # a learner who holds some normal whether to negate it or to rescale it.  Those words name no
    # misconception, so they are the failure itself, not a Mistake.
    mistake = None
    if perp.all():
        pass   # a normal, on the wrong side or of the wrong length: the shared words
    elif off_plane <= _FAR:   # within 3° of the hyperplane (tests/test_chapter_01.py measures it)
        mistake = Mistake("direction-not-normal", None, "a direction that lies in the hyperplane, or within 3° of "
                                                        "it, not a normal to it: the normal is at a right angle to "
                                                        "every direction")
    elif perp.any() and bool(np.all(perp | (cosines > _FAR))):
        mistake = Mistake("normal-to-some-only", None, "perpendicular to some of the three directions but not to "
                                                       "all: each direction gives one equation, and w must "
                                                       "satisfy all three")
    elif (cosines.max() <= _ROUNDED and float(w @ _POSITIVE_POINT) > 0
          and abs(np.linalg.norm(w) - 1.0) <= _ROUNDED):
        mistake = Mistake("normal-rounded", None, "your w gives (1, 0, 0, 0) a positive score, and its length and "
                                                  "its cosines with the three directions miss 1 and 0 by at most "
                                                  "10⁻², about what rounding the coordinates to two decimal places "
                                                  "costs: keep three or more decimal places, or type an exact "
                                                  "expression such as a square root")
    what = ("`w_normal` is perpendicular to the three directions, gives (1, 0, 0, 0) a positive score and has "
            "length 1 (each to within 10⁻³)")
    t.check_true(right, what=what if mistake is not None else f"{what}: {_NORMAL_REQUIREMENTS}", mistake=mistake)


# --------------------------------------------------------------------------
# Exercise 2 (debug): the mirror image of a point in a line w . x = c
# --------------------------------------------------------------------------

def _is_mirror_image(x, w, c, image):
    """Does ``image`` satisfy the two properties of a mirror image of x in the line w . x = c (to rounding):
    the step image - x is parallel to w (it crosses the line at a right angle), and w . image - c is
    -(w . x - c) (as far beyond the line as x is before it)?"""
    step = image - x
    scale = float(np.linalg.norm(w)) * (float(np.linalg.norm(x)) + float(np.linalg.norm(image)) + abs(c) + 1.0)
    across = float(step[0] * w[1] - step[1] * w[0])
    return abs(across) <= 1e-9 * scale and abs(float(w @ image - c) + float(w @ x - c)) <= 1e-9 * scale


def _image(reflect, x, w, c):
    return np.asarray(reflect(list(map(float, x)), list(map(float, w)), float(c)), dtype=float)


# The check states requirements of a mirror image and reports, for the first one an answer fails, what the
# answer does on a probe the learner can recompute by hand.  Every answer that fails a requirement gets the
# same words: the message says what is wrong with the image, never which factor of the code to change.
_ON_LINE = ([5.0, 1.0], [0.0, 2.0], 2.0)        # (5, 1) lies on the line 2 x2 = 2
_UNIT = ([3.0, 2.0], [0.0, 1.0], 1.0)           # (3, 2) is 1 above the line x2 = 1
_SAME_LINE = (([3.0, 2.0], [0.0, 1.0], 1.0), ([3.0, 2.0], [0.0, 3.0], 3.0))   # x2 = 1 written twice


def _typed(v):
    """A vector as its decimals were typed (shortest repr), so that the learner can redo the probe exactly."""
    return "(" + ", ".join(repr(float(c)).removesuffix(".0") for c in v) + ")"


def _fmt(v):
    return "(" + ", ".join(f"{float(c):.4g}" for c in np.asarray(v).ravel()) + ")"


@exercise("ch01-reflect", number=2, title="find the bugs in a mirror", points=3, kind="debug",
          hint="Take the line x2 = 1, once as w = (0, 1), c = 1 and once as w = (0, 3), c = 3: it is the same "
               "line, so the mirror image of (3, 2) must be the same. Where must (3, 2) go? Work it out by hand, "
               "then say in words what each factor of the given step measures (sections 4 and 6) and test that "
               "on both ways of writing the line.")
def _reflect(t, reflect):
    def run(x, w, c):
        try:
            got = _image(reflect, x, w, c)
        except Exception as exc:  # noqa: BLE001 - the learner's code may raise anything
            return None, f"raised {type(exc).__name__}: {exc}"
        if got.shape != (2,) or not np.all(np.isfinite(got)):
            return None, f"returned {got!r}, not two finite numbers"
        return got, None

    # the requirements in turn; only the first one an answer fails is explained (one thing at a time), the
    # later ones still count against it
    x, w, c = _ON_LINE
    got, error = run(x, w, c)
    if error:
        t.check_true(False, what=f"`reflect({x}, {w}, {c})` {error}")
        return
    explained = not t.check_true(
        bool(np.allclose(got, x, atol=1e-9)),
        what=f"`reflect({x}, {w}, {c})` leaves the point (5, 1) of the line where it is",
        mistake=Mistake("reflect-moves-the-line", None,
                        f"(5, 1) lies on the line 2 x2 = 2 (w = (0, 2), c = 2), and your reflect sends it to "
                        f"{_fmt(got)}; a mirror leaves every point of its line where it is"))
    x, w, c = _UNIT
    got, error = run(x, w, c)
    if error:
        t.check_true(False, what=f"`reflect({x}, {w}, {c})` {error}")
        return
    before, after = float(np.dot(w, x) - c), float(np.dot(w, got) - c)
    mirrored = abs(got[0] - x[0]) <= 1e-9 and abs(after + before) <= 1e-9
    t.check_true(bool(mirrored),
                 what=f"`reflect({x}, {w}, {c})` is as far beyond the line x2 = 1 as (3, 2) is before it, "
                      f"on the same perpendicular",
                 mistake=None if explained else Mistake(
                     "reflect-not-mirrored", None,
                     f"for (3, 2) and the line x2 = 1 (w = (0, 1), c = 1) your image is {_fmt(got)}: w · x − c is "
                     f"{before:g} for the point and {after:.4g} for your image. A mirror image lies on the "
                     f"perpendicular through the point, on the other side of the line, at the same distance"))
    explained = explained or not mirrored
    images = [run(*probe)[0] for probe in _SAME_LINE]
    if any(i is None for i in images):
        t.check_true(False, what="`reflect` returns two finite numbers for the line x2 = 1 written as "
                                 "w = (0, 3), c = 3")
        return
    t.check_true(bool(np.allclose(images[0], images[1], atol=1e-9)),
                 what="`reflect` gives (3, 2) one image for the line x2 = 1, written as w = (0, 1), c = 1 "
                      "or as w = (0, 3), c = 3",
                 mistake=None if explained else Mistake(
                     "reflect-depends-on-w-length", None,
                     f"w = (0, 1), c = 1 and w = (0, 3), c = 3 describe the same line x2 = 1, yet your reflect "
                     f"sends (3, 2) to {_fmt(images[0])} under the first and to {_fmt(images[1])} under the "
                     f"second"))
    rng = np.random.default_rng(12)
    for k in range(2):
        x, w = rng.normal(size=(2, 2))
        c = float(rng.normal())
        got, error = run(x, w, c)
        t.check_true(error is None and _is_mirror_image(x, w, c, got),
                     what=f"`reflect(x, w, c)` for a random x, w and c (probe {k + 1}) is the mirror image: on the "
                          f"perpendicular through x, as far beyond the line as x is before it"
                          + (f": it {error}" if error else ""))


# --------------------------------------------------------------------------
# Exercise 3 (predict): an angle and two projections from |a|, |b| and a . b
# --------------------------------------------------------------------------

_THREE_NAMES = ("angle_ab", "proj_a_on_b", "proj_b_on_a", "dist_ab")
_MICRO = 10 ** 6   # the numbers are hashed as whole multiples of 10⁻⁶ (below 1 once divided by 10⁹)
# each number, rounded to a multiple of 10⁻⁶, held only as the first 16 hex digits of its fingerprint (salt
# "ch01-three-numbers/<name>"); tests/ch01_reference.py computes the numbers and tests/test_chapter_01.py the keys
_THREE_KEYS = {"angle_ab": "50f39bf52a8462f1", "proj_a_on_b": "8af7b5ab119fca1c", "proj_b_on_a": "6597604516ec6376",
               "dist_ab": "1b47e598915f0040"}


def _micro_key(name, k):
    """The fingerprint (16 hex digits) of the multiple k of 10⁻⁶ as the answer ``name``."""
    return public.fingerprint(f"ch01-three-numbers/{name}", k / (1000 * _MICRO), 1 / (1000 * _MICRO))[:16]


def _number_right(name, value):
    """Is ``value`` within 0.001 of the number the fingerprint ``_THREE_KEYS[name]`` holds (rounded to 10⁻⁶)?
    Every multiple of 10⁻⁶ within 0.001 of ``value`` is hashed and compared with the key."""
    if not math.isfinite(value) or abs(value) > 1e6:
        return False
    lo = math.ceil(value * _MICRO - 1000 - 1e-6)
    hi = math.floor(value * _MICRO + 1000 + 1e-6)
    return any(_micro_key(name, k) == _THREE_KEYS[name] for k in range(lo, hi + 1))


def _four_right(angle, proj_a_on_b, proj_b_on_a, dist):
    """Are the four numbers each within 0.001 (up to 5 × 10⁻⁷) of the ones whose fingerprints are stored?"""
    # all four are tested, whichever fails, so that not even the time taken depends on which one it is
    return all([_number_right(name, float(v)) for name, v in
                zip(_THREE_NAMES, (angle, proj_a_on_b, proj_b_on_a, dist))])


# One verdict for the four numbers: a verdict per number, or a message that depended on which number is wrong
# or on how it is wrong, would let a learner try the few candidates for one number (two angles whose cosines
# differ in sign, two projection lengths) and keep the one the check accepts.  Every wrong set of four gets the same words.
_FOUR_WRONG = ("the check does not say which of them is not. Test each against "
               "what the chapter says of it: an angle between 0° and 180° whose cosine is a · b / (|a| |b|), sign "
               "included (section 3); a projection length changes with the length of the vector projected and "
               "not with the length of the vector projected onto (section 4); a distance, by section 2's expansion "
               "of |a − b|², doubles when both vectors double. If you rounded, keep more decimal places or type "
               "an exact expression")


def _number(x):
    if isinstance(x, (str, bytes)):   # "0.75" is text, not the number 0.75
        return None
    try:
        return float(x)
    except (TypeError, ValueError):
        return None


@exercise("ch01-three-numbers", number=3, title="an angle and two projections from three numbers", points=2,
          kind="predict",
          hint="Every quantity here is a dot product divided by lengths, or (section 2) a squared length "
               "expanded into |a|², a · b and |b|². Keep the sign of a · b all the way through.")
def _three(t, angle_ab, proj_a_on_b, proj_b_on_a, dist_ab):
    got = [_number(v) for v in (angle_ab, proj_a_on_b, proj_b_on_a, dist_ab)]
    if not t.check_true(None not in got, what="`angle_ab`, `proj_a_on_b`, `proj_b_on_a` and `dist_ab` are numbers "
                                              "(not strings: type 0.75, not \"0.75\")"):
        return
    t.check_true(_four_right(*got), what=f"`angle_ab`, `proj_a_on_b`, `proj_b_on_a` and `dist_ab` are each right to "
                                         f"within 0.001 ({_FOUR_WRONG})")


# --------------------------------------------------------------------------
# Exercise 4 (construct): a perpendicular vector of a given length
# --------------------------------------------------------------------------

# Each probe is (a, length, toward): toward on either side of the line through a, or on it as typed, at ordinary,
# tiny and huge lengths (tests/ch01_reference.py and tests/test_chapter_01.py say which and why).
_PERP_PROBES = [((3.0, 4.0), 10.0, (1.0, 0.0)), ((3.0, 4.0), 10.0, (0.0, 1.0)), ((-2.0, 0.5), 3.0, (-1.0, -1.0)),
                ((3.0, 4.0), 5.0, (6.0, 8.0)), ((3.0, 4.0), 5.0, (0.0, 0.0)), ((0.1, 0.7), 2.0, (-0.7, -4.9)),
                ((0.5, -1.5), 0.25, (1.0, 2.0)),
                ((1e-8, 2e-8), 1.0, (2e-8, -1e-8)), ((1e-8, 7e-8), 1.0, (1.2e-8, 6.9e-8)),
                ((1847157.7, 3989813.8), 1.0, (-11082946.2, -23938882.8)), ((1.0, 0.0), 1.0, (1.0, -0.018))]
_SCALED = 1e6   # a probe with |a| |toward| beyond 1e6 or below 1e-6 tests the tolerance's scaling
# the probes named in the failure message, the same for every answer that picks the wrong one of the two somewhere
# (indices into _PERP_PROBES)
_PERP_SHOWN = (0, 1, 5, 4)
# per probe (the typed ones, then the three random ones of _perp_probes), the perpendicular vector the prompt asks
# for, held only as the fingerprint (16 hex digits, salt "ch01-perpendicular/<probe>") of the word saying which
# way it is turned from a; tests/ch01_reference.py decides it and tests/test_chapter_01.py checks the keys
_PERP_KEYS = ('cc9808b4a151efb8', '6fa063591fa19281', 'ecfc71567ab28bfd', '6ca34ce94a63faa0', 'ac7d26e1bb81dddd',
              'd1d497b77e42d48a', '81e2cc58fa16b062', 'a5c9351daef8989a', '3e98c06c35f99011', '938499843a804ba0',
              '656e3ab385c33020', 'da4b977ebb59a380', '3bfa9456cb405785', '6c3f9b719a1dfea9')


def _turn(a, p):
    """Which way the vector p is turned from a: "counterclockwise" when a₁p₂ − a₂p₁ > 0, else "clockwise"."""
    return "counterclockwise" if float(a[0] * p[1] - a[1] * p[0]) > 0 else "clockwise"


def _turn_key(k, turn):
    return public.fingerprint(f"ch01-perpendicular/{k}", turn, 1.0)[:16]


def _perp_probes():
    """The probes of Exercise 4: the typed ones, then three with random coordinates."""
    probes = [(np.array(a), length, np.array(toward)) for a, length, toward in _PERP_PROBES]
    rng = np.random.default_rng(14)
    for a, length, toward in zip(rng.normal(size=(3, 2)), rng.uniform(0.1, 20, size=3), rng.normal(size=(3, 2))):
        probes.append((a, float(length), toward))
    return probes


_PERP_WHICH = ("the side is decided on probes such as these (your numbers, for you to judge): {observed}. The other "
               "typed probes, at ordinary, tiny and huge lengths, and three with random coordinates (none within 1° "
               "of the line) test the same requirement. For each probe, decide whether toward lies on the line "
               "through a as typed, which of the two numbers then says what the prompt asks for, and which sign "
               "it asks for (the prompt says what the sign of a₁p₂ − a₂p₁ means)")


@exercise("ch01-perpendicular", number=4, title="construct a perpendicular vector on a given side", points=3,
          kind="construct",
          hint="For a = (3, 4): which vectors (p1, p2) satisfy 3 p1 + 4 p2 = 0? There are two directions. A "
               "vector perpendicular to a is a normal of the line through a, so section 6 tells you how to see on "
               "which side of that line toward lies, and section 3 how to test for 0 a number that rounding may "
               "have touched. Then set the length (section 3).")
def _perpendicular(t, perpendicular):
    probes = _perp_probes()
    which_failed = {"unit": False, "scaled": False}
    observed = {}   # the shown probes: the learner's numbers, whether right or wrong there
    for k, (a, length, toward) in enumerate(probes):
        # six significant digits, so that the tiny probes (1e-08, ...) are not shown as zeros
        show = lambda v: "[" + ", ".join(f"{float(c):.6g}" for c in v) + "]"   # noqa: E731
        call = f"`perpendicular({show(a)}, {length:.6g}, {show(toward)})`"
        try:
            p = np.asarray(perpendicular(a.copy(), float(length), toward.copy()), dtype=float)   # numpy arrays
        except Exception as exc:  # noqa: BLE001 - the learner's code may raise anything
            t.check_true(False, what=f"{call} (a and toward given as numpy arrays) raised "
                                     f"{type(exc).__name__}: {exc}")
            continue
        if p.shape != (2,) or not np.all(np.isfinite(p)):
            t.check_true(False, what=f"{call} returns two finite numbers; got {np.round(p, 4).tolist()}")
            continue
        # perpendicularity and length are reported per probe, as an observation the learner can recompute; which
        # of the two perpendicular vectors is meant is one verdict over all probes, in the same words for every
        # answer that fails it, so that no message says which probe to flip
        scale = max(1.0, length * float(np.linalg.norm(a)))
        dot, size = float(p @ a), float(np.linalg.norm(p))
        if abs(dot) >= 1e-9 * scale:
            t.check_true(False, what=f"{call} is perpendicular to a",
                         mistake=Mistake("perp-not-perpendicular", None,
                                         f"your vector {_fmt(p)} has the dot product {dot:.4g} with a = {_fmt(a)}; "
                                         f"section 3 says what a perpendicular vector's dot product is"))
        elif abs(size - length) >= 1e-9 * max(1.0, length):
            t.check_true(False, what=f"{call} has length {length:.4g}",
                         mistake=Mistake("perp-wrong-length", None,
                                         f"your vector {_fmt(p)} is perpendicular to a = {_fmt(a)} and has length "
                                         f"{size:.4g}; the length asked for is the second argument"))
        else:
            sizes = float(np.linalg.norm(a) * np.linalg.norm(toward))
            group = "scaled" if toward.any() and not 1 / _SCALED <= sizes <= _SCALED else "unit"
            which_failed[group] = which_failed[group] or _turn_key(k, _turn(a, p)) != _PERP_KEYS[k]
            if k in _PERP_SHOWN:
                observed[k] = (f"p · toward = {float(p @ toward):.4g} and "
                               f"a₁p₂ − a₂p₁ = {float(a[0] * p[1] - a[1] * p[0]):.4g}")
    what = ("`perpendicular` returns, on every probe, the one of the two perpendicular vectors of the given length "
            "that the prompt asks for")
    if which_failed["scaled"] and not which_failed["unit"]:
        # right on every probe of ordinary lengths, wrong only where |a| |toward| is tiny or huge: a tolerance
        # for 0 that does not grow and shrink with the lengths
        t.check_true(False, what=what, mistake=Mistake(
            "perp-tolerance-not-scaled", None,
            "your side is right on every probe of ordinary lengths and wrong on one whose vectors are very short "
            "or very long: a fixed tolerance for a rounding error is too large next to tiny lengths and too small "
            "next to huge ones; section 3 says what to scale it by"))
    else:
        shown = "; ".join(
            f"for a = {_typed(a)}, toward = {_typed(toward)} your p gives "
            + observed.get(k, "no perpendicular vector of the length asked for (above)")
            for k, (a, _, toward) in ((k, _PERP_PROBES[k]) for k in _PERP_SHOWN))
        t.check_true(not which_failed["unit"], what=f"{what}: {_PERP_WHICH.format(observed=shown)}")


# --------------------------------------------------------------------------
# Exercise 5 (construct): the angle between each row of a table and the line w . x = 0
# --------------------------------------------------------------------------

_WITHIN_DEGREES = 1e-5   # the prompt's accuracy
# the angles are hashed in units of 100° (below 1, where fingerprint cells have one width, _ANGLE_ATOL): every
# angle within _WITHIN_DEGREES of a key matches it, none beyond 3 _WITHIN_DEGREES
_ANGLE_UNIT, _ANGLE_ATOL = 100.0, 2 * _WITHIN_DEGREES / 100.0


def _angle_rows(seed, w, scale):
    """The rows of one probe of Exercise 5: random combinations of the directions along and across the line
    w . x = 0, three of them very close to it, then 8.3 w, -1.3 w and the origin."""
    rng = np.random.default_rng(seed)
    w = np.asarray(w, dtype=float)
    n = w / np.linalg.norm(w)
    along = np.array([-n[1], n[0]])
    a = rng.choice([-1.0, 1.0], size=7) * rng.uniform(0.1, 10, size=7)
    b = rng.choice([-1.0, 1.0], size=7) * np.concatenate([rng.uniform(2e-5, 4e-4, 3), rng.uniform(0.05, 20, 4)])
    rows = (a[:, None] * along + (b * np.abs(a))[:, None] * n) * scale
    return np.vstack([rows, [8.3 * w, -1.3 * w, [0.0, 0.0]]])


# (seed, w, scale of the rows): rows and weight vectors of very different lengths
_ANGLE_PROBES = ((15, (0.3, 0.2), 1.0), (16, (3e6, -2e6), 1e-20), (17, (-1e-8, 4e-9), 1e8))
# each row's angle, held only as the first 16 hex digits of its fingerprint (salt "ch01-boundary/<probe>/<row>",
# tolerance _ANGLE_ATOL); tests/ch01_reference.py computes the angles and tests/test_chapter_01.py checks the keys
_ANGLE_KEYS = (
    ('6255922da5aa289b', '134c40ac39c05be8', '3cd15394d9d18f3f', '4845c7afbc025d22', 'bb46ef2a4557ef74',
     'b9b6bedcede04b95', 'e1a8b11607e52bc6', 'cf5dec998fabbca5', '49cc7f92ca600808', 'a6d45bb6de096348'),
    ('98e9985b985b0bbc', '9eb097a4a208f7a1', '36bc41db8645f470', '8eda3dc1c8174924', '0bba74cc62e575ba',
     '206146347292b520', 'c2854504ec91d37a', '3bf619fa67b95f81', '787985d628886d03', '6921b90e97e7006f'),
    ('d2df99604a8ad161', '399b6a1219b7279a', '13d4ba21cb575422', 'ba1e87b46fb6895b', '463bb932b28ccdb1',
     'f3d460e11dfe453b', '041071b8269aa981', 'a5f4d55ee13a0d1b', '7b27d614dd138f88', '14d341ba6d1bd632'),
)


def _angle_right(k, i, value):
    """Is ``value`` row i's angle in probe k (its fingerprint, to 16 hex digits, is the stored one)?"""
    return _ANGLE_KEYS[k][i] in {f[:16] for f in public.fingerprints(f"ch01-boundary/{k}/{i}",
                                                                      [float(value) / _ANGLE_UNIT], _ANGLE_ATOL)}


@exercise("ch01-boundary", number=5, title="how far from the boundary, as an angle", points=2, kind="construct",
          hint="Draw w, the line w · x = 0 and a row x. How are the angle between x and the line and the angle "
               "between x and w related (section 3)? Mind the rows on the far side of the line, the rows that "
               "are multiples of w, where a computed cosine can come out beyond 1 (section 3), and the origin.")
def _boundary(t, angle_to_line):
    for k, (seed, w, scale) in enumerate(_ANGLE_PROBES, 1):
        X, w = _angle_rows(seed, w, scale), np.array(w)
        call = f"`angle_to_line(X, w)` for probe {k}, w = {_typed(w)}"
        try:
            got = np.asarray(angle_to_line(X.copy(), w.copy()), dtype=float)
        except Exception as exc:  # noqa: BLE001 - the learner's code may raise anything
            t.check_true(False, what=f"{call} raised {type(exc).__name__}: {exc}")
            continue
        if got.shape != (len(X),):
            t.check_true(False, what=f"{call} returns one number per row of X ({len(X)} rows); got shape "
                                     f"{got.shape}")
            continue
        right = all(np.isfinite(g) and _angle_right(k - 1, i, g) for i, g in enumerate(got))
        rows = ", ".join(f"({float(x[0])!r}, {float(x[1])!r})" for x in X)
        t.check_true(right, what=f"{call} gives each row's angle with the line in degrees, to within 10⁻⁵°: for "
                                 f"w = {_typed(w)} your angle_to_line gets at least one of the rows {rows} wrong, "
                                 f"or returns nan for it (the check does not say which); work out the angle each "
                                 f"row makes with the line w · x = 0, in degrees between 0 and 90, by hand or with "
                                 f"a few lines of code of your own")
