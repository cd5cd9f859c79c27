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
    "ch07-sse": [
        ("mean instead of sum", '''def sse(w, Xh, y):
    """Sum of squared residuals sum_i (y_i - w . x_i)^2 over the rows of Xh."""
    return float(np.mean((y - Xh @ w) ** 2))
'''),
        ("absolute residuals", '''def sse(w, Xh, y):
    """Sum of squared residuals sum_i (y_i - w . x_i)^2 over the rows of Xh."""
    return float(np.sum(np.abs(y - Xh @ w)))
'''),
        ("with the 1/2 of E(w)", '''def sse(w, Xh, y):
    """Sum of squared residuals sum_i (y_i - w . x_i)^2 over the rows of Xh."""
    return float(0.5 * np.sum((y - Xh @ w) ** 2))
'''),
        ("square of the summed residual", '''def sse(w, Xh, y):
    """Sum of squared residuals sum_i (y_i - w . x_i)^2 over the rows of Xh."""
    return float(np.sum(y - Xh @ w) ** 2)
'''),
    ],
}
