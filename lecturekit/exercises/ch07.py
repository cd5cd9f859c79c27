"""Chapter 7 (LMS / Widrow-Hoff): the checks of its exercises.

Expected values are computed here independently of the library's LMS: the
debug exercise's descent written out from its statement, the ridge solution
with ``np.linalg.lstsq`` on an augmented system, gradients by finite
differences, the predict answers from the definitions (the stable rate from
the eigenvalues of X~^T X~).  Each catalogued mistake is what that mistake
returns on the probe's inputs; no message names a key.
"""

import numpy as np

from .. import conventions
from ..datasets import noisy
from ..gradient import numerical_gradient
from . import Mistake, exercise

# a small probe: three examples (homogeneous rows, the 1 first) and labels
_XH = np.array([[1.0, 0.0, 1.0], [1.0, 2.0, 0.0], [1.0, 1.0, -1.0]])
_Y = np.array([1.0, -1.0, 1.0])
_W0 = np.array([0.5, -0.5, 1.0])


def _batch_lms(X, y, eta, tol, max_epochs, *, test="gradient", step="summed"):
    """Batch LMS from w = 0 with a stopping test, written from the exercise's statement (and its two bugs)."""
    Xh = conventions.homogeneous(X)
    w = np.zeros(Xh.shape[1])
    for epoch in range(max_epochs):
        r = y - Xh @ w
        gradient = -(r @ Xh)
        if np.linalg.norm(gradient if test == "gradient" else r) < tol:
            return {"w": w.tolist(), "epochs": epoch}
        w = w - eta * (gradient if step == "summed" else gradient / len(y))
    return {"w": w.tolist(), "epochs": max_epochs}


def _run_batch_lms(batch_lms, X, y, eta, tol, max_epochs):
    out = batch_lms(X, y, eta, tol, max_epochs)
    if not (isinstance(out, (tuple, list)) and len(out) == 2):
        raise TypeError(f"batch_lms must return a pair (w, epochs); it returned {type(out).__name__}")
    w, epochs = out
    return {"w": np.asarray(w, dtype=float).tolist(), "epochs": int(epochs)}


_XN, _YN = noisy(40, seed=3)
# a small regression problem that a line fits exactly: at the least-squares weights every residual is 0
_XF = np.array([[0.0], [1.0], [2.0], [3.0]])
_YF = 1.0 - 0.5 * _XF[:, 0]


@exercise("ch07-debug-stop", number=1, title="find the bugs in a stopping test", points=2, kind="debug",
          hint="What is zero at the least-squares weights of noisy data: the residuals, or the gradient? And compare "
               "one step of the code with the batch rule of section 2, written for the summed error E.")
def _debug_stop(t, batch_lms):
    t.check(lambda: _run_batch_lms(batch_lms, _XN, _YN, 0.045, 1e-6, 10_000),
            _batch_lms(_XN, _YN, 0.045, 1e-6, 10_000), atol=1e-7,
            call="`batch_lms(X, y, eta=0.045, tol=1e-6)` on the noisy data of section 1",
            misconceptions=[
                Mistake("residual-test", _batch_lms(_XN, _YN, 0.045, 1e-6, 10_000, test="residual"),
                        "the test looks at the residuals, which stay large on noisy data even at the least-squares "
                        "weights"),
                Mistake("mean-step", _batch_lms(_XN, _YN, 0.045, 1e-6, 10_000, step="mean"),
                        "the step divides by n: that is descent on the mean error, whose rate means something "
                        "else than the rate of the summed error E"),
            ])
    t.check(lambda: _run_batch_lms(batch_lms, _XF, _YF, 0.05, 1e-8, 10_000), _batch_lms(_XF, _YF, 0.05, 1e-8, 10_000),
            atol=1e-7, call="`batch_lms(X, y, eta=0.05, tol=1e-8)` on four points on the line y = 1 - x/2")
    t.check(lambda: _run_batch_lms(batch_lms, _XN, _YN, 0.045, 1e-6, 3), _batch_lms(_XN, _YN, 0.045, 1e-6, 3),
            atol=1e-7, call="`batch_lms(X, y, eta=0.045, tol=1e-6, max_epochs=3)`")


