# Plausible wrong answers for chapter 05: each must lose points under the grader.
# Each starts with the id of the misconception it plays (lecturekit/exercises/ch05.py); wrong answers that fail
# the same requirement share an id, since they get one and the same message.
MUTANTS = {
    "ch05-best-scale": [
        ("scale-no-one",
         ("    A = 4 / (b - a) ** 2\n    B = (4 * b ** 2 + (a + b) ** 2) / (b - a) ** 2\n"
          "    C = b ** 2 * (a + b) ** 2 / (b - a) ** 2\n    s_best = (A / C) ** 0.25",
          "    A = 0.0\n    B = 4 * b ** 2 / (b - a) ** 2\n    C = 0.0\n    s_best = 1.0")),
        ("scale-input-norm",
         ("    A = 4 / (b - a) ** 2\n    B = (4 * b ** 2 + (a + b) ** 2) / (b - a) ** 2\n"
          "    C = b ** 2 * (a + b) ** 2 / (b - a) ** 2\n    s_best = (A / C) ** 0.25",
          "    A = 4 / (b - a) ** 2\n    B = 4 * b ** 2 / (b - a) ** 2\n    C = 0.0\n    s_best = float('inf')")),
        ("scale-near-radius",
         ("    B = (4 * b ** 2 + (a + b) ** 2) / (b - a) ** 2\n    C = b ** 2 * (a + b) ** 2 / (b - a) ** 2",
          "    B = (4 * a ** 2 + (a + b) ** 2) / (b - a) ** 2\n    C = a ** 2 * (a + b) ** 2 / (b - a) ** 2")),
        ("scale-squared", ("s_best = (A / C) ** 0.25", "s_best = (A / C) ** 0.5")),
        ("scale-unit-point", ("s_best = (A / C) ** 0.25", "s_best = 1 / b")),
    ],
    "ch05-construct": [
        ("zero-vector", "w_tilde = [0.0, 0.0, 0.0]\n"),
        ("bias-last", "w_tilde = [-1.0, 20.0, 0.0]\n"),
        # the widest-gap line (b, w1, w2) = (-0.5, 0, 1) written bias last: it does not separate as typed
        ("bias-last", "w_tilde = [0.0, 1.0, -0.5]\n"),
        ("widest-gap-line", "w_tilde = [-0.5, 0.0, 1.0]\n"),
        ("input-space-norm", "w_tilde = [-0.49, 0.0, 1.0]\n"),
        ("wrong-side", "w_tilde = [0.0, 1.0, -20.0]\n"),
    ],
    "ch05-far-point": [
        ("far-not-separating", ("x_new = 20.08", "x_new = 15.0")),
        ("far-bound-small", ("x_new = 20.08", "x_new = 40.0")),
        ("far-count-not-fewer", ("x_new = 20.08", "x_new = 50.0")),
        ("far-doubling-probe", ("return 1 + 2 * b * b", "return 2 * b * b")),
        ("far-doubling-probe", ("return 1 + 2 * b * b", "return 4 * b * b")),
        ("far-float-form", ("return 1 + 2 * b * b", "return 1 + 2.0 * b * b")),
    ],
    "ch05-distance": [
        ("distance-no-tau", ("drop = eta * (2 * a * gamma - eta * beta2 - 2 * tau)", "drop = eta * (2 * a * gamma - eta * beta2)")),
        ("distance-tau-once", ("drop = eta * (2 * a * gamma - eta * beta2 - 2 * tau)", "drop = eta * (2 * a * gamma - eta * beta2 - tau)")),
        ("distance-tau-no-eta", ("drop = eta * (2 * a * gamma - eta * beta2 - 2 * tau)", "drop = eta * (2 * a * gamma - eta * beta2) - 2 * tau")),
        ("distance-eta-once", ("drop = eta * (2 * a * gamma - eta * beta2 - 2 * tau)", "drop = eta * (2 * a * gamma - beta2 - 2 * tau)")),
        ("distance-no-eta", ("drop = eta * (2 * a * gamma - eta * beta2 - 2 * tau)", "drop = 2 * a * gamma - beta2 - 2 * tau")),
        ("distance-no-two", ("drop = eta * (2 * a * gamma - eta * beta2 - 2 * tau)", "drop = eta * (a * gamma - eta * beta2 - 2 * tau)")),
        ("distance-start", ("return a ** 2 / drop", "return a / drop")),
        ("distance-rounded-up", ("return a ** 2 / drop", "return -(-(a ** 2) // drop)")),
        ("distance-negative",
         ("    if drop <= 0:\n        return float(\"inf\")\n", "")),
        ("distance-none",
         ("    if drop <= 0:\n        return float(\"inf\")\n", "    if drop <= 0:\n        return None\n")),
        ("best-a-no-tau", ("return (eta * beta2 + 2 * tau) / gamma", "return eta * beta2 / gamma")),
        ("best-a-least", ("return (eta * beta2 + 2 * tau) / gamma", "return (eta * beta2 + 2 * tau) / (2 * gamma)")),
        ("best-a-tau-once", ("return (eta * beta2 + 2 * tau) / gamma", "return (eta * beta2 + tau) / gamma")),
        ("best-a-no-eta", ("return (eta * beta2 + 2 * tau) / gamma", "return (beta2 + 2 * tau) / gamma")),
    ],
    "ch05-start": [
        ("start-chain-at-zero", ("c, n2 = w0 @ u, w0 @ w0", "c, n2 = 0.0, w0 @ w0")),
        ("start-chain-at-zero", ("c, n2 = w0 @ u, w0 @ w0", "c, n2 = w0 @ u, 0.0")),
        ("start-chain-at-zero", ("c, n2 = w0 @ u, w0 @ w0", "c, n2 = w0 @ u, (w0 @ u) ** 2")),
        ("start-ignores-w0", ("c, n2 = w0 @ u, w0 @ w0", "c, n2 = 0.0, 0.0")),
        ("start-not-unit",
         ("    u = u / np.linalg.norm(u)\n", "")),
        ("start-rounded-up", ("return float((b + np.sqrt(", "return 1 + np.floor((b + np.sqrt(")),
    ],
    "ch05-tight": [
        ("tight-u-not-separating",
         ("u_tight = [0.0, 2.8, 0.4]", "u_tight = [0.0, 0.4, 2.8]")),
        ("tight-slack", ("X_tight = [[0.6, 0.8], [-0.6, -0.8], [0.8, -0.6], [-0.8, 0.6]]",
                         "X_tight = [[0.6, 0.8], [-0.6, -0.8], [0.8, -0.6], [-0.8, 0.7]]")),
        # the learner's u copied from a float run: 2.8 carries rounding digits, and the bound is 4 + 2.4e-16
        ("tight-u-float-digits", ("u_tight = [0.0, 2.8, 0.4]", "u_tight = [0.0, 2.8000000000000003, 0.4]")),
        # section 4's standardised pair, which reaches its bound in 2 updates, with a zero second column
        ("tight-too-short", ("X_tight = [[0.6, 0.8], [-0.6, -0.8], [0.8, -0.6], [-0.8, 0.6]]\n"
                             "y_tight = [1, -1, 1, -1]\nu_tight = [0.0, 2.8, 0.4]",
                             "X_tight = [[-1.0, 0.0], [1.0, 0.0]]\ny_tight = [-1, 1]\nu_tight = [0.0, 1.0, 0.0]")),
    ],
}
