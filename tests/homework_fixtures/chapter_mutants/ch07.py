# Plausible wrong answers for chapter 07: each must lose points under the grader, and the
# visible check must name it (its description is the Mistake message in lecturekit/exercises/ch07.py).
_BATCH_LMS = '''def batch_lms(X, y, eta, tol, max_epochs=10_000):
    """Batch LMS from w = 0 until it has reached the least-squares weights; returns (w, epochs that produced w)."""
    Xh = np.hstack([np.ones((len(X), 1)), X])
    w = np.zeros(Xh.shape[1])
    start = np.linalg.norm(y @ Xh)                 # the length of the gradient at w = 0
    for epoch in range(max_epochs):
        gradient = -(y - Xh @ w) @ Xh
        if np.linalg.norm(gradient) <= tol * start:  # tol bounds |grad E(w)| / |grad E(0)|
            return w, epoch
        w = w - eta * gradient
    return w, max_epochs
'''
_RIDGE_GRADIENT = '''def ridge_gradient(w, Xh, y, alpha):
    """Gradient of E_alpha(w) = 1/2 |y - Xh w|^2 + alpha/2 (w_1^2 + ... + w_d^2); Xh has shape (n, d + 1)."""
    penalised = np.r_[0.0, w[1:]]          # the bias w0 is not in the penalty
    return -Xh.T @ (y - Xh @ w) + alpha * penalised
'''
_RIDGE_WEIGHTS = '''

def ridge_weights(Xh, y, alpha):
    """The weights where ridge_gradient is zero."""
    D = np.eye(Xh.shape[1])
    D[0, 0] = 0.0                          # no penalty on the bias
    return np.linalg.solve(Xh.T @ Xh + alpha * D, Xh.T @ y)


def ridge_stable_eta(Xh, alpha):
    """The stable rate of batch gradient descent on E_alpha."""
    D = np.eye(Xh.shape[1])
    D[0, 0] = 0.0
    return 2 / np.linalg.eigvalsh(Xh.T @ Xh + alpha * D).max()
'''
_STEP = '''def eta_fit_b(w, xa, ya, xb, yb):
    r_a, r_b = ya - w @ xa, yb - w @ xb
    return r_b / (r_a * (xa @ xb))


def residual_b(w, xa, ya, xb, yb):
    r_a, r_b = ya - w @ xa, yb - w @ xb
    return r_b - r_a * (xa @ xb) / (xa @ xa)
'''

