# Plausible wrong answers for chapter 05: each must lose points under the grader.
MUTANTS = {
    "ch05-best-scale": [
        ("measured on the raw x, without the 1: then the bound does not depend on s at all",
         ("    A = 4 / (b - a) ** 2\n    B = (4 * b ** 2 + (a + b) ** 2) / (b - a) ** 2\n"
          "    C = b ** 2 * (a + b) ** 2 / (b - a) ** 2\n    s_best = (A / C) ** 0.25",
          "    A = 0.0\n    B = 4 * b ** 2 / (b - a) ** 2\n    C = 0.0\n    s_best = 1.0")),
        ("gamma divided by |u1| only: the theorem divides by the whole |u~|, bias included",
         ("    A = 4 / (b - a) ** 2\n    B = (4 * b ** 2 + (a + b) ** 2) / (b - a) ** 2\n"
          "    C = b ** 2 * (a + b) ** 2 / (b - a) ** 2\n    s_best = (A / C) ** 0.25",
          "    A = 4 / (b - a) ** 2\n    B = 4 * b ** 2 / (b - a) ** 2\n    C = 0.0\n    s_best = float('inf')")),
        ("R taken at the point nearer the origin: R is the largest |x~_i|",
         ("    B = (4 * b ** 2 + (a + b) ** 2) / (b - a) ** 2\n    C = b ** 2 * (a + b) ** 2 / (b - a) ** 2",
          "    B = (4 * a ** 2 + (a + b) ** 2) / (b - a) ** 2\n    C = a ** 2 * (a + b) ** 2 / (b - a) ** 2")),
        ("s² found, not s", ("s_best = (A / C) ** 0.25", "s_best = (A / C) ** 0.5")),
        ("the scale that makes the larger point 1: is that where A/s² + B + C s² is smallest?",
         ("s_best = (A / C) ** 0.25", "s_best = 1 / b")),
    ],
    "ch05-construct": [
        ("w = 0 has no direction: every score is 0, a mistake for the perceptron", "w_tilde = [0.0, 0.0, 0.0]\n"),
        ("the bias written last: w_tilde is (b, w1, w2), with the bias first", "w_tilde = [-1.0, 20.0, 0.0]\n"),
        ("the margin measured with |(w1, w2)| only, as for the widest gap in the plane; the theorem divides by the "
         "whole |w_tilde|, bias included", "w_tilde = [-0.5, 0.0, 1.0]\n"),
        ("every y_i w_tilde . (1, x_i) is negative: w_tilde points to the negatives' side; the label +1 goes with a "
         "positive score", "w_tilde = [0.0, 1.0, -20.0]\n"),
    ],
    "ch05-explain": [
        ("taking the bound for the number of updates: which way does each inequality of the proof point?",
         ('answer = "c"', 'answer = "a"')),
        ("taking the perceptron to look only at the points nearest the threshold: which points can cause an update?",
         ('answer = "c"', 'answer = "b"')),
        ("taking a point far from the threshold to be safe: what is its score at w = 0, or after an update on x = 10?",
         ('answer = "c"', 'answer = "d"')),
    ],
    "ch05-distance": [
        ("the middle term taken as at most 0, as for a mistake: the update now happens while y w · x <= tau",
         ("drop = 2 * a * gamma - beta2 - 2 * tau", "drop = 2 * a * gamma - beta2")),
        ("tau counted once: the middle term of the expansion is 2 y w · x",
         ("drop = 2 * a * gamma - beta2 - 2 * tau", "drop = 2 * a * gamma - beta2 - tau")),
        ("the drop taken as a gamma - ..., without the 2 of the cross term",
         ("drop = 2 * a * gamma - beta2 - 2 * tau", "drop = a * gamma - beta2 - 2 * tau")),
        ("the start taken as a, not a²: the squared distance of 0 from a u", ("return a ** 2 / drop", "return a / drop")),
        ("a negative 'bound': when the least fall is not positive the argument proves nothing",
         ("    if drop <= 0:\n        return float(\"inf\")\n", "")),
        ("section 5's a, which ignores tau: minimise a² / (the least fall) for this rule",
         ("return (beta2 + 2 * tau) / gamma", "return beta2 / gamma")),
        ("the smallest a that proves anything, not the a with the smallest bound",
         ("return (beta2 + 2 * tau) / gamma", "return (beta2 + 2 * tau) / (2 * gamma)")),
        ("tau counted once in the best a: the middle term of the expansion is 2 y w · x",
         ("return (beta2 + 2 * tau) / gamma", "return (beta2 + tau) / gamma")),
    ],
    "ch05-start": [
        ("the start's head start w0 · u left out of inequality 1", ("c, n2 = w0 @ u, w0 @ w0", "c, n2 = 0.0, w0 @ w0")),
        ("the start's length |w0|² left out of inequality 2", ("c, n2 = w0 @ u, w0 @ w0", "c, n2 = w0 @ u, 0.0")),
        ("u not scaled to length 1: gamma and w0 · u change with the length of u",
         ("    u = u / np.linalg.norm(u)\n", "")),
    ],
    "ch05-tight": [
        ("u does not separate the data: the theorem gives no bound for it",
         ("u_tight = [0.0, 0.0, 1.0]", "u_tight = [0.0, 1.0, 0.0]")),
        ("a link of the chain has slack: an update gains more than gamma along u, or an example was not exactly "
         "on the boundary or not at length R", ("X_tight = [[0.0, 1.0], [0.0, -1.0]]", "X_tight = [[0.0, 2.0], [0.0, -1.0]]")),
    ],
}
