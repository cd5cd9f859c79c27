# Plausible wrong answers for chapter 04: each must lose points under the grader.
MUTANTS = {
    "ch04-update": [
        ("`<` instead of `<=`: a point on the boundary (and w = 0) is not a mistake", '''def perceptron_update(w, x_i, y_i, eta):
    """Return w after one step of Alg. 7.1 on (x_i, y_i); x_i is homogeneous."""
    if y_i * (w @ x_i) < 0:
        return w + eta * y_i * x_i
    return w
'''),
        ("the update is applied to correctly classified points too", '''def perceptron_update(w, x_i, y_i, eta):
    """Return w after one step of Alg. 7.1 on (x_i, y_i); x_i is homogeneous."""
    return w + eta * y_i * x_i
'''),
        ("the learning rate is ignored", '''def perceptron_update(w, x_i, y_i, eta):
    """Return w after one step of Alg. 7.1 on (x_i, y_i); x_i is homogeneous."""
    if y_i * (w @ x_i) <= 0:
        return w + y_i * x_i
    return w
'''),
        ("the label is forgotten in the update (always moves towards x_i)", '''def perceptron_update(w, x_i, y_i, eta):
    """Return w after one step of Alg. 7.1 on (x_i, y_i); x_i is homogeneous."""
    if y_i * (w @ x_i) <= 0:
        return w + eta * x_i
    return w
'''),
        ("the label is forgotten in the mistake test (tests w . x <= 0)", '''def perceptron_update(w, x_i, y_i, eta):
    """Return w after one step of Alg. 7.1 on (x_i, y_i); x_i is homogeneous."""
    if w @ x_i <= 0:
        return w + eta * y_i * x_i
    return w
'''),
        ("w is updated in place, so the caller's array changes", '''def perceptron_update(w, x_i, y_i, eta):
    """Return w after one step of Alg. 7.1 on (x_i, y_i); x_i is homogeneous."""
    if y_i * (w @ x_i) <= 0:
        w += eta * y_i * x_i
    return w
'''),
    ],
    "ch04-epoch": [
        ("`<` instead of `<=`: from w = 0 nothing is ever updated", '''def perceptron_epoch(w, Xh, y, eta):
    """One epoch of Alg. 7.1 over the homogeneous rows of Xh; return (new w, number of updates)."""
    n_updates = 0
    for x_i, y_i in zip(Xh, y):
        if y_i * (w @ x_i) < 0:
            w = w + eta * y_i * x_i
            n_updates += 1
    return w, n_updates
'''),
        ("the update is applied to correctly classified points too", '''def perceptron_epoch(w, Xh, y, eta):
    """One epoch of Alg. 7.1 over the homogeneous rows of Xh; return (new w, number of updates)."""
    n_updates = 0
    for x_i, y_i in zip(Xh, y):
        if y_i * (w @ x_i) <= 0:
            n_updates += 1
        w = w + eta * y_i * x_i
    return w, n_updates
'''),
        ("the learning rate is ignored", '''def perceptron_epoch(w, Xh, y, eta):
    """One epoch of Alg. 7.1 over the homogeneous rows of Xh; return (new w, number of updates)."""
    n_updates = 0
    for x_i, y_i in zip(Xh, y):
        if y_i * (w @ x_i) <= 0:
            w = w + y_i * x_i
            n_updates += 1
    return w, n_updates
'''),
        ("the label is forgotten in the update", '''def perceptron_epoch(w, Xh, y, eta):
    """One epoch of Alg. 7.1 over the homogeneous rows of Xh; return (new w, number of updates)."""
    n_updates = 0
    for x_i, y_i in zip(Xh, y):
        if y_i * (w @ x_i) <= 0:
            w = w + eta * x_i
            n_updates += 1
    return w, n_updates
'''),
        ("batch instead of online: all mistakes judged with the w from the start of the epoch", '''def perceptron_epoch(w, Xh, y, eta):
    """One epoch of Alg. 7.1 over the homogeneous rows of Xh; return (new w, number of updates)."""
    wrong = y * (Xh @ w) <= 0
    return w + eta * (y[wrong] @ Xh[wrong]), int(wrong.sum())
'''),
        ("counts the examples visited instead of the updates", '''def perceptron_epoch(w, Xh, y, eta):
    """One epoch of Alg. 7.1 over the homogeneous rows of Xh; return (new w, number of updates)."""
    for x_i, y_i in zip(Xh, y):
        if y_i * (w @ x_i) <= 0:
            w = w + eta * y_i * x_i
    return w, len(y)
'''),
    ],
    "ch04-dual-weights": [
        ("the label is forgotten: w = sum_i alpha_i x_i", '''def dual_weights(alpha, X, y):
    """Return w = sum_i alpha_i y_i (1, x_i) for raw X of shape (n, d): an array of length d + 1."""
    Xh = np.hstack([np.ones((len(X), 1)), X])
    return np.asarray(alpha) @ Xh
'''),
        ("the bias is dropped (no column of ones)", '''def dual_weights(alpha, X, y):
    """Return w = sum_i alpha_i y_i (1, x_i) for raw X of shape (n, d): an array of length d + 1."""
    return (np.asarray(alpha) * np.asarray(y)) @ np.asarray(X)
'''),
        ("the bias is kept at 0 (a column of zeros)", '''def dual_weights(alpha, X, y):
    """Return w = sum_i alpha_i y_i (1, x_i) for raw X of shape (n, d): an array of length d + 1."""
    Xh = np.hstack([np.zeros((len(X), 1)), X])
    return (np.asarray(alpha) * np.asarray(y)) @ Xh
'''),
        ("the 1 goes last instead of first", '''def dual_weights(alpha, X, y):
    """Return w = sum_i alpha_i y_i (1, x_i) for raw X of shape (n, d): an array of length d + 1."""
    Xh = np.hstack([X, np.ones((len(X), 1))])
    return (np.asarray(alpha) * np.asarray(y)) @ Xh
'''),
        ("alpha is ignored: w = sum_i y_i x_i", '''def dual_weights(alpha, X, y):
    """Return w = sum_i alpha_i y_i (1, x_i) for raw X of shape (n, d): an array of length d + 1."""
    Xh = np.hstack([np.ones((len(X), 1)), X])
    return np.asarray(y) @ Xh
'''),
    ],
}
