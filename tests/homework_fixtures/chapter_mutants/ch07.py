# Plausible wrong answers for chapter 07: each must lose points under the grader, and the
# visible check must name it (its description is the Mistake message in lecturekit/exercises/ch07.py).
_BATCH_LMS = '''def batch_lms(X, y, eta, tol, max_epochs=10_000):
    """Batch LMS from w = 0 until it has reached the least-squares weights; returns (w, epochs that produced w)."""
    Xh = np.hstack([np.ones((len(X), 1)), X])
    w = np.zeros(Xh.shape[1])
    for epoch in range(max_epochs):
        gradient = -(y - Xh @ w) @ Xh
        if np.linalg.norm(gradient) < tol:
            return w, epoch
        w = w - eta * gradient
    return w, max_epochs
'''
_RIDGE_GRADIENT = '''def ridge_gradient(w, Xh, y, lam):
    """Gradient of E_lam(w) = 1/2 |y - Xh w|^2 + lam/2 |w|^2; Xh has shape (n, d + 1)."""
    return -Xh.T @ (y - Xh @ w) + lam * w
'''
_RIDGE_WEIGHTS = '''

def ridge_weights(Xh, y, lam):
    """The weights where ridge_gradient is zero."""
    return np.linalg.solve(Xh.T @ Xh + lam * np.eye(Xh.shape[1]), Xh.T @ y)
'''

MUTANTS = {
    "ch07-debug-stop": [
        ("the run never stops on these data: is the quantity your test looks at zero at the least-squares weights of "
         "noisy data?",
         _BATCH_LMS.replace("        if np.linalg.norm(gradient) < tol:", "        if np.linalg.norm(y - Xh @ w) < tol:")),
        ("the epochs are not section 2's batch step: compare your first epoch with lk.lms(X, y, eta=eta, epochs=1, "
         "mode='batch')", _BATCH_LMS.replace("w = w - eta * gradient", "w = w - eta * gradient / len(y)")),
    ],
    "ch07-ridge": [
        ("the penalty's term has the wrong sign: the penalty grows as w moves away from 0, so which way must its "
         "gradient point? Differentiate lam/2 sum_j w_j^2 with respect to one w_j",
         _RIDGE_GRADIENT.replace("+ lam * w", "- lam * w") + _RIDGE_WEIGHTS),
        ("the penalty's term is off by a constant factor: differentiate lam/2 sum_j w_j^2 with respect to one w_j",
         _RIDGE_GRADIENT.replace("+ lam * w", "+ 2 * lam * w") + _RIDGE_WEIGHTS),
        ("the penalty left out of the gradient", _RIDGE_GRADIENT.replace(" + lam * w", "") + _RIDGE_WEIGHTS),
        ("the least-squares weights: lam was not used",
         _RIDGE_GRADIENT + _RIDGE_WEIGHTS.replace("np.linalg.solve(Xh.T @ Xh + lam * np.eye(Xh.shape[1]), Xh.T @ y)",
                                                  "np.linalg.lstsq(Xh, y, rcond=None)[0]")),
    ],
    "ch07-predict-step": [
        ("the bias coordinate (the 1 of x~) left out of the step and the dot products",
         "eta_fit_b = 1 / 3\nresidual_a = 4 / 3\n"),
        ("a negative rate: a Widrow-Hoff step goes against the gradient of the example's error; check the sign of "
         "your update", "eta_fit_b = -2 / 7\nresidual_a = 10 / 7\n"),
        ("the perceptron step eta y x: LMS moves by the residual, not by the label",
         "eta_fit_b = 4 / 7\nresidual_a = 10 / 7\n"),
        ("the rate that fits the example the step is taken on; the question is about the other one",
         "eta_fit_b = 1 / 6\nresidual_a = 0.0\n"),
        ("a step on B: the step is taken on A", "eta_fit_b = 0.1\nresidual_a = 0.8\n"),
    ],
    "ch07-predict-rate": [
        ("the matrix of the summed error E; the library's step is on E / n: which matrix multiplies its error?",
         "eta_best = 2 / 54\n"),
        ("the points in the old units: the second feature's column of X~ has changed", "eta_best = 2 / 2.125\n"),
        ("at this rate, what factor multiplies the error along the steepest direction at each step?",
         "eta_best = 0.16\n"),
        ("this rate removes the steepest direction in one step; what factor is left on the slowest direction?",
         "eta_best = 0.08\n"),
        ("the column of ones left out of X~: the bias has an eigenvalue of its own", "eta_best = 2 / 14.5\n"),
        ("off by a constant factor: check the algebra of setting the two extreme factors 1 - eta lambda equal in size",
         "eta_best = 1 / 13.5\n"),
    ],
    "ch07-construct-failure": [
        ("the point is more than 8 from the origin: the exercise asks for a point within 8", "p_new = [20.0, -10.0]\n"),
        ("no line separates the data any more: a separating line must keep p_new on the positive side",
         "p_new = [0.2, 0.0]\n"),
    ],
}
