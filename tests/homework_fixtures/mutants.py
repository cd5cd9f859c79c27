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

    # ---- notebooks/01_dot_products.ipynb and 02_homogeneous_coordinates.ipynb ----
    # Their wrong answers live in chapter_mutants/ch01.py and ch02.py (one entry per distinct
    # behaviour, so that each one's visible-test message can name it).

    # ---- notebooks/03_closest_centroid.ipynb ----
    # all of chapter 3's wrong answers are in chapter_mutants/ch03.py (one list, no duplicates,
    # so that each one's visible-test message can be checked: tests/test_chapter_03.py)

    # ---- notebooks/04_perceptron.ipynb: its wrong answers are all in chapter_mutants/ch04.py ----

    # ---- notebooks/05_convergence_proof.ipynb and 06_gradient_descent.ipynb ----
    # their wrong answers live in chapter_mutants/ch05.py and ch06.py (one catalogue,
    # one description per mistake, matched by the visible tests' feedback)

    # ---- notebooks/07_lms.ipynb and 08_multiclass.ipynb: all their wrong answers are in
    # chapter_mutants/ch07.py and ch08.py (one catalogue per chapter, each mistake once,
    # each named by a visible test: tests/test_chapter_07.py, tests/test_chapter_08.py) ----

    # ---- notebooks/09_feature_trick.ipynb ----
    # all of chapter 9's wrong answers are in chapter_mutants/ch09.py (see tests/test_chapter_09.py)
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