def _ridge_reference(Xh, y, lam):
    """The minimiser of 1/2 |y - Xh w|^2 + lam/2 |w|^2: least squares on Xh stacked on sqrt(lam) I."""
    d = Xh.shape[1]
    A = np.vstack([Xh, np.sqrt(lam) * np.eye(d)])
    b = np.concatenate([y, np.zeros(d)])
    return np.linalg.lstsq(A, b, rcond=None)[0]


@exercise("ch07-ridge", number=2, title="extend LMS: the ridge penalty", points=2, kind="extend",
          hint="Differentiate the penalty term on its own, coordinate by coordinate, and add it to the "
               "gradient of section 1; for the minimiser, set the whole gradient to zero and solve.")
def _ridge(t, ridge_gradient, ridge_weights):
    lam = 0.5
    w = np.array([0.3, -0.7, 1.1])

    def E(v):
        r = _Y - _XH @ v
        return 0.5 * r @ r + 0.5 * lam * v @ v

    plain = -_XH.T @ (_Y - _XH @ w)
    t.check(lambda: ridge_gradient(w, _XH, _Y, lam), numerical_gradient(E, w), atol=1e-6,
            call="`ridge_gradient(w, Xh, y, lam=0.5)` against finite differences",
            misconceptions=[
                Mistake("penalty-sign", plain - lam * w, "the penalty's gradient has the wrong sign: "
                        "lam/2 |w|^2 grows away from 0, so its gradient is +lam w"),
                Mistake("penalty-factor", plain + 2 * lam * w,
                        "the factor 1/2 of the penalty lost: the gradient of lam/2 |w|^2 is lam w, not 2 lam w"),
                Mistake("no-penalty", plain, "the penalty left out of the gradient"),
            ])
    t.check(lambda: ridge_weights(_XH, _Y, lam), _ridge_reference(_XH, _Y, lam), atol=1e-8,
            call="`ridge_weights(Xh, y, lam=0.5)`",
            misconceptions=[Mistake("plain-least-squares", np.linalg.lstsq(_XH, _Y, rcond=None)[0],
                                    "the least-squares weights: lam was not used")])
    rng = np.random.default_rng(3)
    Xh = np.column_stack([np.ones(12), rng.normal(size=(12, 3))])
    y = np.where(rng.normal(size=12) > 0, 1.0, -1.0)
    t.check(lambda: ridge_weights(Xh, y, 2.0), _ridge_reference(Xh, y, 2.0), atol=1e-8,
            call="`ridge_weights(Xh, y, lam=2.0)` on 12 examples with 3 features")


# Exercise 3, by hand: w = (0, 1, -1), x~ = (1, 2, 1), y = -1: score 1, residual -2. A step multiplies the residual by
# 1 - eta |x~|^2 with |x~|^2 = 6: after eta = 0.25 it is -2 * (1 - 1.5) = 1; the mirror image needs 1 - 6 eta = -1.
_W3, _X3, _Y3, _ETA3 = np.array([0.0, 1.0, -1.0]), np.array([1.0, 2.0, 1.0]), -1.0, 0.25


def _residual_after(step=lambda w, x, y, eta: eta * (y - w @ x) * x, x=_X3, sign=1.0):
    """The example's residual after one step of the given rule (the Widrow-Hoff step by default)."""
    w = _W3 + step(_W3, x, _Y3, _ETA3)
    return float(sign * (_Y3 - w @ _X3))


def _eta_mirror(norm2=float(_X3 @ _X3), target=-1.0):
    """The rate with 1 - eta |x~|^2 = target (-1: the mirror image)."""
    return (1.0 - target) / norm2


@exercise("ch07-predict-step", number=3, title="predict one step by hand", points=2, kind="predict",
          hint="Section 2: one step multiplies the example's residual by a factor that depends on eta and on the "
               "length of x~ (the 1 included). Work out the factor first.")
