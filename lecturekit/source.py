"""Show the library code next to the pseudocode it implements."""

from __future__ import annotations

import inspect

__all__ = ["show_source"]


def show_source(obj, *, docstring: bool = False) -> None:
    """Print the source code of a lecturekit function or class, for reading in a notebook.

    Parameters
    ----------
    obj : function or class
    docstring : bool, default False
        Keep the docstring (off by default: the code is what we want to read).

    The decorators of private helpers are left out: what is printed is the body, the formula
    the chapter's pseudocode shows. Those decorators check the arguments before the body runs
    (``@_two_vectors``) and, for a few functions, handle inputs beyond the range of floats
    (``lk.dot`` rescales products that would overflow or underflow). Public decorators are kept.

    Examples
    --------
    >>> import lecturekit as lk
    >>> lk.show_source(lk.dot)
    def dot(a, b) -> float:
        return float(np.sum(a * b))
    """
    try:
        code = inspect.getsource(obj)
    except (TypeError, OSError):
        raise TypeError(f"obj must be a Python function or class with source code; got {obj!r}.") from None
    if not docstring:
        doc = inspect.getdoc(obj)
        if doc and obj.__doc__:
            raw = obj.__doc__
            for quote in ('"""', "'''"):
                block = f"{quote}{raw}{quote}"
                if block in code:
                    start = code.index(block)
                    line_start = code.rfind("\n", 0, start) + 1
                    end = start + len(block)
                    line_end = code.find("\n", end)
                    code = code[:line_start] + code[line_end + 1 :]
                    break
    lines = code.split("\n")
    while lines and lines[0].lstrip().startswith("@_"):
        lines.pop(0)
    print("\n".join(lines).rstrip())
