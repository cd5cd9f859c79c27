"""Chapter 5's explorer: Novikoff's bound (R/γ)² against the perceptron's actual number of updates."""

from __future__ import annotations

import functools
import numbers

import numpy as np

from ..perceptron import perceptron
from ._helpers import animate, equation, explorer_engine, line_xy, slider
from .explorer import Explorer

__all__ = ["bound_state", "bound_explorer"]


_BOUND_ANGLE = np.radians(60.0)  # direction of the raw normal v of the reference separator
_BOUND_OFFSET = 0.25  # the reference line v . x = 0.25 rho, a quarter of the way to the rim
_BOUND_K = (1.0, 1e5)  # the fixed view of the inequality plot: updates k ...
_BOUND_Y = (0.02, 2e4)  # ... and values (log scales)


@functools.cache
def _bound_pool(n=60, seed=7):
    """n seeded points uniform in the unit disc (read-only)."""
    rng = np.random.default_rng(seed)
    r = np.sqrt(rng.uniform(0.0, 1.0, n))
    t = rng.uniform(0.0, 2 * np.pi, n)
    P = np.column_stack([r * np.cos(t), r * np.sin(t)])
    P.setflags(write=False)
    return P


def bound_state(gamma=0.1, R=3.0) -> dict:
    """A separable data set with margin gamma and radius R in homogeneous coordinates, and the perceptron on it.

    Everything is measured on the points the perceptron sees, the homogeneous
    x̃ = (1, x1, x2) (Flach's and Daumé's convention with a bias):
    ``R = max_i |x̃_i|`` and ``gamma = min_i y_i u* . x̃_i`` for the unit vector
    u* = (b, v) / |(b, v)| whose line is ``v . x = 0.25 rho`` (v at 60 degrees,
    rho = sqrt(R^2 - 1)).  The data are 60 seeded points of the disc of
    radius rho, less those closer than gamma to u*'s hyperplane, plus two
    anchors that make both numbers exact: a point at distance rho from the
    origin (so |x̃| = R) and a point at margin exactly gamma.

    Novikoff's theorem: the perceptron from w = 0 makes at most
    ``(R / gamma)^2`` updates.  Its proof bounds the weights after k updates
    from both sides, ``w̃_k . u* >= k gamma`` and ``|w̃_k| <= sqrt(k) R``, and
    since ``w̃_k . u* <= |w̃_k|``, ``k gamma <= sqrt(k) R``, i.e.
    ``k <= (R / gamma)^2``: the bound is where the line k gamma overtakes
    the curve sqrt(k) R.

    Parameters
    ----------
    gamma : float in (0, 0.6]
        The margin of u*, in homogeneous coordinates.
    R : float in [1.5, 20]
        The radius in homogeneous coordinates (at least 1: the constant
        coordinate alone has length 1).

    Returns
    -------
    dict
        ``X``, ``y`` (raw data, labels -1/+1), ``u`` (u*, homogeneous, unit),
        ``gamma``, ``R`` (measured with :func:`lecturekit.margin` and
        :func:`lecturekit.radius`), ``rho``, ``bound`` ((R / gamma)^2),
        ``n_updates``, ``epochs``, ``converged``, ``w`` (final weights),
        ``k`` (1..n_updates), ``projection`` (w̃_k . u* for each k) and
        ``norm`` (|w̃_k| for each k).

    Examples
    --------
    >>> import lecturekit as lk
    >>> s = lk.widgets.bound_state(0.1, 3.0)
    >>> round(s["R"], 12), round(s["gamma"], 12), round(s["bound"], 6), s["n_updates"] <= s["bound"]
    (3.0, 0.1, 900.0, True)
    """
    from ..theory import margin, radius

    if isinstance(gamma, bool) or not isinstance(gamma, numbers.Real) or not 0 < gamma <= 0.6:
        raise ValueError(f"gamma must be a margin in (0, 0.6]; got {gamma!r}. Try gamma=0.1.")
    if isinstance(R, bool) or not isinstance(R, numbers.Real) or not 1.5 <= R <= 20:
        raise ValueError(f"R must be a radius in [1.5, 20] (homogeneous points have |x̃| >= 1); got {R!r}. "
                         "Try R=3.")
    gamma, R = float(gamma), float(R)
    rho = np.sqrt(R * R - 1.0)
    v = np.array([np.cos(_BOUND_ANGLE), np.sin(_BOUND_ANGLE)])
    c = -_BOUND_OFFSET * rho  # the raw line v . x + c = 0
    scale = np.hypot(1.0, c)  # |(c, v)|
    u = np.r_[c, v] / scale
    P = rho * _bound_pool()
    m = (P @ v + c) / scale  # signed homogeneous margins of u*
    keep = np.abs(m) >= gamma
    side = np.array([-v[1], v[0]])
    anchors = np.vstack([rho * v,  # |(1, x)| = R exactly
                         (-c - gamma * scale) * v + 0.3 * rho * side])  # y u* . (1, x) = gamma exactly
    X = np.vstack([P[keep], anchors])
    y = np.where(X @ v + c > 0, 1, -1)
    gamma_measured, R_measured = margin(u, X, y), radius(X)
    bound = (R_measured / gamma_measured) ** 2
    # From w = 0 every epoch but the last makes an update, so bound + 1 epochs always suffice.
    result = perceptron(X, y, max_epochs=int(bound) + 2, keep_weights=True, engine=explorer_engine())
    W = result.trace.weights[1:]  # w̃_1, ..., w̃_K (the trace starts with w̃_0 = 0)
    return {
        "X": X, "y": y, "u": u, "gamma": gamma_measured, "R": R_measured, "rho": float(rho), "bound": bound,
        "n_updates": int(result.n_updates), "epochs": int(result.epochs), "converged": bool(result.converged),
        "w": result.w, "k": np.arange(1, W.shape[0] + 1), "projection": W @ u,
        "norm": np.sqrt(np.sum(W * W, axis=1)),
    }


