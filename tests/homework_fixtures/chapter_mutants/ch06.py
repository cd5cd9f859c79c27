# Plausible wrong answers for chapter 06: each must lose points under the grader, and each
# must get its own "known mistake" message from the exercise's check (lecturekit/exercises/ch06.py).
MUTANTS = {
    "ch06-criterion": [
        ("the sign is flipped: sums y_i w . x_i over the mistakes (J <= 0)", '''def criterion(w, X, y):
    """Perceptron criterion J(w) = sum over y_i w . (1, x_i) <= 0 of -y_i w . (1, x_i)."""
    X = np.asarray(X, dtype=float)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    margins = np.asarray(y) * (Xh @ np.asarray(w, dtype=float))
    return float(np.sum(margins[margins <= 0]))
'''),
        ("the bias coordinate is forgotten: scores X @ w[1:] without the 1", '''def criterion(w, X, y):
    """Perceptron criterion J(w) = sum over y_i w . (1, x_i) <= 0 of -y_i w . (1, x_i)."""
    X = np.asarray(X, dtype=float)
    w = np.asarray(w, dtype=float)
    margins = np.asarray(y) * (X @ w[1:])
    return float(-np.sum(margins[margins <= 0]))
'''),
        ("the sum runs over every example, not only the mistakes", '''def criterion(w, X, y):
    """Perceptron criterion J(w) = sum over y_i w . (1, x_i) <= 0 of -y_i w . (1, x_i)."""
    X = np.asarray(X, dtype=float)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    margins = np.asarray(y) * (Xh @ np.asarray(w, dtype=float))
    return float(-np.sum(margins))
'''),
        ("counts the mistakes instead of summing how far they are wrong", '''def criterion(w, X, y):
    """Perceptron criterion J(w) = sum over y_i w . (1, x_i) <= 0 of -y_i w . (1, x_i)."""
    X = np.asarray(X, dtype=float)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    margins = np.asarray(y) * (Xh @ np.asarray(w, dtype=float))
    return float(np.sum(margins <= 0))
'''),
    ],
    "ch06-margin-gradient": [
        ("the factor (b - y_i w . x_i) is missing: that is the gradient of the linear criterion over the same set", '''def squared_margin_gradient(w, X, y, b):
    """Gradient of J_q(w) = 1/2 sum over y_i w . (1, x_i) <= b of (b - y_i w . (1, x_i))^2."""
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    margins = y * (Xh @ np.asarray(w, dtype=float))
    short = margins <= b
    return -(y[short] @ Xh[short]) + 0.0
'''),
        ("the gradient's sign is flipped", '''def squared_margin_gradient(w, X, y, b):
    """Gradient of J_q(w) = 1/2 sum over y_i w . (1, x_i) <= b of (b - y_i w . (1, x_i))^2."""
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    margins = y * (Xh @ np.asarray(w, dtype=float))
    short = margins <= b
    return ((b - margins[short]) * y[short]) @ Xh[short] + 0.0
'''),
        ("the 1/2 in front of the sum is forgotten: twice the gradient", '''def squared_margin_gradient(w, X, y, b):
    """Gradient of J_q(w) = 1/2 sum over y_i w . (1, x_i) <= b of (b - y_i w . (1, x_i))^2."""
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    margins = y * (Xh @ np.asarray(w, dtype=float))
    short = margins <= b
    return -2 * ((b - margins[short]) * y[short]) @ Xh[short] + 0.0
'''),
        ("the sum runs over the mistakes (y_i w . x_i <= 0) instead of the examples with y_i w . x_i <= b", '''def squared_margin_gradient(w, X, y, b):
    """Gradient of J_q(w) = 1/2 sum over y_i w . (1, x_i) <= b of (b - y_i w . (1, x_i))^2."""
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    margins = y * (Xh @ np.asarray(w, dtype=float))
    short = margins <= 0
    return -((b - margins[short]) * y[short]) @ Xh[short] + 0.0
'''),
    ],
    "ch06-batch-step": [
        ("< instead of <=: from w = 0 nothing is a mistake and the step does nothing", '''def batch_step(w, X, y, eta):
    """One gradient-descent step w - eta * grad J(w) on the perceptron criterion."""
    Xh = np.hstack([np.ones((len(X), 1)), X])
    wrong = y * (Xh @ w) < 0
    return w + eta * (y[wrong] @ Xh[wrong])
'''),
        ("w is changed in place, so the caller's array changes", '''def batch_step(w, X, y, eta):
    """One gradient-descent step w - eta * grad J(w) on the perceptron criterion."""
    Xh = np.hstack([np.ones((len(X), 1)), X])
    wrong = y * (Xh @ w) <= 0
    w += eta * (y[wrong] @ Xh[wrong])
    return w
'''),
        ("the step goes uphill: w + eta * grad J", '''def batch_step(w, X, y, eta):
    """One gradient-descent step w - eta * grad J(w) on the perceptron criterion."""
    Xh = np.hstack([np.ones((len(X), 1)), X])
    wrong = y * (Xh @ w) <= 0
    return w - eta * (y[wrong] @ Xh[wrong])
'''),
    ],
    "ch06-predict-gradient": [
        ("counts the mistakes instead of summing how far they are wrong",
         "J_value = 1.0\ngrad = [-1.0, -1.0, -2.0]\n"),
        ("< instead of <=: a point on the boundary is left out of M", "J_value = 0.0\ngrad = [0.0, 0.0, 0.0]\n"),
        ("the gradient's sign is flipped: + sum over M of y_i x_i", "J_value = 0.0\ngrad = [1.0, 1.0, 2.0]\n"),
        ("the sum runs over every example, not only the mistakes", "J_value = 0.0\ngrad = [-1.0, -3.0, 0.0]\n"),
        ("the bias coordinate is forgotten: scores and gradient without the 1",
         "J_value = 0.0\ngrad = [0.0, 0.0, 1.0]\n"),
    ],
    "ch06-construct": [
        ("w = 0 is the trivial answer the exercise excludes: it has no boundary at all", "w_flat = [0.0, 0.0, 0.0]\n"),
        ("a separating w also has J = 0, but then the perceptron stops: put a point on the boundary",
         "w_flat = [0.0, -1.0, 4.0]\n"),
        ("a point strictly on the wrong side adds a positive term to J", "w_flat = [0.0, 1.0, 0.0]\n"),
    ],
    "ch06-explain": [
        ("a longer step is not a faster descent: along w2 a step multiplies the distance to the minimum by 1 - 8 eta, "
         "and |1 - 2.4| > 1", 'answer = "a"\n'),
        ("the gradient is perpendicular to the contours, not aimed at the minimum: on an elongated bowl steepest "
         "descent does not go straight to the lowest point", 'answer = "c"\n'),
    ],
}
