"""Chapter 4's stepper: forward and back through the updates of a perceptron fit (Flach, Alg. 7.1)."""

from __future__ import annotations

import numbers

import ipywidgets as widgets
import numpy as np

from .. import conventions, datasets, exact
from .._validation import check_binary_y, check_choice, check_count, check_positive, check_X
from ..perceptron import perceptron
from ._helpers import STARTS, animate, check_data, equation, fix_limits, quietly, slider, start_weights, \
    static_legend, toggles, wvec
from .explorer import Explorer

__all__ = ["stepper_state", "perceptron_stepper"]


def stepper_state(result, X, y, step) -> dict:
    """The perceptron at update ``step`` of a fit: its weights and the example that triggered the update.

    Parameters
    ----------
    result : PerceptronResult
        A fit of (X, y).
    X, y : the training data
    step : int
        0 (the initial weights) to ``result.n_updates``.

    Returns
    -------
    dict
        ``step``, ``n_updates``, ``w`` (weights after update ``step``),
        ``w_before`` (before it; None at step 0), ``index``, ``epoch``
        (example and epoch of the update; None at step 0), ``x``, ``label``
        (that example), ``mistakes`` (training examples with ``y_i w . x_i <=
        0`` under ``w``, decided as the fit decides line 6: exactly, on the
        numbers as typed; see :mod:`lecturekit.exact`), ``converged``, ``eta``.

    Examples
    --------
    >>> import lecturekit as lk
    >>> X, y = lk.datasets.toy()
    >>> res = lk.perceptron(X, y)
    >>> s = lk.widgets.stepper_state(res, X, y, 2)
    >>> s["w"].tolist(), s["index"], s["epoch"], s["mistakes"]  # (-3, -2) scores 0: still a mistake
    ([0.0, -2.0, 3.0], 3, 1, 2)
    """
    from ..plot import _check_trace_result

    result = _check_trace_result(result)
    X = check_X(X)
    y = check_binary_y(y, X.shape[0])
    history = result.weight_history(X, y)
    n = history.shape[0] - 1
    if isinstance(step, bool) or not isinstance(step, numbers.Integral) or not 0 <= step <= n:
        raise ValueError(f"step must be an integer from 0 to n_updates = {n}; got {step!r}.")
    step = int(step)
    w = history[step]
    index = int(result.trace.index[step - 1]) if step else None
    return {
        "step": step,
        "n_updates": n,
        "w": w,
        "w_before": history[step - 1] if step else None,
        "index": index,
        "epoch": int(result.trace.epoch[step - 1]) if step else None,
        "x": X[index] if step else None,
        "label": int(y[index]) if step else None,
        "mistakes": _mistakes(result, X, y, step, w),
        "converged": bool(result.converged),
        "eta": float(result.eta),
    }


def _mistakes(result, X, y, step, w) -> int:
    """How many training examples fail line 6's test ``y_i w . x_i <= 0`` under the weights after ``step`` updates.

    Decided as the fit decides it (:mod:`lecturekit.exact`): the float scores of
    ``w``, and where rounding could have settled a sign, the exact score of the
    weights ``w_init + eta sum_j y_j x~_j`` over the first ``step`` updates, on
    the numbers as typed.  A float score of example 1 of chapter 4's tie data
    under eta = 0.1 is +3.5e-18; its exact score is 0, a mistake."""
    lead = 1.0 if result.fit_intercept else 0.0
    Xh = conventions.homogeneous(X, lead)
    idx = np.asarray(result.trace.index[:step], dtype=np.int64)
    support = np.unique(idx)
    counts = np.bincount(idx, minlength=X.shape[0])[support]
    w0 = np.zeros_like(w) if result.w_init is None else np.asarray(result.w_init, dtype=float)
    rows = X[support]

    def err():  # a bound on |w - exact weights|, as the fit bounds it (computed only when a score is in doubt)
        nx = np.sqrt(np.einsum("ij,ij->i", rows, rows) + lead * lead)
        return exact.sum_error(step, float(np.sqrt(w0 @ w0)) + float(result.eta) * float(counts @ nx))

    weights = exact.ExactLinear(w, rows=rows, coef=counts * y[support], scale=result.eta,
                                w0=w0 if np.any(w0) else None, lead=lead, err=err)
    with np.errstate(over="ignore", invalid="ignore"):
        scores = Xh @ w
    return int(np.sum(conventions.is_mistake(y * weights.fix_scores(Xh, scores))))


