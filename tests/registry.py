"""Every public name of lecturekit, by what it is: the one list the tests of fits,
estimators and conventions are built from.

A name in ``lecturekit.__all__`` is in exactly one table here, and a function
that takes ``(X, y, ...)`` or a class with ``fit`` cannot be filed as anything
but a fit or an estimator (``tests/test_registries.py`` checks both). So a new
public fit is tested by every table-driven test (bad input, epochs, learning
rate, start weights, conventions) as soon as it is declared here, and one that
is not declared fails the suite.

What a fit accepts is read from its signature, not written down again: the
learning rate (``eta``), the epoch count (``max_epochs``, ``max_iter`` or
``epochs``), start weights (``w0``), ``fit_intercept``. Only what a signature
cannot tell is declared: the task (binary -1/+1 labels, any class labels, or
real targets) and, for iterative fits, what a run that does not converge does.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass

import lecturekit as lk


@dataclass(frozen=True)
class Fit:
    """What a public fit is.

    task: "binary" (labels -1/+1 only), "multiclass" (any labels) or "regression"
    (real targets).
    stops: for an iterative fit, what it does when ``max_epochs`` runs out before
    it converges: "warns" (its answer is the last iterate: ConvergenceWarning) or
    "averages" (its answer is an average over the run, so no warning); None for a
    closed form or a fit that runs a fixed number of epochs.
    mistake_driven: it moves only on mistakes, as the conventions' mistake test
    (``conventions.is_mistake``) decides them (with its default method, for the
    multiclass schemes).
    """

    task: str
    stops: str | None = None
    mistake_driven: bool = False


FITS = {
    "centroid_classifier": Fit("binary"),
    "least_squares_classifier": Fit("binary"),
    "perceptron": Fit("binary", stops="warns", mistake_driven=True),
    "dual_perceptron": Fit("binary", stops="warns", mistake_driven=True),
    "voted_perceptron": Fit("binary", stops="averages", mistake_driven=True),
    "averaged_perceptron": Fit("binary", stops="averages", mistake_driven=True),
    "batch_perceptron": Fit("binary", mistake_driven=True),
    "lms": Fit("regression"),
    "perceptron_regression": Fit("regression"),
    "one_vs_rest": Fit("multiclass", mistake_driven=True),
    "one_vs_one": Fit("multiclass", mistake_driven=True),
    "linear_machine": Fit("multiclass", stops="warns", mistake_driven=True),
    "averaged_linear_machine": Fit("multiclass", stops="averages", mistake_driven=True),
}

# scikit-learn-style estimators: "binary" (two classes, any labels) or "multiclass"
ESTIMATORS = {
    "Perceptron": "binary",
    "AveragedPerceptron": "binary",
    "CentroidClassifier": "binary",
    "LeastSquaresClassifier": "binary",
    "LinearMachine": "multiclass",
    "OneVsRestClassifier": "multiclass",
    "OneVsOneClassifier": "multiclass",
}

# Everything else that is public, by topic: no table-driven test of fits applies to these.
OTHER = {
    "vectors": ["dot", "norm", "cosine", "angle", "project", "projection_length"],
    "homogeneous coordinates": ["to_homogeneous", "from_homogeneous", "split_bias", "join_bias",
                                "threshold_to_homogeneous", "homogeneous_to_threshold"],
    "the perceptron's reference loop (shown by show_source)": ["perceptron_loop"],
    "kernels": ["linear_kernel", "polynomial_kernel", "rbf_kernel"],
    "gradient descent": ["perceptron_criterion", "perceptron_criterion_gradient", "numerical_gradient",
                         "lms_stable_eta"],
    "theory": ["margin", "radius", "novikoff_bound", "is_separable", "separation_certificate",
               "cover_probability"],
    "features": ["square_features", "product_features"],
    "results": ["LinearClassifier", "PerceptronResult"],
    "errors and warnings": ["ConvergenceWarning", "NotFittedError"],
    "modules and helpers": ["datasets", "show_source", "plot", "widgets"],
}

# what an epoch count may be called
EPOCH_ARGUMENTS = ("max_epochs", "max_iter", "epochs")


def public(name):
    return getattr(lk, name)


def parameters(name):
    return inspect.signature(public(name)).parameters


def fits(task=None):
    """Names of the public fits (of one task), in the order declared."""
    return [name for name, fit in FITS.items() if task is None or fit.task == task]


def fits_with(argument):
    """Names of the public fits whose signature has ``argument`` (e.g. "eta", "w0")."""
    return [name for name in FITS if argument in parameters(name)]


def epoch_argument(name):
    """The name of a fit's epoch count, or None."""
    found = [a for a in EPOCH_ARGUMENTS if a in parameters(name)]
    return found[0] if found else None


def iterative_fits(stops=None):
    """Fits that run until they converge or run out of epochs (``stops`` is not None)."""
    return [name for name, fit in FITS.items() if fit.stops is not None and (stops is None or fit.stops == stops)]


def estimators(task=None):
    """Names of the estimators (of one task), in the order declared."""
    return [name for name, kind in ESTIMATORS.items() if task is None or kind == task]


def labels_for(name, y):
    """Labels a fit accepts for the binary labels ``y`` (-1/+1): a multiclass fit gets them
    as strings, so that nothing of the -1/+1 convention is assumed where it does not apply."""
    if FITS[name].task == "multiclass":
        return ["neg" if v < 0 else "pos" for v in y]
    return y


def classification():
    """Every name in a table, with the table's name: {name: table}."""
    found = {}
    for name in FITS:
        found.setdefault(name, []).append("FITS")
    for name in ESTIMATORS:
        found.setdefault(name, []).append("ESTIMATORS")
    for topic, names in OTHER.items():
        for name in names:
            found.setdefault(name, []).append(f"OTHER[{topic!r}]")
    return found
