# Plausible wrong answers for chapter 07: each must lose points under the grader, and the
# visible check must name it (its description is the Mistake message in lecturekit/exercises/ch07.py).
_EPOCH_DOC = '    """One epoch of online LMS from w over the rows of Xh, in order; w itself is not changed."""\n'
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
    "ch07-debug-epoch": [
        ("residuals computed once, before the loop: every step uses the old weights, so the epoch is one "
         "batch step, not n online steps",
         "def lms_epoch(w, Xh, y, eta):\n" + _EPOCH_DOC + """    r = y - Xh @ w
    for i in range(len(y)):
        w += eta * r[i] * Xh[i]
    return w
"""),
        ("steps only on misclassified examples: LMS moves on every example",
         "def lms_epoch(w, Xh, y, eta):\n" + _EPOCH_DOC + """    w = np.array(w, dtype=float)
    for x_i, y_i in zip(Xh, y):
        if y_i * (w @ x_i) <= 0:
            w = w + eta * (y_i - w @ x_i) * x_i
    return w
"""),
        ("w is changed in place (w += ...), so the caller's array moves too",
         "def lms_epoch(w, Xh, y, eta):\n" + _EPOCH_DOC + """    w = np.asarray(w, dtype=float)
    for x_i, y_i in zip(Xh, y):
        w += eta * (y_i - w @ x_i) * x_i
    return w
"""),
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
        ("the residual taken as score minus label (sign flipped)", "w_next = [0.5, 2.0, -0.5]\n"),
        ("the squared residual of Alg. 7.3 as printed", "w_next = [1.0, 3.0, 0.0]\n"),
        ("the perceptron step eta * y * x (LMS moves by the residual, not by the label)", "w_next = [-0.25, 0.5, -1.25]\n"),
        ("the learning rate left out", "w_next = [-2.0, -3.0, -3.0]\n"),
        ("the bias coordinate (the 1 of x~) left out of the step", "w_next = [0.0, 0.0, -1.5]\n"),
    ],
    "ch07-predict-rate": [
        ("1 / lambda_max instead of 2 / lambda_max", "eta_star = 0.125\n"),
        ("2 / trace(X~^T X~) instead of 2 / lambda_max", "eta_star = 0.16\n"),
        ("the online per-step bound 2 / max |x~_i|^2 instead of the batch bound", "eta_star = 0.4\n"),
        ("2 / lambda_min instead of 2 / lambda_max", "eta_star = 4.0\n"),
        ("the matrix of the mean error, X~^T X~ / n, for the summed error E(w)", "eta_star = 1.0\n"),
    ],
    "ch07-explain-failure": [
        ("(a): but the data are separable: lk.is_separable says True and the perceptron finds a separating line",
         'answer = "a"\n'),
        ("(c): but least squares is the closed-form minimiser; LMS only converges to that same line", 'answer = "c"\n'),
        ("(d): but no learning rate is involved: the least-squares line comes from the normal equations",
         'answer = "d"\n'),
    ],
}
