# Plausible wrong answers for chapter 07: each must lose points under the grader, and the
# visible check must name it (its description is the Mistake message in lecturekit/exercises/ch07.py).
_BATCH_LMS = '''def batch_lms(X, y, eta, tol, max_epochs=10_000):
    """Batch LMS on E from w = 0 until |grad E(w)| < tol; returns (w, epochs run)."""
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
        ("the test looks at the residuals, which stay large on noisy data even at the least-squares weights",
         _BATCH_LMS.replace("        if np.linalg.norm(gradient) < tol:", "        if np.linalg.norm(y - Xh @ w) < tol:")),
        ("the step divides by n: that is descent on the mean error, whose rate means something else than the rate "
         "of the summed error E", _BATCH_LMS.replace("w = w - eta * gradient", "w = w - eta * gradient / len(y)")),
    ],
    "ch07-ridge": [
        ("the penalty's gradient has the wrong sign: lam/2 |w|^2 grows away from 0, so its gradient is +lam w",
         _RIDGE_GRADIENT.replace("+ lam * w", "- lam * w") + _RIDGE_WEIGHTS),
        ("the factor 1/2 of the penalty lost: the gradient of lam/2 |w|^2 is lam w, not 2 lam w",
         _RIDGE_GRADIENT.replace("+ lam * w", "+ 2 * lam * w") + _RIDGE_WEIGHTS),
        ("the penalty left out of the gradient", _RIDGE_GRADIENT.replace(" + lam * w", "") + _RIDGE_WEIGHTS),
        ("the least-squares weights: lam was not used",
         _RIDGE_GRADIENT + _RIDGE_WEIGHTS.replace("np.linalg.solve(Xh.T @ Xh + lam * np.eye(Xh.shape[1]), Xh.T @ y)",
                                                  "np.linalg.lstsq(Xh, y, rcond=None)[0]")),
    ],
    "ch07-predict-step": [
        ("the residual taken as score minus label (sign flipped)", "residual_after = -1.0\neta_mirror = 1 / 3\n"),
        ("the bias coordinate (the 1 of x~) left out of the step", "residual_after = 0.5\neta_mirror = 1 / 3\n"),
        ("the perceptron step eta * y * x (LMS moves by the residual, not by the label)",
         "residual_after = -0.5\neta_mirror = 1 / 3\n"),
        ("the squared residual of Alg. 7.3 as printed", "residual_after = -8.0\neta_mirror = 1 / 3\n"),
        ("the rate at which one step fits the example exactly; the mirror image is further",
         "residual_after = 1.0\neta_mirror = 1 / 6\n"),
        ("the length of x~ without its 1", "residual_after = 1.0\neta_mirror = 0.4\n"),
    ],
    "ch07-predict-rate": [
        ("the stable rate of the summed error E; the library descends on E / n", "eta_star = 0.04\n"),
        ("the points in the old units: the second feature's column of X~ has changed", "eta_star = 1.0\n"),
        ("this rate fits the steepest direction in one step (its factor 1 - eta lambda is 0); the largest stable rate "
         "is where that factor reaches the edge of shrinking", "eta_star = 0.08\n"),
        ("the smallest eigenvalue: as eta grows, which direction stops shrinking first?", "eta_star = 2.0\n"),
    ],
    "ch07-explain-failure": [
        ("(a) is a claim about the data: test it (lk.is_separable) before you rely on it", 'answer = "a"\n'),
        ("(c) would mean that more epochs change the answer: where does LMS go as it runs, and how many epochs does "
         "the least-squares classifier take?", 'answer = "c"\n'),
        ("(d): which learning rate produced the least-squares line of section 6?", 'answer = "d"\n'),
    ],
}
