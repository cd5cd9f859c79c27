"""Reference answers of chapter 6's exercises, kept out of the shipped check module.

``lecturekit/exercises/ch06.py`` holds the keys of Exercises 1, 3 and 6 only as
fingerprints (:func:`lecturekit.exercises.public.fingerprint`).  This module
computes those keys from the definitions, independently of the check, and
``tests/test_chapter_06.py`` asserts that the fingerprints are theirs.
"""

import warnings
from fractions import Fraction

import numpy as np

from lecturekit import conventions
from lecturekit.exercises import ch06
from lecturekit.exercises.public import fingerprint


# ---------------------------------------------------------------- Exercise 1
def margins1(a, c, t):
    """Each example's y_i (w + t d) . (1, x_i), exactly, on the exercise's four points."""
    X = [(Fraction(1), a), (Fraction(1), -c), (Fraction(3), Fraction(0)), (Fraction(0), Fraction(0))]
    y = [conventions.POSITIVE, conventions.POSITIVE, conventions.POSITIVE, conventions.NEGATIVE]
    w = [Fraction(-1) + 0 * t, Fraction(1) + t, t]
    return [int(y_i) * (w[0] + w[1] * x_i[0] + w[2] * x_i[1]) for x_i, y_i in zip(X, y)]


def f1(a, c, t):
    return sum((-m for m in margins1(a, c, t) if conventions.is_mistake(m)), Fraction(0))


def slopes1(a, c):
    """The two one-sided slopes of f at 0, exactly: f is linear on each side within |t| <= h, where h is below
    every non-zero |margin at 0| / |margin's slope in t|."""
    at0 = margins1(a, c, Fraction(0))
    rates = [m1 - m0 for m0, m1 in zip(at0, margins1(a, c, Fraction(1)))]
    h = min([abs(m) / abs(r) for m, r in zip(at0, rates) if m != 0 and r != 0] + [Fraction(1)]) / 2
    return (f1(a, c, -h) - f1(a, c, Fraction(0))) / -h, (f1(a, c, h) - f1(a, c, Fraction(0))) / h


def on_boundary_rate(a, c):
    """d/dt of the sum of -margin over the examples on the boundary at t = 0: what the library's gradient gives."""
    at0 = margins1(a, c, Fraction(0))
    return -sum((m1 - m0 for m0, m1 in zip(at0, margins1(a, c, Fraction(1))) if m0 == 0), Fraction(0))


def key1():
    return [slopes1(a, c) for a, c in ch06._PROBES1]


def mistakes1():
    """The catalogued wrong answers of Exercise 1, by id."""
    key = key1()
    return {"central-difference": [((l + r) / 2,) * 2 for l, r in key],
            "one-slope": [(on_boundary_rate(a, c),) * 2 for a, c in ch06._PROBES1],
            "one-weight": [(-a, c) for a, c in ch06._PROBES1]}


# ---------------------------------------------------------------- Exercise 3
def bowl3(w):
    return 3 * (w[0] - 1) ** 2 + Fraction(1, 2) * (w[1] + 2) ** 2


def curvatures3():
    """The second derivatives of the bowl along each coordinate, from three values of J (exact for a quadratic)."""
    out = []
    for j in (0, 1):
        e = [Fraction(0), Fraction(0)]
        e[j] = Fraction(1)
        at = [[m + s * d for m, d in zip((Fraction(1), Fraction(-2)), e)] for s in (-1, 0, 1)]
        out.append(bowl3(at[0]) - 2 * bowl3(at[1]) + bowl3(at[2]))
    return tuple(out)


def key3():
    """(letter, limit): the option that describes descent at eta = 0.3, and the largest rate that converges."""
    factors = [1 - Fraction(3, 10) * c for c in curvatures3()]
    letter = "b" if max(abs(f) for f in factors) > 1 else ("d" if min(factors) < 0 else "a")
    return letter, float(2 / max(curvatures3()))


def mistakes3():
    curv = curvatures3()
    return {"wide-direction": float(2 / min(curv)), "no-chain-rule": float(2 / (max(curv) / 2)),
            "one-step-landing": float(1 / max(curv)),
            # section 1's bowl (w1 - 1)^2 + 4 (w2 + 0.5)^2 has the curvatures 2 and 8: its limit, reused here
            "section-1-bowl": float(Fraction(2) / max(2, 2 * 4))}


