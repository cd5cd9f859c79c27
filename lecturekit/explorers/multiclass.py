"""Chapter 8's explorer: one-vs-rest, pairwise and the linear machine on one data set."""

from __future__ import annotations

import warnings

import ipywidgets as widgets
import numpy as np

from .. import datasets
from .._validation import check_choice, check_count
from ..multiclass import linear_machine, one_vs_one, one_vs_rest
from ..results import ConvergenceWarning
from ._helpers import animate, check_data, equation, toggles
from .explorer import Explorer

__all__ = ["multiclass_state", "multiclass_explorer"]


_SCHEMES = ("one-vs-rest", "pairwise", "linear machine")
_METHODS = ("centroid", "perceptron", "least_squares")


def multiclass_state(X, y, scheme, method="centroid", *, resolution=100) -> dict:
    """Fit a multiclass scheme and measure how much of the plane it leaves ambiguous.

    Parameters
    ----------
    X : array-like of shape (n, 2)
    y : array-like of shape (n,), any class labels
    scheme : {"one-vs-rest", "pairwise", "linear machine"}
    method : {"centroid", "perceptron", "least_squares"}
        The binary learner of one-vs-rest and pairwise (the linear machine
        trains with its own perceptron rule).
    resolution : int, default 100
        Grid points per side for the ambiguous fraction.

    Returns
    -------
    dict
        ``model``, ``scheme``, ``method``, ``accuracy`` (on X), ``n_classifiers``,
        ``W`` (their weight vectors), ``ambiguous_fraction`` (of the padded box
        around X), ``converged`` (False when a perceptron stopped at its epoch limit).

    Examples
    --------
    >>> import lecturekit as lk
    >>> X, y = lk.datasets.blobs(10, 3, seed=0)
    >>> s = lk.widgets.multiclass_state(X, y, "one-vs-rest")
    >>> s["n_classifiers"], s["accuracy"], s["ambiguous_fraction"] > 0
    (3, 1.0, True)
    >>> lk.widgets.multiclass_state(X, y, "linear machine")["ambiguous_fraction"]
    0.0
    """
    from ..plot import _check_X2, _padded_box

    X = _check_X2(X)
    check_choice(scheme, "scheme", _SCHEMES)
    check_choice(method, "method", _METHODS)
    resolution = check_count(resolution, "resolution", minimum=2)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ConvergenceWarning)
        if scheme == "linear machine":
            model = linear_machine(X, y)
        else:
            fit = one_vs_rest if scheme == "one-vs-rest" else one_vs_one
            kwargs = {"max_epochs": 100} if method == "perceptron" else {}
            model = fit(X, y, method=method, **kwargs)
    x0, x1, y0, y1 = _padded_box(X)
    gx, gy = np.meshgrid(np.linspace(x0, x1, resolution), np.linspace(y0, y1, resolution))
    grid = np.column_stack([gx.ravel(), gy.ravel()])
    return {
        "model": model,
        "scheme": scheme,
        "method": method,
        "accuracy": float(np.mean(model.predict(X) == np.asarray(y))),
        "n_classifiers": int(model.W.shape[0]),
        "W": model.W,
        "ambiguous_fraction": float(np.mean(model.ambiguous(grid))),
        "converged": not any(issubclass(w.category, ConvergenceWarning) for w in caught),
    }


