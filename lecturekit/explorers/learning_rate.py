"""Chapter 4's learning-rate explorer: the perceptron with different η, as in Flach's Fig. 7.5."""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np

from .. import datasets
from .._validation import check_binary_y, check_choice, check_positive, check_X
from ..perceptron import perceptron
from ._helpers import STARTS, animate, check_data, equation, fix_limits, line_xy, quietly, start_weights, \
    static_legend, toggles, wvec
from .explorer import Explorer

__all__ = ["learning_rate_state", "learning_rate_explorer"]


def learning_rate_state(X, y, eta, start="basic linear classifier", *, max_epochs=100) -> dict:
    """Train the perceptron with learning rate ``eta`` from zeros or from the basic linear classifier.

    From w = 0, eta only scales every w (same boundaries, same updates); from
    the basic linear classifier it changes how far each update moves the
    boundary, hence the number of updates (Flach, §7.2 and Fig. 7.5).

    Returns
    -------
    dict
        ``result``, ``w0``, ``w``, ``direction`` (w / |w|), ``n_updates``,
        ``epochs``, ``converged``, ``eta``, ``start``.

    Examples
    --------
    >>> import lecturekit as lk
    >>> X, y = lk.datasets.unbalanced(40, 20, seed=0)
    >>> [lk.widgets.learning_rate_state(X, y, eta)["n_updates"] for eta in (0.2, 0.5, 1.0)]
    [4, 11, 13]
    >>> [lk.widgets.learning_rate_state(X, y, eta, "zeros")["n_updates"] for eta in (0.2, 0.5, 1.0)]
    [9, 9, 9]
    """
    X = check_X(X)
    y = check_binary_y(y, X.shape[0])
    eta = check_positive(eta, "eta")
    w0 = start_weights(X, y, start)
    result = quietly(perceptron, X, y, eta=eta, w0=w0, max_epochs=max_epochs)
    return {
        "result": result,
        "w0": np.zeros(X.shape[1] + 1) if w0 is None else w0,
        "w": result.w,
        "direction": result.w / np.linalg.norm(result.w),
        "n_updates": result.n_updates,
        "epochs": result.epochs,
        "converged": result.converged,
        "eta": eta,
        "start": start,
    }


