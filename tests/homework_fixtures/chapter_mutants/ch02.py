# Plausible wrong answers for chapter 02: each must lose points under the grader.
MUTANTS = {
    "ch02-both-layouts": [
        ("layout-zero", ("return bool(np.array_equal(moved, w) or np.array_equal(moved, -w))", "return bool((np.array_equal(moved, w) or np.array_equal(moved, -w)) and w.any())")),
        ("layout-palindrome", ("return bool(np.array_equal(moved, w) or np.array_equal(moved, -w))", "return list(w) == list(w)[::-1]")),
        ("layout-close", ("return bool(np.array_equal(moved, w) or np.array_equal(moved, -w))", "return bool(np.allclose(moved, w) or np.allclose(moved, -w))")),
        ("layout-negative", ("return bool(np.array_equal(moved, w) or np.array_equal(moved, -w))", "return bool((np.array_equal(moved, w) or np.array_equal(moved, -w)) and w[0] >= 0)")),
        ("layout-no-line", ("return bool(np.array_equal(moved, w) or np.array_equal(moved, -w))", "return bool(np.array_equal(moved, w) or np.array_equal(moved, -w) or not w[1:].any() or not w[:-1].any())")),
        # the same labels instead of the same boundary: moving the 1 leaves the numbers unchanged (Question 2's
        # np.roll); no catalogued misconception, so the failure is named by what it fails
        ("fails: gives a wrong verdict for at least one", ("return bool(np.array_equal(moved, w) or np.array_equal(moved, -w))", "return bool(np.array_equal(np.roll(w, 1), w))")),
    ],
    "ch02-centre": [
        ("centre-bias-last",
         ("return np.r_[b, w]", "return np.r_[w, b]")),
        ("centre-threshold",
         ("b = -(lowest_positive + highest_negative) / 2", "b = (lowest_positive + highest_negative) / 2")),
        ("centre-means",
         ("scores[y == 1].min(), scores[y == -1].max()", "scores[y == 1].mean(), scores[y == -1].mean()")),
        ("centre-farthest",
         ("scores[y == 1].min(), scores[y == -1].max()", "scores[y == 1].max(), scores[y == -1].min()")),
        ("centre-not-halfway",
         ("b = -(lowest_positive + highest_negative) / 2", "b = -(lowest_positive + highest_negative)")),
    ],
    "ch02-construct-line": [
        ("turk-read-first",
         "w_line = np.array([2.0, 1.0, 4.0]) / np.sqrt(17.0)\n"),
        ("mirror-not-applied",
         "w_line = np.array([-4.0, 2.0, -1.0]) / np.sqrt(5.0)\n"),
        ("mirror-as-swap",
         "w_line = np.array([4.0, -2.0, 1.0]) / np.sqrt(5.0)\n"),
        ("unit-w-tilde",
         "w_line = np.array([-4.0, -2.0, 1.0]) / np.sqrt(21.0)\n"),
    ],
    "ch02-distance": [
        ("bias-no-norm", ("b_for_p = 36.0", "b_for_p = 27.0")),
        ("bias-wrong-side", ("b_for_p = 36.0", "b_for_p = 16.0")),
        ("bias-as-threshold", ("b_for_p = 36.0", "b_for_p = -36.0")),
        ("bias-p-on-line", ("b_for_p = 36.0", "b_for_p = 26.0")),
        ("foot-bias-as-threshold",
         ("b_for_foot = -(-6.0 * -1.2 + 8.0 * 1.6)", "b_for_foot = 20.0")),
        ("foot-offset-as-bias", ("b_for_foot = -(-6.0 * -1.2 + 8.0 * 1.6)", "b_for_foot = -2.0")),
        ("foot-norm-squared",
         ("b_for_foot = -(-6.0 * -1.2 + 8.0 * 1.6)", "b_for_foot = -200.0")),
    ],
    "ch02-swap": [
        # one verdict for the pair of counts, whichever is wrong (the chapter's feedback policy); the
        # misconception named is the part of the counting that explains the pair: the three points with
        # score 0, or the two big groups
        ("swap-score-zero", ("n_after_swap = 31 + 3", "n_after_swap = 31")),
        ("swap-score-zero", ("n_after_swap = 31 + 3", "n_after_swap = 31 + 1")),
        ("swap-groups", ("n_after_swap = 31 + 3", "n_after_swap = 6 + 3")),
        ("swap-groups", ("n_after_swap = 31 + 3", "n_after_swap = 6")),
        ("swap-score-zero", ("n_right_after_swap = 6 + 2", "n_right_after_swap = 6 + 3")),
        ("swap-score-zero", ("n_right_after_swap = 6 + 2", "n_right_after_swap = 6")),
        ("swap-score-zero", ("n_right_after_swap = 6 + 2", "n_right_after_swap = 6 + 1")),
        ("swap-groups", ("n_right_after_swap = 6 + 2", "n_right_after_swap = 31 + 1")),
        # 35 = 31 + 3 + 1: no catalogued misconception explains it without pointing at the groups it got right
        ("fails: is not right (the check does not say which of the two)", ("n_after_swap = 31 + 3", "n_after_swap = 31 + 4")),
    ],
}
