"""Chapter 2's explorer: move a line with w1, w2 and b, scale w by k, swap the classes or negate w."""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np

from .. import datasets
from .._validation import check_binary_y, check_bool, check_positive, check_X
from ..exact import score_sign
from ..linear import centroid_classifier
from ._helpers import animate, check_data, equation, fix_limits, slider, static_legend, wvec
from .explorer import Explorer

__all__ = ["hyperplane_state", "hyperplane_explorer"]


def hyperplane_state(w1, w2, b, k=1.0, swap=False, flip=False, *, X, y) -> dict:
    """The classifier ``sign(k (b + w1 x1 + w2 x2))`` on (X, y), optionally with classes swapped or w negated.

    Mistakes (``y_i w . x_i <= 0``) are decided exactly on the slider values
    (b, w1, w2) and on X, read as the decimals they print as, before k
    multiplies the weights; ``swap`` uses -y and ``flip`` uses -w.

    Parameters
    ----------
    w1, w2, b : float
        Normal vector and bias.
    k : float > 0, default 1
    swap : bool, default False
        Use -y instead of y.
    flip : bool, default False
        Use -w instead of w.
    X : array-like of shape (n, 2)
    y : array-like of shape (n,), labels -1/+1

    Returns
    -------
    dict
        ``w`` (homogeneous, after k and flip), ``y`` (after swap), ``scores``,
        ``sides`` (the sign of each score, decided exactly on the typed
        b, w1, w2 and flip: 0 on the line), ``misclassified`` (indices with ``y_i w . x_i <= 0``),
        ``n_misclassified``, ``has_boundary``, ``unit_normal`` and ``offset``
        (the signed distance ``-w0 / |(w1, w2)|`` of the boundary from the
        origin along the unit normal), computed before k is applied:
        ``sides``, ``misclassified``, ``unit_normal`` and ``offset`` do not depend on k.

    Examples
    --------
    >>> import lecturekit as lk
    >>> X, y = lk.datasets.toy()
    >>> s1 = lk.widgets.hyperplane_state(-1.0, 4.0, 0.0, X=X, y=y)
    >>> s3 = lk.widgets.hyperplane_state(-1.0, 4.0, 0.0, k=3.0, X=X, y=y)
    >>> s3["w"].tolist(), s1["offset"] == s3["offset"], s3["n_misclassified"]
    ([0.0, -3.0, 12.0], True, 0)
    >>> lk.widgets.hyperplane_state(-1.0, 4.0, 0.0, swap=True, X=X, y=y)["n_misclassified"]
    4
    """
    X = check_X(X)
    y = check_binary_y(y, X.shape[0])
    k = check_positive(k, "k", hint="k > 0 rescales w without moving the boundary; use flip=True for -w.")
    swap, flip = check_bool(swap, "swap"), check_bool(flip, "flip")
    w = k * np.array([b, w1, w2], dtype=float) * (-1.0 if flip else 1.0)
    y_used = -y if swap else y
    scores = X @ w[1:] + w[0]
    typed = np.array([b, w1, w2], dtype=float)
    signs = np.array([score_sign(typed, np.r_[1.0, x]) for x in X]) * (-1 if flip else 1)
    wrong = np.flatnonzero(y_used * signs <= 0)
    unscaled = typed * (-1.0 if flip else 1.0)  # what k multiplies: the normal and offset come from it
    v = float(np.hypot(unscaled[1], unscaled[2]))
    return {
        "swap": swap,
        "flip": flip,
        "w": w,
        "y": y_used.astype(int),
        "scores": scores,
        "sides": signs,
        "misclassified": wrong,
        "n_misclassified": int(wrong.size),
        "has_boundary": v > 0,
        "unit_normal": unscaled[1:] / v if v > 0 else None,
        "offset": float(-unscaled[0] / v) if v > 0 else float("nan"),
    }


def _points(n: int) -> str:
    return f"{n} point" + ("" if n == 1 else "s")