# ---------------------------------------------------------------- Exercise 6
def descend(X, y, eta1, theta, max_iter, *, report="separates", order="test-first"):
    """What a correct ``descend`` returns, read off the library's batch perceptron with the 1/k schedule.

    ``order="step-first"`` takes the step before it tests its length; both orders are correct fixes.
    ``report`` gives a wrong answer's verdict instead: how the loop ended (``"rule"``, ``"budget"``) or no example
    strictly wrong (``"criterion"``)."""
    from lecturekit.gradient import batch_perceptron

    X, y = np.asarray(X, dtype=float), np.asarray(y)
    Xh = conventions.homogeneous(X)
    if theta > 0:
        needed = int(eta1 * float(np.sum(np.linalg.norm(Xh, axis=1))) / theta) + 2
        budget = min(max_iter, needed)
    else:
        budget = max_iter
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        run = batch_perceptron(X, y, eta=eta1, schedule="1/k", max_iter=budget)
    path = run.path
    w, stopped_by_rule = path[0], False
    for k in range(1, max_iter + 1):
        after = path[min(k, len(path) - 1)]
        short = float(np.linalg.norm(after - path[min(k - 1, len(path) - 1)])) < theta
        if order == "step-first":
            w = after
        if short:
            stopped_by_rule = True
            break
        if order == "test-first":
            w = after
        if k >= len(path) - 1 and not theta > 0:
            break
    margins = y * (Xh @ w)
    separates = not bool(np.any(conventions.is_mistake(margins)))
    verdict = {"rule": stopped_by_rule, "budget": stopped_by_rule and separates,
               "criterion": not bool(np.any(margins < 0))}.get(report, separates)
    return {"w": np.asarray(w, dtype=float).tolist(), "separates": verdict}


_MESSAGES6 = {
    "rule": "the stopping rule's verdict reported as the answer: a short step says the rate is small, not that the "
            "examples are right",
    "budget-1": "how the loop ended reported as the answer: the budget ran out here, but the w returned separates the "
                "data; the answer is about w, not about why the loop stopped",
    "budget-2": "how the loop ended, or the mistakes of an earlier iterate, reported as the answer: the answer is "
                "about the w returned",
    "criterion": "J(w) = 0, or no example strictly on its wrong side, is not the same as separating: an example with "
                 "score exactly 0 is still a mistake (section 2, exercise 2)",
    "data": "True here is a fact about the data (a line separates them), not about the w returned",
    "predict": "a label from `predict` is not the mistake test: `predict` gives a point with score exactly 0 a label, "
               "and the perceptron counts y w . x <= 0 as a mistake whatever that label is",
    "budget-short": "when the stopping rule does not fire, `descend` must take max_iter steps, as the classmate's "
                    "loop does: count the steps yours takes with max_iter=5",
}


def mistakes6():
    """The fingerprinted wrong answers of Exercise 6: probe name -> [(id, value, message)]."""
    from lecturekit.theory import is_separable
    A = ch06._ARGS6
    return {
        "noisy": [("rule-means-converged", descend(*A["noisy"], report="rule"), _MESSAGES6["rule"])],
        # a loop over range(1, max_iter): one step short of the budget, which the rule does not end here
        "noisy-5": [("budget-one-short", descend(*A["noisy-5"][:4], A["noisy-5"][4] - 1), _MESSAGES6["budget-short"])],
        "xor": [("zero-criterion", descend(*A["xor"], report="criterion"), _MESSAGES6["criterion"])],
        "toy-theta-0": [("rule-means-converged", descend(*A["toy-theta-0"], report="budget"), _MESSAGES6["budget-1"])],
        "toy-8": [("rule-means-converged", descend(*A["toy-8"], report="budget"), _MESSAGES6["budget-2"])],
        "toy-1": [("data-not-w", {"w": descend(*A["toy-1"])["w"], "separates": bool(is_separable(*A["toy-1"][:2]))},
                   _MESSAGES6["data"])],
        "edge": [("predict-at-zero", {"w": descend(*A["edge"])["w"], "separates": True}, _MESSAGES6["predict"])],
    }


