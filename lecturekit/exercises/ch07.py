"""Chapter 7 (LMS / Widrow-Hoff): the checks of its exercises.

Expected values are computed here independently of the library's LMS: the
debug exercise's descent written out from its statement (its runs count calls
to np.linalg's solvers); the ridge exercise by central differences of the error
its statement defines, in floating point and, on integer inputs, in Fraction
arithmetic, where they are exact for a quadratic error (the minimiser judged by
the property that that gradient vanishes there, not against a stored
solution); Exercise 3's rate by the property that the step leaves B's residual
at 0, also on two probes judged to 1e-12, where B's residuals are held as a
hash of the exact fractions they must be that close to.  Exercise 2's stable rate and the other answers of Exercises
3 and 4 are held only as fingerprints
(hashes of the values rounded to the tolerance,
:func:`lecturekit.exercises.public.fingerprint`); so are the catalogued
mistakes whose values would give those keys away.  The construct exercise
calls the learner's far_point for eight lone positives (counting calls to
np.linalg's solvers while it runs) and judges with
lk.least_squares_classifier's predict, the rule the lesson uses,
which decides a tie exactly (a score of 0 is a mistake).  No message names a
key.
"""

import math
from decimal import Decimal
from fractions import Fraction

import numpy as np

from .. import conventions
from ..datasets import noisy
from ..feedback import matches
from ..gradient import numerical_gradient
from ..linear import least_squares_classifier
from ..theory import is_separable
from . import Mistake, exercise
from .public import away, fingerprints
from .public import hashed_check as _hashed_check

# a small probe: three examples (homogeneous rows, the 1 first) and labels
_XH = np.array([[1.0, 0.0, 1.0], [1.0, 2.0, 0.0], [1.0, 1.0, -1.0]])
_Y = np.array([1.0, -1.0, 1.0])
_W0 = np.array([0.5, -0.5, 1.0])


def _batch_path(X, y, eta, n):
    """The iterates w(0), ..., w(n) of section 2's batch rule on the summed error, from w = 0."""
    Xh = conventions.homogeneous(X)
    w, path = np.zeros(Xh.shape[1]), []
    for _ in range(n + 1):
        path.append(w)
        w = w + eta * ((y - Xh @ w) @ Xh)
    return np.array(path)


# the solvers that compute least-squares weights in closed form; the exercise asks for a stopping test that uses
# only what the iteration has, so the check counts calls to them while the learner's batch_lms runs (a progress
# check for an honest slip, not a sandbox: a name imported before the call is not seen)
_SOLVERS = ("lstsq", "solve", "pinv", "inv")
_SOLVER_CALLS = [0]


def _counted(f):
    def wrapper(*args, **kwargs):
        _SOLVER_CALLS[0] += 1
        return f(*args, **kwargs)
    return wrapper


def _run_batch_lms(batch_lms, X, y, eta, tol, max_epochs):
    saved = {name: getattr(np.linalg, name) for name in _SOLVERS}
    for name, f in saved.items():
        setattr(np.linalg, name, _counted(f))
    try:
        out = batch_lms(X, y, eta, tol, max_epochs)
    finally:
        for name, f in saved.items():
            setattr(np.linalg, name, f)
    if not (isinstance(out, (tuple, list)) and len(out) == 2):
        raise TypeError(f"batch_lms must return a pair (w, epochs); it returned {type(out).__name__}")
    w, epochs = out
    return np.asarray(w, dtype=float), int(epochs)


# the key printed next to a wrong answer's verdict names the requirement, not the quantity the learner chooses
_REACHED = "at the least-squares weights (judged by the check, whatever your test looks at)"


def _least_squares(X, y):
    """The least-squares weights that batch LMS from w = 0 approaches: the shortest ones, which lstsq returns."""
    return np.linalg.lstsq(conventions.homogeneous(X), y, rcond=None)[0]


_NO_SOLVER = "its stopping test does not call np.linalg's solvers (lstsq, solve, pinv, inv)"


def _verdict(out, X, y, eta, max_epochs, reach=1e-4, solver_calls=0):
    """What the exercise asks of a run: it stopped before max_epochs, on an iterate of the batch rule for the summed
    error (the weights after the epochs it reports), close to the least-squares weights that lstsq computes,
    relative to their length (so that the verdict does not depend on the units of y either)."""
    w, epochs = out
    on_path = 0 <= epochs <= max_epochs and w.shape == (X.shape[1] + 1,) and bool(
        np.allclose(w, _batch_path(X, y, eta, epochs)[epochs], rtol=1e-7, atol=1e-9))
    target = _least_squares(X, y)
    return {"stopped before max_epochs": epochs < max_epochs, _NO_SOLVER: solver_calls == 0,
            "the weights of section 2's rule after that many epochs": on_path, _REACHED: bool(np.all(np.isfinite(w))) and w.shape == target.shape
            and np.linalg.norm(w - target) <= reach * np.linalg.norm(target)}


