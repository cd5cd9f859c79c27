"""Feedback to hand back: one HTML page per student and notebook, readable offline.

As nbgrader's ``generate_feedback`` does, a class run writes
``out/feedback/<student>/<notebook>.html`` for every graded submission: the
total, a table of the exercises (points, out of, status), and under each
exercise that lost points what the tests said, as the student would have seen
it running the visible tests (every failed probe, the named misconception, the
hint), the grader's comment from the manual sheet, and the notes (a test cell
the student changed, a cell that ran out of time).

What a page never holds: the source of a hidden test or its message (a failure
on a hidden line shows only the kind of error), the reference solutions, and
the answer of a check that does not reveal it (predict and explain exercises:
:meth:`lecturekit.exercises.Checks.check` with ``reveal=False``).  The pages
are made only from the report's fields meant for the student (``feedback``,
points, notes), never from the instructor notebook.  Every piece of text is
escaped for HTML after control and bidirectional characters are made visible
(:func:`escape.html_text`).  The page has no scripts and no external files.

The messages are the instructor's checks' own.  Where a homework's student
install holds only public checks (no keys), a check's message may name more
than the public check shows; ``redact`` (a function of a text) is applied to
every message first, so such a homework can remove what its public checks
leave out.
"""

from __future__ import annotations

from pathlib import Path

from .escape import html_text, safe_name

__all__ = ["feedback_page", "write_feedback", "FEEDBACK_FOLDER"]

FEEDBACK_FOLDER = "feedback"
_STYLE = ("body{font-family:sans-serif;max-width:50em;margin:2em auto;padding:0 1em;line-height:1.4;color:#111}"
          "table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #999;padding:.2em .6em}"
          "td.n{text-align:right}pre{white-space:pre-wrap;background:#f4f4f4;border-left:4px solid #8b1a1a;"
          "padding:.5em .8em}.comment{border-left:4px solid #1a4e8b;background:#eef3fa;padding:.5em .8em}"
          ".problem{border-left:4px solid #8b1a1a;background:#fdecea;padding:.5em .8em}")
# notes about how the grade was made, not about the student's work
_OWN_NOTES = ("student code ran without a sandbox",)


def _num(x):
    return f"{x:g}"


def _status_text(row):
    if row["status"] == "manual":
        return "graded by hand"
    if row["points"] is not None and row["points"] >= row["max_points"]:
        return "passed"
    return {"unreadable": "not run (the file could not be read)", "timed out": "ran out of time"}.get(
        row["status"], "lost points")


def feedback_page(entry, redact=None):
    """The HTML page of one :class:`gradebook.Entry` that has a report.

    ``redact``, a function of a text returning a text, is applied to every message of the tests before it
    is shown (e.g. to drop what a homework without keys must not show; see the module's description)."""
    report = entry.report
    redact = redact or (lambda text: text)
    e = html_text
    title = f"{entry.notebook}: feedback for {entry.student}"
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>{e(title)}</title>", f"<style>{_STYLE}</style></head><body>", f"<h1>{e(title)}</h1>",
           f"<p>Total: <strong>{_num(entry.points)} of {_num(entry.max_points)} points</strong>.</p>"]
    if entry.status == "unreadable":
        out.append(f'<p class="problem">Your file could not be graded: {e(entry.reason or "")}. '
                   "Every test counts as failed; hand in the notebook file itself (.ipynb).</p>")
    for problem in report.get("problems", []):
        if entry.status != "unreadable":
            out.append(f'<p class="problem">{e(problem)}</p>')
    out.append('<table><thead><tr><th scope="col">exercise</th><th scope="col">points</th>'
               '<th scope="col">out of</th><th scope="col">result</th></tr></thead><tbody>')
    for exercise, row in entry.exercises.items():
        out.append(f'<tr><td>{e(exercise)}</td><td class="n">{_num(row["points"])}</td>'
                   f'<td class="n">{_num(row["max_points"])}</td><td>{e(_status_text(row))}</td></tr>')
    out.append("</tbody></table>")
    tests = {}
    for t in report.get("tests", []):
        tests.setdefault(t.get("exercise"), []).append(t)
    for exercise, row in entry.exercises.items():
        failed = [] if entry.status == "unreadable" else [t for t in tests.get(exercise, []) if not t.get("passed")]
        if not failed and not row.get("comment") and row["status"] != "manual":
            continue
        out.append(f"<h2>{e(exercise)}: {_num(row['points'])} of {_num(row['max_points'])} points</h2>")
        if failed:
            for t in failed:
                text = redact(t.get("feedback") or t.get("error") or "failed")
                shown = "\n".join(e(line) for line in str(text).split("\n"))
                out.append(f"<p>{e(t.get('grade_id', 'test'))} failed:</p><pre>{shown}</pre>")
        if row["status"] == "manual":
            out.append(f"<p>Graded by hand: {_num(row['points'])} points (the tests gave "
                       f"{_num(row.get('auto_points', 0))}).</p>")
        if row.get("comment"):
            out.append(f'<p class="comment">Comment from your grader: {e(row["comment"], lines=True)}</p>')
    notes = [n for n in report.get("notes", []) if not n.startswith(_OWN_NOTES)]
    if notes:
        out.append("<h2>Notes</h2><ul>" + "".join(f"<li>{e(n)}</li>" for n in notes) + "</ul>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def write_feedback(entries, out, folders=None, redact=None):
    """Write a page for every entry with a report; returns ``(written paths, [(path, error)])``.

    ``folders`` maps ``(student, notebook)`` to the name of the student's report folder (so a
    student's feedback sits in a folder named as their reports); the default is
    :func:`escape.safe_name` of the student.
    """
    from .gradebook import atomic_text

    folders = folders or {}
    written, failed = [], []
    for entry in entries:
        if entry.report is None:
            continue
        folder = folders.get((entry.student, entry.notebook)) or safe_name(entry.student)
        path = Path(out) / FEEDBACK_FOLDER / folder / f"{safe_name(entry.notebook)}.html"
        try:
            atomic_text(path, feedback_page(entry, redact))
        except OSError as exc:
            failed.append((path, f"{type(exc).__name__}: {exc.strerror or exc}"))
        else:
            written.append(path)
    return written, failed
