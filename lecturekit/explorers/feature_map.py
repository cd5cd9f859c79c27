"""Chapter 9's explorer: a curved boundary in (x1, x2) is a straight one in (x1², x2²)."""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np

from .. import datasets
from .._validation import check_binary_y, check_choice, check_X
from ..features import square_features
from ..linear import centroid_classifier, least_squares_classifier
from ..perceptron import perceptron
from ._helpers import animate, check_data, fix_limits, quietly, slider
from .explorer import Explorer

__all__ = ["feature_map_state", "feature_map_explorer"]


_LEARNERS = {
    "perceptron": lambda Z, y: quietly(perceptron, Z, y, max_epochs=1000),
    "least squares": least_squares_classifier,
    "basic linear classifier": centroid_classifier,
}


#: what each kind of boundary b + v1 x1² + v2 x2² = 0 is, for the read-out and the text alternative
_KIND_WORDS = {
    "ellipse": "an ellipse",
    "hyperbola": "a hyperbola",
    "crossing lines": "two lines crossing at the origin",
    "parallel lines": "two lines parallel to an axis",
    "line": "one line through the origin, along an axis",
    "point": "the origin alone",
    "empty": "no boundary (one class everywhere)",
    "everywhere 0": "no decision (every point scores 0)",
}


def _equation(w, squares=("x₁²", "x₂²")) -> str:
    """b + v1 x1² + v2 x2² = 0 written with signs, e.g. "2.00 − 2.22·x₁² − 2.39·x₂² = 0"."""
    b, v1, v2 = (float(v) for v in w)
    terms = f"{b:.2f}".replace("-", "−")
    for v, name in zip((v1, v2), squares):
        terms += f" {'−' if v < 0 else '+'} {abs(v):.2f}·{name}"
    return terms + " = 0"


def _conic_kind(b, v1, v2) -> str:
    """The kind of the set b + v1 x1² + v2 x2² = 0 in the plane (a key of :data:`_KIND_WORDS`)."""
    if v1 == 0 and v2 == 0:
        return "everywhere 0" if b == 0 else "empty"
    if v1 * v2 > 0:  # v1 x1² + v2 x2² has one sign and is 0 only at the origin
        return "ellipse" if b * v1 < 0 else ("point" if b == 0 else "empty")
    if v1 * v2 < 0:
        return "hyperbola" if b != 0 else "crossing lines"
    v = v1 + v2  # exactly one of them is 0: v x² = -b
    if b == 0:
        return "line"
    return "parallel lines" if -b / v > 0 else "empty"


def feature_map_state(X, y, learner="perceptron") -> dict:
    """Learn a linear classifier on the squared features (x1^2, x2^2).

    Returns
    -------
    dict
        ``Z`` (the squared features), ``result``, ``w`` = (b, v1, v2) with
        boundary ``b + v1 x1^2 + v2 x2^2 = 0``, ``errors`` (training mistakes),
        ``conic`` (the boundary in (x1, x2): "ellipse", "hyperbola",
        "crossing lines", "parallel lines", "line", "point", "empty" (no point
        scores 0: one class everywhere) or "everywhere 0" (w = 0: every point
        scores 0)), ``learner``.

    Examples
    --------
    >>> import lecturekit as lk
    >>> X, y = lk.datasets.ring(80, seed=0)
    >>> s = lk.widgets.feature_map_state(X, y)
    >>> s["errors"], s["conic"]
    (0, 'ellipse')
    """
    X = check_X(X)
    y = check_binary_y(y, X.shape[0])
    check_choice(learner, "learner", tuple(_LEARNERS))
    Z = square_features(X)
    result = _LEARNERS[learner](Z, y)
    w = np.asarray(result.w, dtype=float)
    b, v1, v2 = w
    kind = _conic_kind(b, v1, v2)
    return {"Z": Z, "result": result, "w": w, "errors": int(np.sum(result.predict(Z) != y)),
            "conic": kind, "learner": learner}


