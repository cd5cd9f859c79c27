"""A real class, end to end: every file and every student accounted for, feedback to hand back, manual
grades, gradebooks an LMS takes, and every way the command can be given something wrong.

Real processes: the command line, the sandbox (bubblewrap when it is there), a Dask-less address served by
a web server on 127.0.0.1.  Submissions are copies of the small fixture chapter
(tests/homework_fixtures/hw_linear.ipynb); the feedback test also grades chapter 4 itself."""

import csv
import http.server
import json
import os
import shutil
import socket
import stat
import subprocess
import sys
import threading
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

nbformat = pytest.importorskip("nbformat")

from lecturekit import homework as hw  # noqa: E402
from lecturekit.homework import escape, manual, submissions  # noqa: E402
from lecturekit.homework.submissions import scan  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "homework_fixtures" / "hw_linear.ipynb"
CHAPTER4 = ROOT / "notebooks" / "04_perceptron.ipynb"
HAVE_BWRAP = hw.sandbox_status()[0]
SANDBOX_ARGS = [] if HAVE_BWRAP else ["--unsandboxed"]
HOSTILE = "\x1b[2J\x07\u202e\u200b"   # clear screen, bell, right-to-left override, zero-width space


def _instructor():
    return nbformat.read(FIXTURE, as_version=4)


def _submission(**answers):
    """The fixture's student version with the reference solutions, or ``answers``, in place."""
    instructor = _instructor()
    nb = hw.student_version(instructor, "hw_linear.ipynb")
    for ex in hw.parse_assignment(instructor).exercises:
        nb.cells[ex.cell_index].source = answers.get(
            ex.grade_id, hw.reference_solution(instructor.cells[ex.cell_index].source))
    return nb


def _write(nb, path):
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)


def _cli(*args, cwd=ROOT, timeout=600, **kwargs):
    return subprocess.run([sys.executable, "-m", "lecturekit.homework", *map(str, args)], capture_output=True,
                          text=True, cwd=cwd, timeout=timeout, **kwargs)


def _rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.reader(f))


def _status(out):
    """{(student, notebook): (total points or None, status)} from the long gradebook."""
    rows = _rows(out / "gradebook.csv")
    assert rows[0] == ["student", "notebook", "exercise", "points", "max_points", "status"]
    found = {}
    for student, notebook, _, points, _, status in rows[1:]:
        total, statuses = found.get((student, notebook), (None, set()))
        if points != "":
            total = (total or 0) + float(points)
        found[(student, notebook)] = (total, statuses | {status})
    return {key: (total, "/".join(sorted(s))) for key, (total, s) in found.items()}


# --------------------------------------------------------------------------
# a messy class, graded once: two instructor notebooks, renamed and hostile files, a roster
# --------------------------------------------------------------------------

# hw_linear_b.ipynb is a copy of the fixture under a name that contains "hw_linear": a file named for it
# must match it, not hw_linear.  Points: hw-update 2, hw-centroid-bias 3, hw-lms-step 2 (7 in all).
ROSTER = [
    # SIS Login ID, Student, ID, Section
    ("alice", "Archer, Alice", "101", "A"), ("bob", "Baker, Bob", "102", "A"), ("carol", "Cole, Carol", "103", "A"),
    ("erin", "Ebert, Erin", "105", "B"), ("frank", "Fox, Frank", "106", "B"), ("gina", "Gale, Gina", "107", "B"),
    ("hank", "Hale, Hank", "108", "B"), ("ivan", "Ives, Ivan", "109", "B"), ("judy", "Judd, Judy", "110", "B"),
    ("kim", "Kahn, Kim", "111", "B"), ("missy", "Moss, Missy", "112", "B"), ("jdoe", "Doe, Jane", "12345", "C"),
]
NAT = f"nat{HOSTILE}"   # a student whose folder name carries control and bidi characters


