# Plausible wrong answers for chapter 02: each must lose points under the grader.
MUTANTS = {
    "ch02-both-layouts": [
        ("the zero vector labels everything −1 in both readings, but it describes no line",
         "w_both = [0.0, 0.0, 0.0]\n"),
        ("a vector that reads the same backwards: is reversing what moving the 1 from the front to the back "
         "does to the weights (section 4)?", "w_both = [1.0, 2.0, 1.0]\n"),
        ("a zero bias does not protect the line: read with the 1 last, w0 is a slope and w2 the bias",
         "w_both = [0.0, 1.0, 1.0]\n"),
        ("a weight vector whose normal is zero in one reading has no boundary there",
         "w_both = [1.0, 0.0, 0.0]\n"),
    ],
    "ch02-centre": [
        ("the bias put last (Turk's layout); the course's w~ starts with it",
         ("return np.r_[b, w]", "return np.r_[w, b]")),
        ("the threshold t of the centred line returned where its bias b = −t belongs (section 2)",
         ("b = -(lowest_positive + highest_negative) / 2", "b = (lowest_positive + highest_negative) / 2")),
        ("the line halfway between the class means: the margin is a minimum over the examples (section 3), so "
         "which examples decide it?",
         ("scores[y == 1].min(), scores[y == -1].max()", "scores[y == 1].mean(), scores[y == -1].mean()")),
        ("the line halfway between the examples farthest from each other: which examples decide a minimum?",
         ("scores[y == 1].min(), scores[y == -1].max()", "scores[y == 1].max(), scores[y == -1].min()")),
        ("the closest example of one class is nearer to your line than the closest of the other: sliding the "
         "line (section 2) can make the smaller of the two larger",
         ("b = -(lowest_positive + highest_negative) / 2", "b = -(lowest_positive + highest_negative)")),
    ],
    "ch02-construct-line": [
        ("the right line, but which side of it is the origin on under your weights? Work out its score",
         "w_line = [-4.0, 1.0, 2.0]\n"),
        ("the bias put last (Turk's layout); the course's w~ starts with the bias",
         "w_line = [-1.0, -2.0, 4.0]\n"),
        ("the threshold used as the bias: b = -t, not t",
         "w_line = [-4.0, -1.0, -2.0]\n"),
        ("w along the line (Q - P) instead of perpendicular to it",
         "w_line = [4.0, 4.0, -2.0]\n"),
    ],
    "ch02-distance": [
        ("the score of p set to 1 instead of its signed distance: a score and a distance differ by a factor "
         "(section 3)", ("b_for_p = 36.0", "b_for_p = 27.0")),
        ("p at distance 1 on the side w points away from: which sign does the signed distance have on the side "
         "w points to?", ("b_for_p = 36.0", "b_for_p = 16.0")),
        ("for p: the threshold t found where the bias b = −t belongs", ("b_for_p = 36.0", "b_for_p = -36.0")),
        ("the bias that puts p on the line, at distance 0 rather than 1", ("b_for_p = 36.0", "b_for_p = 26.0")),
        ("for the foot: a positive bias puts the origin on the positive side, so is the line on the side w "
         "points to or behind the origin?",
         ("b_for_foot = -(-6.0 * -1.2 + 8.0 * 1.6)", "b_for_foot = 20.0")),
        ("the distance of the line from the origin used as the bias: a bias is a score, and the score changes "
         "by |w| per unit of distance along w/|w|", ("b_for_foot = -(-6.0 * -1.2 + 8.0 * 1.6)", "b_for_foot = -2.0")),
        ("a factor |w| too many: a distance times |w| is a score",
         ("b_for_foot = -(-6.0 * -1.2 + 8.0 * 1.6)", "b_for_foot = -200.0")),
    ],
    "ch02-swap": [
        ("after the swap, one group of points is counted wrongly: redo the course's test y · score ≤ 0 for each "
         "of the three groups", ("n_after_swap = 33 + 2", "n_after_swap = 33")),
        ("after the swap, more points counted as mistakes than the course's test finds: redo y · score ≤ 0 for "
         "each of the three groups", ("n_after_swap = 33 + 2", "n_after_swap = 40")),
        ("the count before the swap: negating y changes the sign of every product y · score",
         ("n_after_swap = 33 + 2", "n_after_swap = 5 + 2")),
        ("only the strictly wrong points counted, and before the swap", ("n_after_swap = 33 + 2", "n_after_swap = 5")),
        ("the count after the swap alone: negating w~ as well changes the sign of every score once more",
         ("n_after_swap_and_negate = 5 + 2", "n_after_swap_and_negate = 33 + 2")),
        ("after both changes, fewer points counted as mistakes than the course's test finds: redo y · score ≤ 0 "
         "for each of the three groups", ("n_after_swap_and_negate = 5 + 2", "n_after_swap_and_negate = 5")),
        ("no mistakes at all: what do the two changes together do to each product y · score?",
         ("n_after_swap_and_negate = 5 + 2", "n_after_swap_and_negate = 0")),
    ],
}
