"""Chapters 6 and 7's explorer: gradient descent on the perceptron criterion or the squared error."""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np

from .. import datasets
from .._validation import check_binary_y, check_choice, check_count, check_positive, check_weights, check_X
from ..gradient import batch_perceptron
from ..lms import lms, lms_stable_eta
from ._helpers import animate, check_data, quietly, toggles, wvec
from .explorer import Explorer

__all__ = ["gradient_descent_state", "gradient_descent_explorer"]


_CRITERIA = ("perceptron", "squared error")


def _through_origin(n=30, seed=5):
    """A separable set whose separating line passes through the origin (no bias needed)."""
    X, y, u = datasets.separable(n, margin=0.1, seed=seed, return_direction=True)
    return X + u[0] * u[1:], y  # shift the line b + v . x = 0 to v . x = 0


def _default_start(X, y) -> np.ndarray:
    """w(0) for the descent: |w| = 2, at 135 degrees from sum_i y_i x_i, so most examples start wrong.

    (From w = 0 the first batch step is eta sum_i y_i x_i, which often separates
    at once: a path of one step whatever eta is.)
    """
    m = y @ X
    m = m / np.linalg.norm(m) if np.any(m) else np.array([1.0, 0.0])
    t = np.radians(135.0)
    return np.r_[0.0, 2.0 * np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]]) @ m]


def gradient_descent_state(X, y, eta, schedule="constant", n_iter=20, criterion="perceptron", w0=None) -> dict:
    """Batch gradient descent without a bias (w0 = 0) on the perceptron criterion or the squared error.

    ``criterion="perceptron"`` runs :func:`lecturekit.batch_perceptron`,
    ``"squared error"`` runs batch :func:`lecturekit.lms`, both with
    ``fit_intercept=False`` so that the path stays in the plane (w1, w2).
    Both start from ``w0``: by default a vector of length 2 pointing 135
    degrees away from ``sum_i y_i x_i``, so that the path has somewhere to go.

    Returns
    -------
    dict
        ``path`` (iterates, shape (T, 3), or None if LMS overflowed),
        ``values`` (J or SSE at each iterate), ``w`` (last iterate),
        ``converged`` (perceptron: all examples correct), ``diverged``,
        ``message``, ``etas`` (the learning rate of each step), ``kind``
        ("perceptron" or "sse"), ``criterion``.

    Examples
    --------
    >>> import lecturekit as lk
    >>> X, y = lk.datasets.toy()
    >>> s = lk.widgets.gradient_descent_state(X, y, 0.5, "1/k", 10, w0=[0.0, 1.0, -1.0])
    >>> s["converged"], len(s["path"]) - 1, s["etas"][:3].round(3).tolist()
    (True, 6, [0.5, 0.25, 0.167])
    """
    X = check_X(X)
    y = check_binary_y(y, X.shape[0])
    eta = check_positive(eta, "eta")
    check_choice(schedule, "schedule", ("constant", "1/k"))
    n_iter = check_count(n_iter, "n_iter")
    check_choice(criterion, "criterion", _CRITERIA)
    if X.shape[1] != 2:
        raise ValueError(f"X must have exactly 2 columns, for a path in the plane (w1, w2); got shape {X.shape}.")
    w0 = _default_start(X, y) if w0 is None else check_weights(w0, 3, "w0", what=" (0, w1, w2): bias first")
    if w0[0] != 0:
        raise ValueError(f"w0[0] is the bias and must be 0: the descent runs without a bias; got {w0[0]:g}.")
    if criterion == "perceptron":
        res = quietly(batch_perceptron, X, y, eta=eta, schedule=schedule, max_iter=n_iter, w0=w0,
                       fit_intercept=False)
        return {"path": res.path, "values": res.criterion, "w": res.w, "converged": res.converged,
                "diverged": False, "message": "", "etas": res.etas, "kind": "perceptron", "criterion": criterion}
    try:
        res = lms(X, y, eta=eta, epochs=n_iter, mode="batch", schedule=schedule, w0=w0, fit_intercept=False)
    except FloatingPointError as exc:
        return {"path": None, "values": None, "w": None, "converged": False, "diverged": True,
                "message": str(exc), "etas": None, "kind": "sse", "criterion": criterion}
    grew = bool(res.sse[-1] > res.sse[0] and res.sse[-1] > 10 * res.sse.min())
    limit = lms_stable_eta(X, mode="batch", fit_intercept=False)
    if grew:
        message = f"diverged: the error grows; batch LMS on this X is stable for η < {limit:.3g}"
    elif schedule == "constant" and eta > limit:  # the error's steepest part grows from the first step
        message = f"η above the stable rate {limit:.3g}: the error grows"
    elif res.sse[-1] > res.sse[0]:
        message = "error growing"
    else:
        message = ""
    return {"path": res.path, "values": res.sse, "w": res.w, "converged": False, "diverged": grew,
            "message": message, "etas": res.etas, "kind": "sse", "criterion": criterion}


