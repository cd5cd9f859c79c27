"""Interactive explorers for the notebooks (ipywidgets), one module per explorer.

Each explorer is a function that returns one widget, an :class:`Explorer`
(a ``VBox``): controls, a one-line read-out and a figure in an ``Output`` of
fixed height.  Its logic is split in two so that tests can drive it without a
browser:

* a plain ``*_state`` function of the control values that computes everything
  the explorer shows and returns it as a dict (no widgets, no figures);
* the explorer, which calls it whenever a control changes, redraws a figure
  it owns (never the user's) with :mod:`lecturekit.plot`, and puts the figure
  in its ``Output`` as a PNG inside an ``<img>`` whose ``alt`` is a
  description built from the state (``box.alt``, also
  ``lk.plot.description(box.figure)``).

From Python, ``box.controls["eta"].value = 0.5`` updates ``box.state``,
``box.artists`` (what was drawn), ``box.alt`` and ``box.output.outputs`` at
once, exactly as moving the slider does in the browser.

Every slider updates while it is dragged (``continuous_update=True``), so a
redraw must take a few tens of milliseconds (``benchmarks/explorers.py``
measures it).  An explorer therefore keeps its figure: what does not depend
on the controls (axes, ticks, legends, surfaces; drawing text is slow) is
drawn once and kept as a background, and only the artists that change are
updated and drawn over it (blitting); fits over a finite set of choices are
computed once.  Changes that pile up are coalesced, the last value winning
(see :class:`Explorer`).

In the page, each picture also carries a small script (``page.js``) that
gives every control an accessible name, keeps the keys a control uses from
JupyterLab's shortcuts and makes the read-out a live region.  Data sets come
from :mod:`lecturekit.datasets` with fixed seeds, so every explorer can be
called with no arguments.

Where things are: :mod:`.explorer` (the widget class), :mod:`._helpers`
(controls, read-out formatting, legible text, blitting, PNG encoding),
``page.js`` (the page script), and one module per explorer, in chapter
order: :mod:`.dot_product`, :mod:`.hyperplane`, :mod:`.outlier`,
:mod:`.stepper`, :mod:`.learning_rate`, :mod:`.bound`,
:mod:`.gradient_descent`, :mod:`.multiclass`, :mod:`.feature_map`.

The notebooks reach them as ``lk.widgets.<name>``: :mod:`lecturekit.widgets`
loads this package on first use, and this package imports ipywidgets and
matplotlib.
"""

from .bound import bound_explorer, bound_state
from .dot_product import dot_product_explorer, dot_product_state
from .explorer import Explorer
from .feature_map import feature_map_explorer, feature_map_state
from .gradient_descent import gradient_descent_explorer, gradient_descent_state
from .hyperplane import hyperplane_explorer, hyperplane_state
from .learning_rate import learning_rate_explorer, learning_rate_state
from .multiclass import multiclass_explorer, multiclass_state
from .outlier import outlier_explorer, outlier_state
from .stepper import perceptron_stepper, stepper_state

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