_XN, _YN = noisy(40, seed=3)
# a small regression problem that a line fits exactly: at the least-squares weights every residual is 0
_XF = np.array([[0.0], [1.0], [2.0], [3.0]])
_YF = 1.0 - 0.5 * _XF[:, 0]
# a feature twice: a whole line of least-squares weights, every one with gradient 0
_XD = np.column_stack([_XN[:, 0], _XN[:, 0]])
_ALL_TRUE = {"stopped before max_epochs": True, _NO_SOLVER: True, "the weights of section 2's rule after that many epochs": True,
             _REACHED: True}


@exercise("ch07-debug-stop", number=1, title="find the bugs in a stopping test", points=2, kind="debug",
          hint="Run the classmate's code for a few thousand epochs and print, every thousand, the quantity its test "
               "looks at: where does it settle, and why not at 0? Then compare its first epoch with "
               "lk.lms(X, y, eta=eta, epochs=1, mode='batch'). For the units of y: if every y_i is multiplied by "
               "c > 0, what happens to every iterate of the batch rule, and to the quantity your test looks at? "
               "(The slides stop gradient descent when |eta grad J(w)| is 'sufficiently small'.)")
def _debug_stop(t, batch_lms):
    def probe(X, y, eta, tol):
        def run():
            _SOLVER_CALLS[0] = 0
            out = _run_batch_lms(batch_lms, X, y, eta, tol, 10_000)
            return _verdict(out, X, y, eta, 10_000, solver_calls=_SOLVER_CALLS[0])
        return run

    # a run that passes everything else but solves for the least-squares weights
    solver = Mistake("closed-form-stop", {**_ALL_TRUE, _NO_SOLVER: False},
                     "your function calls one of np.linalg's solvers while it runs: the exercise asks for a stopping "
                     "test that uses only what the iteration itself has (the weights, the gradient, the data), as "
                     "on data too large to solve in closed form")

    def mean_step(value):
        return Mistake("mean-step", value, "the epochs are not section 2's batch step: compare your first epoch with "
                                           "lk.lms(X, y, eta=eta, epochs=1, mode='batch')")

    def off_by_one(value):
        return Mistake("epoch-off-by-one", value, "the epoch count is off by one: the number returned must be the "
                                                 "number of batch steps that produced the weights returned (0 for "
                                                 "the start)")

    # dividing the step by n is the summed rule's step at the rate eta / n
    # what a test on the residual's length returns on the noisy data (tests/test_chapter_07.py reruns it): it never
    # stops there, and after 10 000 epochs it sits at the least-squares weights
    residual_test = {"stopped before max_epochs": False, _NO_SOLVER: True, "the weights of section 2's rule after that many epochs": True,
                     _REACHED: True}

    # a run whose weights are section 2's rule after one epoch more than the count it returns (a test made after
    # the step) is named by that property of its own output, whatever its test looks at
    late = []
    try:
        w1, n1 = _run_batch_lms(batch_lms, _XN, _YN, 0.045, 1e-6, 10_000)
        if 0 <= n1 < 10_000 and w1.shape == (_XN.shape[1] + 1,) and np.allclose(
                w1, _batch_path(_XN, _YN, 0.045, n1 + 1)[n1 + 1], rtol=1e-7, atol=1e-9):
            late.append(Mistake("epoch-off-by-one", _verdict((w1, n1), _XN, _YN, 0.045, 10_000),
                                "the weights returned are those of section 2's rule after one epoch more than the "
                                "count returned: the count must be the number of batch steps that produced the "
                                "weights returned"))
    except Exception:  # noqa: BLE001 - the learner's code may raise anything; the probe below reports it
        pass
    t.check(probe(_XN, _YN, 0.045, 1e-6), _ALL_TRUE,
            call="`batch_lms(X, y, eta=0.045, tol=1e-6)` on the noisy data of section 1",
            misconceptions=late + [solver,
                Mistake("residual-test", residual_test,
                        "the run never stops on these data: print the quantity your test looks at after many epochs; "
                        "does it go to 0?"),
            ])
    t.check(probe(_XF, _YF, 0.05, 1e-8), _ALL_TRUE,
            call="`batch_lms(X, y, eta=0.05, tol=1e-8)` on four points on the line y = 1 - x/2",
            misconceptions=[solver])
    t.check(probe(_XD, _YN, 0.02, 1e-6), _ALL_TRUE,
            call="`batch_lms(X, y, eta=0.02, tol=1e-6)` on the noisy data with its first feature twice",
            misconceptions=[solver])
    t.check(lambda: [v.tolist() if isinstance(v, np.ndarray) else v
                     for v in _run_batch_lms(batch_lms, _XN, _YN, 0.045, 1e-6, 3)],
            [_batch_path(_XN, _YN, 0.045, 3)[3].tolist(), 3], atol=1e-7, reveal=False,
            call="`batch_lms(X, y, eta=0.045, tol=1e-6, max_epochs=3)`, against the weights of section 2's rule "
                 "after 3 epochs",
            misconceptions=[mean_step([_batch_path(_XN, _YN, 0.045 / len(_YN), 3)[3].tolist(), 3]),
                            off_by_one([_batch_path(_XN, _YN, 0.045, 2)[2].tolist(), 3])])
    # tol must be a tolerance: a looser one stops the run sooner.  Which quantity it bounds is the learner's choice
    # (the gradient of E, the slides' |eta grad E|, the mean gradient, the step):
    # every such test passes when the run at tol=1e-2 ends on the batch path, sooner than at tol=1e-6.
    on_path_key, stopped_key = ("the weights of section 2's rule after the epochs returned",
                                "stopped after at least one epoch, before max_epochs, with tol=1e-2")
    sooner_key = "stops sooner with tol=1e-2 than with tol=1e-6"

    def loose_run():
        loose = _run_batch_lms(batch_lms, _XN, _YN, 0.045, 1e-2, 10_000)
        tight = _run_batch_lms(batch_lms, _XN, _YN, 0.045, 1e-6, 10_000)
        on_path = _verdict(loose, _XN, _YN, 0.045, 10_000)["the weights of section 2's rule after that many epochs"]
        return {on_path_key: on_path, stopped_key: 1 <= loose[1] < 10_000, sooner_key: loose[1] < tight[1]}

    t.check(loose_run, {on_path_key: True, stopped_key: True, sooner_key: True}, reveal=False,
            call="`batch_lms(X, y, eta=0.045, tol=1e-2)` and `tol=1e-6` on the noisy data: a looser tol must stop "
                 "the run sooner",
            misconceptions=[Mistake("tol-ignored", {on_path_key: True, stopped_key: True, sooner_key: False},
                                    "the run stops at the same epoch whatever tol is: a fixed threshold is not a "
                                    "tolerance; use the argument `tol` in the test")])
    # tol must not depend on the units of y: multiplying y by 1024 (a power of 2, so that every iterate of the batch
    # rule is multiplied by it exactly in floating point) multiplies every iterate by 1024; a test relative to the
    # problem's own size stops at the same epoch, one on an absolute quantity about 30 epochs later.
    units_key = "stops within one epoch of the run on y when y is multiplied by 1024"
    scaled_path_key = "the run on 1024 y ends on section 2's path, before max_epochs"

    def units_run():
        plain = _run_batch_lms(batch_lms, _XN, _YN, 0.045, 1e-6, 10_000)
        scaled = _run_batch_lms(batch_lms, _XN, 1024 * _YN, 0.045, 1e-6, 10_000)
        verdict = _verdict(scaled, _XN, 1024 * _YN, 0.045, 10_000)
        return {units_key: abs(plain[1] - scaled[1]) <= 1,
                scaled_path_key: verdict["stopped before max_epochs"]
                and verdict["the weights of section 2's rule after that many epochs"]}

    t.check(units_run, {units_key: True, scaled_path_key: True}, reveal=False,
            call="`batch_lms(X, y, eta=0.045, tol=1e-6)` and `batch_lms(X, 1024 * y, eta=0.045, tol=1e-6)` on the "
                 "noisy data: the same data with the target in other units",
            misconceptions=[Mistake("absolute-tol", {units_key: False, scaled_path_key: True},
                                    "with y multiplied by 1024 (the same data, the target in other units) your run "
                                    "stops at another epoch than with y; the exercise asks for a stopping test "
                                    "that the units of y do not change")])


