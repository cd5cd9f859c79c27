"""What the class got wrong: per exercise, the score distribution and the catalogued mistakes.

Written at the end of every class run, from all its reports:

* ``class_report.html``: one section per notebook and exercise, with a bar
  chart of the points the submissions got, and a bar chart of how many
  submissions showed each catalogued misconception (most frequent first);
  every chart has a text alternative and a table made from the same numbers;
* ``class_report.csv``: the same numbers, one row per (exercise, points
  value) and per (exercise, misconception):
  ``notebook,exercise,max_points,kind,value,submissions,of``.

A *misconception* is what a visible test recognised and named ("This looks
like a known mistake: ..."; see :func:`grading.known_mistakes`); the report
stores the texts in the test's ``misconceptions`` field.  Counting goes
through one function, :func:`misconception_of`, which today returns those
texts: when exercises report stable misconception ids, it returns the ids and
the rest of this module stays as it is.  A submission counts once per misconception and
exercise, however many of its test cells saw it.

The HTML page also lists, first, what needs a person: the files that were not
graded and why (a name that matches no notebook, a second copy, a report that
could not be written), the unreadable submissions, those that ran out of time,
the students on the roster with nothing handed in, the submissions whose name
is not on the roster, and the manual grades that could not be applied.

All text (student and file names, exercise ids, notebook names, misconception
descriptions) is escaped for HTML after control and bidirectional characters
are made visible (:func:`escape.html_text`), and every CSV cell goes through
:func:`escape.csv_cell`.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from pathlib import Path

from .escape import csv_cell, html_text

__all__ = ["misconception_of", "class_summary", "to_check", "write_class_report", "CSV_HEADER"]

CSV_HEADER = ["notebook", "exercise", "max_points", "kind", "value", "submissions", "of"]


def misconception_of(test):
    """The keys under which a failed test's misconceptions are counted (a list, often empty).

    Today the descriptions the check printed; later stable ids.
    """
    value = test.get("misconceptions") if isinstance(test, dict) else None
    return [v for v in value if isinstance(v, str) and v] if isinstance(value, list) else []


def _num(x):
    return f"{x:g}"


def class_summary(reports):
    """``{notebook: {"submissions": n, "exercises": {exercise: {"max_points", "points": Counter,
    "misconceptions": Counter}}}}`` over the reports."""
    summary = {}
    for report in reports:
        notebook = report.get("notebook") or Path(report["instructor"]).stem
        book = summary.setdefault(notebook, {"submissions": 0, "exercises": {}})
        book["submissions"] += 1
        for exercise, p in report["exercises"].items():
            entry = book["exercises"].setdefault(exercise, {"max_points": p["max_points"], "points": Counter(),
                                                            "misconceptions": Counter()})
            entry["points"][p["points"]] += 1
            seen = {m for t in report["tests"] if t.get("exercise") == exercise for m in misconception_of(t)}
            entry["misconceptions"].update(seen)
    return summary


def _rows(summary):
    rows = []
    for notebook, book in summary.items():
        n = book["submissions"]
        for exercise, entry in book["exercises"].items():
            for points in sorted(entry["points"]):
                rows.append([notebook, exercise, _num(entry["max_points"]), "points", _num(points),
                             entry["points"][points], n])
            for text, count in sorted(entry["misconceptions"].items(), key=lambda kv: (-kv[1], kv[0])):
                rows.append([notebook, exercise, _num(entry["max_points"]), "misconception", text, count, n])
    return rows


def _bars(title, items, total, unit):
    """A horizontal bar chart as inline SVG, with a text alternative made from ``items`` [(label, count)]."""
    e = html_text
    alt = f"{title}: " + "; ".join(f"{label}: {count} of {total} {unit}" for label, count in items) + "."
    if not items:
        return f'<p class="none">{e(title)}: none.</p>'
    bar_h, gap, label_w, bar_w = 18, 6, 360, 260
    height = len(items) * (bar_h + gap) + gap
    parts = [f'<svg role="img" width="{label_w + bar_w + 80}" height="{height}" '
             f'viewBox="0 0 {label_w + bar_w + 80} {height}" xmlns="http://www.w3.org/2000/svg">'
             f"<title>{e(alt)}</title>"]
    for k, (label, count) in enumerate(items):
        y = gap + k * (bar_h + gap)
        width = 0 if total == 0 else round(bar_w * count / total, 1)
        short = label if len(label) <= 58 else label[:57] + "…"
        parts.append(f'<text x="{label_w - 6}" y="{y + 13}" text-anchor="end" font-size="12">{e(short)}</text>'
                     f'<rect x="{label_w}" y="{y}" width="{width}" height="{bar_h}" fill="#4c72b0"/>'
                     f'<text x="{label_w + width + 4}" y="{y + 13}" font-size="12">{count}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _table(head, rows):
    e = html_text
    def cell(c):
        return f'<td class="n">{c}</td>' if isinstance(c, int) else f"<td>{e(str(c))}</td>"
    body = "".join("<tr>" + "".join(cell(c) for c in row) + "</tr>" for row in rows)
    return ("<table><thead><tr>" + "".join(f'<th scope="col">{e(h)}</th>' for h in head)
            + f"</tr></thead><tbody>{body}</tbody></table>")


def to_check(run):
    """``[(what, who, notebook, why)]``: everything of a class run that needs a person, worst first."""
    if run is None:
        return []
    rows = []
    for path, student, reason in run.unmatched:
        rows.append(("not graded", student or "", "", f"{path}: {reason}"))
    for sub, reason in run.failed:
        rows.append(("not graded", sub.student, sub.notebook, f"{sub.path}: {reason}"))
    for entry in run.entries:
        if entry.status in ("unreadable", "timed out"):
            rows.append((entry.status, entry.student, entry.notebook, entry.reason or ""))
    for entry in run.entries:
        if entry.status == "missing":
            rows.append(("missing", entry.student, entry.notebook, "nothing handed in: 0 points"))
    for student in run.off_roster:
        rows.append(("not on the roster", student, "", "graded, but the LMS will not know this name: rename "
                     "the submission or add the student to the roster"))
    for problem in run.problems:
        rows.append(("to fix", "", "", problem))
    return rows


def class_report_html(summary, run=None):
    e = html_text
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           "<title>Class report</title>",
           "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em}"
           "table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #bbb;padding:.2em .6em}"
           "td.n{text-align:right}.none{color:#555}figcaption{font-size:.9em;color:#333}</style></head><body>",
           "<h1>Class report</h1>",
           "<p>Per exercise: the points the submissions got, and how many submissions showed each "
           "catalogued misconception (a known mistake a visible test recognised). Misconceptions are "
           "counted by the description the check gives.</p>"]
    check = to_check(run)
    if check:
        out.append(f"<h2>To check ({len(check)})</h2>")
        out.append("<p>Files not graded, submissions that could not be read or ran out of time, students "
                   "with nothing handed in, and what else needs a person.</p>")
        out.append(_table(["what", "student", "notebook", "why"], [list(row) for row in check]))
    overall = Counter()
    for notebook, book in summary.items():
        for exercise, entry in book["exercises"].items():
            for text, count in entry["misconceptions"].items():
                overall[(notebook, exercise, text)] += count
    if overall:
        out.append("<h2>What to teach again</h2>")
        out.append(_table(["notebook", "exercise", "misconception", "submissions"],
                          [[n, x, t, c] for (n, x, t), c in sorted(overall.items(), key=lambda kv: -kv[1])[:15]]))
    for notebook, book in summary.items():
        n = book["submissions"]
        out.append(f"<h2>{e(notebook)} ({n} submission{'s' if n != 1 else ''})</h2>")
        for exercise, entry in book["exercises"].items():
            maxp = entry["max_points"]
            out.append(f"<h3>{e(exercise)} (out of {_num(maxp)} point{'' if maxp == 1 else 's'})</h3>")
            values = sorted(set(entry["points"]) | {0, maxp})
            points = [(f"{_num(v)} point{'' if v == 1 else 's'}", entry["points"].get(v, 0)) for v in values]
            out.append("<figure><figcaption>Submissions by points</figcaption>"
                       + _bars(f"Points in {exercise}", points, n, "submissions") + "</figure>")
            out.append(_table(["points", "submissions"], [[label, c] for label, c in points]))
            found = sorted(entry["misconceptions"].items(), key=lambda kv: (-kv[1], kv[0]))
            out.append("<figure><figcaption>Submissions showing each catalogued misconception</figcaption>"
                       + _bars(f"Misconceptions in {exercise}", found, n, "submissions") + "</figure>")
            if found:
                out.append(_table(["misconception", "submissions"], found))
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def write_class_report(reports, out, *, run=None):
    """Write ``class_report.html`` and ``class_report.csv`` under ``out``; return their paths.

    ``run`` (a :class:`classrun.ClassRun`) adds the list of what needs a person."""
    from .gradebook import atomic_text as _atomic_text

    out = Path(out)
    summary = class_summary(reports)
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    writer.writerows([[csv_cell(c) for c in row] for row in _rows(summary)])
    _atomic_text(out / "class_report.csv", text.getvalue())
    _atomic_text(out / "class_report.html", class_report_html(summary, run))
    return out / "class_report.html", out / "class_report.csv"