def feature_map_explorer(X=None, y=None, *, learner="perceptron"):
    """The ring data in (x1, x2) and in (x1^2, x2^2): a curved boundary becomes a straight one.

    Without data, sliders set the semi-axes a and b of the ellipse that
    separates the classes (``lk.datasets.circles``).

    Parameters
    ----------
    X, y : optional
        2-D data with labels -1/+1.
    learner : {"perceptron", "least squares", "basic linear classifier"}

    Returns
    -------
    Explorer
        Controls ``learner`` and, without data, ``a`` and ``b``; ``state`` is
        :func:`feature_map_state`.
    """
    check_choice(learner, "learner", tuple(_LEARNERS))
    given = X is not None or y is not None
    if given:
        X, y = check_data(X, y, None)
    controls = {"learner": widgets.Dropdown(options=list(_LEARNERS), value=learner, description="learner")}
    if not given:
        controls["a"] = slider("a (x₁ semi-axis)", 1.0, 0.5, 2.0, 0.25, continuous=True)
        controls["b"] = slider("b (x₂ semi-axis)", 1.0, 0.5, 2.0, 0.25, continuous=True)

    sizes = [0.5 + 0.25 * i for i in range(7)]  # the sliders' values
    reach = 2 * max(sizes) * 1.05 if not given else None
    fits = {}

    def compute(v):
        key = (v["learner"], None, None) if given else (v["learner"], v["a"], v["b"])
        if key not in fits:
            X_, y_ = (X, y) if given else datasets.circles(120, a=v["a"], b=v["b"], seed=0)
            state = feature_map_state(X_, y_, v["learner"])
            state.update(X=X_, y=y_, view=key[1:])
            fits[key] = state
        return fits[key]

    def static(fig, s):
        from ..plot import data

        left = fig.add_axes((0.07, 0.17, 0.38, 0.74))
        right = fig.add_axes((0.55, 0.17, 0.38, 0.74))
        if given:  # the view of the data given, as lk.plot.feature_map would choose it
            fix_limits(left, X)
            fix_limits(right, X**2)
        else:  # one raw view for every (a, b), so that the semi-axes visibly change the picture; the squared
            # panel gets a square view that just holds the current squares (one page per (a, b)), or the squares of
            # a small ring would be a speck in a corner
            left.set_xlim(-reach, reach)
            left.set_ylim(-reach, reach)
            top = 1.05 * float(np.max(s["X"] ** 2))
            right.set_xlim(-0.05 * top, top)
            right.set_ylim(-0.05 * top, top)
        left.set_aspect("equal", adjustable="box")  # an ellipse must look like one
        right.set_aspect("equal", adjustable="box")
        left.set_title("raw features (x₁, x₂): a conic", fontsize="medium")
        right.set_title("squared features (x₁², x₂²): a line", fontsize="medium")
        raw = data(s["X"], s["y"], ax=left, legend=False)
        squared = data(s["X"] ** 2, s["y"], ax=right, legend=False, axis_labels=("x₁²", "x₂²"))
        from matplotlib.collections import LineCollection

        conic = LineCollection([], colors="black", linewidths=1.8, zorder=3)
        left.add_collection(conic, autolim=False)
        left.legend(loc="upper right")
        # the boundary and its normal, named once for both panels (as lk.plot.feature_map names them)
        from matplotlib.lines import Line2D

        fig.legend([Line2D([], [], color="black", linewidth=1.8),
                    Line2D([], [], color="#111111", linewidth=2.4, marker=">", markersize=7)],
                   ["boundary", "normal (v₁, v₂) in the squared features"],
                   loc="lower center", bbox_to_anchor=(0.5, 0.0), ncol=2, frameon=False)
        animate(raw.points, squared.points, conic)
        return {"left": left, "right": right, "raw": raw, "squared": squared, "conic": conic}

    def draw(a, s):
        import contourpy

        from ..plot import _stand_out, boundary

        for label in a["raw"].points:
            a["raw"].points[label].set_offsets(s["X"][s["y"] == label])
            a["squared"].points[label].set_offsets(s["X"][s["y"] == label] ** 2)
        line = None
        w = s["w"]
        if w[1] != 0 or w[2] != 0:  # a line in the squares (it may miss the quadrant z >= 0)
            x0, x1 = a["left"].get_xlim()
            y0, y1 = a["left"].get_ylim()
            gx, gy = np.linspace(2 * x0, 2 * x1, 300), np.linspace(2 * y0, 2 * y1, 300)
            score = w[0] + w[1] * gx[None, :] ** 2 + w[2] * gy[:, None] ** 2
            a["conic"].set_segments(contourpy.contour_generator(gx, gy, score, line_type="Separate").lines(0.0))
            line = boundary(w, ax=a["right"])
            if line.normal is not None:  # drawn above the positives it points into, with a white edge
                line.normal.region = (0.0, np.inf, 0.0, np.inf)  # on the part of the line squares can reach
                _stand_out(line.normal)
        else:
            a["conic"].set_segments([])
        return {"raw": a["raw"], "squared": a["squared"], "conic": a["conic"], "line": line}

    def alt(s):
        b, v1, v2 = s["w"]
        n_pos = int(np.sum(s["y"] > 0))
        shape = ""
        if s["conic"] == "ellipse":
            shape = f" with semi-axes {np.sqrt(-b / v1):.2f} along x₁ and {np.sqrt(-b / v2):.2f} along x₂"
        return (f"Left: {n_pos} points of class +1 inside and {len(s['y']) - n_pos} of class −1 outside, in "
                f"(x₁, x₂) with equal scales, and the learnt boundary {_equation(s['w'])}, "
                f"{_KIND_WORDS[s['conic']]}{shape}. Right: the same points in (x₁², x₂²), where the boundary is a "
                f"straight line with its normal vector. Training mistakes: {s['errors']}.")

    def describe(s):
        return (f"boundary {_equation(s['w'])}: <b>{_KIND_WORDS[s['conic']]}</b> in (x1, x2), "
                f"a line in (x1², x2²); training mistakes: <b>{s['errors']}</b>")

    rows = [("learner",)] if given else [("learner", "a", "b")]
    return Explorer("feature_map_explorer", controls, compute, draw, describe, rows=rows, figsize=(9.0, 4.4),
                    static=static, static_key=lambda s: s["view"], alt=alt)