def _penalised(d):
    """The diagonal of the penalty: every weight but the bias."""
    D = np.eye(d)
    D[conventions.BIAS_INDEX, conventions.BIAS_INDEX] = 0.0
    return D


def _ridge_error(Xh, y, alpha, D):
    """E_alpha of the statement with the penalty's diagonal D, as a function of w (the check differentiates it
    numerically; a catalogued mistake is the same error with another penalty)."""
    def E(v):
        r = y - Xh @ v
        return (r @ r + alpha * (v @ D @ v)) / 2     # exact on Fractions
    return E


def _exact_slope(E, w, h=Fraction(1)):
    """Central differences of E in exact arithmetic: for a quadratic E they are its gradient exactly, for any h."""
    out = []
    for j in range(len(w)):
        e = np.array([Fraction(0)] * len(w), dtype=object)
        e[j] = h
        out.append((E(w + e) - E(w - e)) / (2 * h))
    return out


def _exact_text(values, expected_shape):
    """Numbers as exact fractions in text (so that the comparison is exact), or None when they are not numbers of
    the expected shape."""
    try:
        a = np.asarray(values)
        if a.shape != expected_shape or a.dtype.kind not in "iuf" or not np.all(np.isfinite(a.astype(float))):
            return None
        exact = [Fraction(v.item() if hasattr(v, "item") else v) for v in a.ravel()]
        # a whole number as itself; any other as its decimal reading (the exact binary fraction a float holds,
        # 5685794529555251/140737488355328, says nothing to a learner, and the key is whole numbers)
        return [str(v) if v.denominator == 1 else repr(float(v)) for v in exact]
    except (TypeError, ValueError, OverflowError):
        return None


def _fractions(rows):
    return np.array([[Fraction(v) for v in row] for row in rows], dtype=object)


# an exact probe: integers in, so a gradient in closed form comes back exact (its values are integers, which floats
# hold exactly here), while central differences with a small step carry rounding errors
_XH_INT = np.array([[1, 3, -7], [1, 11, 2], [1, -4, 9], [1, 1, 1], [1, 6, -5]])
_Y_INT = np.array([1, -1, 1, -1, 1])
_W_INT = np.array([4, -13, 7])
_ALPHA_INT = 3


