"""Thin scikit-learn-style estimators built on the lecturekit functions.

For people with the scikit-learn habit: ``fit``/``predict``/``score``,
``get_params``/``set_params``, fitted attributes ending in ``_``.  They work
inside scikit-learn's ``cross_val_score``, ``GridSearchCV`` and ``Pipeline``
without lecturekit importing scikit-learn.  The binary estimators accept any
two labels: ``classes_[1]`` plays the role of +1.

The algorithms live in the functions; these classes only translate.
"""

from __future__ import annotations

import inspect

import numpy as np

from ._validation import check_labels, check_X
from .linear import centroid_classifier, least_squares_classifier
from .multiclass import linear_machine, one_vs_one, one_vs_rest
from .perceptron import averaged_perceptron, perceptron

__all__ = [
    "Perceptron",
    "AveragedPerceptron",
    "CentroidClassifier",
    "LeastSquaresClassifier",
    "LinearMachine",
    "OneVsRestClassifier",
    "OneVsOneClassifier",
]


class _Estimator:
    _estimator_type = "classifier"

    @classmethod
    def _param_names(cls):
        sig = inspect.signature(cls.__init__)
        return [p for p in sig.parameters if p != "self"]

    def get_params(self, deep: bool = True) -> dict:
        """Constructor parameters as a dict (scikit-learn protocol)."""
        return {name: getattr(self, name) for name in self._param_names()}

    def set_params(self, **params):
        """Set constructor parameters (scikit-learn protocol); returns self."""
        valid = self._param_names()
        for name, value in params.items():
            if name not in valid:
                raise ValueError(
                    f"{name!r} is not a parameter of {type(self).__name__}; valid ones are {valid}."
                )
            setattr(self, name, value)
        return self

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.get_params().items())
        return f"{type(self).__name__}({args})"

    def __sklearn_tags__(self):
        # Only scikit-learn calls this, so scikit-learn is already imported.
        from sklearn.utils import ClassifierTags, InputTags, Tags, TargetTags

        return Tags(
            estimator_type="classifier",
            target_tags=TargetTags(required=True),
            classifier_tags=ClassifierTags(),
            input_tags=InputTags(),
        )

    def _check_fitted(self):
        if not hasattr(self, "result_"):
            raise AttributeError(f"This {type(self).__name__} is not fitted yet; call fit(X, y) first.")

    def score(self, X, y) -> float:
        """Mean accuracy on (X, y)."""
        return float(np.mean(self.predict(X) == np.asarray(y)))


class _Binary(_Estimator):
    _fit_function = None

    def _fit_kwargs(self) -> dict:
        return self.get_params()

    def fit(self, X, y):
        X = check_X(X)
        y = check_labels(y, X.shape[0])
        self.classes_ = np.unique(y)
        if self.classes_.shape[0] != 2:
            raise ValueError(
                f"y must have exactly two classes for {type(self).__name__}; got "
                f"{self.classes_.tolist()}. Use LinearMachine or OneVsRestClassifier for more."
            )
        y_pm = np.where(y == self.classes_[1], 1, -1)
        self.result_ = type(self)._fit_function(X, y_pm, **self._fit_kwargs())
        self.w_ = self.result_.w
        self.coef_ = self.w_[1:].reshape(1, -1)
        self.intercept_ = self.w_[:1].copy()
        self.n_features_in_ = X.shape[1]
        return self

    def decision_function(self, X) -> np.ndarray:
        self._check_fitted()
        return self.result_.decision_function(X)

    def predict(self, X) -> np.ndarray:
        scores = self.decision_function(X)  # checks that we are fitted
        return self.classes_[(scores > 0).astype(int)]


class Perceptron(_Binary):
    """Flach's Alg. 7.1 as an estimator (see :func:`lecturekit.perceptron`).

    Fitted attributes: ``w_`` (homogeneous), ``coef_``, ``intercept_``,
    ``classes_``, ``converged_``, ``n_iter_`` (epochs), ``n_updates_``, ``result_``.

    Examples
    --------
    >>> import lecturekit as lk
    >>> clf = lk.Perceptron().fit([[2.0, 1.0], [1.0, 3.0], [-1.0, -1.0], [-2.0, 1.0]], [1, 1, 0, 0])
    >>> clf.predict([[3.0, 3.0], [-3.0, 0.0]])
    array([1, 0])
    """

    _fit_function = staticmethod(perceptron)

    def __init__(self, eta=1.0, max_epochs=100, fit_intercept=True, engine="auto"):
        self.eta = eta
        self.max_epochs = max_epochs
        self.fit_intercept = fit_intercept
        self.engine = engine

    def fit(self, X, y):
        super().fit(X, y)
        self.converged_ = self.result_.converged
        self.n_iter_ = self.result_.epochs
        self.n_updates_ = self.result_.n_updates
        return self


class AveragedPerceptron(_Binary):
    """Daumé's averaged perceptron as an estimator (see :func:`lecturekit.averaged_perceptron`)."""

    _fit_function = staticmethod(averaged_perceptron)

    def __init__(self, eta=1.0, max_epochs=10, fit_intercept=True):
        self.eta = eta
        self.max_epochs = max_epochs
        self.fit_intercept = fit_intercept


class CentroidClassifier(_Binary):
    """The basic linear (closest-centroid) classifier (see :func:`lecturekit.centroid_classifier`)."""

    _fit_function = staticmethod(centroid_classifier)

    def __init__(self, fit_intercept=True):
        self.fit_intercept = fit_intercept


class LeastSquaresClassifier(_Binary):
    """The least-squares classifier (see :func:`lecturekit.least_squares_classifier`)."""

    _fit_function = staticmethod(least_squares_classifier)

    def __init__(self, fit_intercept=True):
        self.fit_intercept = fit_intercept


class _Multi(_Estimator):
    def fit(self, X, y):
        X = check_X(X)
        self.result_ = self._fit(X, y)
        self.classes_ = self.result_.classes
        self.n_features_in_ = X.shape[1]
        return self

    def decision_function(self, X) -> np.ndarray:
        self._check_fitted()
        return self.result_.decision_function(X)

    def predict(self, X) -> np.ndarray:
        self._check_fitted()
        return self.result_.predict(X)


class LinearMachine(_Multi):
    """A linear machine trained with the multiclass perceptron (see :func:`lecturekit.linear_machine`)."""

    def __init__(self, eta=1.0, max_epochs=100, fit_intercept=True):
        self.eta = eta
        self.max_epochs = max_epochs
        self.fit_intercept = fit_intercept

    def _fit(self, X, y):
        res = linear_machine(X, y, **self.get_params())
        self.W_ = res.W
        self.converged_ = res.converged
        return res


class OneVsRestClassifier(_Multi):
    """One-vs-rest with a lecturekit binary learner (see :func:`lecturekit.one_vs_rest`)."""

    def __init__(self, method="perceptron", max_epochs=100):
        self.method = method
        self.max_epochs = max_epochs

    def _binary_kwargs(self) -> dict:
        # the closed-form learners take no epoch count
        return {} if self.method in ("centroid", "least_squares") else {"max_epochs": self.max_epochs}

    def _fit(self, X, y):
        return one_vs_rest(X, y, method=self.method, **self._binary_kwargs())


class OneVsOneClassifier(OneVsRestClassifier):
    """Pairwise classifiers with voting (see :func:`lecturekit.one_vs_one`)."""

    def _fit(self, X, y):
        return one_vs_one(X, y, method=self.method, **self._binary_kwargs())
