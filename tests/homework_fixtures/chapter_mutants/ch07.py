# Plausible wrong answers for chapter 07: each must lose points under the grader.
MUTANTS = {
    "ch07-online-step": [
        ("residual sign flipped", '''def lms_online_step(w, x_i, y_i, eta):
    """Return w after one Widrow-Hoff step: w + eta * (y_i - w . x_i) * x_i."""
    return w + eta * (w @ x_i - y_i) * x_i
'''),
        ("eta ignored", '''def lms_online_step(w, x_i, y_i, eta):
    """Return w after one Widrow-Hoff step: w + eta * (y_i - w . x_i) * x_i."""
    return w + (y_i - w @ x_i) * x_i
'''),
        ("squared residual (Flach's Alg. 7.3 as printed)", '''def lms_online_step(w, x_i, y_i, eta):
    """Return w after one Widrow-Hoff step: w + eta * (y_i - w . x_i) * x_i."""
    return w + eta * (y_i - w @ x_i) ** 2 * x_i
'''),
        ("perceptron rule: only moves on mistakes, by y_i", '''def lms_online_step(w, x_i, y_i, eta):
    """Return w after one Widrow-Hoff step: w + eta * (y_i - w . x_i) * x_i."""
    if y_i * (w @ x_i) <= 0:
        return w + eta * y_i * x_i
    return w
'''),
        ("only moves on misclassified examples", '''def lms_online_step(w, x_i, y_i, eta):
    """Return w after one Widrow-Hoff step: w + eta * (y_i - w . x_i) * x_i."""
    if y_i * (w @ x_i) <= 0:
        return w + eta * (y_i - w @ x_i) * x_i
    return w
'''),
        ("the perceptron's sign(w . x) in place of w . x", '''def lms_online_step(w, x_i, y_i, eta):
    """Return w after one Widrow-Hoff step: w + eta * (y_i - w . x_i) * x_i."""
    return w + eta * (y_i - np.sign(w @ x_i)) * x_i
'''),
    ],
    "ch07-batch-step": [
        ("gradient sign flipped (ascent)", '''def lms_gradient(w, Xh, y):
    """Gradient of E(w) = 1/2 sum_i (y_i - w . x_i)^2; Xh has shape (n, d + 1)."""
    return Xh.T @ (y - Xh @ w)


def lms_batch_step(w, Xh, y, eta):
    """Return w after one batch LMS step, w - eta * grad E(w)."""
    return w - eta * lms_gradient(w, Xh, y)
'''),
        ("eta ignored in the step", '''def lms_gradient(w, Xh, y):
    """Gradient of E(w) = 1/2 sum_i (y_i - w . x_i)^2; Xh has shape (n, d + 1)."""
    return -Xh.T @ (y - Xh @ w)


def lms_batch_step(w, Xh, y, eta):
    """Return w after one batch LMS step, w - eta * grad E(w)."""
    return w - lms_gradient(w, Xh, y)
'''),
        ("mean instead of sum", '''def lms_gradient(w, Xh, y):
    """Gradient of E(w) = 1/2 sum_i (y_i - w . x_i)^2; Xh has shape (n, d + 1)."""
    return -Xh.T @ (y - Xh @ w) / len(y)


def lms_batch_step(w, Xh, y, eta):
    """Return w after one batch LMS step, w - eta * grad E(w)."""
    return w - eta * lms_gradient(w, Xh, y)
'''),
        ("sums only over misclassified examples (batch perceptron)", '''def lms_gradient(w, Xh, y):
    """Gradient of E(w) = 1/2 sum_i (y_i - w . x_i)^2; Xh has shape (n, d + 1)."""
    wrong = y * (Xh @ w) <= 0
    return -Xh[wrong].T @ (y[wrong] - Xh[wrong] @ w)


def lms_batch_step(w, Xh, y, eta):
    """Return w after one batch LMS step, w - eta * grad E(w)."""
    return w - eta * lms_gradient(w, Xh, y)
'''),
        ("step adds the gradient", '''def lms_gradient(w, Xh, y):
    """Gradient of E(w) = 1/2 sum_i (y_i - w . x_i)^2; Xh has shape (n, d + 1)."""
    return -Xh.T @ (y - Xh @ w)


def lms_batch_step(w, Xh, y, eta):
    """Return w after one batch LMS step, w - eta * grad E(w)."""
    return w + eta * lms_gradient(w, Xh, y)
'''),
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