# Exercise 2's stable rate: held only as fingerprints of the two probes' values, as are the catalogued wrong rates
_ATOL2 = 1e-6
_KEY2 = "7c46fc5b195c8f071956a5db7ee14e6e"
_MISTAKES2 = (
    ("no-penalty", "3847ab7a386af29fd2d2ab8485e05438",
     "your rates are those of the error without the penalty: which matrix multiplies the error in one batch step "
     "on E_alpha?"),
    ("penalised-bias", "5e57b11727c6014aa5571b3a2c4d38be",
     "your rates are those of a penalty on every weight, the bias included: E_alpha leaves w0 out of the penalty"),
    ("one-over-lambda-max", "32b0b7fd3d8c081a967ce06850ee7d23",
     "at your rate, what factor multiplies the error along the steepest direction at each step, and where does "
     "that factor reach -1?"),
    ("mean-error", "07c071e42a6be4239e28dc9a921e3523",
     "your rates are those of the mean error, E_alpha divided by the number of examples: which error does the "
     "exercise define, a sum or a mean?"),
)


@exercise("ch07-ridge", number=2, title="extend LMS: the ridge penalty", points=2, kind="extend",
          hint="Differentiate the penalty term on its own, coordinate by coordinate (which coordinates does it "
               "contain?), and add it to the gradient of section 1; for the minimiser, set the whole gradient to "
               "zero and write it as one matrix times w; for the stable rate, write one batch step on E_alpha as that "
               "matrix acting on w minus the minimiser, as section 3 does for E.")
def _ridge(t, ridge_gradient, ridge_weights, ridge_stable_eta):
    alpha = 0.5
    w = np.array([0.3, -0.7, 1.1])
    D = _penalised(len(w))
    # the catalogued wrong gradients are the gradients of wrong errors, also by finite differences
    variants = (("penalised-bias", alpha, np.eye(len(w)),
                 "the bias is penalised too: E_alpha leaves w0 out of the penalty, so what is the penalty's "
                 "derivative with respect to w0?"),
                ("penalty-sign", -alpha, D,
                 "the penalty's term has the wrong sign: the penalty grows as w moves away from 0, so which "
                 "way must its gradient point? Differentiate alpha/2 sum_j w_j^2 with respect to one w_j"),
                ("penalty-factor", 2 * alpha, D,
                 "the penalty's term is off by a constant factor: differentiate alpha/2 sum_j w_j^2 with "
                 "respect to one w_j"),
                ("no-penalty", 0.0, D, "the penalty left out of the gradient"))
    t.check(lambda: ridge_gradient(w, _XH, _Y, alpha), numerical_gradient(_ridge_error(_XH, _Y, alpha, D), w),
            atol=1e-6, reveal=False, call="`ridge_gradient(w, Xh, y, alpha=0.5)` against finite differences of E_alpha",
            misconceptions=[Mistake(mid, numerical_gradient(_ridge_error(_XH, _Y, a, P), w), message)
                            for mid, a, P, message in variants]
            + [Mistake("mean-error", numerical_gradient(lambda v: _ridge_error(_XH, _Y, alpha, D)(v) / len(_Y), w),
                       "your gradient is that of the mean error, E_alpha divided by the number of examples: which "
                       "error does the exercise define, a sum or a mean?")])
    # the same gradient on integer inputs, compared exactly: the exact values are central differences in Fraction
    # arithmetic, which are exact for a quadratic error whatever the step
    def exact(a, P):
        E = _ridge_error(_fractions(_XH_INT), _fractions([_Y_INT])[0], Fraction(a), P.astype(int).astype(object))
        return [str(v) for v in _exact_slope(E, _fractions([_W_INT])[0])]

    key = exact(_ALPHA_INT, D)
    near = "close to the exact gradient, but not equal to it"

    def exact_run():
        g = ridge_gradient(_W_INT.copy(), _XH_INT.copy(), _Y_INT.copy(), _ALPHA_INT)
        text = _exact_text(g, (3,))
        if text is not None and text != key and np.allclose(np.asarray(g, dtype=float),
                                                             [float(Fraction(v)) for v in key], rtol=1e-6):
            return near
        return text

    exact_variants = [Mistake("inexact-gradient", near,
                              "with integer inputs the exact gradient is a vector of integers, and yours is off "
                              "from it by rounding errors, as a numerical gradient is: the prompt asks for the "
                              "gradient in closed form")]
    # the catalogued wrong gradients, with their penalty factor relative to alpha carried over to alpha = 3
    exact_variants += [Mistake(mid, exact(Fraction(a) / Fraction(alpha) * _ALPHA_INT, P), message)
                       for mid, a, P, message in variants]
    t.check(exact_run, key, reveal=False, misconceptions=exact_variants,
            call="`ridge_gradient(w, Xh, y, alpha)` with integer arrays and alpha = 3, compared exactly")
    rng = np.random.default_rng(3)
    Xh12 = np.column_stack([np.ones(12), rng.normal(size=(12, 3))])
    y12 = np.where(rng.normal(size=12) > 0, 1.0, -1.0)
    for Xh, y, a, text in ((_XH, _Y, alpha, "`ridge_weights(Xh, y, alpha=0.5)`"),
                           (Xh12, y12, 2.0, "`ridge_weights(Xh, y, alpha=2.0)` on 12 examples with 3 features")):
        # a property, not a stored minimiser: E_alpha's gradient (by finite differences) vanishes at the weights
        def slope(Xh=Xh, y=y, a=a, P=None):
            v = np.asarray(ridge_weights(Xh, y, a), dtype=float)
            return numerical_gradient(_ridge_error(Xh, y, a, _penalised(Xh.shape[1]) if P is None else P), v)

        named = []
        try:
            v = np.asarray(ridge_weights(Xh, y, a), dtype=float)
            if v.shape == (Xh.shape[1],) and np.all(np.isfinite(v)):
                if np.allclose(v, np.linalg.lstsq(Xh, y, rcond=None)[0], atol=1e-8):
                    named.append(Mistake("plain-least-squares", slope(), "the least-squares weights: alpha was not "
                                                                         "used"))
                elif np.allclose(slope(P=np.eye(Xh.shape[1])), 0.0, atol=1e-6):
                    named.append(Mistake("penalised-bias", slope(), "the minimiser of a penalty on every weight, the "
                                                                    "bias included: E_alpha leaves w0 out"))
        except Exception:  # noqa: BLE001 - the learner's code may raise anything; the probe below reports it
            pass
        t.check(slope, np.zeros(Xh.shape[1]), atol=1e-6, reveal=False, misconceptions=named,
                call=f"the gradient of E_alpha (by finite differences) at {text}: is it zero there?")
    # the stable rate of batch descent on E_alpha, on the same two problems: held only as a fingerprint
    # (tests/test_chapter_07.py computes it, and the catalogued wrong rates, by two independent routes)
    _hashed_check(t, lambda: [float(ridge_stable_eta(Xh.copy(), a)) for Xh, a in ((_XH, alpha), (Xh12, 2.0))],
                  _KEY2, salt="ch07-ridge/stable", atol=_ATOL2, placeholder=[0.0, 0.0],
                  call="`[ridge_stable_eta(Xh, alpha=0.5), ridge_stable_eta(Xh12, alpha=2.0)]` on the two problems "
                       "above (one verdict for the two)",
                  mistakes=_MISTAKES2)


