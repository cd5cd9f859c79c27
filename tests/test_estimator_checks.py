"""scikit-learn's own estimator checks, run on every lecturekit estimator.

``parametrize_with_checks`` yields every check that applies to a classifier
with our tags; each must pass.  No check is marked as an expected failure.

What the tags change.  The binary estimators (Perceptron,
AveragedPerceptron, CentroidClassifier, LeastSquaresClassifier: tests/registry.py) say
``classifier_tags.multi_class = False`` (``binary_only`` before scikit-learn
1.6), and rightly: they train one -1/+1 function and refuse a third class.
scikit-learn then

* gives them two-class data wherever a check would use three or more classes
  (its ``_enforce_estimator_tags_y``), e.g. in check_classifiers_train,
  check_supervised_y_2d and check_fit2d_predict1d;
* leaves out the multiclass half of check_classifiers_classes
  (the labels "one", "two", "three");
* adds check_classifier_not_supporting_multiclass (scikit-learn >= 1.6), which
  fits three classes and expects "Only binary classification is supported.".

One group of checks needs the environment, not the tags: the array-API
checks run only when SCIPY_ARRAY_API=1 was set before scipy was imported.
Here they are skipped with that reason, and
``test_array_dispatch_checks_in_a_subprocess`` runs them in a fresh Python
with the variable set.

The checks change between scikit-learn releases; this file uses only
``parametrize_with_checks`` (in every release we support) and runs whatever
checks the installed release yields.
"""

import os
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest
import sklearn
from sklearn.utils.estimator_checks import parametrize_with_checks

import lecturekit as lk
import registry

ROOT = Path(__file__).resolve().parent.parent

# every estimator with its defaults, from the one declared list (tests/registry.py)
BINARY = [getattr(lk, name)() for name in registry.estimators("binary")]
MULTI_DEFAULTS = [getattr(lk, name)() for name in registry.estimators("multiclass")]
MULTI = MULTI_DEFAULTS + [
    # the closed-form learners inside the multiclass schemes, and a fit through the origin
    lk.OneVsRestClassifier(method="least_squares"),
    lk.OneVsOneClassifier(method="centroid"),
    lk.LinearMachine(fit_intercept=False),
]


def check_name(check) -> str:
    """The name of a check function (scikit-learn passes some as functools.partial)."""
    return getattr(check, "func", check).__name__


def all_checks():
    """parametrize_with_checks(BINARY + MULTI), minus one warning about our design.

    scikit-learn >= 1.6 warns, for each estimator, that it "does not inherit
    from sklearn.base.BaseEstimator": lecturekit cannot inherit from it without
    importing scikit-learn (see the docstring of lecturekit/estimators.py).
    That is what every check below then tests, so this warning, and only it,
    is silenced; the list of checks is built inside the filter.
    """
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=r"Estimator \w+ does not inherit from `sklearn.base.BaseEstimator`",
                                category=UserWarning)
        mark = parametrize_with_checks(BINARY + MULTI)
        argnames, argvalues = mark.args
        return pytest.mark.parametrize(argnames, list(argvalues), **mark.kwargs)


# The checks fit on data that no line separates; the perceptrons then warn, as they should.
@pytest.mark.filterwarnings("ignore::lecturekit.ConvergenceWarning")
@all_checks()
def test_sklearn_estimator_checks(estimator, check):
    if "array_api" in check_name(check) and os.environ.get("SCIPY_ARRAY_API") != "1":
        pytest.skip("array-API checks need SCIPY_ARRAY_API=1 before scipy is imported; "
                    "test_array_dispatch_checks_in_a_subprocess runs them")
    check(estimator)


def test_array_dispatch_checks_in_a_subprocess():
    env = dict(os.environ, SCIPY_ARRAY_API="1", PYTHONPATH=str(ROOT))
    result = subprocess.run(
        [sys.executable, "-m", "pytest", __file__, "-q", "-p", "no:cacheprovider", "-k", "array_api"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False, timeout=300,
    )
    if result.returncode == 5:  # pytest: no test selected
        pytest.skip(f"scikit-learn {sklearn.__version__} runs no array-API check on estimators "
                    "that do not declare array-API support")
    summary = result.stdout.strip().splitlines()[-1]
    assert result.returncode == 0 and "passed" in summary and "skipped" not in summary, result.stdout[-3000:]


@pytest.mark.parametrize("est", BINARY, ids=lambda e: type(e).__name__)
def test_binary_estimators_say_they_are_binary_and_refuse_a_third_class(est):
    tags = est.__sklearn_tags__() if hasattr(sklearn.utils, "Tags") else None
    if tags is not None:  # scikit-learn >= 1.6
        assert tags.classifier_tags.multi_class is False
    assert est._more_tags()["binary_only"] is True  # scikit-learn < 1.6 reads this
    X = np.arange(12.0).reshape(6, 2)
    with pytest.raises(ValueError, match=r"Only binary classification is supported\. .* 3 classes \['a', 'b', 'c'\]"):
        est.fit(X, ["a", "a", "b", "b", "c", "c"])


@pytest.mark.parametrize("est", MULTI_DEFAULTS, ids=lambda e: type(e).__name__)
def test_multiclass_estimators_say_they_are_multiclass(est):
    if hasattr(sklearn.utils, "Tags"):
        assert est.__sklearn_tags__().classifier_tags.multi_class is True
    assert est._more_tags()["binary_only"] is False