def multiclass_explorer(X=None, y=None, *, scheme="one-vs-rest", method="centroid"):
    """One data set, three ways to handle k classes: one-vs-rest, pairwise and the linear machine.

    Colours the plane by the predicted class, hatches the ambiguous regions
    (claimed by no classifier or several, or a tied vote) and draws the
    binary classifiers' lines.

    Parameters
    ----------
    X, y : optional
        2-D data with any k class labels; default ``lk.datasets.blobs(15, 3, seed=0)``.
    scheme, method : starting values of the controls.

    Returns
    -------
    Explorer
        Controls ``scheme`` and ``method``; ``state`` is :func:`multiclass_state`.
    """
    X, y = check_data(X, y, lambda: datasets.blobs(15, 3, seed=0), binary=False)
    check_choice(scheme, "scheme", _SCHEMES)
    check_choice(method, "method", _METHODS)
    controls = {
        "scheme": toggles("scheme", _SCHEMES, scheme),
        "method": widgets.Dropdown(options=_METHODS, value=method, description="binary learner",
                                style={"description_width": "initial"}),
    }

    from ..plot import _padded_box, class_style

    box = _padded_box(X)
    classes = np.unique(y)
    palette = np.array([[int(c[i:i + 2], 16) / 255 for i in (1, 3, 5)] for c, _, _ in class_style(classes)])
    res = 150
    gx, gy = np.meshgrid(np.linspace(box[0], box[1], res), np.linspace(box[2], box[3], res))
    grid = np.column_stack([gx.ravel(), gy.ravel()])
    stripes = ((np.arange(res)[:, None] + np.arange(res)[None, :]) % 6) < 2  # hatching "///" in the image
    fits = {}

    def compute(v):
        controls["method"].disabled = v["scheme"] == "linear machine"
        return fit(v["scheme"], v["method"])

    def fit(scheme, method):
        key = (scheme, "" if scheme == "linear machine" else method)
        if key not in fits:  # at most seven distinct fits: each is computed once
            state = multiclass_state(X, y, scheme, method)
            model = state["model"]
            codes = np.searchsorted(classes, np.asarray(model.predict(grid))).reshape(res, res)
            image = 1 - 0.25 * (1 - palette[codes])  # the class colour at 25 % on white
            mask = None
            if callable(getattr(model, "ambiguous", None)):
                mask = np.asarray(model.ambiguous(grid), dtype=bool).reshape(res, res)
                image[mask & stripes] = 0.45
            state.update(image=image, ambiguous_mask=mask, grid=grid, codes=codes)
            fits[key] = state
        return fits[key]

    for scheme_ in _SCHEMES:  # all seven fits now, so that moving a control only picks one
        for method_ in _METHODS:
            fit(scheme_, method_)

    def static(fig, s):
        from matplotlib.patches import Patch

        from ..plot import data

        ax = fig.add_axes((0.1, 0.1, 0.62, 0.82))
        ax.set_xlim(box[0], box[1])
        ax.set_ylim(box[2], box[3])
        regions = ax.imshow(s["image"], extent=box, origin="lower", interpolation="nearest", aspect="equal",
                            zorder=0)
        points = data(X, y, ax=ax, legend=False)
        title = ax.text(0.5, 1.02, "", transform=ax.transAxes, ha="center", va="bottom", fontsize="medium")
        handles, labels = ax.get_legend_handles_labels()
        fig.legend([*handles, Patch(facecolor="0.75", hatch="///", edgecolor="0.45")], [*labels, "ambiguous"],
                   loc="upper right", frameon=False)
        animate(regions, points.points, title)
        return {"ax": ax, "regions": regions, "data": points, "title": title}

    def draw(a, s):
        from ..plot import OKABE_ITO, boundary

        ax = a["ax"]
        a["regions"].set_data(s["image"])
        lines = []
        if s["scheme"] != "linear machine":
            model = s["model"]
            colours = [c for c, _, _ in class_style(model.classes)]
            pairs = getattr(model, "pairs", ())
            for m, w in enumerate(s["W"]):
                if not np.any(w[1:] != 0):
                    continue
                if pairs:  # one colour and dash pattern per pair, as in the chapter's pairwise figure
                    colour, style = OKABE_ITO[(3, 4, 7)[m % 3]], ("--", "-.", ":")[m % 3]  # 7: black, seen on every region
                else:      # one-vs-rest: each line in its class's colour
                    colour, style = colours[m], "-"
                lines.append(boundary(w, ax=ax, normal=True, color=colour, linewidth=1.5, linestyle=style))
        a["title"].set_text(s["scheme"] + ("" if s["scheme"] == "linear machine" else f" ({s['method']})"))
        return {"regions": a["regions"], "data": a["data"], "lines": lines, "title": a["title"]}

    def alt(s):
        counts = ", ".join(f"{int(np.sum(y == c))} of class {c}" for c in classes)
        lines = "; ".join(equation(w) for w in s["W"]) if s["scheme"] != "linear machine" else ""
        return (f"The plane coloured by the class that {s['scheme']}"
                f"{'' if s['scheme'] == 'linear machine' else ' with ' + s['method']} predicts, over the data "
                f"({counts}). {s['ambiguous_fraction']:.0%} of the area is ambiguous and hatched"
                + (f". Its {s['n_classifiers']} binary boundaries: {lines}." if lines else "."))

    def describe(s):
        note = "" if s["converged"] else " (a perceptron did not converge)"
        return (f"{s['n_classifiers']} linear functions; training accuracy <b>{s['accuracy']:.0%}</b>; "
                f"ambiguous: <b>{s['ambiguous_fraction']:.0%}</b> of the plotted area{note}")

    return Explorer("multiclass_explorer", controls, compute, draw, describe, rows=[("scheme", "method")],
                    figsize=(7.0, 4.6), static=static, alt=alt)