def _predict_step(t, residual_after, eta_mirror):
    no_bias = _X3 * np.array([0.0, 1.0, 1.0])
    t.check(residual_after, _residual_after(), call="`residual_after`", reveal=False,
            misconceptions=[
                Mistake("residual-sign", _residual_after(sign=-1.0),
                        "the residual taken as score minus label (sign flipped)"),
                Mistake("no-bias", _residual_after(x=no_bias),
                        "the bias coordinate (the 1 of x~) left out of the step"),
                Mistake("perceptron-step", _residual_after(step=lambda w, x, y, eta: eta * y * x),
                        "the perceptron step eta * y * x (LMS moves by the residual, not by the label)"),
                Mistake("squared-residual", _residual_after(step=lambda w, x, y, eta: eta * (y - w @ x) ** 2 * x),
                        "the squared residual of Alg. 7.3 as printed"),
            ])
    t.check(eta_mirror, _eta_mirror(), call="`eta_mirror`", reveal=False,
            misconceptions=[
                Mistake("fits-exactly", _eta_mirror(target=0.0),
                        "the rate at which one step fits the example exactly; the mirror image is further"),
                Mistake("no-bias-mirror", _eta_mirror(norm2=float(no_bias @ no_bias)),
                        "the length of x~ without its 1"),
            ])


# Exercise 4, by hand: the rescaled points give X~^T X~ = diag(4, 8, 50); the mean error's matrix is diag(1, 2, 12.5).
_X4 = conventions.homogeneous([[2.0, 0.0], [-2.0, 0.0], [0.0, 5.0], [0.0, -5.0]])
_X4_OLD = conventions.homogeneous([[2.0, 0.0], [-2.0, 0.0], [0.0, 0.5], [0.0, -0.5]])
_LAM4 = np.linalg.eigvalsh(_X4.T @ _X4 / len(_X4))


@exercise("ch07-predict-rate", number=4, title="predict the stable rate", points=2, kind="predict",
          hint="For centred, uncorrelated features X~^T X~ is diagonal: find its three entries for the new points, "
               "then ask what dividing the error by n does to that matrix, and use the condition of section 3.")
def _predict_rate(t, eta_star):
    t.check(eta_star, float(2 / _LAM4.max()), call="`eta_star`", reveal=False,
            misconceptions=[
                Mistake("summed-error", float(2 / np.linalg.eigvalsh(_X4.T @ _X4).max()),
                        "the stable rate of the summed error E; the library descends on E / n"),
                Mistake("old-units", float(2 / np.linalg.eigvalsh(_X4_OLD.T @ _X4_OLD / len(_X4)).max()),
                        "the points in the old units: the second feature's column of X~ has changed"),
                Mistake("one-over-lambda", float(1 / _LAM4.max()),
                        "this rate fits the steepest direction in one step (its factor 1 - eta lambda is 0); the "
                        "largest stable rate is where that factor reaches the edge of shrinking"),
                Mistake("lambda-min", float(2 / _LAM4.min()),
                        "the smallest eigenvalue: as eta grows, which direction stops shrinking first?"),
            ])


@exercise("ch07-explain-failure", number=5, title="why does least squares miss the lone positive?", points=1,
          kind="explain",
          hint="Look at the scores of section 6: what do the far positives score, and what does (1 - z)^2 "
               "charge an example with a large margin z?")
def _explain_failure(t, answer):
    t.check(answer, "b", call="`answer`", reveal=False,
            misconceptions=[
                Mistake("not-separable", "a", "(a) is a claim about the data: test it (lk.is_separable) before you "
                        "rely on it"),
                Mistake("stopped-early", "c", "(c) would mean that more epochs change the answer: where does LMS "
                        "go as it runs, and how many epochs does the least-squares classifier take?"),
                Mistake("rate-too-large", "d", "(d): which learning rate produced the least-squares line of "
                        "section 6?"),
            ])