def bound_explorer(*, gamma=0.1, R=3.0):
    """Novikoff's bound (R/γ)² against the perceptron's actual number of updates (chapter 5).

    Left: the data (:func:`bound_state`), scaled by rho = sqrt(R^2 - 1) so
    that the picture keeps its size, with the reference separator u* and its
    margin band and the perceptron's final boundary.  Right, on log-log axes:
    the two inequalities of the proof over the updates k, ``w̃_k . u* >= k γ``
    and ``|w̃_k| <= sqrt(k) R``, with the bound where k γ overtakes sqrt(k) R.

    Parameters
    ----------
    gamma, R : starting values of the controls (homogeneous coordinates).

    Returns
    -------
    Explorer
        Controls ``gamma`` and ``R``; ``state`` is :func:`bound_state`.
    """
    bound_state(gamma, R)  # checks the starting values
    controls = {
        "gamma": slider("margin γ", float(gamma), 0.05, 0.5, 0.05, continuous=True, fmt=".2f"),
        "R": slider("radius R", float(R), 1.5, 10.0, 0.5, continuous=True, fmt=".1f"),
    }
    kk = np.geomspace(*_BOUND_K, 200)

    def compute(v):
        return bound_state(v["gamma"], v["R"])

    def draw(fig, s):
        from matplotlib.patches import Circle

        from ..plot import OKABE_ITO

        left = fig.add_axes((0.08, 0.12, 0.36, 0.78))
        right = fig.add_axes((0.54, 0.12, 0.19, 0.78))  # the legend goes to the right of it
        left.set_xlim(-1.15, 1.15)
        left.set_ylim(-1.15, 1.15)
        left.set_aspect("equal", adjustable="box")
        left.set_xlabel("x₁ / ρ")
        left.set_ylabel("x₂ / ρ")
        left.set_title("the data divided by ρ = √(R² − 1)")
        left.add_patch(Circle((0, 0), 1.0, fill=False, edgecolor="0.6", linewidth=0.8, linestyle=":"))
        right.set_xscale("log")
        right.set_yscale("log")
        right.set_xlim(*_BOUND_K)
        right.set_ylim(*_BOUND_Y)
        right.set_xlabel("updates k")
        right.set_ylabel("w̃ₖ · u* and ‖w̃ₖ‖")
        right.set_title("the proof's race")
        a = {
            "pos": left.scatter([], [], s=26, color=OKABE_ITO[0], marker="P", edgecolors="white", linewidths=0.5,
                                zorder=2),
            "neg": left.scatter([], [], s=26, color=OKABE_ITO[1], marker="o", edgecolors="white", linewidths=0.5,
                                zorder=2),
            "u_line": left.plot([], [], color="#009E73", linewidth=1.6, zorder=3)[0],
            "u_band": left.fill_between([0, 1], [0, 0], [0, 0], color="#009E73", alpha=0.15, linewidth=0, zorder=1),
            "w_line": left.plot([], [], color="black", linestyle="--", linewidth=1.4, zorder=3)[0],
            # the race in colours no class and not u* uses, so that no colour links the two panels
            "lower": right.plot(kk, kk * s["gamma"], color=OKABE_ITO[3], linestyle="--", linewidth=1.2)[0],
            "upper": right.plot(kk, np.sqrt(kk) * s["R"], color=OKABE_ITO[4], linestyle="--", linewidth=1.2)[0],
            "projection": right.plot([], [], color=OKABE_ITO[3], linewidth=2.0, marker="o", markersize=3)[0],
            "norm": right.plot([], [], color=OKABE_ITO[4], linewidth=2.0)[0],
            "bound": right.axvline(1.0, color="black", linewidth=1.0, linestyle=":"),
            "updates": right.axvline(1.0, color="black", linewidth=1.6),
        }
        from matplotlib.lines import Line2D

        handles = [a["pos"], a["neg"], Line2D([], [], color="#009E73", linewidth=1.6),
                   Line2D([], [], color="black", linestyle="--"), a["projection"], a["lower"], a["norm"], a["upper"], a["updates"], a["bound"]]
        labels = ["class +1", "class −1", "u* (margin γ shaded)", "perceptron's boundary", "w̃ₖ · u*", "k γ (≤ w̃ₖ · u*)", "‖w̃ₖ‖",
                  "√k R (≥ ‖w̃ₖ‖)", "actual updates", "bound (R/γ)²"]
        fig.legend(handles, labels, loc="center right", frameon=False)
        animate(a)
        return refresh(fig, a, s)

    def refresh(fig, a, s):
        X, y, rho = s["X"] / s["rho"], s["y"], s["rho"]
        a["pos"].set_offsets(X[y > 0])
        a["neg"].set_offsets(X[y < 0])
        view = (-1.15, 1.15, -1.15, 1.15)
        u = s["u"]
        # in scaled coordinates z = x / rho the line u0 + u . x = 0 is u0 / rho + u . z = 0
        a["u_line"].set_data(*line_xy([u[0] / rho, u[1], u[2]], view))
        width = s["gamma"] / (rho * np.hypot(u[1], u[2]))  # the band |u* . x̃| <= gamma, scaled
        xs, ys = line_xy([u[0] / rho, u[1], u[2]], view)
        n = np.array([u[1], u[2]]) / np.hypot(u[1], u[2])
        band = np.array([[xs[0], ys[0]], [xs[1], ys[1]]])
        poly = np.vstack([band + width * n, (band - width * n)[::-1]])
        a["u_band"].set_paths([poly])
        w = s["w"]
        a["w_line"].set_data(*line_xy([w[0] / rho, w[1], w[2]], view))
        a["lower"].set_ydata(kk * s["gamma"])
        a["upper"].set_ydata(np.sqrt(kk) * s["R"])
        a["projection"].set_data(s["k"], s["projection"])
        a["norm"].set_data(s["k"], s["norm"])
        a["bound"].set_xdata([s["bound"], s["bound"]])
        a["updates"].set_xdata([s["n_updates"], s["n_updates"]])
        return a

    def describe(s):
        return (f"R = {s['R']:.2f}, γ = {s['gamma']:.3f} (homogeneous coordinates, x̃ = (1, x); "
                f"ρ = √(R² − 1) = {s['rho']:.2f}); "
                f"bound (R/γ)² = <b>{s['bound']:.0f}</b> updates; the perceptron made <b>{s['n_updates']}</b> "
                f"in {s['epochs']} epochs ({s['n_updates'] / s['bound']:.1%} of the bound)")

    def alt(s):
        n_pos = int(np.sum(s["y"] > 0))
        return (f"Left: {n_pos} points of class +1 and {len(s['y']) - n_pos} of class −1 in the plane, divided by "
                f"ρ = {s['rho']:.2f}, with the reference separator u* and its margin band of γ = {s['gamma']:.3f}, "
                f"and the perceptron's final boundary {equation(s['w'])}. Right, on log-log axes over the updates "
                f"k: w̃ₖ · u* stays above the line k γ and ‖w̃ₖ‖ stays below the curve √k R for all "
                f"{s['n_updates']} updates; the two bounds cross at k = (R/γ)² = {s['bound']:.0f}, the most "
                f"updates the theorem allows.")

    return Explorer("bound_explorer", controls, compute, draw, describe, rows=[("gamma", "R")],
                    figsize=(9.5, 4.2), refresh=refresh, alt=alt)
