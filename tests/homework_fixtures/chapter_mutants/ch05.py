# Plausible wrong answers for chapter 05: each must lose points under the grader.
MUTANTS = {
    "ch05-margin": [
        ("u is not normalised: the smallest score instead of the smallest distance", '''def margin_of(u, X, y):
    """Smallest y_i u . (1, x_i) / |u| over the examples (u homogeneous, bias first)."""
    u = np.asarray(u, dtype=float)
    X = np.asarray(X, dtype=float)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    return float(np.min(np.asarray(y) * (Xh @ u)))
'''),
        ("max instead of min: the farthest example instead of the nearest", '''def margin_of(u, X, y):
    """Smallest y_i u . (1, x_i) / |u| over the examples (u homogeneous, bias first)."""
    u = np.asarray(u, dtype=float)
    X = np.asarray(X, dtype=float)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    return float(np.max(np.asarray(y) * (Xh @ u)) / np.linalg.norm(u))
'''),
        ("the homogeneous 1 is forgotten: the bias u[0] is never used", '''def margin_of(u, X, y):
    """Smallest y_i u . (1, x_i) / |u| over the examples (u homogeneous, bias first)."""
    u = np.asarray(u, dtype=float)
    X = np.asarray(X, dtype=float)
    return float(np.min(np.asarray(y) * (X @ u[1:])) / np.linalg.norm(u))
'''),
        ("divided by |(u1, ..., ud)|, the input-space norm, instead of |u|", '''def margin_of(u, X, y):
    """Smallest y_i u . (1, x_i) / |u| over the examples (u homogeneous, bias first)."""
    u = np.asarray(u, dtype=float)
    X = np.asarray(X, dtype=float)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    return float(np.min(np.asarray(y) * (Xh @ u)) / np.linalg.norm(u[1:]))
'''),
        ("the label is left out: min |u . x| instead of min y u . x", '''def margin_of(u, X, y):
    """Smallest y_i u . (1, x_i) / |u| over the examples (u homogeneous, bias first)."""
    u = np.asarray(u, dtype=float)
    X = np.asarray(X, dtype=float)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    return float(np.min(np.abs(Xh @ u)) / np.linalg.norm(u))
'''),
    ],
    "ch05-bound": [
        ("the homogeneous 1 is forgotten in R: R = max |x_i| on the raw features", '''def novikoff_by_hand(X, y, u):
    """Novikoff's mistake bound (R / gamma)^2, measured on the homogeneous points (1, x_i)."""
    u = np.asarray(u, dtype=float)
    X = np.asarray(X, dtype=float)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    R = np.max(np.linalg.norm(X, axis=1))
    gamma = np.min(np.asarray(y) * (Xh @ u)) / np.linalg.norm(u)
    return float((R / gamma) ** 2)
'''),
        ("u is not normalised: gamma = min y_i u . x_i for the u as given", '''def novikoff_by_hand(X, y, u):
    """Novikoff's mistake bound (R / gamma)^2, measured on the homogeneous points (1, x_i)."""
    u = np.asarray(u, dtype=float)
    X = np.asarray(X, dtype=float)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    R = np.max(np.linalg.norm(Xh, axis=1))
    gamma = np.min(np.asarray(y) * (Xh @ u))
    return float((R / gamma) ** 2)
'''),
        ("max instead of min for gamma", '''def novikoff_by_hand(X, y, u):
    """Novikoff's mistake bound (R / gamma)^2, measured on the homogeneous points (1, x_i)."""
    u = np.asarray(u, dtype=float)
    X = np.asarray(X, dtype=float)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    R = np.max(np.linalg.norm(Xh, axis=1))
    gamma = np.max(np.asarray(y) * (Xh @ u)) / np.linalg.norm(u)
    return float((R / gamma) ** 2)
'''),
        ("R / gamma without the square", '''def novikoff_by_hand(X, y, u):
    """Novikoff's mistake bound (R / gamma)^2, measured on the homogeneous points (1, x_i)."""
    u = np.asarray(u, dtype=float)
    X = np.asarray(X, dtype=float)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    R = np.max(np.linalg.norm(Xh, axis=1))
    gamma = np.min(np.asarray(y) * (Xh @ u)) / np.linalg.norm(u)
    return float(R / gamma)
'''),
    ],
    "ch05-separates": [
        ("`>= 0` instead of `> 0`: a point on the hyperplane counts as separated", '''def separates(u, X, y):
    """True when y_i u . (1, x_i) > 0 for every example."""
    X = np.asarray(X, dtype=float)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    return bool(np.all(np.asarray(y) * (Xh @ np.asarray(u, dtype=float)) >= 0))
'''),
        ("the homogeneous 1 is forgotten: the bias u[0] is never used", '''def separates(u, X, y):
    """True when y_i u . (1, x_i) > 0 for every example."""
    X = np.asarray(X, dtype=float)
    u = np.asarray(u, dtype=float)
    return bool(np.all(np.asarray(y) * (X @ u[1:]) > 0))
'''),
        ("any instead of all: one correct point is enough", '''def separates(u, X, y):
    """True when y_i u . (1, x_i) > 0 for every example."""
    X = np.asarray(X, dtype=float)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    return bool(np.any(np.asarray(y) * (Xh @ np.asarray(u, dtype=float)) > 0))
'''),
    ],
    "ch05-predict-bound": [
        ("R measured on the raw x, without the 1", "R_squared = 5.0\ngamma = 1.0\nbound = 5.0\n"),
        ("u is not normalised: gamma = min y_i u . x_i for the u as given",
         "R_squared = 6.0\ngamma = 3.0\nbound = 6.0 / 9.0\n"),
        ("max instead of min for gamma", "R_squared = 6.0\ngamma = 2.0\nbound = 1.5\n"),
        ("R / gamma without the square", "R_squared = 6.0\ngamma = 1.0\nbound = 6.0 ** 0.5\n"),
    ],
    "ch05-construct": [
        ("w = 0 has no direction: every score is 0, a mistake for the perceptron", "w_tilde = [0.0, 0.0, 0.0]\n"),
        ("the bias written last: w_tilde is (b, w1, w2), with the bias first", "w_tilde = [1.0, 1.0, 0.0]\n"),
        ("the margin is measured with |(w1, w2)| only; the theorem divides by the whole |w_tilde|, bias included",
         "w_tilde = [0.55, 1.0, 1.0]\n"),
        ("a bias of 1 pulls the boundary towards the negatives: it separates, but (-1, -1) is too close",
         "w_tilde = [1.0, 1.0, 1.0]\n"),
    ],
    "ch05-explain": [
        ("scaling changes nothing only without the constant 1: with it, R grows with the features "
         "while gamma cannot pass about 0.5", 'answer = "a"\n'),
        ("the gap grows in raw units, but gamma is measured on (1, x) with a unit u whose bias must "
         "grow with the scale", 'answer = "c"\n'),
    ],
}
