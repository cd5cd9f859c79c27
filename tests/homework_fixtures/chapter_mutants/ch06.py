# Plausible wrong answers for chapter 06: each must lose points under the grader.
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
    "ch06-gradient": [
        ("the gradient's sign is flipped: + sum over M of y_i x_i", '''def criterion_gradient(w, X, y):
    """Gradient -sum over y_i w . (1, x_i) <= 0 of y_i (1, x_i) of the perceptron criterion."""
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    wrong = y * (Xh @ np.asarray(w, dtype=float)) <= 0
    return (y[wrong] @ Xh[wrong]) + 0.0
'''),
        ("`<` instead of `<=`: at w = 0 nothing counts and the gradient is 0", '''def criterion_gradient(w, X, y):
    """Gradient -sum over y_i w . (1, x_i) <= 0 of y_i (1, x_i) of the perceptron criterion."""
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    wrong = y * (Xh @ np.asarray(w, dtype=float)) < 0
    return -(y[wrong] @ Xh[wrong]) + 0.0
'''),
        ("the bias coordinate is forgotten: gradient of the raw features only, bias component 0", '''def criterion_gradient(w, X, y):
    """Gradient -sum over y_i w . (1, x_i) <= 0 of y_i (1, x_i) of the perceptron criterion."""
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    w = np.asarray(w, dtype=float)
    wrong = y * (X @ w[1:]) <= 0
    return np.concatenate([[0.0], -(y[wrong] @ X[wrong])]) + 0.0
'''),
        ("the sum runs over every example, not only the mistakes", '''def criterion_gradient(w, X, y):
    """Gradient -sum over y_i w . (1, x_i) <= 0 of y_i (1, x_i) of the perceptron criterion."""
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    return -(y @ Xh) + 0.0
'''),
    ],
    "ch06-batch-step": [
        ("the step goes uphill: w + eta * grad J", '''def batch_step(w, X, y, eta):
    """One gradient-descent step w - eta * grad J(w) on the perceptron criterion."""
    w = np.asarray(w, dtype=float)
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    wrong = y * (Xh @ w) <= 0
    return w - eta * (y[wrong] @ Xh[wrong])
'''),
        ("`<` instead of `<=`: from w = 0 the step does nothing", '''def batch_step(w, X, y, eta):
    """One gradient-descent step w - eta * grad J(w) on the perceptron criterion."""
    w = np.asarray(w, dtype=float)
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    wrong = y * (Xh @ w) < 0
    return w + eta * (y[wrong] @ Xh[wrong])
'''),
        ("the learning rate is ignored", '''def batch_step(w, X, y, eta):
    """One gradient-descent step w - eta * grad J(w) on the perceptron criterion."""
    w = np.asarray(w, dtype=float)
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    wrong = y * (Xh @ w) <= 0
    return w + (y[wrong] @ Xh[wrong])
'''),
        ("an online step instead: only the first mistake is added", '''def batch_step(w, X, y, eta):
    """One gradient-descent step w - eta * grad J(w) on the perceptron criterion."""
    w = np.asarray(w, dtype=float)
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    for x_i, y_i in zip(Xh, y):
        if y_i * (w @ x_i) <= 0:
            return w + eta * y_i * x_i
    return w
'''),
        ("the bias coordinate is forgotten: the bias never moves", '''def batch_step(w, X, y, eta):
    """One gradient-descent step w - eta * grad J(w) on the perceptron criterion."""
    w = np.asarray(w, dtype=float)
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    Xh = np.hstack([np.zeros((X.shape[0], 1)), X])
    wrong = y * (Xh @ w) <= 0
    return w + eta * (y[wrong] @ Xh[wrong])
'''),
        ("w is changed in place, so the caller's array changes", '''def batch_step(w, X, y, eta):
    """One gradient-descent step w - eta * grad J(w) on the perceptron criterion."""
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    wrong = y * (Xh @ w) <= 0
    w += eta * (y[wrong] @ Xh[wrong])
    return w
'''),
    ],
    "ch06-predict-gradient": [
        ("counts the mistakes instead of summing how far they are wrong",
         "J_value = 1.0\ngrad = [-1.0, -1.0, -2.0]\n"),
        ("`<` instead of `<=`: a point on the boundary is left out of M", "J_value = 0.0\ngrad = [0.0, 0.0, 0.0]\n"),
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
        ("J falls when w shrinks: J(c w) = c J(w), so a small J can come from a short w, not from fewer mistakes",
         'answer = "a"\n'),
        ("a schedule changes the steps, not the data: no w separates this set, whatever the run does", 'answer = "c"\n'),
    ],
}
