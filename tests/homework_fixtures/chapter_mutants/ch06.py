# Plausible wrong answers for chapter 06: each must lose points under the grader, and each
# must get its own "known mistake" message from the exercise's check (lecturekit/exercises/ch06.py).
MUTANTS = {
    "ch06-margin-gradient": [
        ("perceptron-gradient", '''def squared_margin_gradient(w, X, y, b):
    """Gradient of J_s(w) = 1/2 sum over y_i w . (1, x_i) <= b of (b - y_i w . (1, x_i))^2."""
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    margins = y * (Xh @ np.asarray(w, dtype=float))
    short = margins <= b
    return -(y[short] @ Xh[short])
'''),
        ("uphill", '''def squared_margin_gradient(w, X, y, b):
    """Gradient of J_s(w) = 1/2 sum over y_i w . (1, x_i) <= b of (b - y_i w . (1, x_i))^2."""
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    margins = y * (Xh @ np.asarray(w, dtype=float))
    short = margins <= b
    return ((b - margins[short]) * y[short]) @ Xh[short]
'''),
        ("no-half", '''def squared_margin_gradient(w, X, y, b):
    """Gradient of J_s(w) = 1/2 sum over y_i w . (1, x_i) <= b of (b - y_i w . (1, x_i))^2."""
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    margins = y * (Xh @ np.asarray(w, dtype=float))
    short = margins <= b
    return -2 * ((b - margins[short]) * y[short]) @ Xh[short]
'''),
        ("perceptron-set", '''def squared_margin_gradient(w, X, y, b):
    """Gradient of J_s(w) = 1/2 sum over y_i w . (1, x_i) <= b of (b - y_i w . (1, x_i))^2."""
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    margins = y * (Xh @ np.asarray(w, dtype=float))
    short = margins <= 0
    return -((b - margins[short]) * y[short]) @ Xh[short]
'''),
        ("finite-differences", '''def squared_margin_gradient(w, X, y, b):
    """Gradient of J_s(w) = 1/2 sum over y_i w . (1, x_i) <= b of (b - y_i w . (1, x_i))^2."""
    Xh = np.hstack([np.ones((np.shape(X)[0], 1)), np.asarray(X, dtype=float)])

    def J_s(v):
        margins = np.asarray(y) * (Xh @ v)
        return 0.5 * np.sum((b - margins[margins <= b]) ** 2)

    return lk.numerical_gradient(J_s, np.asarray(w, dtype=float))
'''),
    ],
    "ch06-debug-stop": [
        ("k-from-zero", '''def descend(X, y, eta1, theta, max_iter=100_000):
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
        ("rule-means-converged", '''def descend(X, y, eta1, theta, max_iter=100_000):
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
        ("strict-test", ("wrong = y * (Xh @ w) <= 0", "wrong = y * (Xh @ w) < 0")),
        # one step short of the budget: the rule never fires on the noisy set within max_iter=5
        ("budget-one-short", ("range(1, max_iter + 1)", "range(1, max_iter)")),
        ("data-not-w",
         ("    return w, bool(np.all(y * (Xh @ w) > 0))", "    return w, bool(lk.is_separable(X, y))")),
        ("zero-criterion",
         ("    return w, bool(np.all(y * (Xh @ w) > 0))", "    return w, bool(np.all(y * (Xh @ w) >= 0))")),
        # the verdict of the last loop pass, about w(k - 1), not about the w returned (how the loop went, again)
        ("rule-means-converged", '''def descend(X, y, eta1, theta, max_iter=100_000):
    Xh = np.hstack([np.ones((len(X), 1)), X])
    w = np.zeros(Xh.shape[1])
    for k in range(1, max_iter + 1):
        wrong = y * (Xh @ w) <= 0
        step = eta1 / k * (y[wrong] @ Xh[wrong])
        if np.linalg.norm(step) < theta:
            break
        w = w + step
    return w, not bool(wrong.any())
'''),
        # the verdict read off predict, which gives a score of exactly 0 a label: boundary points pass as correct
        ("predict-at-zero",
         ("    return w, bool(np.all(y * (Xh @ w) > 0))",
          "    return w, bool(np.all(lk.LinearClassifier(w).predict(X) == y))")),
        # how the loop ended as the answer, the other way round: False whenever the budget runs out
        ("rule-means-converged",
         ("    return w, bool(np.all(y * (Xh @ w) > 0))",
          "    return w, k < max_iter and bool(np.all(y * (Xh @ w) > 0))  # ran out of steps: not found")),
    ],
    "ch06-construct-stall": [
        ("bias-forgotten",
         "X_stall = np.array([[2.0, 0.0], [0.0, 1.0], [-1.0, 0.0], [1.0, 0.0], [2.0, 1.0]])\n"
         "y_stall = np.array([1, 1, -1, -1, -1])\n"),
        ("same-point",
         "X_stall = np.array([[2.0, 0.0], [0.0, 1.0], [-1.0, 0.0], [2.0, 0.0]])\ny_stall = np.array([1, 1, -1, -1])\n"),
        ("separable",
         "X_stall = np.array([[2.0, 0.0], [0.0, 1.0], [-1.0, 0.0]])\ny_stall = np.array([1, 1, -1])\n"),
        # balanced counts and sums, but the point (1, 1) is given twice with the same label
        ("repeated-point",
         "X_stall = np.array([[2.0, 0.0], [0.0, 1.0], [-1.0, 0.0], [-1.0, 1.0], [1.0, 1.0], [1.0, 1.0]])\n"
         "y_stall = np.array([1, 1, -1, 1, -1, -1])\n"),
    ],
    "ch06-predict-gradient": [
        ("central-difference",
         "def slope_left(a, c):\n    return (c - a - 2) / 2\n\n\ndef slope_right(a, c):\n    return (c - a - 2) / 2\n"),
        ("one-slope", "def slope_left(a, c):\n    return c - a - 2\n\n\ndef slope_right(a, c):\n    return c - a - 2\n"),
        ("uphill", "def slope_left(a, c):\n    return 1 + a\n\n\ndef slope_right(a, c):\n    return 1 - c\n"),
        ("one-boundary-point", "def slope_left(a, c):\n    return -(1 + a)\n\n\ndef slope_right(a, c):\n    return 0\n"),
        ("one-weight", "def slope_left(a, c):\n    return -a\n\n\ndef slope_right(a, c):\n    return c\n"),
        # the bypass: one-sided difference quotients of the library's criterion, in floating point
        ("difference-quotient", '''def _quotient(a, c, t):
    X = np.array([[1, a], [1, -c], [3, 0], [0, 0]], dtype=float)
    y = np.array([1, 1, 1, -1])
    f = lambda s: lk.perceptron_criterion(np.array([-1.0, 1.0, 0.0]) + s * np.array([0.0, 1.0, 1.0]), X, y)
    return (f(t) - f(0.0)) / t


def slope_left(a, c):
    return _quotient(a, c, -1e-3)


def slope_right(a, c):
    return _quotient(a, c, 1e-3)
'''),
    ],
    "ch06-construct": [
        ("zero-vector", "w_flat = [0.0, 0.0, 0.0]\n"),
        ("separates",
         "w_flat = [1.0, -1.0, 4.0]\n"),
        ("strictly-wrong", "w_flat = [1.0, 1.0, 0.0]\n"),
        ("zero-bias", "w_flat = [0.0, 0.0, 1.0]\n"),
    ],
    "ch06-explain": [
        ("no-overshoot", 'answer = "a"\neta_limit = 1 / 3\n'),
        ("overshoot-grows", 'answer = "b"\neta_limit = 1 / 3\n'),
        ("gradient-points-at-minimum", 'answer = "c"\neta_limit = 1 / 3\n'),
        ("wide-direction", 'answer = "d"\neta_limit = 2.0\n'),
        ("no-chain-rule", 'answer = "d"\neta_limit = 2 / 3\n'),
        ("one-step-landing", 'answer = "d"\neta_limit = 1 / 6\n'),
        ("section-1-bowl", 'answer = "d"\neta_limit = 0.25\n'),
    ],
}
