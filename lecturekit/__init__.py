"""lecturekit: linear classifiers from first principles.

A small, readable numpy library behind a Jupyter course: dot products,
homogeneous coordinates, the closest-centroid classifier, the perceptron
(primal, dual, voted, averaged) and its convergence proof, the perceptron as
gradient descent, LMS / Widrow-Hoff, multiclass schemes and feature maps.

Conventions: labels are -1/+1; homogeneous coordinates put the 1 first
(x = (1, x1, ..., xd), w = (w0 = b, w1, ..., wd)); weights start at 0; an
example is a mistake when y_i w . x_i <= 0; ``predict`` gives -1 for a score of 0.

``import lecturekit`` loads numpy only; :mod:`lecturekit.plot` (matplotlib)
and :mod:`lecturekit.widgets` (ipywidgets) load when first used.
"""

from __future__ import annotations

import importlib

from . import datasets
from .estimators import (
    AveragedPerceptron,
    CentroidClassifier,
    LeastSquaresClassifier,
    LinearMachine,
    NotFittedError,
    OneVsOneClassifier,
    OneVsRestClassifier,
    Perceptron,
)
from .features import product_features, square_features
from .gradient import batch_perceptron, numerical_gradient, perceptron_criterion, perceptron_criterion_gradient
from .homogeneous import (
    from_homogeneous,
    homogeneous_to_threshold,
    join_bias,
    split_bias,
    threshold_to_homogeneous,
    to_homogeneous,
)
from .linear import centroid_classifier, least_squares_classifier
from .lms import lms, lms_loop, lms_stable_eta, perceptron_regression
from .multiclass import averaged_linear_machine, linear_machine, one_vs_one, one_vs_rest
from .perceptron import (
    averaged_perceptron,
    dual_perceptron,
    linear_kernel,
    perceptron,
    perceptron_loop,
    polynomial_kernel,
    rbf_kernel,
    voted_perceptron,
)
from .results import ConvergenceWarning, LinearClassifier, PerceptronResult
from .source import show_source
from .theory import cover_probability, is_separable, margin, novikoff_bound, radius, separation_certificate
from .vectors import angle, cosine, dot, norm, project, projection_length

__version__ = "0.1.0"

__all__ = [
    # vectors
    "dot", "norm", "cosine", "angle", "project", "projection_length",
    # homogeneous coordinates
    "to_homogeneous", "from_homogeneous", "split_bias", "join_bias",
    "threshold_to_homogeneous", "homogeneous_to_threshold",
    # classifiers
    "centroid_classifier", "least_squares_classifier",
    "perceptron", "perceptron_loop", "dual_perceptron", "voted_perceptron", "averaged_perceptron",
    "linear_kernel", "polynomial_kernel", "rbf_kernel",
    "perceptron_criterion", "perceptron_criterion_gradient", "numerical_gradient", "batch_perceptron",
    "lms", "lms_stable_eta", "perceptron_regression",
    "margin", "radius", "novikoff_bound", "is_separable", "separation_certificate", "cover_probability",
    "one_vs_rest", "one_vs_one", "linear_machine", "averaged_linear_machine",
    "square_features", "product_features",
    "datasets", "show_source",
    "LinearClassifier", "PerceptronResult", "ConvergenceWarning",
    # estimators
    "Perceptron", "AveragedPerceptron", "NotFittedError", "CentroidClassifier", "LeastSquaresClassifier",
    "LinearMachine", "OneVsRestClassifier", "OneVsOneClassifier",
    # lazily loaded submodules
    "plot", "widgets",
]

# lms_loop is lms's loop, which chapter 7 shows with show_source(lk.lms_loop); it is
# reachable as lk.lms_loop for that, but it is not public API (not in __all__): its
# positional arguments are lms's internals, checked by lms, not by it.

_LAZY = {"plot", "widgets"}


def __getattr__(name):
    # matplotlib and ipywidgets are loaded only when lk.plot / lk.widgets is first used
    if name in _LAZY:
        module = importlib.import_module(f".{name}", __name__)
        globals()[name] = module
        return module
    raise AttributeError(f"module 'lecturekit' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | _LAZY)


# In a notebook, figures display as an <img> whose alt text describes them
# (lk.plot.describe / lk.plot.description); see lecturekit/_display.py.
from ._display import install as _install_figure_alt_text  # noqa: E402

_install_figure_alt_text()