# Exercises 3 and 4: this module holds no key.  A probe's expected value is stored only as a fingerprint (a hash of
# the value rounded to the probe's tolerance, lecturekit.exercises.public.fingerprint), and so is every catalogued
# mistake whose value would give the key away; tests/test_chapter_07.py computes the keys by independent routes and
# checks that the fingerprints are theirs.

# Exercise 3: three probes (w, x~_A, y_A, x~_B, y_B), the first the worked example of the statement
_PROBES3 = (((0.0, 1.0, -1.0), (1.0, 2.0, 1.0), -1.0, (1.0, 3.0, 0.0), -1.0),
            ((0.5, -1.0, 2.0), (1.0, -1.0, 3.0), 1.0, (1.0, 2.0, -2.0), -1.0),
            ((-0.25, 0.5, 0.5), (1.0, 0.5, -1.5), 1.0, (1.0, -2.0, 1.0), 1.0))
_ATOL3 = 1e-6
_KEY3 = "e2f8aaf418eb9516072dd4bd7ed22867"
_WRONG_STEP = ("these numbers are B's residual after a step on A that does not leave A's own residual at 0, as the "
               "Widrow-Hoff step at the rate that fits A does: on the first probe, write out the change in w~ that "
               "your formula assumes and compute A's residual after it")
_MISTAKES3 = (
    ("wrong-step", "de830dcf4d43eeab3fabb025e17ad392", _WRONG_STEP),
    ("wrong-step", "b93daf99103481ff640d9cbefd5c30b9", _WRONG_STEP),
    ("no-bias", "f3dacefdc47fb84e9c194c4d8bb0f121",
     "these numbers are B's residual after a step on A computed without the first coordinate of x~ (the 1) in the "
     "step or in the dot products"),
)


# Exercise 3's tight probes: two more examples, given to the learner's functions as float arrays like the others,
# (every number a short decimal) whose answers are judged to 1e-12.  A formula (or a step simulated in floating point) is that close; a rate found
# from a finite-difference slope in eta is not on the second probe.  The probes are written as Fractions so that
# the judging is exact: the rate by the property that the step leaves B's residual at 0, B's residuals as a hash of
# the exact fractions they are close to (denominators below 10**5); tests/test_chapter_07.py recomputes them.
_F = Fraction
_EXACT3 = (((_F(3, 10), _F(-1, 2), _F(1)), (1, _F(1, 5), _F(7, 10)), -1, (1, _F(-2, 5), _F(9, 10)), 1),
           ((0, _F(1, 10), _F(3, 10)), (1, _F(3, 10), _F(-1, 10)), 1, (1, _F(7, 10), _F(1, 5)), 1))
_EXACT_KEY3 = "f4cd266217a2c53f7954a7dacf10a7c3"
_TIGHT3 = 1e-12


