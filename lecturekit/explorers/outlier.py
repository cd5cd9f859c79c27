"""Chapter 3's explorer: one movable outlier and the class balance, against three linear classifiers."""

from __future__ import annotations

import functools
import numbers

import ipywidgets as widgets
import numpy as np

from .._validation import check_count
from ..linear import centroid_classifier, least_squares_classifier
from ..perceptron import perceptron
from ..theory import is_separable
from ._helpers import animate, check_data, equation, error_rate, explorer_engine, line_xy, quietly, slider
from .explorer import Explorer

__all__ = ["outlier_state", "outlier_explorer"]


_OUTLIER_VIEW = (-8.5, 8.5, -8.5, 8.5)
_OUTLIER_LEARNERS = ("basic linear classifier", "least squares", "perceptron")


@functools.cache
def _outlier_pool():
    """Two seeded Gaussian clouds: 60 candidates of class +1 and 20 examples of class -1."""
    rng = np.random.default_rng(3)
    pos = rng.normal((1.5, 1.0), 0.9, size=(60, 2))
    neg = rng.normal((-1.5, -1.0), 0.9, size=(20, 2))
    pos.setflags(write=False)
    neg.setflags(write=False)
    return pos, neg


def outlier_state(ox=6.0, oy=-6.0, n_pos=20, *, X=None, y=None, label=1, max_epochs=100) -> dict:
    """Three linear classifiers on data with one movable outlier and a chosen class balance.

    The training set is the first ``n_pos`` examples of class +1 and every
    example of class -1 of (X, y), plus one outlier at (ox, oy) with class
    ``label``.  On it are fitted the basic linear classifier (the
    perpendicular bisector of the class means, Flach §7.1), the least-squares
    classifier and the perceptron (Flach, Alg. 7.1, from w = 0, eta = 1).  The
    outlier moves a class mean by (outlier - mean) / (class size), so the
    fewer examples its class has, the further one point drags the
    closest-centroid boundary.

    Parameters
    ----------
    ox, oy : float
        Position of the outlier.
    n_pos : int >= 1
        How many examples of class +1 to keep (the class balance).
    X, y : optional
        2-D data with labels -1/+1; default 60 candidates of class +1 around
        (1.5, 1) and 20 examples of class -1 around (-1.5, -1), seed 3.
    label : {1, -1}, default 1
        Class of the outlier.
    max_epochs : int, default 100
        The perceptron's epoch limit (one outlier can make the data
        non-separable).

    Returns
    -------
    dict
        ``X``, ``y`` (the training set, outlier last), ``outlier``,
        ``label``, ``n_pos``, ``n_neg`` (class sizes, outlier included),
        ``mu_pos``, ``mu_neg`` (class means), ``w`` (dict learner -> homogeneous
        weights, bias first), ``error`` (dict learner -> training error rate,
        a score of 0 counting as a mistake), ``converged``, ``n_updates``,
        ``epochs`` (the perceptron's), ``max_epochs`` and ``separable``
        (whether a line separates the training set, decided exactly by
        :func:`lecturekit.is_separable`; a perceptron that converged has
        found one).  On separable data the perceptron converges, but it may
        need more than ``max_epochs`` epochs: ``converged`` False does not
        mean ``separable`` False.

    Examples
    --------
    >>> import lecturekit as lk
    >>> s = lk.widgets.outlier_state(6.0, -6.0, 20)
    >>> s["n_pos"], s["n_neg"], sorted(s["error"])
    (21, 20, ['basic linear classifier', 'least squares', 'perceptron'])
    """
    if X is None and y is None:
        pos, neg = _outlier_pool()
    else:
        X, y = check_data(X, y, None)
        pos, neg = X[y > 0], X[y < 0]
    n_pos = check_count(n_pos, "n_pos")
    if n_pos > pos.shape[0]:
        raise ValueError(f"n_pos must be at most the {pos.shape[0]} examples of class +1 available; got {n_pos}.")
    if label not in (1, -1) or isinstance(label, bool):
        raise ValueError(f"label must be 1 or -1, the outlier's class; got {label!r}.")
    if not all(isinstance(t, numbers.Real) and not isinstance(t, bool) and np.isfinite(t) for t in (ox, oy)):
        raise ValueError(f"the outlier (ox, oy) must be a finite point, two numbers; got ({ox!r}, {oy!r}).")
    outlier = np.array([ox, oy], dtype=float)
    X = np.vstack([pos[:n_pos], neg, outlier[None, :]])
    y = np.r_[np.ones(n_pos, dtype=int), -np.ones(neg.shape[0], dtype=int), label]
    w = {
        "basic linear classifier": centroid_classifier(X, y).w,
        "least squares": least_squares_classifier(X, y).w,
    }
    max_epochs = check_count(max_epochs, "max_epochs")
    result = quietly(perceptron, X, y, max_epochs=max_epochs, engine=explorer_engine())
    w["perceptron"] = result.w
    # a converged run classifies every training point correctly (decided exactly): its w separates
    separable = bool(result.converged) or bool(is_separable(X, y))
    return {
        "X": X, "y": y, "outlier": outlier, "label": int(label),
        "n_pos": int(np.sum(y > 0)), "n_neg": int(np.sum(y < 0)),
        "mu_pos": X[y > 0].mean(axis=0), "mu_neg": X[y < 0].mean(axis=0),
        "w": w, "error": {name: error_rate(wk, X, y) for name, wk in w.items()},
        "converged": bool(result.converged), "n_updates": int(result.n_updates), "epochs": int(result.epochs),
        "max_epochs": int(max_epochs), "separable": separable,
    }