def _messy_class(base):
    instructors = base / "instructors"
    instructors.mkdir()
    shutil.copy(FIXTURE, instructors / "hw_linear.ipynb")
    shutil.copy(FIXTURE, instructors / "hw_linear_b.ipynb")
    folder = base / "submitted"
    folder.mkdir()
    solved = _submission()
    no_bias = _submission(**{"hw-centroid-bias": "b = 0.0"})
    _write(solved, folder / "alice" / "hw_linear.ipynb")                       # 7, exactly named
    _write(solved, folder / "alice" / "hw_linear_b.ipynb")                     # 7
    _write(solved, folder / "bob.ipynb")                                       # which notebook? not graded
    _write(no_bias, folder / "carol" / "hw_linear (1).ipynb")                  # 4, a second download
    _write(solved, folder / "erin_hw_linear.ipynb")                            # 7, flat: erin
    _write(no_bias, folder / "frank" / "ps1" / "hw_linear-Copy1.ipynb")        # 4, nested, Jupyter's Duplicate
    _write(solved, folder / "Copy of gina_hw_linear_b.ipynb")                  # 7, gina, hw_linear_b
    _write(solved, folder / "hank_hw_linear_and_hw_linear_b.ipynb")            # two names: not graded
    (folder / "ivan").mkdir()
    (folder / "ivan" / "hw_linear.ipynb").write_bytes(b"\x00\x01 not a notebook")  # unreadable: 0
    slow = _submission()
    slow.cells.insert(2, nbformat.v4.new_code_cell("import time\ntime.sleep(600)"))
    _write(slow, folder / "judy" / "hw_linear.ipynb")                          # a cell runs out of time: 7
    (folder / "kim").mkdir()
    (folder / "kim" / "notes.txt").write_text("I could not do it")            # no notebook: not graded
    _write(solved, folder / "hw_linear.ipynb")                                 # no student name: not graded
    _write(solved, folder / ".ipynb_checkpoints" / "alice-checkpoint.ipynb")  # ignored
    _write(solved, folder / "leo" / "hw_linear.ipynb")                         # 7, but leo is not on the roster
    (folder / "leo" / "timestamp.txt").write_text("2026-01-01")                # nbgrader's: ignored
    _write(no_bias, folder / NAT / "hw_linear.ipynb")                          # 4, not on the roster
    _write(solved, folder / "doejane_12345_67890_hw_linear_b.ipynb")           # Canvas's bulk download: jdoe
    roster = base / "roster.csv"
    with open(roster, "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["Student", "ID", "SIS User ID", "SIS Login ID", "Section"])
        writer.writerow(["    Points Possible", "", "", "", ""])               # as in Canvas's export
        for login, name, number, section in ROSTER:
            writer.writerow([name, number, "", login, section])
    return folder, instructors, roster


@pytest.fixture(scope="module")
def messy(tmp_path_factory):
    base = tmp_path_factory.mktemp("messy")
    folder, instructors, roster = _messy_class(base)
    out = base / "out"
    done = _cli("grade", folder, "--instructor", instructors, "--out", out, "--roster", roster, "--jobs", "2",
                "--timeout", "3", *SANDBOX_ARGS, preexec_fn=lambda: os.umask(0o002))
    return base, folder, instructors, roster, out, done


EXPECTED = {   # (student, notebook): (total, status), worked out above
    ("alice", "hw_linear"): (7, "graded"), ("alice", "hw_linear_b"): (7, "graded"),
    ("bob", "hw_linear"): (None, "not graded"), ("bob", "hw_linear_b"): (None, "not graded"),
    ("carol", "hw_linear"): (4, "graded"), ("carol", "hw_linear_b"): (0, "missing"),
    ("erin", "hw_linear"): (7, "graded"), ("erin", "hw_linear_b"): (0, "missing"),
    ("frank", "hw_linear"): (4, "graded"), ("frank", "hw_linear_b"): (0, "missing"),
    ("gina", "hw_linear"): (0, "missing"), ("gina", "hw_linear_b"): (7, "graded"),
    ("hank", "hw_linear"): (None, "not graded"), ("hank", "hw_linear_b"): (None, "not graded"),
    ("ivan", "hw_linear"): (0, "unreadable"), ("ivan", "hw_linear_b"): (0, "missing"),
    ("judy", "hw_linear"): (7, "graded"), ("judy", "hw_linear_b"): (0, "missing"),   # a cell ran out of time
    ("kim", "hw_linear"): (None, "not graded"), ("kim", "hw_linear_b"): (None, "not graded"),
    ("missy", "hw_linear"): (0, "missing"), ("missy", "hw_linear_b"): (0, "missing"),
    ("jdoe", "hw_linear"): (0, "missing"), ("jdoe", "hw_linear_b"): (7, "graded"),
    ("leo", "hw_linear"): (7, "graded"), ("leo", "hw_linear_b"): (0, "missing"),
    (NAT, "hw_linear"): (4, "graded"), (NAT, "hw_linear_b"): (0, "missing"),
}


def _shown(name):
    return escape.csv_cell(name)


def test_every_file_and_every_student_of_a_messy_class_is_accounted_for(messy):
    base, folder, _, _, out, done = messy
    assert done.returncode == 1, done.stdout + done.stderr   # some files were not graded: not a clean run
    expected = {(_shown(s), n): v for (s, n), v in EXPECTED.items()}
    assert _status(out) == expected
    # every file not graded is named, with its reason, and nothing else is
    not_graded = {line.split(": ")[1] for line in done.stdout.splitlines() if line.startswith("  not graded: ")}
    assert not_graded == {str(folder / name) for name in (
        "bob.ipynb", "hank_hw_linear_and_hw_linear_b.ipynb", "kim", "hw_linear.ipynb")}, done.stdout
    reasons = "\n".join(line for line in done.stdout.splitlines() if line.startswith("  not graded: "))
    assert "no instructor notebook's name (hw_linear.ipynb, hw_linear_b.ipynb)" in reasons
    assert "more than one notebook's name (hw_linear, hw_linear_b)" in reasons
    assert "no student name" in reasons and "a student folder with no notebook in it (notes.txt)" in reasons
    assert "4 file(s) not graded" in done.stdout
    assert "2 file(s) ignored" in done.stdout              # the checkpoint folder and leo's timestamp.txt
    assert "renamed file(s) matched to their notebook by name" in done.stdout
    # the renamed files' reports are where an exactly named file's would be
    for student, notebook in [("carol", "hw_linear"), ("erin", "hw_linear"), ("frank", "hw_linear"),
                              ("gina", "hw_linear_b"), ("jdoe", "hw_linear_b")]:
        report = json.loads((out / student / f"{notebook}.json").read_text())
        assert (report["student_id"], report["notebook"]) == (student, notebook)


def test_renamed_files_are_matched_alike_with_one_instructor_notebook_or_a_folder_of_them(tmp_path):
    folder = tmp_path / "submitted"
    names = ["carol/hw_linear (1).ipynb", "erin_hw_linear.ipynb", "frank/ps1/hw_linear-Copy1.ipynb",
             "Copy of gina_hw_linear.ipynb", "hw_linear_ivan.ipynb", "judy/HW_Linear.ipynb",
             "kim - Copy_hw_linear.ipynb", "leo/hw_linear - Copy (2).ipynb"]
    for name in names:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text("{}")
    other = tmp_path / "other.ipynb"
    shutil.copy(FIXTURE, other)
    expected = {"carol", "erin", "frank", "gina", "ivan", "judy", "kim", "leo"}
    for instructors in ([FIXTURE], [FIXTURE, other]):
        found = scan(folder, instructors)
        assert {(f.student, f.notebook) for f in found.found} == {(s, "hw_linear") for s in expected}
        assert found.unmatched == []
        assert {f.how for f in found.found} == {"matched"}


def test_one_renamed_notebook_is_graded_against_the_notebook_its_name_names_in_a_folder(tmp_path):
    instructors = tmp_path / "instructors"
    instructors.mkdir()
    shutil.copy(FIXTURE, instructors / "hw_linear.ipynb")
    shutil.copy(FIXTURE, instructors / "hw_linear_b.ipynb")
    path = tmp_path / "carol_hw_linear (1).ipynb"
    _write(_submission(**{"hw-centroid-bias": "b = 0.0"}), path)
    done = _cli("grade", path, "--instructor", instructors, "--json", tmp_path / "carol.json", *SANDBOX_ARGS)
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads((tmp_path / "carol.json").read_text())
    assert (report["instructor"], report["score"]) == (str(instructors / "hw_linear.ipynb"), 4)
    _write(_submission(), tmp_path / "notes.ipynb")   # names no notebook: which one is for the instructor to say
    done = _cli("grade", tmp_path / "notes.ipynb", "--instructor", instructors, *SANDBOX_ARGS)
    assert done.returncode == 2 and "its name contains no instructor notebook's name" in done.stderr, done.stderr


def test_reports_and_roster_inside_the_submissions_folder_are_not_submissions(tmp_path):
    folder = tmp_path / "submitted"
    for student in ("alice", "bob"):
        (folder / student).mkdir(parents=True)
        (folder / student / "hw_linear.ipynb").write_text("{}")
    (folder / "roster.csv").write_text("student\nalice\nbob\n")
    found = scan(folder, [FIXTURE], exclude=[folder / "roster.csv", folder / "reports"])
    (folder / "reports" / "alice").mkdir(parents=True)
    (folder / "reports" / "alice" / "hw_linear.json").write_text("{}")
    again = scan(folder, [FIXTURE], exclude=[folder / "roster.csv", folder / "reports"])
    assert [(f.student, f.notebook) for f in found.found] == [("alice", "hw_linear"), ("bob", "hw_linear")]
    assert (again.found, again.unmatched, again.ignored) == (found.found, [], [])


@settings(max_examples=100, deadline=None)
@given(st.text("abcdefghijklmnopqrstuvwxyz0123456789", min_size=1, max_size=12),
       st.sampled_from(["", " (1)", " (23)", "-Copy1", "_copy", " - Copy", " - Copy (2)"]),
       st.sampled_from(["_", "-", " ", "."]), st.booleans())
def test_a_flat_file_names_its_student_and_notebook_whatever_copy_mark_it_carries(student, mark, sep, first):
    stems = ["hw_linear", "hw_linear_b", "04_perceptron"]
    stem = f"{student}{sep}hw_linear{mark}" if first else f"hw_linear{sep}{student}{mark}"
    hits = submissions.match_notebook(stem, stems)
    if student in ("b",) and sep == "_" and not first:
        return   # "hw_linear_b...": the longer notebook name wins, as it must
    assert [h[0] for h in hits] == ["hw_linear"]
    assert submissions.student_from_name(stem, *hits[0][1:]) == student


@pytest.mark.parametrize("mark", ["", " (1)", "(1)", "-Copy1", "_copy", " - Copy", " - Copy (2)", "_"])
def test_a_flat_file_with_only_the_notebooks_name_and_a_copy_mark_names_no_student(mark):
    for stem in (f"hw_linear{mark}", f"Copy of hw_linear{mark}"):
        (hit,) = submissions.match_notebook(stem, ["hw_linear"])
        assert submissions.student_from_name(stem, *hit[1:]) == "", stem


def test_the_roster_gives_non_submitters_0_and_canvas_its_columns(messy):
    _, _, _, _, out, done = messy
    for notebook in ("hw_linear", "hw_linear_b"):   # who handed nothing in, per notebook, as worked out above
        line = next(x for x in done.stdout.splitlines() if x.startswith(f"missing (0 points) for {notebook}: "))
        named = line.split(": ", 2)[2].split(", ")
        assert named == sorted(escape.printable(s) for (s, n), (_, status) in EXPECTED.items()
                               if n == notebook and status == "missing"), line
    assert "graded but not on the roster" in done.stdout and "leo" in done.stdout
    canvas = _rows(out / "gradebook_canvas.csv")
    # Canvas's import: the student columns, one total per notebook, then "Points Possible"
    assert canvas[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "hw_linear", "hw_linear_b"]
    assert canvas[1] == ["    Points Possible", "", "", "", "", "7", "7"]
    rows = {r[3]: r for r in canvas[2:]}
    assert rows["missy"] == ["Moss, Missy", "112", "", "missy", "B", "0", "0"]       # nothing handed in: 0
    assert rows["bob"] == ["Baker, Bob", "102", "", "bob", "A", "", ""]             # not graded: left blank
    assert rows["jdoe"] == ["Doe, Jane", "12345", "", "jdoe", "C", "0", "7"]       # found by its Canvas ID
    assert rows["leo"] == ["leo", "", "", "leo", "", "7", "0"]                       # not on the roster
    assert len(canvas) == 2 + len(ROSTER) + 2
    moodle = _rows(out / "gradebook_moodle.csv")
    assert moodle == [canvas[0]] + canvas[2:]   # Moodle's import would take "Points Possible" for a student
    # one row per exercise on request, with their own points possible
    again = _cli("grade", messy[1], "--instructor", messy[2], "--out", out, "--roster", messy[3], "--columns",
                 "exercises", "--timeout", "3", *SANDBOX_ARGS, preexec_fn=lambda: os.umask(0o002))
    assert "0 submission(s) graded" in again.stdout, again.stdout + again.stderr
    wide = _rows(out / "gradebook_canvas.csv")
    assert wide[0][5:8] == ["hw_linear: hw-update", "hw_linear: hw-centroid-bias", "hw_linear: hw-lms-step"]
    assert wide[1][5:] == ["2", "3", "2"] * 2


def test_a_notebook_nobody_handed_in_gets_no_column_instead_of_a_zero_for_everyone(tmp_path):
    instructors = tmp_path / "instructors"
    instructors.mkdir()
    shutil.copy(FIXTURE, instructors / "hw_linear.ipynb")
    shutil.copy(FIXTURE, instructors / "hw_later.ipynb")   # a chapter not due yet
    folder = tmp_path / "submitted"
    _write(_submission(), folder / "alice" / "hw_linear.ipynb")
    out = tmp_path / "out"
    done = _cli("grade", folder, "--instructor", instructors, "--out", out, *SANDBOX_ARGS)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "nothing handed in for hw_later: left out of the gradebooks" in done.stdout
    assert _rows(out / "gradebook_canvas.csv")[0][5:] == ["hw_linear"]
    assert _status(out) == {("alice", "hw_linear"): (7, "graded")}


def test_unreadable_and_timed_out_submissions_are_listed_in_the_class_report_with_their_reasons(messy):
    _, _, _, _, out, done = messy
    assert "unreadable: ivan, hw_linear: the student notebook is not valid JSON" in done.stdout
    assert "timed out: judy, hw_linear: ran out of time" in done.stdout
    page = (out / "class_report.html").read_text()
    check = page[page.index("<h2>To check"):page.index("</table>", page.index("<h2>To check"))]
    for what, who in [("unreadable", "ivan"), ("timed out", "judy"), ("missing", "missy"), ("not graded", "kim"),
                      ("not on the roster", "leo")]:
        assert f"<tr><td>{what}</td><td>{who}</td>" in check, (what, who)
    assert "not valid JSON" in check and "still running after 3 s" in check
    judy = json.loads((out / "judy" / "hw_linear.json").read_text())
    assert judy["timeouts"] and judy["timeouts"][0].startswith("cell 3 of the student notebook: still running")


def _bad_characters(text):
    return [ch for ch in text if unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp")
            and ch not in "\n"]


def test_no_file_holds_a_control_or_bidi_character_and_the_terminal_sees_none(messy):
    _, _, _, _, out, done = messy
    assert _bad_characters(done.stdout.replace("\n", "")) == [] and "\x1b" not in done.stderr
    files = [p for p in out.rglob("*") if p.is_file()]
    assert len(files) > 20   # reports, feedback pages, gradebooks, class report
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert _bad_characters(text) == [], path
    # the student is still recognisable: the escapes, as the terminal shows them
    assert any(r[0] == "nat\\x1b[2J\\x07\\u202e\\u200b" for r in _rows(out / "gradebook.csv"))
    assert "nat\\x1b[2J\\x07\\u202e\\u200b" in done.stdout


def test_every_file_is_readable_by_a_ta_group_under_the_umask(messy):
    _, _, _, _, out, _ = messy
    paths = [out] + list(out.rglob("*"))
    assert len(paths) > 30
    for path in paths:
        mode = stat.S_IMODE(path.stat().st_mode)
        assert mode == (0o775 if path.is_dir() else 0o664), (path, oct(mode))


def test_a_report_folder_that_cannot_be_written_is_listed_and_the_rest_still_graded(tmp_path):
    folder = tmp_path / "submitted"
    for student in ("alice", "bob", "carol"):
        _write(_submission(), folder / f"{student}.ipynb")
    out = tmp_path / "out"
    out.mkdir()
    (out / "bob").write_text("a file where bob's report folder goes")   # as root too, no folder can go here
    done = _cli("grade", folder, "--instructor", FIXTURE, "--out", out, *SANDBOX_ARGS)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert "2 submission(s) graded" in done.stdout and "1 failed to grade" in done.stdout
    assert "bob.ipynb: graded (7/7), but the report could not be written" in done.stdout
    assert _status(out) == {("alice", "hw_linear"): (7, "graded"), ("bob", "hw_linear"): (None, "not graded"),
                            ("carol", "hw_linear"): (7, "graded")}
    (out / "bob").unlink()   # fixed: the next run grades just bob
    again = _cli("grade", folder, "--instructor", FIXTURE, "--out", out, *SANDBOX_ARGS)
    assert again.returncode == 0 and "1 submission(s) graded" in again.stdout, again.stdout + again.stderr


# --------------------------------------------------------------------------
# feedback to hand back: every failed check's message, misconception and hint; no hidden test, no key
# --------------------------------------------------------------------------

def _chapter4_submission(answers):
    instructor = nbformat.read(CHAPTER4, as_version=4)
    nb = hw.student_version(instructor, CHAPTER4.name)
    for ex in hw.parse_assignment(instructor).exercises:
        if ex.grade_id in answers:
            nb.cells[ex.cell_index].source = answers[ex.grade_id]
    return nb


def _secrets(instructor_path):
    """What must never reach a student: every reference solution's hidden lines and every hidden test line."""
    nb = nbformat.read(instructor_path, as_version=4)
    assignment = hw.parse_assignment(nb)
    secrets = set()
    for ex in assignment.exercises:
        source = nb.cells[ex.cell_index].source
        inside = False
        for line in source.split("\n"):
            if line.strip() == hw.BEGIN_SOLUTION:
                inside = True
            elif line.strip() == hw.END_SOLUTION:
                inside = False
            elif inside and len(line.strip()) > 8:
                secrets.add(line.strip())
    for test in assignment.tests:
        lines = nb.cells[test.cell_index].source.split("\n")
        secrets |= {lines[n - 1].strip() for n in test.hidden_lines if len(lines[n - 1].strip()) > 8}
    return secrets


def test_feedback_files_hold_every_failed_check_and_no_hidden_test_or_answer_key(tmp_path):
    from lecturekit.exercises import registered

    instructors = tmp_path / "instructors"
    instructors.mkdir()
    shutil.copy(FIXTURE, instructors / FIXTURE.name)
    shutil.copy(CHAPTER4, instructors / CHAPTER4.name)
    folder = tmp_path / "submitted"
    inplace = ("def perceptron_update(w, x_i, y_i, eta):\n    if y_i * (w @ x_i) <= 0:\n"
               "        w += eta * y_i * x_i\n    return w")
    _write(_submission(**{"hw-update": inplace}), folder / "ann" / "hw_linear.ipynb")   # fails a hidden test
    # chapter 4: two explain answers with catalogued misconceptions (their keys are never revealed)
    _write(_chapter4_submission({"ch04-bob": 'bob_start = [1.0, 2.0, -1.0]', "ch04-invariance": 'answer_invariant = {"a": [[10, 0, 0], [0, 10, 0], [0, 0, 10]], "b": [[1, 0, 0], [0, 1, 0], [0, 0, 1]], "c": [[1, 0, 0], [0, 1, 0], [0, 0, 1]], "d": [[-1, 0, 0], [0, -1, 0], [0, 0, -1]], "e": [[10, 0, 0], [0, 10, 0], [0, 0, 10]]}'}),
           folder / "ben" / "04_perceptron.ipynb")
    out = tmp_path / "out"
    done = _cli("grade", folder, "--instructor", instructors, "--out", out, "--jobs", "2", *SANDBOX_ARGS)
    assert done.returncode == 0, done.stdout + done.stderr
    pages = sorted(p.relative_to(out).as_posix() for p in (out / "feedback").rglob("*.html"))
    assert pages == ["feedback/ann/hw_linear.html", "feedback/ben/04_perceptron.html"]
    ann = (out / "feedback" / "ann" / "hw_linear.html").read_text()
    ben = (out / "feedback" / "ben" / "04_perceptron.html").read_text()
    assert "Total: <strong>5 of 7 points</strong>" in ann
    assert "AssertionError in a hidden test" in ann     # what failed, not what the hidden test is
    for grade_id, description in [("ch04-bob", "on the toy set&#x27;s first example"),
                                  ("ch04-invariance", "at least one of your five constructions does not hold")]:
        # Exercise 8's one message for every wrong set of answers is a plain failure, not a known mistake
        if grade_id == "ch04-invariance":
            assert description in ben and f"known mistake: {description}" not in ben
        else:
            assert f"This looks like a known mistake: {description}" in ben
        assert escape.html_text(registered(grade_id).hint) in ben   # the hint, in full
    assert "- all five constructions hold: each matrix M keeps the updates" in ben   # one line per line of the check's message
    # unwritten exercises say what to do, not just that they failed
    assert "Replace raise NotImplementedError() in the cell of Exercise" in ben
    # nothing secret: no reference solution line, no hidden test line, no unrevealed answer
    import html

    for page, instructor in ((ann, FIXTURE), (ben, CHAPTER4)):
        text = html.unescape(page)
        leaked = [s for s in _secrets(instructor) if s in text]
        assert leaked == [], leaked
    for grade_id in ("ch04-bob", "ch04-invariance"):   # predict/explain: the answer is not shown
        start = ben.index(f"<h2>{grade_id}:")
        section = html.unescape(ben[start:ben.find("<h2>", start + 1)])
        assert "'bde'" not in section and "[4.0, 8.0, -4.0]" not in section and "\nexpected" not in section, section


# --------------------------------------------------------------------------
# manual grades: export a sheet, fill it in, merge
# --------------------------------------------------------------------------

def _fill(sheet, changes):
    rows = _rows(sheet)
    header = rows[0]
    for row in rows[1:]:
        key = (row[0], row[2])
        if key in changes:
            for column, value in changes[key].items():
                row[header.index(column)] = value
    with open(sheet, "w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows(rows)


def test_manual_grades_are_exported_filled_in_and_merged_into_the_gradebooks_and_feedback(tmp_path):
    folder = tmp_path / "submitted"
    _write(_submission(), folder / "alice.ipynb")
    _write(_submission(**{"hw-centroid-bias": "b = 0.0"}), folder / "bob.ipynb")
    _write(_submission(**{"hw-lms-step": "def lms_step(w, x_i, y_i, eta):\n    return w"}), folder / "cy.ipynb")
    out, sheet = tmp_path / "out", tmp_path / "marks.csv"
    first = _cli("grade", folder, "--instructor", FIXTURE, "--out", out, *SANDBOX_ARGS)
    assert first.returncode == 0, first.stdout + first.stderr
    exported = _cli("sheet", out, "-o", sheet)
    assert exported.returncode == 0, exported.stderr
    rows = _rows(sheet)
    assert rows[0] == manual.SHEET_HEADER and len(rows) == 1 + 3 * 3
    assert ["bob", "hw_linear", "hw-centroid-bias", "0", "3", "", ""] == rows[1 + 3 + 1][:7]
    # a TA gives bob partial credit with a reason, and cy a comment only
    _fill(sheet, {("bob", "hw-centroid-bias"): {"points": "1.5", "comment": "Right means,\nwrong sign."},
                  ("cy", "hw-lms-step"): {"comment": "Look at the error term again."}})
    merged = _cli("grade", folder, "--instructor", FIXTURE, "--out", out, "--manual", sheet, *SANDBOX_ARGS)
    assert merged.returncode == 0, merged.stdout + merged.stderr
    assert "0 submission(s) graded" in merged.stdout   # merging grades nothing again
    status = _status(out)
    assert status[("bob", "hw_linear")] == (5.5, "graded/manual")
    assert status[("cy", "hw_linear")] == (5, "graded")
    canvas = {r[0]: r[-1] for r in _rows(out / "gradebook_canvas.csv")[2:]}
    assert canvas == {"alice": "7", "bob": "5.5", "cy": "5"}
    bob = (out / "feedback" / "bob" / "hw_linear.html").read_text()
    assert "Graded by hand: 1.5 points (the tests gave 0)" in bob
    assert "Comment from your grader: Right means,<br>wrong sign." in bob
    assert "Look at the error term again." in (out / "feedback" / "cy" / "hw_linear.html").read_text()

    # bob hands in again: the row graded his old file and is not applied; refreshing keeps the rest
    _write(_submission(), folder / "bob.ipynb")
    stale = _cli("grade", folder, "--instructor", FIXTURE, "--out", out, "--manual", sheet, *SANDBOX_ARGS)
    assert stale.returncode == 1, stale.stdout + stale.stderr
    assert "bob handed in a new file since this row was filled in" in stale.stdout
    assert _status(out)[("bob", "hw_linear")] == (7, "graded")
    assert _cli("sheet", out, "-o", sheet).returncode == 2          # never overwrites a filled-in sheet
    refreshed = _cli("sheet", out, "-o", sheet, "--update")
    assert refreshed.returncode == 0, refreshed.stderr
    kept = {(r[0], r[2]): r for r in _rows(sheet)[1:]}
    assert kept[("cy", "hw-lms-step")][6] == "Look at the error term again."

    # a sheet with a mistake is refused as a whole, naming the row, before anything is graded
    _fill(sheet, {("alice", "hw-update"): {"points": "3"}, ("cy", "hw-update"): {"points": "two"}})
    refused = _cli("grade", folder, "--instructor", FIXTURE, "--out", out, "--manual", sheet, *SANDBOX_ARGS)
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert "row 2: points must be between 0 and max_points (2); got 3" in refused.stderr
    assert "points must be a number; got 'two'" in refused.stderr


# --------------------------------------------------------------------------
# error paths: one clear line, a documented exit code, never a hang, never a grade from a typo
# --------------------------------------------------------------------------

class _Web(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def web_server():
    """A web server on 127.0.0.1 (as the Dask dashboard is): it says nothing until asked."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Web)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


def _closed_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_scheduler_address_that_is_not_dask_fails_at_once_with_one_line(tmp_path, web_server):
    folder = tmp_path / "submitted"
    _write(_submission(), folder / "alice.ipynb")
    cases = [
        (f"tcp://127.0.0.1:{web_server}", "is not a Dask scheduler (it sent nothing within 5 s"),
        (f"127.0.0.1:{web_server}", "is not a Dask scheduler"),
        ("127.0.0.1:8786x", "the port '8786x' is not a number"),
        (f"127.0.0.1:{_closed_port()}", "nothing is listening at 127.0.0.1:"),
        ("ucx://127.0.0.1:8786", "the protocol ucx:// is not supported"),
        ("no-such-host.invalid:8786", "the host 'no-such-host.invalid' is unknown"),
    ]
    for address, says in cases:
        out = tmp_path / "new-out"
        # a hang (the Dask client waited 860 s on a web server) would hit the timeout and fail the test
        done = _cli("grade", folder, "--instructor", FIXTURE, "--out", out, "--scheduler", address,
                    *SANDBOX_ARGS, timeout=60)
        assert done.returncode == 2, (address, done.stdout, done.stderr)
        assert done.stderr.count("\n") == 1 and done.stderr.startswith("error: --scheduler"), done.stderr
        assert says in done.stderr, done.stderr
        assert "Traceback" not in done.stderr and not out.exists()   # a failed run leaves no --out


def test_paths_that_do_not_exist_are_named_and_never_graded(tmp_path):
    folder = tmp_path / "submitted"
    _write(_submission(), folder / "alice.ipynb")
    out = tmp_path / "new-out"
    cases = [   # (arguments, what the one line says)
        (["grade", tmp_path / "submited", "--instructor", FIXTURE, "--out", out], "no such file or folder: "),
        (["grade", folder / "alcie.ipynb", "--instructor", FIXTURE, "--json", tmp_path / "a.json"],
         "no such file or folder: "),
        (["grade", folder, "--instructor", tmp_path / "hw_lineer.ipynb", "--out", out],
         "--instructor " + str(tmp_path / "hw_lineer.ipynb") + ": no such file or folder"),
        (["grade", folder / "alice.ipynb", "--instructor", tmp_path / "hw_lineer.ipynb"],
         "--instructor " + str(tmp_path / "hw_lineer.ipynb") + ": no such file or folder"),
        (["grade", folder, "--instructor", FIXTURE], "grading a folder needs --out"),
        (["grade", folder / "alice.ipynb", "--instructor", FIXTURE, "--out", out], "is a file (use --json"),
        (["grade", folder, "--instructor", FIXTURE, "--out", out, "--roster", tmp_path / "class.csv"],
         "--roster " + str(tmp_path / "class.csv") + ": no such file"),
        (["grade", folder, "--instructor", FIXTURE, "--out", out, "--manual", tmp_path / "marks.csv"],
         "no such file; make it with: python -m lecturekit.homework sheet"),
        (["grade", folder, "--instructor", FIXTURE, "--out", FIXTURE], "cannot write there"),
        (["sheet", tmp_path / "reports", "-o", tmp_path / "m.csv"], "no such folder: "),
    ]
    for args, says in cases:
        done = _cli(*args, *SANDBOX_ARGS if args[0] == "grade" else [])
        assert done.returncode == 2, (args, done.stdout, done.stderr)
        assert says in done.stderr and done.stderr.startswith("error: "), (args, done.stderr)
        assert "a file" not in done.stderr or "is a file" in says, done.stderr   # a missing folder is no file
        assert "Traceback" not in done.stderr and done.stdout == "", (args, done.stdout)
    assert not out.exists() and not (tmp_path / "a.json").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["submitted"]   # nothing written anywhere


def test_a_run_refused_after_planning_leaves_no_empty_gradebooks(tmp_path, monkeypatch, capsys):
    # the sandbox is missing: refused before any grade, and the new --out is not left behind, empty
    from lecturekit.homework import sandbox as sb

    folder = tmp_path / "submitted"
    _write(_submission(), folder / "alice.ipynb")
    monkeypatch.setattr(sb, "sandbox_status", lambda: (False, "bubblewrap is not installed"))
    out = tmp_path / "deep" / "new-out"
    assert hw.main(["grade", str(folder), "--instructor", str(FIXTURE), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bubblewrap is not installed" in err and "--unsandboxed" in err
    assert not (tmp_path / "deep").exists()
    # an engine that fails after --out was made (a Dask worker refusing, a scheduler lost): the same
    from lecturekit.homework import classrun

    def broken(*args, **kwargs):
        raise ConnectionError("the scheduler went away")

    monkeypatch.setattr(classrun, "_run_local", broken)
    assert hw.main(["grade", str(folder), "--instructor", str(FIXTURE), "--out", str(out), "--unsandboxed"]) == 1
    err = capsys.readouterr().err
    assert "the run stopped (ConnectionError: the scheduler went away)" in err and "Traceback" not in err
    assert not (tmp_path / "deep").exists()


def test_course_py_grade_sets_up_only_what_grading_needs(monkeypatch, tmp_path):
    import importlib.util

    spec = importlib.util.spec_from_file_location("course_under_test", ROOT / "course.py")
    course = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(course)
    asked, ran = [], []
    monkeypatch.setattr(course, "setup", lambda extras=course.EXTRAS: asked.append(extras) or 0)

    class Child:
        def __init__(self, cmd, cwd):
            ran.append((cmd, cwd))

        def wait(self):
            return 0

    monkeypatch.setattr(course.subprocess, "Popen", Child)
    monkeypatch.chdir(tmp_path)
    assert course.main(["grade", "submitted/", "--instructor", "notebooks/", "--out", "reports/"]) == 0
    assert asked == ["lab,cluster"] and "test" not in asked[0].split(",")
    (cmd, cwd), = ran
    assert cmd[1:] == ["-m", "lecturekit.homework", "grade", "submitted/", "--instructor", "notebooks/",
                       "--out", "reports/"]
    assert cwd == str(tmp_path)   # the instructor's relative paths mean what they typed
    assert course.main(["grade"]) == 2 and len(asked) == 1   # no arguments: the usage, nothing installed


def test_a_feedback_page_can_be_redacted_message_by_message():
    from lecturekit.homework.gradebook import class_entries
    from lecturekit.homework.handback import feedback_page

    report = {"student_id": "ann", "notebook": "q", "instructor": "q.ipynb", "problems": [], "notes": [],
              "exercises": {"q-a": {"points": 0, "max_points": 2}},
              "tests": [{"grade_id": "q-a-tests", "exercise": "q-a", "passed": False, "error": "ExerciseFailed",
                         "feedback": "✗ q-a\n- f(1) returned 3\n  This looks like a known mistake: SECRET-7 is it"}]}
    (entry,), _ = class_entries([report], {"q": [("q-a", 2.0)]})
    assert "SECRET-7" in feedback_page(entry)
    drop = "\n".join
    page = feedback_page(entry, lambda text: drop(line for line in text.split("\n") if "SECRET" not in line))
    assert "SECRET" not in page and "f(1) returned 3" in page


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc (Linux)")
def test_course_py_grade_passes_sigterm_on_to_the_grader(tmp_path):
    import signal
    import time

    student = tmp_path / "alice.ipynb"
    slow = _submission()
    slow.cells.append(nbformat.v4.new_code_cell("import time\ntime.sleep(120)"))
    _write(slow, student)
    parent = (f"import sys; from pathlib import Path; sys.path.insert(0, {str(ROOT)!r}); import course; "
              "course.setup = lambda extras: 0; course.venv_python = lambda: Path(sys.executable); "
              f"sys.exit(course.cmd_grade([{str(student)!r}, '--instructor', {str(FIXTURE)!r}, '--unsandboxed', "
              "'--timeout', '100']))")
    process = subprocess.Popen([sys.executable, "-c", parent], stdout=subprocess.DEVNULL, cwd=tmp_path)
    grader = None
    try:
        children = Path(f"/proc/{process.pid}/task/{process.pid}/children")
        deadline = time.monotonic() + 60
        while not (children.exists() and children.read_text().split()):
            assert time.monotonic() < deadline and process.poll() is None, "the grader never started"
            time.sleep(0.05)
        grader = int(children.read_text().split()[0])
        time.sleep(2)   # grading: the slow cell is running
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) != 0
        deadline = time.monotonic() + 30
        while Path(f"/proc/{grader}").exists() and Path(f"/proc/{grader}/stat").read_text().split(") ")[1][0] != "Z":
            assert time.monotonic() < deadline, "the grader outlived course.py"
            time.sleep(0.05)
    finally:
        if process.poll() is None:
            process.kill()
        if grader is not None and Path(f"/proc/{grader}").exists():   # only ours: never left to CI
            try:
                os.kill(grader, signal.SIGKILL)
            except OSError:
                pass
