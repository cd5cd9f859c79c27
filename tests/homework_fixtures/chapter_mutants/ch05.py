# Plausible wrong answers for chapter 05: each must lose points under the grader.
MUTANTS = {
    "ch05-best-scale": [
        ("s² found, not s", ("s_best = 3 ** -0.5", "s_best = 1 / 3")),
        ("the scale at which the points are 1 and 2: is that where the bound is smallest? Minimise A/s² + B + C s²",
         ("s_best = 3 ** -0.5", "s_best = 1.0")),
        ("measured on the raw x, without the 1: then the bound does not depend on s at all",
         ("coefficients = (4.0, 25.0, 36.0)", "coefficients = (0.0, 16.0, 0.0)")),
        ("gamma divided by |u1| only: the theorem divides by the whole |u~|, bias included",
         ("coefficients = (4.0, 25.0, 36.0)", "coefficients = (4.0, 16.0, 0.0)")),
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
        ("taking both R and gamma to depend on the points nearest the threshold: which points does each "
         "definition in section 1 look at?", ('answer = "a"', 'answer = "b"')),
        ("taking a large score to raise the margin: gamma is taken over the points in a particular way "
         "(section 1), which one?", ('answer = "a"', 'answer = "c"')),
        ("is the new point on its own side of the threshold x = 20?", ('answer = "a"', 'answer = "d"')),
    ],
    "ch05-distance": [
        ("the drop taken as a gamma - beta², without the 2 of the cross term",
         ("drop = 2 * a * gamma - beta2", "drop = a * gamma - beta2")),
        ("the start taken as a, not a²: the squared distance of 0 from a u",
         ("return a ** 2 / drop", "return a / drop")),
        ("a negative 'bound': when 2 a gamma <= beta² the argument proves nothing",
         ("    if drop <= 0:\n        return float(\"inf\")\n", "")),
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