def _convergence_sentence(s) -> str:
    """Whether the data are separable and whether the perceptron converged, in one sentence."""
    if s["converged"]:
        return f"The perceptron converged after {s['epochs']} epochs: the data are separable."
    if s["separable"]:
        return (f"The data are separable, but the perceptron did not converge within its {s['max_epochs']} "
                "epochs.")
    return "The data are not separable, so the perceptron cannot converge."


def outlier_explorer(*, ox=6.0, oy=-6.0, n_pos=20):
    """Move one outlier of class +1 and change how many examples class +1 has (chapter 3).

    Shows the basic linear classifier (the perpendicular bisector of the two
    class means, both drawn), the least-squares classifier and the perceptron
    on the same data, and reads out their three training error rates, after
    how many epochs the perceptron converged, or, when it has not converged,
    whether the data are separable (then it needed more epochs) or not (then
    it never converges).  The
    data are fixed and seeded (:func:`outlier_state`); the view is fixed, so
    what moves is the boundaries, not the axes.

    Parameters
    ----------
    ox, oy, n_pos : starting values of the controls.

    Returns
    -------
    Explorer
        Controls ``ox``, ``oy`` (the outlier's position) and ``n_pos`` (the
        number of examples of class +1, outlier not counted); ``state`` is
        :func:`outlier_state`.
    """
    outlier_state(ox, oy, n_pos)  # checks the starting values
    x0, x1, y0, y1 = _OUTLIER_VIEW
    controls = {
        "ox": slider("outlier x₁", float(ox), -8.0, 8.0, 0.5, continuous=True, fmt=".1f"),
        "oy": slider("outlier x₂", float(oy), -8.0, 8.0, 0.5, continuous=True, fmt=".1f"),
        "n_pos": widgets.IntSlider(value=int(n_pos), min=1, max=_outlier_pool()[0].shape[0], step=1,
                               description="examples of class +1 besides the outlier", continuous_update=True,
                               style={"description_width": "initial"}, layout=widgets.Layout(width="420px")),
    }
    from ..plot import CLASSIFIER_STYLES  # the colours of chapter 3's figures

    styles = {"basic linear classifier": CLASSIFIER_STYLES["basic linear"],
              "least squares": CLASSIFIER_STYLES["least squares"], "perceptron": CLASSIFIER_STYLES["perceptron"]}

    def compute(v):
        return outlier_state(v["ox"], v["oy"], v["n_pos"])

    def draw(fig, s):
        from ..plot import OKABE_ITO, _mean_style

        ax = fig.add_axes((0.09, 0.1, 0.58, 0.85))  # the legend goes to the right, off the data
        ax.set_xlim(x0, x1)
        ax.set_ylim(y0, y1)
        ax.set_aspect("equal", adjustable="box")
        ax.set_xlabel("x₁")
        ax.set_ylabel("x₂")
        a = {
            "pos": ax.scatter([], [], s=30, color=OKABE_ITO[0], marker="P", edgecolors="white", linewidths=0.5,
                              zorder=2, label="y = +1"),
            "neg": ax.scatter([], [], s=30, color=OKABE_ITO[1], marker="o", edgecolors="white", linewidths=0.5,
                              zorder=2, label="y = −1"),
            "outlier": ax.scatter([], [], s=220, facecolors="none", edgecolors="black", linewidths=1.5, zorder=4,
                                  label="the outlier"),
            "link": ax.plot([], [], color="0.4", linestyle=":", linewidth=1.0, zorder=1)[0],
            # the class means drawn as lk.plot.means draws them
            "mu_pos": ax.scatter([0], [0], **_mean_style(1, 160), label="μ+ (mean of y = +1)"),
            "mu_neg": ax.scatter([0], [0], **_mean_style(-1, 160), label="μ− (mean of y = −1)"),
            "lines": {name: ax.plot([], [], color=c, linestyle=ls, linewidth=1.8, zorder=3, label=name)[0]
                      for name, (c, ls) in styles.items()},
        }
        # a static legend, outside the axes: drawing a legend costs more than all the data
        fig.legend(*ax.get_legend_handles_labels(), loc="upper right", frameon=False)
        animate(a)
        return refresh(fig, a, s)

    def refresh(fig, a, s):
        X, y = s["X"], s["y"]
        a["pos"].set_offsets(X[y > 0])  # the outlier too, with its class's marker, inside its ring
        a["neg"].set_offsets(X[y < 0])
        a["outlier"].set_offsets(s["outlier"][None, :])
        mus = np.vstack([s["mu_pos"], s["mu_neg"]])
        a["mu_pos"].set_offsets(mus[:1])
        a["mu_neg"].set_offsets(mus[1:])
        a["link"].set_data(mus[:, 0], mus[:, 1])
        for name, line in a["lines"].items():
            line.set_data(*line_xy(s["w"][name], _OUTLIER_VIEW))
        return a

    def describe(s):
        rates = ", ".join(f"{name} <b>{s['error'][name]:.1%}</b>" for name in _OUTLIER_LEARNERS)
        note = f" (the perceptron converged after {s['epochs']} epochs)"
        if not s["converged"] and s["separable"]:
            note = (f" (the perceptron did not converge within {s['max_epochs']} epochs, although the data "
                    "are separable: it needs more epochs)")
        elif not s["converged"]:
            note = (f" (the data are not separable, so the perceptron did not converge within "
                    f"{s['max_epochs']} epochs and never will)")
        # the slider counts the examples besides the outlier; say both numbers so they match
        if s["label"] > 0:
            sizes = (f"{s['n_pos'] - 1} examples of class +1 plus the outlier ({s['n_pos']} in all), "
                     f"{s['n_neg']} of class −1")
        else:
            sizes = (f"{s['n_pos']} examples of class +1, {s['n_neg'] - 1} of class −1 plus the outlier "
                     f"({s['n_neg']} in all)")
        return f"{sizes}; training error: {rates}{note}"

    def pair(p, digits=2):     # a point with true minus signs, as in the equations
        return "(" + ", ".join(f"{v + 0.0:.{digits}f}".replace("-", "−") for v in p) + ")"

    def alt(s):
        o = s["outlier"]
        lines = "; ".join(f"{name}: {equation(s['w'][name])}, training error {s['error'][name]:.1%}"
                          for name in _OUTLIER_LEARNERS)
        return (f"Scatter plot of {s['n_pos']} examples of class +1 (blue plus signs) and {s['n_neg']} of "
                f"class −1 (vermillion circles), with the outlier of class {s['label']:+d} ringed at "
                f"{pair(o, 1)}. The class means, drawn large with their class's marker, are "
                f"μ+ = {pair(s['mu_pos'])} and μ− = {pair(s['mu_neg'])}. "
                f"Three boundaries: {lines}. " + _convergence_sentence(s))

    return Explorer("outlier_explorer", controls, compute, draw, describe, rows=[("ox", "oy"), ("n_pos",)],
                    figsize=(7.0, 5.0), refresh=refresh, alt=alt)