def _exact_print3(values):
    import hashlib
    text = ";".join(f"{v.numerator}/{v.denominator}" for v in values)
    return hashlib.sha256(f"ch07-predict-step/exact\n{text}".encode()).hexdigest()[:32]


def _floats(p):
    """A probe as the learner's functions receive it: its numbers as floats (every one a short decimal)."""
    return tuple(tuple(float(u) for u in v) if isinstance(v, tuple) else float(v) for v in p)


def _near_fraction(v):
    """The fraction with denominator below 10**5 that the number v is within 1e-12 of, or None."""
    f = Fraction(v) if isinstance(v, (Fraction, int)) else Fraction(float(v))
    near = f.limit_denominator(10 ** 5)
    return near if abs(f - near) <= _TIGHT3 * max(1, abs(near)) else None


def _probe_text(p):
    w, xa, ya, xb, yb = p
    return f"w = {list(w)}, xa = {list(xa)}, ya = {ya}, xb = {list(xb)}, yb = {yb}"


@exercise("ch07-predict-step", number=3, title="derive what one step on A does to B", points=2, kind="derive",
          hint="Section 2's rule: one step on A adds eta r_A x~_A to w. What does that do to B's score, and so to B's "
               "residual? Write B's residual after the step as a function of eta.")
def _derive_step(t, eta_fit_b, residual_b):
    # eta_fit_b is judged by a yes/no property: a wrong rate's value of B's residual after the step would be
    # residual_b's answer when that rate is the one that fits A, so the check never prints it
    zero_key = "B's residual after the step on A at your rate is 0 (within 1e-9)"
    for p in _PROBES3:
        w, xa, ya, xb, yb = (np.array(v, dtype=float) if isinstance(v, tuple) else v for v in p)

        def b_is_fitted(p=p, w=w, xa=xa, ya=ya, xb=xb, yb=yb):
            eta = float(eta_fit_b(*(np.array(v) if isinstance(v, tuple) else v for v in p)))
            return {zero_key: bool(abs(float(yb - (w + eta * (ya - w @ xa) * xa) @ xb)) <= 1e-9)}

        named = []
        try:
            if np.isclose(float(eta_fit_b(*(np.array(v) if isinstance(v, tuple) else v for v in p))),
                          1.0 / (xa @ xa), rtol=1e-9, atol=0.0):
                named.append(Mistake("fits-a-rate", {zero_key: False},
                                     "your eta_fit_b returns 1 / |x~_A|^2, the rate at which the step fits A "
                                     "(section 2); eta_fit_b asks for the rate at which the step on A leaves B's "
                                     "residual at 0"))
        except Exception:  # noqa: BLE001 - the learner's code may raise anything; the probe below reports it
            pass
        t.check(b_is_fitted, {zero_key: True}, reveal=False, misconceptions=named,
                call=f"one Widrow-Hoff step on A at the rate that `eta_fit_b(w, xa, ya, xb, yb)` returns for "
                     f"{_probe_text(p)}")
    _hashed_check(t, lambda: [float(residual_b(*(np.array(v) if isinstance(v, tuple) else v for v in p)))
                              for p in _PROBES3],
                  _KEY3, salt="ch07-predict-step/residual_b", atol=_ATOL3, placeholder=[0.0] * 3,
                  call="`[residual_b(w, xa, ya, xb, yb) for each of three probes]`: "
                       + "; ".join(_probe_text(p) for p in _PROBES3)
                       + " (one verdict for the three: the check does not say which is wrong)",
                  mistakes=_MISTAKES3 + (("fits-a", "c433082eb954576fa469538a027fb23f",
                                          "your residual_b returns 0 on all three probes, which "
                                          "would mean that the step at the rate that fits A fits B as well; "
                                          "residual_b asks for B's residual after that step (at the rate that "
                                          "fits A, not the one that fits B): work out B's score after it on the "
                                          "first probe by hand"),))
    # two more probes, judged to 1e-12: a formula gets there, a slope by finite differences in eta does not
    tight_text = ("`eta_fit_b` and `residual_b` on two more probes, " + "; ".join(_probe_text(_floats(p)) for p in _EXACT3)
                  + ": the rate leaves B's residual at 0 and B's residuals are right, both to within 1e-12")

    def tight_run():
        for p in _EXACT3:
            w, xa, ya, xb, yb = (np.array(v, dtype=object) if isinstance(v, tuple) else v for v in p)
            eta = Fraction(float(eta_fit_b(*(np.array(v) if isinstance(v, tuple) else v for v in _floats(p)))))
            if abs(yb - (w + eta * (ya - w @ xa) * xa) @ xb) > _TIGHT3:
                return False
        near = [_near_fraction(residual_b(*(np.array(v) if isinstance(v, tuple) else v for v in _floats(p))))
                for p in _EXACT3]
        return None not in near and _exact_print3(near) == _EXACT_KEY3

    try:
        tight = bool(tight_run())
    except Exception:  # noqa: BLE001 - the learner's code may raise anything
        tight = False
    t.check_true(tight, what=tight_text)


