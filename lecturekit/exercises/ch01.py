"""Checks of chapter 1's exercises (dot products)."""

import numpy as np

from . import Mistake, exercise

_OFF_BY_ONE = Mistake("dot-off-by-one", 14.0, "last coordinate skipped (off by one)")


@exercise("ch01-dot", number=1, title="the sum of products", points=2, kind="reproduce",
          hint="Walk through the two sequences together, one coordinate at a time, and keep a running total.")
def _dot(t, dot):
    t.check(lambda: dot([1, 2, 3], [4, 5, -6]), -4.0, call="`dot([1, 2, 3], [4, 5, -6])`",
            misconceptions=[Mistake("dot-product-of-sums", 18.0, "product of the sums"), _OFF_BY_ONE,
                            Mistake("dot-no-sum", [4.0, 10.0, -18.0], "returns the products, not their sum"),
                            Mistake("dot-sum-of-sums", 9.0, "sum of sums instead of sum of products")])
    t.check(lambda: dot([0.5, -1.5], [2.0, 4.0]), -5.0, call="`dot([0.5, -1.5], [2.0, 4.0])`")
    rng = np.random.default_rng(11)
    a, b = rng.normal(size=(2, 7))
    t.check(lambda: float(dot(a.tolist(), b.tolist())), float(np.sum(a * b)), atol=1e-9,
            call="`dot(a, b)` for two random lists of length 7")
    t.check(lambda: dot([2.0], [3.0]), 6.0, call="`dot([2.0], [3.0])`")


@exercise("ch01-projection", number=2, title="find the bug in a projection", points=2, kind="debug",
          hint="Run the given function on a case you can do in your head, b along an axis, then "
               "stretch b and compare: which quantity of section 4 must not change?")
def _projection(t, projection_length):
    t.check(lambda: projection_length([-3.0, 4.0], [2.0, 0.0]), -3.0, call="`projection_length([-3, 4], [2, 0])`",
            misconceptions=[Mistake("projection-no-normalise", -6.0, "forgot to normalise b"),
                            Mistake("projection-squared", -1.5, "divides by |b|^2 instead of |b|"),
                            Mistake("projection-given-bugs", 1.5,
                                    "the given function unchanged: it divides by |b|^2 and drops the sign"),
                            Mistake("projection-by-a", -1.2, "divides by |a| instead of |b|"),
                            Mistake("projection-unsigned", 3.0, "unsigned (absolute value)"),
                            Mistake("projection-cosine", -0.6, "returns the cosine")])
    t.check(lambda: projection_length([1.0, 2.0], [3.0, 4.0]), 2.2, call="`projection_length([1, 2], [3, 4])`")
    t.check(lambda: projection_length([0.0, 5.0], [0.0, -0.5]), -5.0, call="`projection_length([0, 5], [0, -0.5])`")


_BY_HAND = (-5.0, 135.0, -np.sqrt(5.0))


@exercise("ch01-by-hand", number=3, title="angle and projection by hand", points=2, kind="predict",
          hint="Three steps: the sum of products; the cosine from the dot product and the two lengths, then "
               "the angle in degrees with that cosine; the dot product divided by the right length.")
def _by_hand(t, a_dot_b, angle_ab, proj_a_on_b):
    t.check(a_dot_b, _BY_HAND[0], call="`a_dot_b`", atol=1e-3, reveal=False)
    t.check(angle_ab, _BY_HAND[1], call="`angle_ab`", atol=1e-3, reveal=False,
            misconceptions=[Mistake("angle-sign-lost", 45.0, "the sign of the cosine is lost: 45° is the angle for +1/√2"),
                            Mistake("angle-radians", 3 * np.pi / 4, "the angle is in radians (3π/4), not degrees")])
    t.check(proj_a_on_b, _BY_HAND[2], call="`proj_a_on_b`", atol=1e-3, reveal=False,
            misconceptions=[Mistake("proj-not-normalised", -5.0, "the projection is not divided by |b| (that is a·b itself)"),
                            Mistake("proj-squared", -1.0, "the projection is divided by |b|^2 instead of |b|"),
                            Mistake("proj-by-a", -5 / np.sqrt(10.0), "the projection is divided by |a| instead of |b|"),
                            Mistake("proj-unsigned", np.sqrt(5.0), "the projection length is given without its sign")])


@exercise("ch01-perpendicular", number=4, title="construct a perpendicular vector", points=3, kind="construct",
          hint="Section 3 tells you how to test perpendicularity and section 2 how to set a length; "
               "try swapping the two coordinates and changing one sign, then check the turn is counterclockwise.")
def _perpendicular(t, perpendicular):
    t.check(lambda: perpendicular([3.0, 4.0], 10.0), [-8.0, 6.0], call="`perpendicular([3, 4], 10)`",
            misconceptions=[Mistake("perp-clockwise", [8.0, -6.0], "turned clockwise: (a2, -a1) points the other way"),
                            Mistake("perp-swap-only", [8.0, 6.0],
                                    "coordinates swapped without a sign change: (a2, a1) is not perpendicular"),
                            Mistake("perp-length-ignored", [-4.0, 3.0],
                                    "the length is ignored: (-a2, a1) keeps the length of a"),
                            Mistake("perp-not-normalised", [-40.0, 30.0],
                                    "multiplied by the length without normalising first"),
                            Mistake("perp-not-scaled", [-0.8, 0.6], "normalised but not scaled to the length")])
    rng = np.random.default_rng(14)
    for a, length in zip(rng.normal(size=(3, 2)), rng.uniform(0.1, 20, size=3)):
        try:
            p = np.asarray(perpendicular(a.tolist(), float(length)), dtype=float)
        except Exception:  # noqa: BLE001 - reported by the first probe already
            t.check_true(False, what=f"`perpendicular({np.round(a, 3).tolist()}, {length:.3f})` raised an error")
            continue
        wrong = []  # only what is wrong is said
        if p.shape != (2,):
            wrong.append(f"has shape {p.shape}, not two numbers")
        else:
            perpendicular_ok = abs(p @ a) < 1e-9 * max(1.0, length * np.linalg.norm(a))
            if not perpendicular_ok:
                wrong.append("is not perpendicular to a")
            if not abs(np.linalg.norm(p) - length) < 1e-9 * max(1.0, length):
                wrong.append(f"has length {np.linalg.norm(p):.4g}, not {length:.3f}")
            if perpendicular_ok and not a[0] * p[1] - a[1] * p[0] > 0:
                wrong.append("turns a clockwise, not counterclockwise")
        t.check_true(not wrong, what=f"`perpendicular({np.round(a, 3).tolist()}, {length:.3f})` = "
                                     f"{np.round(p, 4).tolist()} " + " and ".join(wrong))
