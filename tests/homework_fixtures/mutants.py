"""Plausible wrong answers ("mutants") for every exercise, to test the tests.

tests/test_homework.py puts each mutant in place of the reference solution
and grades the notebook.  The exercise's own test cells must then give less
than full points: the mutant is "killed".  Every exercise of every chapter
needs at least one mutant here.  The test suite lists the exercises that have
none.

Format::

    MUTANTS[(notebook_stem, solution_grade_id)] = [(description, change), ...]

``change`` is one of two things:

* ``(old, new)``: replace the text ``old``, which must occur exactly once,
  with ``new`` in the reference solution.  The reference solution is the
  solution cell with its two marker lines removed.  Prefer this form: it
  keeps working when the rest of the cell is edited, and it fails loudly
  when ``old`` disappears.
* a string: the whole new source of the solution cell.

Good mutants are mistakes students really make: the bias dropped, ``<``
instead of ``<=``, the gradient's sign flipped, the update applied to
correct points too, the learning rate ignored, w changed in place, an
off-by-one in a loop, the mean taken over the wrong axis...
"""

MUTANTS = {
    # ---- tests/homework_fixtures/hw_linear.ipynb (the fixture chapter) ----
    ("hw_linear", "hw-update"): [
        ("`<` instead of `<=`: a point on the boundary is not counted as a mistake",
         ("<= 0", "< 0")),
        ("the update is applied to correctly classified points too",
         ("    if y_i * (w @ x_i) <= 0:\n        return w + eta * y_i * x_i\n    return w",
          "    return w + eta * y_i * x_i")),
        ("the learning rate is ignored",
         ("eta * y_i * x_i", "y_i * x_i")),
        ("the label is left out of the update (always moves towards x_i)",
         ("eta * y_i * x_i", "eta * x_i")),
        ("w is updated in place, so the caller's array changes",
         ("return w + eta * y_i * x_i", "w += eta * y_i * x_i\n        return w")),
    ],
    ("hw_linear", "hw-centroid-bias"): [
        ("the bias is dropped", ("b = -(mu_pos @ mu_pos - mu_neg @ mu_neg) / 2", "b = 0.0")),
        ("the bias has the wrong sign", ("b = -(", "b = (")),
        ("the factor 1/2 is missing", (") / 2", ")")),
    ],
    ("hw_linear", "hw-lms-step"): [
        ("the gradient's sign is flipped", ("w + eta", "w - eta")),
        ("the perceptron's sign(w . x) in place of w . x", ("(y_i - w @ x_i)", "(y_i - np.sign(w @ x_i))")),
        ("the learning rate is ignored", ("eta * (y_i", "(y_i")),
    ],

    # ---- notebooks/01_dot_products.ipynb ----
    ("01_dot_products", "ch01-dot"): [
        ("the last pair is skipped (off by one)", ("zip(a, b)", "zip(a[:-1], b[:-1])")),
        ("a_i + b_i instead of a_i * b_i", ("total += a_i * b_i", "total += a_i + b_i")),
    ],
    ("01_dot_products", "ch01-projection"): [
        ("divided by |b|^2 instead of |b|", ("/ np.linalg.norm(b)", "/ (b @ b)")),
        ("the sign is lost (abs)", ("float(np.dot(a, b) /", "float(abs(np.dot(a, b)) /")),
    ],
    ("01_dot_products", "ch01-cosine"): [
        ("divided by |b| only", ("(np.linalg.norm(a) * np.linalg.norm(b))", "np.linalg.norm(b)")),
        ("divided by the squared norms", ("(np.linalg.norm(a) * np.linalg.norm(b))", "((a @ a) * (b @ b))")),
    ],

    # ---- notebooks/02_homogeneous_coordinates.ipynb ----
    ("02_homogeneous_coordinates", "ch02-to-homogeneous"): [
        ("the 1 put last instead of first", ("np.hstack([np.ones((X.shape[0], 1)), X])",
                                             "np.hstack([X, np.ones((X.shape[0], 1))])")),
        ("a column of zeros instead of ones", ("np.ones(", "np.zeros(")),
    ],
    ("02_homogeneous_coordinates", "ch02-threshold"): [
        ("bias +t instead of -t", ("[[-t], w]", "[[t], w]")),
        ("the bias put last", ("np.concatenate([[-t], w])", "np.concatenate([w, [-t]])")),
    ],
    ("02_homogeneous_coordinates", "ch02-predict"): [
        ("`>=` instead of `>`: a score of 0 gives +1", ("scores > 0", "scores >= 0")),
        ("the bias is dropped", ("w[0] + X @ w[1:]", "X @ w[1:]")),
    ],

    # ---- notebooks/03_closest_centroid.ipynb ----
    ("03_closest_centroid", "ch03-bias"): [
        ("the bias is dropped", ("return float(-(mu_pos @ mu_pos - mu_neg @ mu_neg) / 2)", "return 0.0")),
        ("the bias has the wrong sign", ("float(-(", "float((")),
        ("the factor 1/2 is missing", (") / 2)", "))")),
    ],
    ("03_closest_centroid", "ch03-weights"): [
        ("the bias is dropped", ("b = -(mu_pos @ mu_pos - mu_neg @ mu_neg) / 2", "b = 0.0")),
        ("w = mu- - mu+", ("w = mu_pos - mu_neg", "w = mu_neg - mu_pos")),
    ],
    ("03_closest_centroid", "ch03-predict"): [
        ("`<=` instead of `<`: a tie goes to +1", ("d_pos < d_neg", "d_pos <= d_neg")),
        ("city-block distances instead of squared Euclidean",
         [("((X - mu_pos) ** 2).sum(axis=1)", "np.abs(X - mu_pos).sum(axis=1)"),
          ("((X - mu_neg) ** 2).sum(axis=1)", "np.abs(X - mu_neg).sum(axis=1)")]),
    ],

    # ---- notebooks/04_perceptron.ipynb ----
    ("04_perceptron", "ch04-update"): [
        ("`<` instead of `<=`: a point on the boundary is not a mistake", ("<= 0", "< 0")),
        ("the update is applied to correctly classified points too",
         ("    if y_i * (w @ x_i) <= 0:\n        return w + eta * y_i * x_i\n    return w",
          "    return w + eta * y_i * x_i")),
        ("the learning rate is ignored", ("eta * y_i * x_i", "y_i * x_i")),
        ("w is updated in place", ("return w + eta * y_i * x_i", "w += eta * y_i * x_i\n        return w")),
    ],
    ("04_perceptron", "ch04-epoch"): [
        ("`<` instead of `<=`", ("<= 0", "< 0")),
        ("every example is counted, not only the updates",
         ("            n_updates += 1", "        n_updates += 1")),
        ("the learning rate is ignored", ("eta * y_i * x_i", "y_i * x_i")),
    ],
    ("04_perceptron", "ch04-dual-weights"): [
        ("the bias column is dropped (zeros instead of ones)", ("np.ones((len(X), 1))", "np.zeros((len(X), 1))")),
        ("the labels y_i are left out", ("(np.asarray(alpha) * np.asarray(y)) @ Xh", "np.asarray(alpha) @ Xh")),
    ],

    # ---- notebooks/05_convergence_proof.ipynb ----
    ("05_convergence_proof", "ch05-margin"): [
        ("not divided by |u|", ("/ np.linalg.norm(u))", ")")),
        ("the 1 of (1, x) is missing", ("np.ones((X.shape[0], 1))", "np.zeros((X.shape[0], 1))")),
        ("the largest score instead of the smallest", ("np.min(", "np.max(")),
        ("|u| without the bias", ("np.linalg.norm(u)", "np.linalg.norm(u[1:])")),
    ],
    ("05_convergence_proof", "ch05-bound"): [
        ("R measured on the raw x, without the 1",
         ("R = np.max(np.linalg.norm(Xh, axis=1))", "R = np.max(np.linalg.norm(X, axis=1))")),
        ("gamma not divided by |u|", (" / np.linalg.norm(u)", "")),
        ("R / gamma, not squared", ("return float((R / gamma) ** 2)", "return float(R / gamma)")),
    ],
    ("05_convergence_proof", "ch05-separates"): [
        ("`>=` instead of `>`: a point on the line counts as separated", ("> 0))", ">= 0))")),
        ("any instead of all", ("np.all(", "np.any(")),
        ("the 1 of (1, x) is missing", ("np.ones((X.shape[0], 1))", "np.zeros((X.shape[0], 1))")),
    ],

    # ---- notebooks/06_gradient_descent.ipynb ----
    ("06_gradient_descent", "ch06-criterion"): [
        # (`<` instead of `<=` is no mistake here: a margin of 0 adds 0 to J)
        ("summed over every example, not only the mistakes", ("-np.sum(margins[margins <= 0])", "-np.sum(margins)")),
        ("the sign is flipped (J <= 0)", ("float(-np.sum(", "float(np.sum(")),
        ("the 1 of (1, x) is missing", ("np.ones((X.shape[0], 1))", "np.zeros((X.shape[0], 1))")),
    ],
    ("06_gradient_descent", "ch06-gradient"): [
        ("`<` instead of `<=`: w = 0 has no mistakes", ("dtype=float)) <= 0", "dtype=float)) < 0")),
        ("the gradient's sign is flipped", ("return -(y[wrong] @ Xh[wrong]) + 0.0", "return (y[wrong] @ Xh[wrong]) + 0.0")),
        ("summed over every example", ("y[wrong] @ Xh[wrong]", "y @ Xh")),
    ],
    ("06_gradient_descent", "ch06-batch-step"): [
        ("the step climbs the gradient", ("return w + eta *", "return w - eta *")),
        ("the learning rate is ignored", ("w + eta * (y[wrong] @ Xh[wrong])", "w + (y[wrong] @ Xh[wrong])")),
        ("`<` instead of `<=`", ("wrong = y * (Xh @ w) <= 0", "wrong = y * (Xh @ w) < 0")),
        ("w is changed in place",
         ("return w + eta * (y[wrong] @ Xh[wrong])", "w += eta * (y[wrong] @ Xh[wrong])\n    return w")),
    ],

    # ---- notebooks/07_lms.ipynb and 08_multiclass.ipynb: all their wrong answers are in
    # chapter_mutants/ch07.py and ch08.py (one catalogue per chapter, each mistake once,
    # each named by a visible test: tests/test_chapter_07.py, tests/test_chapter_08.py) ----

    # ---- notebooks/09_feature_trick.ipynb ----
    ("09_feature_trick", "ch09-squares"): [
        ("absolute values instead of squares", ("return X * X", "return np.abs(X)")),
        ("X @ X.T instead of elementwise squares", ("return X * X", "return X @ X.T")),
    ],
    ("09_feature_trick", "ch09-axes"): [
        ("the semi-axes are swapped",
         ("return np.sqrt(-b / v1), np.sqrt(-b / v2)", "return np.sqrt(-b / v2), np.sqrt(-b / v1)")),
        ("squared semi-axes (no square root)",
         ("return np.sqrt(-b / v1), np.sqrt(-b / v2)", "return -b / v1, -b / v2")),
        ("no check for curves that are not ellipses", ("raise ValueError(", "print(")),
    ],
    ("09_feature_trick", "ch09-xor"): [
        ("the product feature is missing",
         ("np.column_stack([X[:, 0], X[:, 1], X[:, 0] * X[:, 1]])", "np.column_stack([X[:, 0], X[:, 1]])")),
        ("x1 + x2 instead of x1 * x2", ("X[:, 0] * X[:, 1]])", "X[:, 0] + X[:, 1]])")),
        ("fitted on the raw features", ("lk.perceptron(xor_features(X), y)", "lk.perceptron(X, y)")),
    ],
}


# ---- mutants written by the chapter authors: chapter_mutants/chNN.py ----
# Each file holds MUTANTS = {solution grade_id: [(description, whole new source), ...]};
# they are merged here so that every wrong answer anyone wrote is run against the tests.
def _merge_chapter_mutants():
    import importlib.util
    from pathlib import Path

    here = Path(__file__).resolve().parent
    notebooks = here.parents[1] / "notebooks"
    for path in sorted((here / "chapter_mutants").glob("ch[0-9][0-9].py")):
        spec = importlib.util.spec_from_file_location(f"chapter_mutants_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        stems = sorted(p.stem for p in notebooks.glob(f"{path.stem[2:]}_*.ipynb"))
        if len(stems) != 1:
            raise LookupError(f"{path.name}: expected one notebook {path.stem[2:]}_*.ipynb, found {stems}")
        for gid, items in module.MUTANTS.items():
            MUTANTS.setdefault((stems[0], gid), []).extend(items)


_merge_chapter_mutants()
