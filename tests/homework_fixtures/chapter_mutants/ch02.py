# Plausible wrong answers for chapter 02: each must lose points under the grader.
MUTANTS = {
    "ch02-both-layouts": [
        ("the zero vector labels everything −1 in both readings, but it describes no line",
         "w_both = [0.0, 0.0, 0.0]\n"),
        ("a vector that reads the same backwards: moving the 1 from the front to the back shifts every weight "
         "one place, it does not reverse the vector", "w_both = [1.0, 2.0, 1.0]\n"),
        ("a zero bias does not protect the line: read with the 1 last, w0 is a slope and w2 the bias",
         "w_both = [0.0, 1.0, 1.0]\n"),
        ("a weight vector whose normal is zero in one reading has no boundary there",
         "w_both = [1.0, 0.0, 0.0]\n"),
    ],
    "ch02-margin": [
        ("the given function unchanged: it reads the bias from the end and divides by the length of the "
         "whole w~", '''def margin(w, X, y):
    w, X, y = np.asarray(w, dtype=float), np.asarray(X, dtype=float), np.asarray(y)
    scores = X @ w[:-1] + w[-1]
    return float(np.min(y * scores) / np.linalg.norm(w))
'''),
        ("divided by |w~|, bias included: the distance in the plane divides by the length of the normal only",
         ("np.linalg.norm(w[1:])", "np.linalg.norm(w)")),
        ("the bias read from the end (Turk's layout); the course's w~ starts with it",
         ("scores = w[0] + X @ w[1:]\n    return float(np.min(y * scores) / np.linalg.norm(w[1:]))",
          "scores = X @ w[:-1] + w[-1]\n    return float(np.min(y * scores) / np.linalg.norm(w[:-1]))")),
        ("the labels left out: the smallest signed distance, not the smallest distance counted on each "
         "example's own side", ("np.min(y * scores)", "np.min(scores)")),
        ("the distance without its sign: a misclassified point must give a negative margin",
         ("np.min(y * scores)", "np.min(np.abs(scores))")),
    ],
    "ch02-construct-line": [
        ("the right line, but the origin is on the negative side: negate every weight",
         "w_line = [-4.0, 1.0, 2.0]\n"),
        ("the bias put last (Turk's layout); the course's w~ starts with the bias",
         "w_line = [-1.0, -2.0, 4.0]\n"),
        ("the threshold used as the bias: b = -t, not t",
         "w_line = [-4.0, -1.0, -2.0]\n"),
        ("w along the line (Q - P) instead of perpendicular to it",
         "w_line = [4.0, 4.0, -2.0]\n"),
    ],
    "ch02-distance": [
        ("the score set to 1 instead of the signed distance: divide by a length",
         ("b_for_p = 36.0", "b_for_p = 27.0")),
        ("distance 1 on the side w points away from: check the sign", ("b_for_p = 36.0", "b_for_p = 16.0")),
        ("the threshold t found instead of the bias b = -t", ("b_for_p = 36.0", "b_for_p = -36.0")),
        ("the step taken in the wrong direction: from which side of the line does the origin start?",
         ("foot_origin = [0.0 - 3.6 * (-0.6), 0.0 - 3.6 * 0.8]", "foot_origin = [-2.16, 2.88]")),
        ("stepped by b / |w| along w instead of along the unit normal w / |w|",
         ("foot_origin = [0.0 - 3.6 * (-0.6), 0.0 - 3.6 * 0.8]", "foot_origin = [21.6, -28.8]")),
    ],
    "ch02-swap": [
        ("every point counted as a mistake after the swap: follow the five strictly wrong ones through it",
         "n_mistakes_after_swap = 40\n"),
        ("the two points on the boundary counted as right after the swap: what does the course's test do "
         "with y · 0 (section 9)?", "n_mistakes_after_swap = 40 - 7\n"),
        ("the count before the swap: negating y negates y times the score", "n_mistakes_after_swap = 5 + 2\n"),
        ("only the strictly wrong points counted, before the swap", "n_mistakes_after_swap = 5\n"),
    ],
}
