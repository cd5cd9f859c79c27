"""Figures in notebooks carry their text alternative.

JupyterLab shows a matplotlib figure as an ``image/png`` output, and its image
renderer ignores output metadata, so such an image can have no ``alt`` text.
When lecturekit is imported inside IPython, :func:`install` makes figures
display as ``text/html`` instead: one ``<img>`` holding the same PNG that the
inline backend would have made, with ``alt`` set to
:func:`lecturekit.plot.description` of the figure.  JupyterLab, the classic
notebook and nbconvert's HTML export all render it, and a screen reader reads
the description.

Nothing here imports matplotlib or IPython: the formatter is registered by the
figure type's *name*, so it takes effect when a figure is first displayed.
"""

from __future__ import annotations

import html
import sys

_INSTALLED = "_lecturekit_figure_alt"


def figure_html(fig) -> str:
    """The figure as ``<img src="data:image/png;base64,…" alt="…">``."""
    from IPython.core.pylabtools import print_figure

    from .plot import description

    data = print_figure(fig, "png", bbox_inches="tight", base64=True)
    alt = html.escape(description(fig), quote=True)
    return f'<img src="data:image/png;base64,{data}" alt="{alt}" />'


def install(shell=None) -> bool:
    """Show figures as an ``<img>`` with a text alternative in this IPython
    session; True if it was (or already is) installed."""
    if shell is None:
        ipython = sys.modules.get("IPython")
        shell = ipython.get_ipython() if ipython is not None else None
    formatter = getattr(shell, "display_formatter", None)
    if formatter is None:
        return False
    html_f = formatter.formatters.get("text/html")
    png_f = formatter.formatters.get("image/png")
    if html_f is None:
        return False
    if not getattr(shell, _INSTALLED, False):
        html_f.for_type_by_name("matplotlib.figure", "Figure", figure_html)
        setattr(shell, _INSTALLED, True)
    # One PNG per figure: inside the <img>, not again as a bare image/png.
    if png_f is not None:
        try:
            png_f.pop("matplotlib.figure.Figure")
        except KeyError:
            pass
    return True
