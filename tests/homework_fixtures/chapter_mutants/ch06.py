# Plausible wrong answers for chapter 06: each must lose points under the grader, and each
# must get its own "known mistake" message from the exercise's check (lecturekit/exercises/ch06.py).
MUTANTS = {
    "ch06-margin-gradient": [
        ("this is the gradient of a criterion that is linear in the margin, summed over the same examples; J_q is "
         "quadratic in it: differentiate one of its terms with the chain rule", '''def squared_margin_gradient(w, X, y, b):
    """Gradient of J_q(w) = 1/2 sum over y_i w . (1, x_i) <= b of (b - y_i w . (1, x_i))^2."""
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    margins = y * (Xh @ np.asarray(w, dtype=float))
    short = margins <= b
    return -(y[short] @ Xh[short])
'''),
        ("this vector points downhill: J_q grows as a margin falls further below b, so check the sign of one term's "
         "derivative", '''def squared_margin_gradient(w, X, y, b):
    """Gradient of J_q(w) = 1/2 sum over y_i w . (1, x_i) <= b of (b - y_i w . (1, x_i))^2."""
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    margins = y * (Xh @ np.asarray(w, dtype=float))
    short = margins <= b
    return ((b - margins[short]) * y[short]) @ Xh[short]
'''),
        ("this is off by a constant factor: differentiate one term, 1/2 (b - y_i w . x_i)^2, with the chain rule", '''def squared_margin_gradient(w, X, y, b):
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
        ("the code divides by k = 0 on its first pass: which k does the slides' schedule eta(1) / k start from?", '''def descend(X, y, eta1, theta, max_iter=100_000):
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
        ("True here is a fact about the data (a line separates them), not about the w returned",
         ("    return w, bool(np.all(y * (Xh @ w) > 0))", "    return w, bool(lk.is_separable(X, y))")),
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
        ("one number for both sides, the average that a central difference measures at a kink: f has a different "
         "slope on each side of t = 0", "slope_left = -0.5\nslope_right = -0.5\n"),
        ("one slope for both sides, the gradient the library returns: it counts every point on the boundary as a "
         "mistake at once; for t < 0 and for t > 0 separately, which of them is strictly wrong?",
         "slope_left = -1.0\nslope_right = -1.0\n"),
        ("as t increases towards 0 from below, does J rise or fall? And as it increases from 0?",
         "slope_left = 2.0\nslope_right = -1.0\n"),
        ("only one of the two points on the boundary counted: raising w2 moves both of them",
         "slope_left = -2.0\nslope_right = 0.0\n"),
    ],
    "ch06-construct": [
        ("w = 0 is the trivial answer the exercise excludes: it has no boundary at all", "w_flat = [0.0, 0.0, 0.0]\n"),
        ("a separating w also has J = 0, but then the perceptron stops: which examples does the perceptron update on?",
         "w_flat = [1.0, -1.0, 4.0]\n"),
        ("a point strictly on the wrong side adds a positive term to J", "w_flat = [1.0, 1.0, 0.0]\n"),
        ("a bias of 0 puts the boundary through the origin, the slice w0 = 0 of the figure; the exercise asks for a "
         "boundary that misses the origin", "w_flat = [0.0, 0.0, 1.0]\n"),
    ],
    "ch06-explain": [
        ("a longer step is not automatically a faster descent: write out what one step does to the distance from "
         "the minimum, coordinate by coordinate", 'answer = "a"\n'),
        ("the gradient is perpendicular to the contours; on a bowl that is narrower one way than the other, that is "
         "not the direction of the lowest point", 'answer = "c"\n'),
        ("an overshoot can shrink or grow: work out by what factor one step multiplies w2 + 0.5 at this rate",
         'answer = "d"\n'),
    ],
}