MUTANTS = {
    "ch07-debug-stop": [
        ("residual-test",
         _BATCH_LMS.replace("np.linalg.norm(gradient) <= tol * start", "np.linalg.norm(y - Xh @ w) <= tol * start")),
        ("mean-step", _BATCH_LMS.replace("w = w - eta * gradient", "w = w - eta * gradient / len(y)")),
        ("tol-ignored", _BATCH_LMS.replace("<= tol * start", "<= 1e-5 * start")),
        ("epoch-off-by-one", _BATCH_LMS.replace("range(max_epochs)", "range(1, max_epochs)")),
        # the test made after the step: the weights are one epoch ahead of the count returned
        ("epoch-off-by-one", _BATCH_LMS.replace(
            "        if np.linalg.norm(gradient) <= tol * start:  # tol bounds |grad E(w)| / |grad E(0)|\n"
            "            return w, epoch\n        w = w - eta * gradient\n",
            "        w = w - eta * gradient\n"
            "        if np.linalg.norm(gradient) <= tol * start:  # tol bounds |grad E(w)| / |grad E(0)|\n"
            "            return w, epoch\n")),
        # the two edits of the classmate's code that the lesson's lines suggest: a tolerance on the gradient's
        # absolute length, which the units of y change
        ("absolute-tol", _BATCH_LMS.replace("<= tol * start", "< tol")),
    ],
    "ch07-ridge": [
        # cell 7's error with the penalty added, differentiated numerically instead of in closed form
        ("inexact-gradient",
         "import lecturekit as lk\n\n\ndef ridge_gradient(w, Xh, y, alpha):\n"
         "    return lk.numerical_gradient(lambda v: 0.5 * (y - Xh @ v) @ (y - Xh @ v) + 0.5 * alpha * v[1:] @ v[1:], w)\n"
         + _RIDGE_WEIGHTS),
        # the summed error's gradient divided by n: the gradient of the mean error (section 3's E/n)
        ("mean-error",
         _RIDGE_GRADIENT.replace("return -Xh.T @ (y - Xh @ w) + alpha * penalised",
                                 "return (-Xh.T @ (y - Xh @ w) + alpha * penalised) / len(y)") + _RIDGE_WEIGHTS),
        ("penalised-bias",
         _RIDGE_GRADIENT.replace("+ alpha * penalised", "+ alpha * w")
         + _RIDGE_WEIGHTS.replace("    D[0, 0] = 0.0                          # no penalty on the bias\n", "")),
        ("penalty-sign",
         _RIDGE_GRADIENT.replace("+ alpha * penalised", "- alpha * penalised") + _RIDGE_WEIGHTS),
        ("penalty-factor",
         _RIDGE_GRADIENT.replace("+ alpha * penalised", "+ 2 * alpha * penalised") + _RIDGE_WEIGHTS),
        ("no-penalty", _RIDGE_GRADIENT.replace(" + alpha * penalised", "") + _RIDGE_WEIGHTS),
        ("plain-least-squares",
         _RIDGE_GRADIENT + _RIDGE_WEIGHTS.replace("np.linalg.solve(Xh.T @ Xh + alpha * D, Xh.T @ y)",
                                                  "np.linalg.lstsq(Xh, y, rcond=None)[0]")),
        # the stable rate: section 3's rate of the unpenalised error, a penalty on every weight, half the limit (the
        # rate that lands in one step along the steepest direction), the mean error's rate
        ("no-penalty", ("return 2 / np.linalg.eigvalsh(Xh.T @ Xh + alpha * D).max()",
                        "return 2 / np.linalg.eigvalsh(Xh.T @ Xh).max()")),
        ("penalised-bias", ("return 2 / np.linalg.eigvalsh(Xh.T @ Xh + alpha * D).max()",
                            "return 2 / np.linalg.eigvalsh(Xh.T @ Xh + alpha * np.eye(Xh.shape[1])).max()")),
        ("one-over-lambda-max", ("return 2 / np.linalg.eigvalsh(", "return 1 / np.linalg.eigvalsh(")),
        ("mean-error", ("return 2 / np.linalg.eigvalsh(", "return 2 * len(Xh) / np.linalg.eigvalsh(")),
    ],
    "ch07-predict-step": [
        ("wrong-step", _STEP.replace("r_b - r_a * (xa @ xb)", "r_b + r_a * (xa @ xb)")),   # along the gradient
        ("wrong-step", _STEP.replace("r_b - r_a * (xa @ xb)", "r_b - ya * (xa @ xb)")),    # the perceptron's step
        ("no-bias", _STEP.replace("    r_a, r_b = ya - w @ xa, yb - w @ xb\n    return r_b - r_a",
                                  "    xa = np.r_[0.0, xa[1:]]\n    r_a, r_b = ya - w @ xa, yb - w @ xb\n"
                                  "    return r_b - r_a")),
        ("fits-a", _STEP.replace("return r_b - r_a * (xa @ xb) / (xa @ xa)", "return 0.0")),
        # B's residual after the step at the rate that fits B (about 1e-16 in floating point)
        ("fits-a", _STEP.replace("return r_b - r_a * (xa @ xb) / (xa @ xa)",
                                 "return yb - (w + eta_fit_b(w, xa, ya, xb, yb) * r_a * xa) @ xb")),
        # the rate section 2 teaches, the one that fits A
        ("fits-a-rate", _STEP.replace("return r_b / (r_a * (xa @ xb))", "return 1 / (xa @ xa)")),
    ],
    "ch07-predict-rate": [
        ("summed-error",
         "eta_best = 2 / 54\n"),
        ("old-units", "eta_best = 2 / 2.125\n"),
        ("stable-limit",
         "eta_best = 0.16\n"),
        ("one-over-lambda-max",
         "eta_best = 0.08\n"),
        ("no-bias-column", "eta_best = 2 / 14.5\n"),
        ("balance-factor",
         "eta_best = 1 / 13.5\n"),
    ],
    "ch07-construct-failure": [
        # section 6's construction, on the ray through q
        ("same-side", "def far_point(q):\n    return 3 * np.asarray(q, dtype=float)\n"),
        # the right direction, but twice as far as the reference
        ("too-far", "def far_point(q):\n    q = np.asarray(q, dtype=float) / np.hypot(*q)\n"
                    "    return -10 * q + 8 * np.array([-q[1], q[0]])\n"),
        # straight through the negatives: the segment from q to p crosses their hull
        ("not-separable", "def far_point(q):\n    return -2 * np.asarray(q, dtype=float)\n"),
        ("on-the-divide", "def far_point(q):\n    return np.array([q[1], -q[0]])\n"),   # p . q = 0: on neither side
        # a point that works for (2, -1) only, found by a search and typed in
        ("fails: q = (2.2, 0.4): the least-squares classifier still classifies q correctly",
         "def far_point(q):\n    return np.array([-2.0, 4.0])\n"),
    ],
}
