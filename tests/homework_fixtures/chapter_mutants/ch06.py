# Plausible wrong answers for chapter 06: each must lose points under the grader, and each
# must get its own "known mistake" message from the exercise's check (lecturekit/exercises/ch06.py).
MUTANTS = {
    "ch06-margin-gradient": [
        ("the factor (b - y_i w . x_i) is missing: that is the gradient of the linear criterion over the same set", '''def squared_margin_gradient(w, X, y, b):
    """Gradient of J_q(w) = 1/2 sum over y_i w . (1, x_i) <= b of (b - y_i w . (1, x_i))^2."""
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    margins = y * (Xh @ np.asarray(w, dtype=float))
    short = margins <= b
    return -(y[short] @ Xh[short])
'''),
        ("the gradient's sign is flipped", '''def squared_margin_gradient(w, X, y, b):
    """Gradient of J_q(w) = 1/2 sum over y_i w . (1, x_i) <= b of (b - y_i w . (1, x_i))^2."""
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    margins = y * (Xh @ np.asarray(w, dtype=float))
    short = margins <= b
    return ((b - margins[short]) * y[short]) @ Xh[short]
'''),
        ("the 1/2 in front of the sum is forgotten: twice the gradient", '''def squared_margin_gradient(w, X, y, b):
    """Gradient of J_q(w) = 1/2 sum over y_i w . (1, x_i) <= b of (b - y_i w . (1, x_i))^2."""
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    margins = y * (Xh @ np.asarray(w, dtype=float))
    short = margins <= b
    return -2 * ((b - margins[short]) * y[short]) @ Xh[short]
'''),
        ("the sum runs over the mistakes (y_i w . x_i <= 0) instead of the examples with y_i w . x_i <= b", '''def squared_margin_gradient(w, X, y, b):
    """Gradient of J_q(w) = 1/2 sum over y_i w . (1, x_i) <= b of (b - y_i w . (1, x_i))^2."""
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    margins = y * (Xh @ np.asarray(w, dtype=float))
    short = margins <= 0
    return -((b - margins[short]) * y[short]) @ Xh[short]
'''),
    ],
    "ch06-debug-stop": [
        ("eta(k) = eta1 / k is used with k = 0: the schedule counts its steps from 1", '''def descend(X, y, eta1, theta, max_iter=100_000):
    Xh = np.hstack([np.ones((len(X), 1)), X])
    w = np.zeros(Xh.shape[1])
    for k in range(max_iter):
        wrong = y * (Xh @ w) <= 0
        step = eta1 / k * (y[wrong] @ Xh[wrong])
        if np.linalg.norm(step) < theta:      # the slides' stopping rule
            return w, True                    # converged
        w = w + step
    return w, False
'''),
        ("the stopping rule's verdict reported as the answer: a short step says the rate is small, not that the "
         "examples are right", '''def descend(X, y, eta1, theta, max_iter=100_000):
    Xh = np.hstack([np.ones((len(X), 1)), X])
    w = np.zeros(Xh.shape[1])
    for k in range(1, max_iter + 1):
        wrong = y * (Xh @ w) <= 0
        step = eta1 / k * (y[wrong] @ Xh[wrong])
        if np.linalg.norm(step) < theta:
            return w, True
        w = w + step
    return w, False
'''),
        ("< instead of <=: at w = 0 no example counts as a mistake, the first step is zero and the rule stops at "
         "once", ("wrong = y * (Xh @ w) <= 0", "wrong = y * (Xh @ w) < 0")),
    ],
    "ch06-construct-stall": [
        ("the step's bias coordinate is the sum of the labels, from the 1 in front of every x: it is not zero here",
         "X_stall = np.array([[1.0, 0.0], [-1.0, 0.0], [0.0, 0.0]])\ny_stall = np.array([1, 1, -1])\n"),
        ("one point with both labels: the exercise asks for different points",
         "X_stall = np.array([[0.5, 0.5], [0.5, 0.5]])\ny_stall = np.array([1, -1])\n"),
        ("a line separates these data; then the descent can never stall at w = 0 (why not?)",
         "X_stall = np.array([[0.0, 3.0], [3.0, 1.0], [-3.0, -2.0], [2.0, 0.0]])\ny_stall = np.array([1, 1, -1, -1])\n"),
    ],
    "ch06-predict-gradient": [
        ("the average of the slopes on the two sides, which is what a central difference measures at a kink: f has "
         "a different slope on each side of t = 0", "slope_left = -0.5\nslope_right = 0.0\n"),
        ("the sign is flipped: as t rises towards 0 from below, does J go up or down?",
         "slope_left = 1.0\nslope_right = 0.0\n"),
        ("one slope for both sides (the gradient the library returns, which counts the point on the boundary as a "
         "mistake); ask on which side of t = 0 that point is wrong", "slope_left = -1.0\nslope_right = -1.0\n"),
    ],
    "ch06-construct": [
        ("w = 0 is the trivial answer the exercise excludes: it has no boundary at all", "w_flat = [0.0, 0.0, 0.0]\n"),
        ("a separating w also has J = 0, but then the perceptron stops: put a point on the boundary",
         "w_flat = [0.0, -1.0, 4.0]\n"),
        ("a point strictly on the wrong side adds a positive term to J", "w_flat = [0.0, 1.0, 0.0]\n"),
    ],
    "ch06-explain": [
        ("a longer step is not automatically a faster descent: write out what one step does to the distance from "
         "the minimum, coordinate by coordinate", 'answer = "a"\n'),
        ("the gradient is perpendicular to the contours; on a bowl that is narrower one way than the other, that is "
         "not the direction of the lowest point", 'answer = "c"\n'),
    ],
}