# Exercise 4: the mean error's X~^T X~ / n for the rescaled points of the statement
_X4 = conventions.homogeneous([[2.0, 0.0], [-2.0, 0.0], [0.0, 5.0], [0.0, -5.0]])
_ATOL4 = 1e-3
_KEY4 = "d24566043ffc37310a16a0addfd4ff2b"
# the answer is accepted as the fraction it is (a number within 1e-12 of it, typed as a quotient) or as a decimal
# of k >= 3 places that is that fraction rounded or truncated to k places; _KEY4_EXACT is the hash of the fraction
_KEY4_EXACT = "e0308495cf6a00283ac26317c6760e22"


def _fraction_print4(f):
    import hashlib
    return hashlib.sha256(f"ch07-predict-rate/exact\n{f.numerator}/{f.denominator}".encode()).hexdigest()[:32]


def _stands_for(v, max_denominator=1000):
    """The hashes of the fractions (denominator at most max_denominator) that the number v can stand for: one within
    1e-12 of v, and every x whose rounding or truncation to k places is v, when v is a decimal of k >= 3 places."""
    f = Fraction(v)
    found = set()
    near = f.limit_denominator(max_denominator)
    if abs(f - near) <= 1e-12 * max(1, abs(near)):
        found.add(_fraction_print4(near))
    d = Decimal(repr(v))
    k = -d.as_tuple().exponent
    if 3 <= k <= 12:
        step = Fraction(1, 10 ** k)
        lo, hi = Fraction(d) - step / 2, Fraction(d) + step   # round(x, k) == d or trunc(x, k) == d
        for q in range(1, max_denominator + 1):
            for p in range(math.ceil(lo * q), math.floor(hi * q) + 1):
                x = Fraction(p, q)
                if lo <= x < hi and x.denominator == q:
                    found.add(_fraction_print4(x))
    return found
_MISTAKES4 = (
    ("summed-error", "43e7e4e5cda5da547d0f0326a71d9566", "the matrix of the summed error E; the library of this exercise "
                                   "(not lecturekit) steps on the mean error E / n: which matrix multiplies its "
                                   "error?"),
    ("old-units", "1113235849e8a7a8a909e5b0d5959198", "the points in the old units: the second feature's column of X~ has changed"),
    ("stable-limit", "97a5042126737eafbc8d1b165853f0be", "at this rate, what factor multiplies the error along the steepest direction at "
                                   "each step?"),
    ("one-over-lambda-max", "df81af1ee7569a2d5f1a88bad5f08be5", "at this rate, what factor is left on the slowest direction?"),
    ("no-bias-column", "74742ffa57db73c3579289be2d566e40", "the column of ones left out of X~: the bias has an eigenvalue of its own"),
    ("balance-factor", "99ecf8b93de63de53f20864b5663bf81", "at this rate, which direction's error shrinks most slowly per step, and "
                                   "by what factor?"),
)


@exercise("ch07-predict-rate", number=4, title="predict the fastest rate", points=2, kind="predict",
          hint="For centred, uncorrelated features X~^T X~ is diagonal: find its three entries for the new points, "
               "then what dividing the error by n does to them. At a rate eta, by what factor does each eigendirection's "
               "error shrink per step, and which factor decides how fast the whole error shrinks?")
def _predict_rate(t, eta_best):
    try:
        value = float(eta_best)
    except (TypeError, ValueError):
        value = None
    if value is None or not math.isfinite(value):
        t.check(lambda: float(eta_best), 0.0, call="`eta_best`", reveal=False, atol=_ATOL4)
        return
    named = [Mistake(mid, value, message) for mid, fp, message in _MISTAKES4
             if fp in fingerprints(f"ch07-predict-rate/{mid}", value, _ATOL4)]
    t.check(lambda: value, value if _KEY4_EXACT in _stands_for(value) else away(value), call="`eta_best`",
            reveal=False, atol=_ATOL4, misconceptions=named)


# Exercise 5: six negatives around the origin and one positive q; far_point(q) returns one positive point to add.
_X5 = np.array([[0.0, 1.0], [0.0, -1.0], [1.0, 0.0], [-1.0, 0.0], [0.5, 0.5], [-0.5, -0.5], [2.0, -1.0]])
_Y5 = np.array([conventions.NEGATIVE] * 6 + [conventions.POSITIVE])
_LONE = 6
_REACH5 = 8.0
# the lone positives the check tries besides (2, -1): other directions, at distances 2.18 to 2.27 from the origin
_OTHER_Q5 = ((2.2, 0.4), (0.9, 2.0), (-1.3, 1.8), (-2.2, -0.5), (-0.6, -2.1), (1.5, -1.7), (-2.0, 0.9))
# the routines of np.linalg that fit least squares or solve its normal equations (lk.least_squares_classifier calls
# one): the exercise asks for a construction from the geometry, so the check counts calls to them while far_point
# runs (a progress check for an honest slip, not a sandbox: a name imported before the call is not seen)
_SOLVERS5 = ("lstsq", "solve", "pinv", "inv", "svd", "qr", "eig", "eigh", "cholesky")


