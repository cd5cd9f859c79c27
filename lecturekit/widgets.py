"""The explorers, as the notebooks call them: ``lk.widgets.<name>`` is ``lecturekit.explorers.<name>``.

This module stays light: importing it (or naming ``lk.widgets``) loads
neither ipywidgets nor matplotlib.  The first name looked up here loads
:mod:`lecturekit.explorers`, where each explorer has its own module.
"""

from __future__ import annotations

import importlib

__all__ = [
    "Explorer",
    "dot_product_state",
    "dot_product_explorer",
    "hyperplane_state",
    "hyperplane_explorer",
    "stepper_state",
    "perceptron_stepper",
    "learning_rate_state",
    "learning_rate_explorer",
    "gradient_descent_state",
    "gradient_descent_explorer",
    "multiclass_state",
    "multiclass_explorer",
    "feature_map_state",
    "feature_map_explorer",
    "outlier_state",
    "outlier_explorer",
    "bound_state",
    "bound_explorer",
]


def __getattr__(name):
    if name in __all__:
        value = getattr(importlib.import_module("lecturekit.explorers"), name)
        globals()[name] = value  # looked up once
        return value
    raise AttributeError(f"module 'lecturekit.widgets' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(__all__))
