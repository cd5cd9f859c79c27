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
    "ch04-predict": [
        ("`< 0` instead of `<= 0`: from w = 0 no score is negative, so nothing is ever updated",
         "updates_by_hand = []\nw_by_hand = [0.0, 0.0, 0.0]\n"),
        ("updating only when the prediction is wrong: with predict(0) = -1 the negative "
         "example 0 on the boundary is skipped, though y w.x = 0 is a mistake",
         "updates_by_hand = [1, 2]\nw_by_hand = [2.0, 0.0, 1.0]\n"),
        ("judging a whole epoch with the w it started with (batch) instead of "
         "updating after each example",
         "updates_by_hand = [0, 1, 2, 1]\nw_by_hand = [2.0, 0.0, 3.0]\n"),
        ("forgetting the leading 1 of x: without a bias the run goes differently",
         "updates_by_hand = [0, 1, 1, 2, 1, 2, 1, 2, 1]\nw_by_hand = [-2.0, 5.0]\n"),
        ("counting the score 0 of example 1 in epoch 2 as correct, or stopping after one "
         "epoch: y w.x = 0 is a mistake, and the loop runs until an epoch has none",
         "updates_by_hand = [0, 1]\nw_by_hand = [0.0, 0.0, 2.0]\n"),
    ],
    "ch04-margin": [
        ("the bias w0 is left out: w needs three numbers (w0, w1, w2)", "w_margin = [1.0, 1.0]\n"),
        ("the sign is flipped: w points towards the negatives", "w_margin = [1.0, -1.0, -1.0]\n"),
        ("the perceptron's own w: it stops at the first separating line, whose margin is 0.32",
         "w_margin = [1.0, 1.0, 3.0]\n"),
        ("b = 0: the line x1 + x2 = 0 through the origin is closer to the negatives", "w_margin = [0.0, 1.0, 1.0]\n"),
        ("b = +1 instead of -1: the line x1 + x2 = -1 passes too close to the negatives",
         "w_margin = [1.0, 1.0, 1.0]\n"),
    ],
    "ch04-order": [
        ("thinking the rate moves the boundary from w = 0: every w of that run is eta times the "
         "rate-1 run, and the order is what changes the path", 'answer_order = "a"\n'),
        ("thinking the rate matters from w = 0 as well as the order: from w = 0 the rate only "
         "rescales every w", 'answer_order = "c"\n'),
        ("thinking the boundary depends on the data alone: the perceptron stops at the first "
         "separating w on its path, and the order changes the path", 'answer_order = "d"\n'),
    ],
    "ch04-scale": [
        ("dividing the start by eta the wrong way: the rate-1 run starts from w0 / eta = 5 w_blc, "
         "not w_blc / 5", 'answer_scale = "a"\n'),
        ("thinking eta never matters: it cancels only from w = 0; from w_blc it sets how long "
         "the start is compared with each step", 'answer_scale = "c"\n'),
        ("thinking the start is forgotten: eta = 0.2 from 0 is the rate-1 run from 0, a different run",
         'answer_scale = "d"\n'),
    ],
}