def _far_point_calls(far_point, q):
    """far_point(q) as a float array, and how many of np.linalg's solvers it called."""
    calls = [0]

    def counted(f):
        def wrapper(*args, **kwargs):
            calls[0] += 1
            return f(*args, **kwargs)
        return wrapper

    saved = {name: getattr(np.linalg, name) for name in _SOLVERS5}
    for name, f in saved.items():
        setattr(np.linalg, name, counted(f))
    try:
        out = far_point(np.array(q, dtype=float))
    finally:
        for name, f in saved.items():
            setattr(np.linalg, name, f)
    try:
        p = np.asarray(out, dtype=float)
    except (TypeError, ValueError):
        p = np.zeros(0)
    return p, calls[0]


def _fails5(q, p):
    """The first requirement the point p fails for the lone positive q, or None."""
    q = np.asarray(q, dtype=float)
    if p.shape != (2,) or not np.all(np.isfinite(p)):
        return "it is not two finite numbers"
    if not p @ q < 0:
        return "it is not on the far side of the origin from q (p . q < 0)"
    if not np.hypot(*p) <= _REACH5 * (1 + 1e-12):
        return "it is more than 8 from the origin"
    X = np.vstack([_X5[:_LONE], q, p])
    y = np.r_[_Y5, conventions.POSITIVE]
    if not is_separable(X, y):
        return "the data with it are not linearly separable"
    if least_squares_classifier(X, y).predict(X)[_LONE] == conventions.POSITIVE:
        return "the least-squares classifier still classifies q correctly"
    return None


@exercise("ch07-construct-failure", number=5, title="construct: give least squares a reason to drop a point",
          points=2, kind="construct",
          hint="Along any straight path a linear score changes at a constant rate. Which points could a line score "
               "near +1 together with q while it keeps the six negatives near -1, and which could it not? Then: "
               "how close to the negatives may that path pass before no line separates the data any more?")
def _construct_failure(t, far_point):
    try:
        p, calls = _far_point_calls(far_point, _X5[_LONE])
    except Exception as exc:  # noqa: BLE001 - the learner's code may raise anything; say what it raised
        t.check_true(False, what=f"`far_point(np.array([2.0, -1.0]))` runs (it raised {type(exc).__name__})")
        return
    if not t.check_true(p.shape == (2,), what=f"`far_point(q)` returns two numbers, a point (x1, x2); for "
                                              f"q = (2, -1) it returned "
                                              f"{'shape ' + str(p.shape) if p.size else 'no numbers'}"):
        return
    if not t.check_true(bool(np.all(np.isfinite(p))), what="`far_point(q)` returns two finite numbers (no nan or inf)"):
        return
    if not t.check_true(bool(p @ _X5[_LONE] != 0), what="for q = (2, -1), the point is not on the line p . q = 0",
                        mistake=Mistake("on-the-divide", None, "p . q = 0: the point lies on the line "
                                                               "through the origin at right angles to q, on "
                                                               "neither side; the exercise asks for the far side")):
        return
    X = np.vstack([_X5, p])
    y = np.r_[_Y5, conventions.POSITIVE]
    t.check_true(bool(p @ _X5[_LONE] < 0), what="for q = (2, -1), the point lies on the far side of the origin from q: "
                                                "p . q < 0",
                 mistake=Mistake("same-side", None, "a point on the side of q is section 6's construction, "
                                                    "which the exercise rules out: look on the other side"))
    t.check_true(bool(np.hypot(*p) <= _REACH5 * (1 + 1e-12)), what="for q = (2, -1), the point is at most 8 from the "
                                                                  "origin",
                 mistake=Mistake("too-far", None, "the point is more than 8 from the origin: the exercise asks "
                                                  "for a point within 8"))
    if not t.check_true(bool(is_separable(X, y)), what="for q = (2, -1), the data with the point added are linearly "
                                                       "separable",
                        mistake=Mistake("not-separable", None, "no line separates the data any more: a separating "
                                                               "line must keep the new point on the positive side")):
        return
    # the least-squares classifier as the lesson uses it: its predict decides the sign exactly on the numbers typed
    # (docs/engines.md), so a point that puts q exactly on the boundary counts as a mistake, as in section 6
    predicted = least_squares_classifier(X, y).predict(X)[_LONE]
    t.check_true(bool(predicted != conventions.POSITIVE),
                 what="for q = (2, -1), the least-squares classifier of the data with the point added misclassifies q")
    t.check_true(calls == 0, what="`far_point` calls none of np.linalg's solvers (" + ", ".join(_SOLVERS5)
                                  + ") while it runs: it constructs the point from the geometry, without fitting "
                                    "least squares")
    failed = []
    for q in _OTHER_Q5:
        try:
            p, calls = _far_point_calls(far_point, q)
            why = _fails5(q, p) or ("it called np.linalg's solvers" if calls else None)
        except Exception as exc:  # noqa: BLE001 - the learner's code may raise anything; say what it raised
            why = f"far_point raised {type(exc).__name__}"
        if why:
            failed.append(f"q = {q}: {why}")
    t.check_true(not failed, what=f"`far_point(q)` works for the {len(_OTHER_Q5)} other lone positives "
                                  + ", ".join(str(q) for q in _OTHER_Q5)
                                  + (" (it fails for " + "; ".join(failed) + ")" if failed else ""))
