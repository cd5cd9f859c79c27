"""Chapter 1's explorer: two vectors in the plane, their dot product, angle and projection."""

from __future__ import annotations

import numpy as np

from .._validation import as_float_array, check_positive
from ..vectors import angle, cosine, dot, norm, project, projection_length
from ._helpers import FONT_PT, fmt_number, slider
from .explorer import Explorer

__all__ = ["dot_product_state", "dot_product_explorer"]


def dot_product_state(a1, a2, b1, b2) -> dict:
    """Everything the dot-product explorer shows for a = (a1, a2) and b = (b1, b2).

    Returns
    -------
    dict
        ``a``, ``b``, ``dot`` (a . b), ``norm_a``, ``norm_b``, ``cosine``,
        ``angle`` (degrees), ``projection_length`` (signed length of the
        projection of a onto b) and ``projection`` (that vector).  Quantities
        that need a direction are NaN (or None) when a vector is zero.

    Examples
    --------
    >>> import lecturekit as lk
    >>> s = lk.widgets.dot_product_state(3.0, 4.0, 1.0, 0.0)
    >>> s["dot"], s["cosine"], round(s["angle"], 2), s["projection_length"]
    (3.0, 0.6, 53.13, 3.0)
    """
    a = np.array([a1, a2], dtype=float)
    b = np.array([b1, b2], dtype=float)
    na, nb = norm(a), norm(b)
    both = na > 0 and nb > 0
    return {
        "a": a,
        "b": b,
        "dot": dot(a, b),
        "norm_a": na,
        "norm_b": nb,
        "cosine": cosine(a, b) if both else float("nan"),
        "angle": angle(a, b, degrees=True) if both else float("nan"),
        "projection_length": projection_length(a, b) if nb > 0 else float("nan"),
        "projection": project(a, b) if nb > 0 else None,
    }


def _fixed(v, places: int) -> str:
    """v with a fixed number of decimals, and no "-0.00" for a rounding error below the last one."""
    text = f"{float(v):.{places}f}"
    return text[1:] if text.startswith("-") and float(text) == 0 else text


def _shown(v) -> str:
    """Two decimals (no "-0.00"), or a dash for a quantity that does not exist (None, NaN)."""
    return fmt_number(v) if v is None or not np.isfinite(v) else _fixed(v, 2)


def dot_product_explorer(a=(2.0, 1.0), b=(1.0, 2.0), *, limit=4.0):
    """Two vectors in the plane: dot product, cosine, angle and projection.

    Parameters
    ----------
    a, b : (float, float)
        Starting vectors.
    limit : float, default 4
        Sliders run over [-limit, limit].

    Returns
    -------
    Explorer
        Controls ``a1``, ``a2``, ``b1``, ``b2``.
    """
    limit = check_positive(limit, "limit")
    for name, v in (("a", a), ("b", b)):
        if as_float_array(v, name, ndim=1).shape[0] != 2:
            raise ValueError(f"{name} must be a vector in the plane, of length 2; got {v!r}.")
    controls = {
        name: slider(name, float(v), -limit, limit, 0.1, continuous=True, fmt=".1f")
        for name, v in zip(("a1", "a2", "b1", "b2"), (*a, *b))
    }

    def compute(v):
        return dot_product_state(v["a1"], v["a2"], v["b1"], v["b2"])

    def static(fig, s):
        ax = fig.add_subplot()
        ax.set_xlim(-limit - 0.5, limit + 0.5)
        ax.set_ylim(-limit - 0.5, limit + 0.5)
        ax.set_aspect("equal", adjustable="box")
        ax.axhline(0, color="0.85", linewidth=0.8, zorder=0)
        ax.axvline(0, color="0.85", linewidth=0.8, zorder=0)
        return ax

    def draw(ax, s):
        from ..plot import vectors

        drawn = vectors(s["a"], s["b"], ax=ax)
        for label in (drawn.angle_label, drawn.projection_label):  # drawn for each picture, so not
            if label is not None:                                   # made by Explorer's legible()
                label.set_fontsize(FONT_PT)
        return drawn

    def alt(s):
        a, b = s["a"], s["b"]
        text = (f"Two arrows from the origin: a = ({_fixed(a[0], 1)}, {_fixed(a[1], 1)}) and "
                f"b = ({_fixed(b[0], 1)}, {_fixed(b[1], 1)}). Their dot product is {_fixed(s['dot'], 2)}")
        if np.isfinite(s["angle"]):
            text += f" and the angle between them is {_fixed(s['angle'], 1)} degrees"
        if s["projection"] is not None:
            p = s["projection"]
            text += (f"; the projection of a onto b, drawn along b, ends at ({_fixed(p[0], 2)}, {_fixed(p[1], 2)}), "
                     f"a signed length of {_fixed(s['projection_length'], 2)}")
            if float(np.hypot(*(a - p))) > 1e-12 * s["norm_a"]:
                text += "; a dotted line drops at a right angle from the tip of a to that point"
        return text + "."

    def describe(s):
        return (f"a · b = <b>{_fixed(s['dot'], 2)}</b> &nbsp; |a| = {s['norm_a']:.2f}, |b| = {s['norm_b']:.2f}, "
                + (f"cos θ = {_shown(s['cosine'])}, θ = {_shown(s['angle'])}°, " if np.isfinite(s["angle"])
                   else "no angle (a zero vector has no direction), ")
                + f"projection of a on b: {_shown(s['projection_length'])} &nbsp; "
                f"(a · b = |a| |b| cos θ)")

    return Explorer("dot_product_explorer", controls, compute, draw, describe,
                    rows=[("a1", "a2"), ("b1", "b2")], figsize=(4.8, 4.4), static=static, alt=alt)