def learning_rate_explorer(X=None, y=None, *, etas=(0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0),
                           start="basic linear classifier"):
    """The perceptron with different learning rates, as in Flach's Fig. 7.5 (η = 0.2, 0.5, 1).

    Left: the fit replayed (:func:`lecturekit.plot.perceptron_trace`), right:
    mistakes per epoch.  Switch the start to "zeros" to see η stop mattering.

    Parameters
    ----------
    X, y : optional
        2-D data with labels -1/+1; default ``lk.datasets.unbalanced(40, 20, seed=0)``.
    etas : sequence of float
        The learning rates offered.
    start : {"basic linear classifier", "zeros"}

    Returns
    -------
    Explorer
        Controls ``eta`` and ``start``; ``state`` is :func:`learning_rate_state`.
    """
    X, y = check_data(X, y, lambda: datasets.unbalanced(40, 20, seed=0))
    check_choice(start, "start", STARTS)
    etas = [check_positive(e, "etas") for e in etas]
    if not etas:
        raise ValueError("etas must offer at least one learning rate, e.g. (0.2, 0.5, 1.0).")
    controls = {
        "eta": widgets.SelectionSlider(options=etas, value=0.2 if 0.2 in etas else etas[0], description="η",
                                   continuous_update=True),
        "start": toggles("start", STARTS, start),
    }

    # every (eta, start) the controls offer, fitted once: moving a control only picks one
    states = {(eta, start): learning_rate_state(X, y, eta, start) for eta in etas for start in STARTS}
    most_epochs = max(st["epochs"] for st in states.values())
    most_mistakes = max(int(st["result"].mistakes_per_epoch.max(initial=0)) for st in states.values())

    def compute(v):
        return states[v["eta"], v["start"]]

    def static(fig, s):
        from ..plot import data

        left = fig.add_axes((0.07, 0.12, 0.4, 0.76))
        right = fig.add_axes((0.54, 0.12, 0.2, 0.76))  # the legend goes to the right of it
        data(X, y, ax=left, legend=False)
        fix_limits(left, X)
        right.set_xlim(0.4, most_epochs + 0.6)
        right.set_ylim(0, 1.08 * max(most_mistakes, 1))
        right.set_xlabel("epoch")
        right.set_ylabel("mistakes (updates)")
        right.set_title("mistakes per epoch", fontsize="medium")
        static_legend(fig, [("data", 1), ("data", -1),
                             ("line", {"color": "#009E73", "linestyle": "--", "linewidth": 1.4}, "start"),
                             ("line", {"color": "0.45", "linewidth": 1.0}, "after each earlier\nupdate (fainter: older)"),
                             ("line", {"color": "black", "linewidth": 1.8}, "final boundary"),
                             ("ring", "triggered an update")])
        title = left.text(0.5, 1.02, "", transform=left.transAxes, ha="center", va="bottom", fontsize="medium")
        from matplotlib.collections import LineCollection

        # Flach's Fig. 7.5 as perceptron_trace draws it, with artists that are kept and updated
        steps = LineCollection([], linewidths=1.0, zorder=3)
        left.add_collection(steps, autolim=False)
        start = left.plot([], [], color="#009E73", linestyle="--", linewidth=1.4, zorder=3)[0]
        rings = left.scatter([], [], s=230, facecolors="none", edgecolors="black", linewidths=1.2, zorder=4)
        bars = right.bar(np.arange(1, most_epochs + 1), np.zeros(most_epochs), color="#0072B2")
        animate(title, steps, start, rings, list(bars))
        return {"left": left, "right": right, "title": title, "steps": steps, "start": start, "rings": rings,
                "bars": bars}

    def draw(a, s):
        from ..plot import boundary

        result, left = s["result"], a["left"]
        view = (*left.get_xlim(), *left.get_ylim())
        history = result.weight_history(X, y)
        n = history.shape[0] - 1
        a["start"].set_data(*(line_xy(history[0], view) if np.any(history[0][1:] != 0) else ([], [])))
        kept = [k for k in range(1, n) if np.any(history[k][1:] != 0)]  # each update but the last
        a["steps"].set_segments([np.column_stack(line_xy(history[k], view)) for k in kept])
        a["steps"].set_color([(0.45, 0.45, 0.45, 0.15 + 0.55 * (j + 1) / max(n, 1)) for j in range(len(kept))])
        final = boundary(history[-1], ax=left, color="black") if n and np.any(history[-1][1:] != 0) else None
        index = np.asarray(result.trace.index)
        _, first = np.unique(index, return_index=True)
        circled = index[np.sort(first)]
        a["rings"].set_offsets(X[circled].reshape(-1, 2))
        counts = result.mistakes_per_epoch
        for j, bar in enumerate(a["bars"]):
            bar.set_height(counts[j] if j < counts.shape[0] else 0)
        a["title"].set_text(f"η = {s['eta']:g}, start: {s['start']}")
        return {"steps": kept, "final": final, "circled": circled, "mistakes": list(a["bars"])[:counts.shape[0]],
                "title": a["title"]}

    def alt(s):
        per_epoch = ", ".join(str(int(m)) for m in s["result"].mistakes_per_epoch)
        return (f"Left: the perceptron's boundary after each of its {s['n_updates']} updates with learning rate "
                f"η = {s['eta']:g}, starting from {s['start']}, over {len(y)} training points; the final "
                f"boundary is {equation(s['w'])}. Right: a bar chart of mistakes per epoch: {per_epoch}.")

    def describe(s):
        end = "converged" if s["converged"] else "not converged"
        return (f"<b>{s['n_updates']}</b> updates in {s['epochs']} epochs ({end}); "
                f"final w = {wvec(s['w'])}, direction w/|w| = {wvec(s['direction'])}")

    return Explorer("learning_rate_explorer", controls, compute, draw, describe, rows=[("eta", "start")],
                    figsize=(10.0, 4.0), static=static, alt=alt)