def gradient_descent_explorer(X=None, y=None, *, eta=0.02, schedule="constant", n_iter=30,
                              criterion="perceptron"):
    """Gradient descent on the perceptron criterion or the squared error: η, schedule and steps.

    Left: contours of the surface over (w1, w2) with w0 = 0 and the descent
    path; right: the criterion at each iterate.

    Parameters
    ----------
    X, y : optional
        2-D data with labels -1/+1; default a separable set whose separating
        line goes through the origin (descent runs without a bias).
    eta, schedule, n_iter, criterion : starting values of the controls.

    Returns
    -------
    Explorer
        Controls ``criterion``, ``eta``, ``schedule``, ``n_iter``; ``state`` is
        :func:`gradient_descent_state`.
    """
    X, y = check_data(X, y, _through_origin)
    check_choice(criterion, "criterion", _CRITERIA)
    check_choice(schedule, "schedule", ("constant", "1/k"))
    controls = {
        "criterion": toggles("criterion", _CRITERIA, criterion),
        "eta": widgets.FloatLogSlider(value=check_positive(eta, "eta"), base=10, min=-3, max=1, step=0.1,
                                  description="η", continuous_update=True, readout_format=".3g"),
        "schedule": toggles("schedule", ("constant", "1/k"), schedule),
        "n_iter": widgets.IntSlider(value=check_count(n_iter, "n_iter"), min=1, max=100, description="steps",
                                continuous_update=True),
    }

    def compute(v):
        return gradient_descent_state(X, y, v["eta"], v["schedule"], v["n_iter"], v["criterion"])

    base_reach = {}
    for kind in ("perceptron", "sse"):
        ref = np.linalg.lstsq(X, y, rcond=None)[0] if kind == "sse" else np.ones(2)
        base_reach[kind] = 3.0 * max(1.0, float(np.abs(ref).max()))

    def view(s):
        """The static key: the criterion, how far the view reaches (base or 10 x base, to follow the path), the
        right panel's last iteration (10, 30 or 100, the first not below the steps allowed) and whether the
        criterion never rose above its start (then the right panel reaches only a little above the start)."""
        base = base_reach[s["kind"]]
        need = 1.25 * float(np.abs(s["path"][:, 1:]).max()) if s["path"] is not None else 10 * base
        level = 1 if need <= base else 10
        steps = next(b for b in (10, 30, 100) if b >= controls["n_iter"].value)
        below_start = s["values"] is not None and 0 < s["values"][0] and bool(np.max(s["values"]) <= s["values"][0])
        return s["kind"], level * base, steps, float(s["values"][0]) if below_start else None

    def static(fig, s):
        from ..plot import criterion_surface

        kind, reach, steps, start_value = view(s)
        left = fig.add_axes((0.07, 0.12, 0.36, 0.76))
        right = fig.add_axes((0.62, 0.12, 0.35, 0.76))
        surface = criterion_surface(X, y, ax=left, kind=kind, bounds=(-reach, reach, -reach, reach),
                                    resolution=81, separating=kind == "perceptron")
        left.set_xlim(-reach, reach)
        left.set_ylim(-reach, reach)
        left.set_aspect("equal", adjustable="box")
        left.set_title(("perceptron criterion J(w)" if kind == "perceptron" else "sum of squared errors SSE(w)")
                       + ", w₀ = 0", fontsize="medium")
        bar = fig.colorbar(surface.filled, ax=left, fraction=0.05, pad=0.03)
        bar.set_label("J(w)" if kind == "perceptron" else "SSE(w)")
        right.set_xlim(0, steps)
        # a path inside the view stays below the surface's top; one that never rose stays below its start
        right.set_ylim(0, 1.05 * (float(surface.J.max()) if start_value is None else start_value))
        right.set_title("J(w) at each step" if kind == "perceptron" else "SSE at each iterate", fontsize="medium")
        right.set_xlabel("step k" if kind == "perceptron" else "epoch (one batch step)")
        right.set_ylabel("J(w)" if kind == "perceptron" else "SSE")
        from ..plot import OKABE_ITO

        a = {"left": left, "right": right, "surface": surface,
             "path": left.plot([], [], "-o", color=OKABE_ITO[4], markersize=3.5, linewidth=1.4, zorder=3)[0],
             "start": left.plot([], [], "o", color="white", markeredgecolor="black", markersize=8, zorder=4)[0],
             "end": left.plot([], [], "*", color=OKABE_ITO[4], markeredgecolor="black", markersize=13, zorder=4)[0],
             "curve": right.plot([], [], color=OKABE_ITO[0], linewidth=1.6)[0],
             "note": right.text(0.5, 0.5, "", ha="center", va="center", transform=right.transAxes)}
        # the separating region's legend stand-in, when criterion_surface drew the region
        handles, names = left.get_legend_handles_labels()
        left.legend([a["path"], a["start"], a["end"], *handles], ["descent path", "start", "last iterate", *names],
                    loc="upper left", framealpha=0.9)
        animate(a["path"], a["start"], a["end"], a["curve"], a["note"])
        return a

    def draw(a, s):
        path = s["path"]
        if path is not None:
            a["path"].set_data(path[:, 1], path[:, 2])
            a["start"].set_data(path[:1, 1], path[:1, 2])
            a["end"].set_data(path[-1:, 1], path[-1:, 2])
            a["curve"].set_data(np.arange(len(s["values"])), s["values"])
            a["note"].set_text("")
        else:
            for name in ("path", "start", "end", "curve"):
                a[name].set_data([], [])
            a["note"].set_text("diverged:\nη too large")
        return {"surface": a["surface"], "path": a["path"], "curve": a["curve"] if path is not None else None}

    def alt(s):
        name = "perceptron criterion J" if s["kind"] == "perceptron" else "sum of squared errors SSE"
        if s["w"] is None:
            return f"Contours of the {name} over (w1, w2); the descent diverged, so no path is drawn."
        w0, w = s["path"][0], s["w"]
        steps = len(s["path"]) - 1
        return (f"Left: contours of the {name} over (w1, w2) with w0 = 0, and the descent path of "
                f"{steps} step{'' if steps == 1 else 's'} from ({w0[1]:.3g}, {w0[2]:.3g}) to ({w[1]:.3g}, {w[2]:.3g}). "
                f"Right: the criterion at each iterate, from {s['values'][0]:.3g} to {s['values'][-1]:.3g}.")

    def describe(s):
        if s["w"] is None:
            return f"<b>diverged</b>: {s['message']}"
        steps, allowed = len(s["path"]) - 1, controls["n_iter"].value
        if s["converged"]:  # M is empty, so the gradient is 0 and the descent stops; say so, or "steps" seems dead
            status = ("all examples correct" if steps == allowed else
                      f"all examples correct after {steps} of the {allowed} steps allowed: no example is in M, "
                      "so the gradient is 0 and more steps change nothing")
        else:
            status = s["message"] or ("not yet separating" if s["kind"] == "perceptron" else "descending")
        total = f", total of the rates Σ η(k) = {float(np.sum(s['etas'])):.3g}" if steps else ""
        return (f"{steps} step{'' if steps == 1 else 's'}{total}, last w = <b>{wvec(s['w'])}</b>, "
                f"{'J' if s['kind'] == 'perceptron' else 'SSE'} = {s['values'][-1] + 0.0:.3g} ({status})")

    return Explorer("gradient_descent_explorer", controls, compute, draw, describe,
                    rows=[("criterion", "schedule"), ("eta", "n_iter")], figsize=(9.0, 4.0),
                    static=static, static_key=view, alt=alt,
                    # the four views (two criteria, two reaches), drawn once now
                    warm=[{"criterion": c, "eta": e} for c in _CRITERIA
                    for e in (10.0 ** controls["eta"].max, 10.0 ** controls["eta"].min)])
