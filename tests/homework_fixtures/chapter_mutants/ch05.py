# Plausible wrong answers for chapter 05: each must lose points under the grader.
# Each starts with the id of the misconception it plays (lecturekit/exercises/ch05.py).
MUTANTS = {
    "ch05-best-scale": [
        ("scale-squared", ("s_best = 3 ** -0.5", "s_best = 1 / 3")),
        ("scale-raw",
         ("s_best = 3 ** -0.5", "s_best = 1.0")),
        ("scale-no-one",
         ("coefficients = (4.0, 25.0, 36.0)", "coefficients = (0.0, 16.0, 0.0)")),
        ("scale-input-norm",
         ("coefficients = (4.0, 25.0, 36.0)", "coefficients = (4.0, 16.0, 0.0)")),
    ],
    "ch05-construct": [
        ("zero-vector", "w_tilde = [0.0, 0.0, 0.0]\n"),
        ("bias-last", "w_tilde = [1.0, 1.0, 0.0]\n"),
        ("input-space-norm",
         "w_tilde = [0.55, 1.0, 1.0]\n"),
        ("bias-towards-negatives",
         "w_tilde = [1.0, 1.0, 1.0]\n"),
    ],
    "ch05-explain": [
        ("far-nearest-only", ('answer = "a"', 'answer = "b"')),
        ("far-margin-sum", ('answer = "a"', 'answer = "c"')),
        ("far-not-separating", ('answer = "a"', 'answer = "d"')),
    ],
    "ch05-distance": [
        ("distance-no-two",
         ("drop = 2 * a * gamma - beta2", "drop = a * gamma - beta2")),
        ("distance-start",
         ("return a ** 2 / drop", "return a / drop")),
        ("distance-negative",
         ("    if drop <= 0:\n        return float(\"inf\")\n", "")),
    ],
    "ch05-start": [
        ("start-no-c", ("c, n2 = w0 @ u, w0 @ w0", "c, n2 = 0.0, w0 @ w0")),
        ("start-no-length", ("c, n2 = w0 @ u, w0 @ w0", "c, n2 = w0 @ u, 0.0")),
        ("start-not-unit",
         ("    u = u / np.linalg.norm(u)\n", "")),
    ],
    "ch05-tight": [
        ("tight-u-not-separating",
         ("u_tight = [0.0, 0.0, 1.0]", "u_tight = [0.0, 1.0, 0.0]")),
        ("tight-slack", ("X_tight = [[0.0, 1.0], [0.0, -1.0]]", "X_tight = [[0.0, 2.0], [0.0, -1.0]]")),
    ],
}