def keys6():
    """Probe name -> the answers of the two correct loop orders."""
    return {name: [descend(*args, order=order) for order in ("test-first", "step-first")]
            for name, args in ch06._ARGS6.items()}


def prints():
    """Every fingerprint the check module holds, by placeholder name, computed from the references above."""
    out = {"KEY1": fingerprint(ch06._SALT1, ch06._nd(key1()), ch06._ATOL1)}
    for mid, value in mistakes1().items():
        out[mid] = fingerprint(f"{ch06._SALT1}/{mid}", ch06._nd(value), ch06._ATOL1)
    out["NEAR1"] = tuple(fingerprint(f"{ch06._SALT1}/near{i}", float(v), ch06._NEAR_ATOL1)
                         for i, v in enumerate(v for pair in key1()[:2] for v in pair))
    letter, limit = key3()
    out["LIMIT3"] = fingerprint(f"{ch06._SALT3}/limit", limit, ch06._ATOL3)
    salt = ch06._letter_salt(limit)
    out["KEY3"] = fingerprint(salt, letter, ch06._ATOL3)
    wrong_letters = {"no-overshoot": "a", "overshoot-grows": "b", "gradient-points-at-minimum": "c"}
    for mid, wrong in wrong_letters.items():
        out[mid] = fingerprint(f"{salt}/{mid}", wrong, ch06._ATOL3)
    for mid, value in mistakes3().items():
        out[mid] = fingerprint(f"{ch06._SALT3}/limit/{mid}", value, ch06._ATOL3)
    out["KEYS6"] = {name: sorted({fingerprint(f"{ch06._SALT6}/{name}", v, ch06._ATOL6) for v in values})
                    for name, values in keys6().items()}
    out["MISTAKES6"] = {name: [(mid, fingerprint(f"{ch06._SALT6}/{name}/{mid}", value, ch06._ATOL6), message)
                               for mid, value, message in rows] for name, rows in mistakes6().items()}
    return out


# ---------------------------------------------------------------- Exercise 5
def _exact(v):
    return Fraction(repr(float(v)))


def exact_criterion5(w, X, y, b, *, edge=None):
    """J_s from its definition, in exact rational arithmetic on the numbers as typed (``edge`` replaces the b of
    the condition under the sum: a criterion that sums over another set of examples)."""
    b, edge = _exact(b), _exact(b if edge is None else edge)
    total = Fraction(0)
    for x_i, y_i in zip(conventions.homogeneous(X), y):
        m = int(y_i) * sum(w_j * _exact(v) for w_j, v in zip(w, x_i))
        if m <= edge:
            total += (b - m) ** 2 / 2
    return total


def exact_slopes5(w, X, y, b, **kw):
    """The gradient of J_s, exactly, from values of J_s alone: where no margin crosses an edge within h, J_s is a
    quadratic in each coordinate, and a central difference of a quadratic is its derivative, exactly."""
    w = [_exact(v) for v in w]
    scale = max(abs(_exact(v)) for v in np.ravel(conventions.homogeneous(X))) or Fraction(1)
    h = Fraction(1, 10 ** 9) / scale
    out = []
    for j in range(len(w)):
        up, down = list(w), list(w)
        up[j] += h
        down[j] -= h
        out.append((exact_criterion5(up, X, y, b, **kw) - exact_criterion5(down, X, y, b, **kw)) / (2 * h))
    return np.array([float(v) for v in out])


def prints5():
    out = {"KEYS5": {name: fingerprint(f"{ch06._SALT5}/{name}", exact_slopes5(*args).tolist(), ch06._ATOL5)
                     for name, args in ch06._ARGS5.items()},
           "NEAR5": {name: fingerprint(f"{ch06._SALT5}/{name}/near", exact_slopes5(*ch06._ARGS5[name]).tolist(),
                                       ch06._NEAR_ATOL5) for name in ("big", "near-b")}}
    out["perceptron-set"] = fingerprint(f"{ch06._SALT5}/toy/perceptron-set",
                                        exact_slopes5(*ch06._ARGS5["toy"], edge=0.0).tolist(), ch06._ATOL5)
    return out