#: Data sets of at most this many points have their points numbered in the stepper.
STEPPER_NUMBERED = 20

_STEPPER_DATA = {
    "toy: 4 points": datasets.toy,
    "separable: 20 points": lambda: datasets.separable(20, seed=0),
    "unbalanced (Flach Fig. 7.5)": lambda: datasets.unbalanced(40, 20, seed=0),
    "centroid failure": datasets.centroid_failure,
    "noisy: not separable": lambda: datasets.noisy(20, seed=0),
}


def perceptron_stepper(X=None, y=None, *, eta=1.0, start="zeros", max_epochs=50, name="your data"):
    """Step forward and back through the updates of a perceptron fit (Flach, Alg. 7.1).

    Shows the boundary before (dashed) and after the current update, with its
    normal vector, and rings the example that triggered it.  Next/Back step by
    one update, the Play button plays them all; η and the initial weights
    (zeros, or the basic linear classifier as in Flach's Fig. 7.5) refit.

    Parameters
    ----------
    X, y : optional
        2-D data with labels -1/+1.  Without them a drop-down offers the
        course's data sets.
    eta : float, default 1.0
    start : {"zeros", "basic linear classifier"}, default "zeros"
    max_epochs : int, default 50
    name : str, default "your data"
        What the read-out calls ``X, y`` (for example ``"toy set"``).

    Returns
    -------
    Explorer
        Controls ``data`` (only without X), ``eta``, ``start``, ``step``,
        ``play``, ``back``, ``next``.  ``state`` is :func:`stepper_state` plus
        the fit (``result``) and the data (``X``, ``y``).
    """
    check_choice(start, "start", STARTS)
    eta = check_positive(eta, "eta")
    max_epochs = check_count(max_epochs, "max_epochs")
    if X is None and y is None:
        sets = {name: make() for name, make in _STEPPER_DATA.items()}
    else:
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"name must be a non-empty string naming the data set; got {name!r}.")
        sets = {name: check_data(X, y, None)}
    controls = {}
    if len(sets) > 1:
        controls["data"] = widgets.Dropdown(options=list(sets), value=next(iter(sets)), description="data")
    controls["eta"] = slider("η", eta, min(eta, 0.1), max(eta, 2.0), 0.1)
    controls["start"] = toggles("start", STARTS, start)
    controls["step"] = widgets.IntSlider(value=0, min=0, max=0, description="update", continuous_update=True)
    controls["play"] = widgets.Play(value=0, min=0, max=0, interval=800, description="play", show_repeat=False)
    controls["back"] = widgets.Button(description="◀ back", layout=widgets.Layout(width="80px"))
    controls["next"] = widgets.Button(description="next ▶", layout=widgets.Layout(width="80px"))
    step, play = controls["step"], controls["play"]
    widgets.link((play, "value"), (step, "value"))
    controls["back"].on_click(lambda _: setattr(step, "value", max(step.min, step.value - 1)))
    controls["next"].on_click(lambda _: setattr(step, "value", min(step.max, step.value + 1)))
    fits = {}

    def compute(v):
        name = v.get("data", next(iter(sets)))
        X_, y_ = sets[name]
        key = (name, v["eta"], v["start"])
        if key not in fits:
            fits[key] = quietly(perceptron, X_, y_, eta=v["eta"], w0=start_weights(X_, y_, v["start"]),
                                 max_epochs=max_epochs, keep_weights=True)
        result = fits[key]
        n = result.n_updates
        if step.max != n:  # a new fit: the slider and the player follow its number of updates
            k = min(step.value, n)
            step.value = play.value = k
            step.max = play.max = n
        state = stepper_state(result, X_, y_, min(v["step"], n))
        state.update(result=result, X=X_, y=y_, data=name)
        return state

    def static(fig, s):
        from ..plot import data

        ax = fig.add_axes((0.11, 0.1, 0.56, 0.8))  # the legend goes to the right, off the data
        # fixed for a data set (the static key); small sets numbered, as the title names "example k"
        data(s["X"], s["y"], ax=ax, legend=False, numbers=len(s["y"]) <= STEPPER_NUMBERED)
        fix_limits(ax, s["X"])
        static_legend(fig, [("data", 1), ("data", -1),
                             ("line", {"color": "0.55", "linestyle": "--", "linewidth": 1.2}, "before the update"),
                             ("line", {"color": "black", "linewidth": 1.8}, "after the update"),
                             ("ring", "triggered the update")])
        ring = ax.scatter([], [], s=260, facecolors="none", edgecolors="black", linewidths=1.6, zorder=4)
        title = ax.text(0.5, 1.02, "", transform=ax.transAxes, ha="center", va="bottom", fontsize="medium")
        animate(ring, title)
        return {"ax": ax, "ring": ring, "title": title}

    def draw(a, s):
        from ..plot import boundary

        ax = a["ax"]
        drawn = {"before": None, "after": None, "ring": a["ring"], "title": a["title"]}
        if s["w_before"] is not None and np.any(s["w_before"][1:] != 0):
            drawn["before"] = boundary(s["w_before"], ax=ax, normal=False, color="0.55", linestyle="--",
                                       linewidth=1.2)
        if np.any(s["w"][1:] != 0):
            drawn["after"] = boundary(s["w"], ax=ax, color="black")
        a["ring"].set_offsets(np.reshape(s["x"] if s["index"] is not None else [], (-1, 2)))
        title = (f"update {s['step']} of {s['n_updates']}: example {s['index']} (y = {s['label']:+d}), "
                 f"epoch {s['epoch']}" if s["step"] else f"initial weights ({s['n_updates']} updates to come)")
        a["title"].set_text(title)
        return drawn

    def alt(s):
        n_pos = int(np.sum(s["y"] > 0))
        text = (f"Data set '{s['data']}': {n_pos} points of class +1 and {len(s['y']) - n_pos} of class −1. ")
        if s["step"]:
            x = s["x"]
            text += (f"Update {s['step']} of {s['n_updates']}: example {s['index']} at ({x[0]:.2f}, {x[1]:.2f}), "
                     f"class {s['label']:+d}, ringed, was a mistake (y times its score at most 0) and moved the "
                     f"boundary from the dashed line to {equation(s['w']) if np.any(s['w'][1:] != 0) else 'no line yet'}. ")
        else:
            text += f"The initial weights; {s['n_updates']} updates follow. "
        return text + (f"Under these weights {s['mistakes']} of the {len(s['y'])} training examples are mistakes "
                       "(y times score at most 0, a point on the line included).")

    def describe(s):
        if s["step"]:
            rule = (f"w ← w + η y<sub>i</sub> x<sub>i</sub> = {wvec(s['w_before'])} + {s['eta']:g} · "
                    f"({s['label']:+d}) · {wvec(np.r_[1.0, s['x']])} = <b>{wvec(s['w'])}</b>")
        else:
            rule = f"w = <b>{wvec(s['w'])}</b>"
        # what *these* weights do, then where this step is in the fit: "(fit converged)" beside
        # "mistakes: 4" at update 0 read as if these weights had converged
        n = len(s["y"])
        # line 6's test, not predict: a point on the line is a mistake here whatever its label
        verdict = ("under these weights <b>no</b> training point is a mistake (every y<sub>i</sub> "
                   "w·x<sub>i</sub> &gt; 0)" if s["mistakes"] == 0 else
                   f"under these weights <b>{s['mistakes']}</b> of {n} training points are mistakes "
                   f"(y<sub>i</sub> w·x<sub>i</sub> ≤ 0)")
        left = s["n_updates"] - s["step"]
        more = f"{left} more update{'s' if left > 1 else ''}"
        if left and s["converged"]:
            where = f"{more} until the fit converges"
        elif left:
            where = f"{more} in this fit, which did not converge within max_epochs"
        elif s["converged"]:
            where = "the fit's last update: it converged"
        else:
            where = "the fit's last update: it did not converge within max_epochs"
        return f"{rule} &nbsp; {verdict} &nbsp; ({where})"

    rows = [(*(("data",) if "data" in controls else ()), "eta", "start"), ("back", "next", "play", "step")]
    # `play` moves `step` through the link; observing both would draw every frame twice
    warm = [{"data": name} for name in sets] if "data" in controls else ()
    return Explorer("perceptron_stepper", controls, compute, draw, describe, rows=rows, figsize=(7.0, 4.6),
                    passive=("play",), static=static, static_key=lambda s: s["data"], alt=alt, warm=warm)
