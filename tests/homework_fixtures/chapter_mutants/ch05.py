# Plausible wrong answers for chapter 05: each must lose points under the grader, and each
# must get its own "known mistake" message from the exercise's check (lecturekit/exercises/ch05.py).
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
        ("the margin is still divided by |(u1, ..., ud)|, the input-space norm, instead of |u|", '''def novikoff_by_hand(X, y, u):
    """Novikoff's mistake bound (R / gamma)^2, measured on the homogeneous points (1, x_i)."""
    u = np.asarray(u, dtype=float)
    Xh = np.hstack([np.ones((len(X), 1)), X])
    R = np.max(np.linalg.norm(Xh, axis=1))
    gamma = np.min(y * (Xh @ u)) / np.linalg.norm(u[1:])
    return float((R / gamma) ** 2)
'''),
        ("the homogeneous 1 is forgotten in R: R = max |x_i| on the raw features", '''def novikoff_by_hand(X, y, u):
    """Novikoff's mistake bound (R / gamma)^2, measured on the homogeneous points (1, x_i)."""
    u = np.asarray(u, dtype=float)
    Xh = np.hstack([np.ones((len(X), 1)), X])
    R = np.max(np.linalg.norm(X, axis=1))
    gamma = np.min(y * (Xh @ u)) / np.linalg.norm(u)
    return float((R / gamma) ** 2)
'''),
        ("R / gamma without the square", '''def novikoff_by_hand(X, y, u):
    """Novikoff's mistake bound (R / gamma)^2, measured on the homogeneous points (1, x_i)."""
    u = np.asarray(u, dtype=float)
    Xh = np.hstack([np.ones((len(X), 1)), X])
    R = np.max(np.linalg.norm(Xh, axis=1))
    gamma = np.min(y * (Xh @ u)) / np.linalg.norm(u)
    return float(R / gamma)
'''),
    ],
    "ch05-slow": [
        ("these labels are not linearly separable: the theorem needs separable data, and the perceptron never stops",
         "X_slow = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]])\ny_slow = np.array([1, 1, -1, -1])\n"),
        ("a wide gap near the origin makes the perceptron fast: gamma is large compared with R",
         "X_slow = np.array([[0.0, 3.0], [3.0, 1.0], [-3.0, -2.0], [2.0, 0.0]])\ny_slow = np.array([1, 1, -1, -1])\n"),
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
        ("a positive bias pulls the boundary towards the negatives: it separates, but a negative is too close",
         "w_tilde = [1.0, 1.0, 1.0]\n"),
    ],
    "ch05-explain": [
        ("R is the radius of all the points, not of the nearest ones: a far point raises R, and with it the bound",
         'answer = "b"\n'),
        ("the margin is the smallest score over the examples, not a sum or an average: a far point cannot raise it",
         'answer = "c"\n'),
    ],
}
