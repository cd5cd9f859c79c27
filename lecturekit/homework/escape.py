"""Student text on its way to the instructor: a terminal, a spreadsheet, a web page, a file name.

Everything a student controls (the submission's file or folder name, exception
messages, printed output, metadata) is data.  Each place it is shown has its
own way of turning data into code, and its own escape:

* a **terminal** runs control sequences (``\\x1b[2J`` clears the screen, others
  move the cursor or set the window title): :func:`printable` shows every
  control character as its Python escape (``\\x1b``), and also the Unicode
  characters that reorder or hide text (bidirectional overrides, zero-width
  characters);
* a **spreadsheet** evaluates a cell that begins with ``=``, ``+``, ``-``,
  ``@``, a tab or a carriage return (OWASP, "CSV Injection"):
  :func:`csv_cell` puts a single quote in front of such a cell, as OWASP
  recommends, and the csv module quotes the rest; it also shows control and
  bidirectional characters as :func:`printable` does, so ``cat gradebook.csv``
  is as safe as the grader's own output;
* a **web page**: :func:`html_text` escapes for HTML what :func:`printable`
  has made visible (the class report and the feedback files);
* a **file name** must stay inside the output folder: :func:`safe_name` keeps
  letters, digits and ``._@+-``, never a leading dot, at most 100 characters,
  so no ``/``, ``..`` or hidden name can come out of it.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

__all__ = ["printable", "csv_cell", "html_text", "safe_name", "FORMULA_START"]

FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n")
_UNSAFE = re.compile(r"[^A-Za-z0-9._@+-]")


def _shown(ch):
    code = ord(ch)
    if code < 0x20 or code == 0x7F or 0x80 <= code < 0xA0:
        return f"\\x{code:02x}"
    if unicodedata.category(ch) in ("Cf", "Cs", "Co", "Zl", "Zp", "Cn"):
        return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"
    return ch


def printable(text):
    """``text`` safe to print on a terminal: one line, control characters escaped.

    >>> printable("\\x1b[2JALL TESTS PASSED\\n")
    '\\\\x1b[2JALL TESTS PASSED\\\\x0a'
    >>> printable("naïve résumé")
    'naïve résumé'
    """
    text = str(text)
    if text.isprintable():
        return text
    return "".join(_shown(ch) for ch in text)


def csv_cell(value):
    """A gradebook cell that no spreadsheet evaluates as a formula.

    >>> [csv_cell(v) for v in ["alice", "=HYPERLINK(\\"x\\")", "+1", "-1", "@SUM(1)", " =1+1", "3"]]
    ['alice', '\\'=HYPERLINK("x")', "'+1", "'-1", "'@SUM(1)", "' =1+1", '3']
    >>> csv_cell("\\x1b[2Jbob\\u202e")
    '\\\\x1b[2Jbob\\\\u202e'
    """
    text = printable("" if value is None else str(value))
    if text[:1] in FORMULA_START or text.lstrip(" ")[:1] in FORMULA_START:
        return "'" + text
    return text


def html_text(text, *, lines=False):
    """Student text for a web page: control and bidirectional characters shown as escapes, then HTML-escaped.

    With ``lines``, line breaks are kept (as ``<br>``) and each line is made printable on its own.

    >>> html_text("<b>\\x1b[2J</b>")
    '&lt;b&gt;\\\\x1b[2J&lt;/b&gt;'
    """
    import html

    if lines:
        return "<br>".join(html.escape(printable(line)) for line in str(text).split("\n"))
    return html.escape(printable(text))


def safe_name(name):
    """A file name made from a student's name: readable, and unable to leave its folder.

    A name that has to change gets a short hash of the original, so two
    different names never become the same file.

    >>> safe_name("alice"), safe_name("../../etc/passwd")[:18], safe_name(".hidden")[:8]
    ('alice', '_.._.._etc_passwd-', '_.hidden')
    """
    name = str(name)
    safe = _UNSAFE.sub("_", name)[:100]
    if safe.startswith(".") or not safe:
        safe = "_" + safe
    if safe != name:
        safe = f"{safe[:90]}-{hashlib.sha256(name.encode('utf-8', 'surrogatepass')).hexdigest()[:8]}"
    return safe
