"""Chapter 7 (LMS / Widrow-Hoff): the checks of its exercises.

Expected values come from lecturekit's own LMS (``lk.lms``), from
``np.linalg.lstsq`` and finite differences, or from hand computations written
out in the comments; each catalogued mistake is what that mistake returns on
the probe's inputs.
"""

import numpy as np

from ..gradient import numerical_gradient
from ..lms import lms
from . import Mistake, exercise

# a small probe: three examples (homogeneous rows, the 1 first) and labels
_XH = np.array([[1.0, 0.0, 1.0], [1.0, 2.0, 0.0], [1.0, 1.0, -1.0]])
_Y = np.array([1.0, -1.0, 1.0])
_W0 = np.array([0.5, -0.5, 1.0])


def _online_epoch(w, eta):
    return lms(_XH[:, 1:], _Y, eta=eta, epochs=1, mode="online", w0=w).w


def _batch_epoch(w, eta):
    return lms(_XH[:, 1:], _Y, eta=eta, epochs=1, mode="batch", w0=w).w


def _mistaken_only_epoch(w, eta):
    w = np.array(w, dtype=float)
    for x_i, y_i in zip(_XH, _Y):
        if y_i * (w @ x_i) <= 0:
            w = w + eta * (y_i - w @ x_i) * x_i
    return w


@exercise("ch07-debug-epoch", number=1, title="find the bug in an online epoch", points=2, kind="debug",
          hint="Replay the first two examples by hand with both versions: which residual does the second "
               "step use, the one before or after the first step?")
def _debug_epoch(t, lms_epoch):
    caller_w = _W0.copy()
    expected = _online_epoch(_W0, 0.1)
    t.check(lambda: lms_epoch(caller_w, _XH, _Y, 0.1), expected,
            call="`lms_epoch(w0, Xh, y, eta=0.1)` on three examples",
            misconceptions=[
                Mistake("residuals-once", _batch_epoch(_W0, 0.1),
                        "residuals computed once, before the loop: every step uses the old weights, "
                        "so the epoch is one batch step, not n online steps"),
                Mistake("mistakes-only", _mistaken_only_epoch(_W0, 0.1),
                        "steps only on misclassified examples: LMS moves on every example"),
            ])
    t.check(caller_w, _W0, call="the caller's `w0` after `lms_epoch(w0, ...)`",
            misconceptions=[Mistake("in-place", expected,
                                    "w is changed in place (w += ...), so the caller's array moves too")])
    w_start = np.array([0.0, 0.0, 0.0])
    t.check(lambda: lms_epoch(w_start, _XH, _Y, 0.05), _online_epoch(w_start, 0.05),
            call="`lms_epoch(np.zeros(3), Xh, y, eta=0.05)`")


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


# Exercise 3, by hand: w = (0, 1, -1), x~ = (1, 2, 1), y = -1, eta = 0.25.
# score 0 + 2 - 1 = 1, residual -1 - 1 = -2, step 0.25 * (-2) * (1, 2, 1) = (-0.5, -1, -0.5).
@exercise("ch07-predict-step", number=3, title="predict one step by hand", points=2, kind="predict",
          hint="Score first (with the 1 of x~), then the residual label minus score, then the step: "
               "rate times residual times x~.")
def _predict_step(t, w_next):
    t.check(w_next, [-0.5, 0.0, -1.5], call="`w_next`", reveal=False,
            misconceptions=[
                Mistake("residual-sign", [0.5, 2.0, -0.5], "the residual taken as score minus label (sign flipped)"),
                Mistake("squared-residual", [1.0, 3.0, 0.0], "the squared residual of Alg. 7.3 as printed"),
                Mistake("perceptron-step", [-0.25, 0.5, -1.25],
                        "the perceptron step eta * y * x (LMS moves by the residual, not by the label)"),
                Mistake("no-rate", [-2.0, -3.0, -3.0], "the learning rate left out"),
                Mistake("no-bias", [0.0, 0.0, -1.5], "the bias coordinate (the 1 of x~) left out of the step"),
            ])


# Exercise 4, by hand: X~^T X~ = diag(4, 8, 0.5) (centred, uncorrelated), lambda_max = 8, eta* = 2/8.
@exercise("ch07-predict-rate", number=4, title="predict the stable rate", points=2, kind="predict",
          hint="For centred, uncorrelated features X~^T X~ is diagonal: find its three diagonal entries, "
               "then use the condition of section 3.")
def _predict_rate(t, eta_star):
    t.check(eta_star, 0.25, call="`eta_star`", reveal=False,
            misconceptions=[
                Mistake("one-over-lambda", 0.125, "1 / lambda_max instead of 2 / lambda_max"),
                Mistake("trace", 0.16, "2 / trace(X~^T X~) instead of 2 / lambda_max"),
                Mistake("online-bound", 0.4,
                        "the online per-step bound 2 / max |x~_i|^2 instead of the batch bound"),
                Mistake("lambda-min", 4.0, "2 / lambda_min instead of 2 / lambda_max"),
                Mistake("mean-error", 1.0,
                        "the matrix of the mean error, X~^T X~ / n, for the summed error E(w)"),
            ])


@exercise("ch07-explain-failure", number=5, title="why does least squares miss the lone positive?", points=1,
          kind="explain",
          hint="Look at the scores of section 6: what do the far positives score, and what does (1 - z)^2 "
               "charge an example with a large margin z?")
def _explain_failure(t, answer):
    t.check(answer, "b", call="`answer`", reveal=False,
            misconceptions=[
                Mistake("not-separable", "a", "(a): but the data are separable: lk.is_separable says True "
                        "and the perceptron finds a separating line"),
                Mistake("stopped-early", "c", "(c): but least squares is the closed-form minimiser; LMS only "
                        "converges to that same line"),
                Mistake("rate-too-large", "d", "(d): but no learning rate is involved: the least-squares line "
                        "comes from the normal equations"),
            ])