def hyperplane_alt(s) -> str:
    """The text alternative of the explorer's picture in state ``s`` (a :func:`hyperplane_state`).

    Says which side the normal points to in terms of the labels drawn: the side
    predicted +1, and how many of the points labelled +1 lie there (all of them
    when the line separates the data; none when the classes are swapped and w
    is kept).
    """
    yy = s["y"]
    n_pos = int(np.sum(yy > 0))
    head = (f"Scatter plot of {_points(n_pos)} labelled +1 and {_points(len(yy) - n_pos)} labelled −1"
            f"{' (the labels swapped)' if s.get('swap') else ''}.")
    if s["has_boundary"]:
        # the exact sides the rings come from, not the float scores (a point on the line is on neither side)
        on_side = int(np.sum((yy > 0) & (np.asarray(s["sides"]) > 0)))
        where = (f" The boundary {equation(s['w'])} has its normal vector pointing to the side it predicts as +1, "
                 f"where {on_side} of the {_points(n_pos)} labelled +1 {'lies' if on_side == 1 else 'lie'}")
    else:
        where = " With w1 = w2 = 0 there is no boundary"
    n_wrong = s["n_misclassified"]
    return (head + where + f"; {_points(n_wrong)} {'is' if n_wrong == 1 else 'are'} misclassified and ringed.")


def hyperplane_explorer(X=None, y=None):
    """Move a line with w1, w2 and b; scale by k; swap the classes or negate w.

    Shows the boundary ``b + w1 x1 + w2 x2 = 0``, its normal vector, and rings
    the misclassified points.  ``k`` changes w but not the picture; swapping
    the classes is undone by negating w.

    Parameters
    ----------
    X, y : optional
        2-D data with labels -1/+1; default ``lk.datasets.separable(30, seed=1)``.

    Returns
    -------
    Explorer
        Controls ``w1``, ``w2``, ``b``, ``k``, ``swap``, ``flip``.
    """
    X, y = check_data(X, y, lambda: datasets.separable(30, seed=1))
    w = centroid_classifier(X, y).w
    w = np.round(w / np.hypot(w[1], w[2]), 1)  # start from the basic linear classifier, |(w1, w2)| ~ 1
    controls = {
        "w1": slider("w1", float(w[1]), -3.0, 3.0, 0.1, continuous=True, fmt=".1f"),
        "w2": slider("w2", float(w[2]), -3.0, 3.0, 0.1, continuous=True, fmt=".1f"),
        "b": slider("b", float(w[0]), -3.0, 3.0, 0.1, continuous=True, fmt=".1f"),
        "k": slider("scale k", 1.0, 0.25, 4.0, 0.25, continuous=True),
        "swap": widgets.Checkbox(value=False, description="swap the classes", indent=False),
        "flip": widgets.Checkbox(value=False, description="negate w", indent=False),
    }

    def compute(v):
        return hyperplane_state(v["w1"], v["w2"], v["b"], v["k"], v["swap"], v["flip"], X=X, y=y)

    def static(fig, s):
        ax = fig.add_axes((0.13, 0.1, 0.57, 0.85))  # the legend goes to the right, off the data
        fix_limits(ax, X)
        ax.set_aspect("equal", adjustable="box")
        ax.set_xlabel("x₁")
        ax.set_ylabel("x₂")
        static_legend(fig, [("data", 1), ("data", -1), ("line", {"color": "0.15", "linewidth": 1.8}, "boundary"),
                             ("ring", "misclassified")])
        from ..plot import data

        # kept from picture to picture and moved with set_offsets: making a scatter is slow
        points = data(X, y, ax=ax, legend=False)
        ring = ax.scatter([], [], s=200, facecolors="none", edgecolors="black", linewidths=1.4, zorder=4)
        animate(points.points, ring)
        return {"ax": ax, "data": points, "ring": ring}

    def draw(a, s):
        from ..plot import boundary

        ax, yy = a["ax"], s["y"]
        for label, points in a["data"].points.items():
            points.set_offsets(X[yy == label])
        drawn = {"data": a["data"], "boundary": boundary(s["w"], ax=ax) if s["has_boundary"] else None}
        a["ring"].set_offsets(X[s["misclassified"]].reshape(-1, 2))
        drawn["misclassified"] = a["ring"]
        return drawn

    def alt(s):
        return hyperplane_alt(s)

    def describe(s):
        where = (f"unit normal {wvec(s['unit_normal'])}, signed distance of the line from the origin "
                 f"along it {s['offset'] + 0.0:.2f}"
                 if s["has_boundary"] else "w1 = w2 = 0: no boundary")
        return (f"w = (w0, w1, w2) = <b>{wvec(s['w'])}</b> &nbsp; {where} &nbsp; "
                f"misclassified: <b>{s['n_misclassified']}</b> of {len(s['y'])}")

    return Explorer("hyperplane_explorer", controls, compute, draw, describe,
                    rows=[("w1", "w2", "b"), ("k", "swap", "flip")], figsize=(6.4, 4.4), static=static, alt=alt)
