"""lecturekit.homework's grading machinery: the plain-data format, the
sandbox's promises, the Python API a learner's progress uses (no sandbox),
grading a folder of submissions in parallel, and the gradebooks."""

import csv
import json
import os
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

nbformat = pytest.importorskip("nbformat")

from lecturekit import homework as hw  # noqa: E402
from lecturekit.homework import plain  # noqa: E402
from lecturekit.homework import sandbox as sb  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = Path(__file__).resolve().parent / "homework_fixtures" / "hw_linear.ipynb"
HAVE_BWRAP = hw.sandbox_status()[0]
needs_bwrap = pytest.mark.skipif(not HAVE_BWRAP, reason="bubblewrap is not available here")


def solved(**answers):
    """The student version with the reference solutions (or ``answers``) in place."""
    instructor = nbformat.read(FIXTURE, as_version=4)
    nb = hw.student_version(instructor, "hw_linear.ipynb")
    assignment = hw.parse_assignment(instructor)
    for ex in assignment.exercises:
        source = answers.get(ex.grade_id, hw.reference_solution(instructor.cells[ex.cell_index].source))
        nb.cells[ex.cell_index].source = source
    return nb


# --------------------------------------------------------------------------
# plain data
# --------------------------------------------------------------------------

ROUND_TRIP = [
    None, True, 3, -2.5, float("inf"), 1 + 2j, "text", [1, [2.0, "a"]], (1, (2, 3)),
    {"a": 1, "b": [1, 2]}, {1: "one", (2, 3): "pair"},
    np.float64(0.1), np.int32(-7), np.bool_(True),
    np.arange(6.0).reshape(2, 3), np.array([True, False]), np.array([], dtype=np.int64).reshape(0, 4),
    np.array(["ab", "c"]),
    Fraction(2, 7), [Fraction(-3, 71), Fraction(10 ** 30, 7)],
]


@pytest.mark.parametrize("value", ROUND_TRIP, ids=[type(v).__name__ + str(i) for i, v in enumerate(ROUND_TRIP)])
def test_plain_data_comes_back_with_its_type_and_value(value):
    back = plain.loads(plain.dumps(value))
    assert type(back) is type(value)
    if isinstance(value, np.ndarray):
        assert back.dtype == value.dtype and back.shape == value.shape and np.array_equal(back, value)
        assert back.flags.writeable
    elif isinstance(value, float) and np.isnan(value):
        assert np.isnan(back)
    else:
        assert back == value


class _Crafted:
    def __eq__(self, other):
        return True


class _Sub(np.ndarray):
    pass


@pytest.mark.parametrize("value, says", [
    (_Crafted(), "object of type _Crafted"),
    (np.zeros(2).view(_Sub), "object of type _Sub"),
    (np.array([object()]), "dtype object"),
    ([[[[]]]] * 1, None),
    (type("S", (str,), {})("x"), "object of type S"),
    ({"a": _Crafted()}, "_Crafted"),
    (type("F", (Fraction,), {})(1, 2), "object of type F"),
])
def test_what_is_not_plain_data_is_refused_and_named(value, says):
    if says is None:  # shallow nesting is fine
        plain.dumps(value)
        return
    with pytest.raises(plain.NotPlain, match=says):
        plain.dumps(value)


def test_nesting_beyond_the_limit_is_refused():
    deep = []
    for _ in range(plain.MAX_DEPTH + 5):
        deep = [deep]
    with pytest.raises(plain.NotPlain, match="nested more than"):
        plain.dumps(deep)


def test_a_student_exception_is_reported_by_a_message_it_cannot_break_or_inflate():
    class Rude(Exception):
        def __str__(self):
            raise RuntimeError("no message for you")

    assert plain.text_of(Rude()) == "<the exception's message could not be read>"
    long = plain.text_of(ValueError("x" * 5000), limit=100)
    assert len(long) == 100 and long == "x" * 99 + "…"
    assert plain.text_of(ValueError("short")) == "short"


@pytest.mark.parametrize("raw", [
    b"[" * 100_000 + b"]" * 100_000,
    b'{"a": ["<f8", [3], "AAAA"]}',                  # too few bytes for 3 float64
    b'{"a": ["|O8", [1], "AAAAAAAAAAA="]}',           # object dtype
    b'{"a": ["<f8", [-1], ""]}',                      # negative shape
    b'{"x": 1}',                                      # unknown tag
    b'{"t": 1}',                                      # a tuple that is not a list
    b'{"k": [[[1], 2]]}',                             # an unhashable key
    b'{"f": "perceptron_update"}',                    # a function where none is allowed
    b'{"q": [1, 0]}',                                 # a fraction with denominator 0
    b'{"q": [1, -2]}',                                # a fraction with a negative denominator
    b'{"q": [1.5, 2]}',                               # a fraction of non-integers
    b"1" * 5000,                                      # an int too long to read
    b"\xff\xfe",
])
def test_untrusted_bytes_are_refused_cleanly(raw):
    with pytest.raises(plain.BadData):
        plain.loads(raw)


# --------------------------------------------------------------------------
# the sandbox
# --------------------------------------------------------------------------

def _run_in(sandbox, source, timeout=60):
    import time

    process = sb.start_runner(sandbox)
    try:
        kind, _ = process.reply_to("ready", time.monotonic() + timeout)
        assert kind == "message"
        process.send({"op": "run", "id": 1, "source": source})
        kind, reply = process.reply_to(1, time.monotonic() + timeout)
        assert kind == "message", kind
        return reply
    finally:
        process.kill()


@needs_bwrap
def test_the_sandbox_has_no_network_no_processes_and_no_instructor_files():
    probe = f"""
import os, socket
found = []
try:
    socket.create_connection(("192.0.2.1", 80), timeout=2)
    found.append("network")
except OSError:
    pass
try:
    if os.fork() == 0:
        os._exit(0)
    found.append("fork")
except OSError:
    pass
for path in [{str(FIXTURE)!r}, {str(ROOT / "notebooks")!r}, {str(ROOT / "tests")!r}, {str(ROOT / "README.md")!r},
             "/home", "/etc/passwd", "/root/.ssh"]:
    if os.path.exists(path):
        found.append(path)
try:
    open("/usr/lib/x", "w")
    found.append("write /usr")
except OSError:
    pass
print("FOUND", found, os.getcwd())
"""
    reply = _run_in("bwrap", probe)
    assert reply["status"] == "ok", reply
    assert "FOUND [] /tmp/work" in reply["stdout"], reply["stdout"]


@needs_bwrap
def test_the_sandbox_limits_memory_and_file_size():
    reply = _run_in("bwrap", "x = bytearray(8 * 1024 ** 3)")
    assert reply["status"] == "error" and reply["ename"] == "MemoryError", reply
    reply = _run_in("bwrap", "open('/tmp/work/big', 'wb').write(b'0' * 300 * 1024 ** 2)")
    assert reply["status"] == "error" and reply["ename"] == "OSError", reply


def test_the_seccomp_filter_is_well_formed():
    program = sb.seccomp_program("x86_64")
    assert program is not None and len(program) % 8 == 0 and len(program) // 8 < 64
    assert sb.seccomp_program("sparc") is None


def test_no_sandbox_means_a_refusal_that_says_what_to_do(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(sb, "sandbox_status", lambda: (False, "bubblewrap is not installed"))
    with pytest.raises(hw.SandboxUnavailable, match="--unsandboxed"):
        hw.grade(FIXTURE, FIXTURE, sandbox="bwrap")
    assert hw.main(["grade", str(FIXTURE), "--instructor", str(FIXTURE)]) == 2
    err = capsys.readouterr().err
    assert "bubblewrap is not installed" in err and "--unsandboxed" in err
    report = hw.grade(solved(), FIXTURE, sandbox="auto")  # "auto" grades, and says it ran unsandboxed
    assert report.score == 7 and report.sandbox == "none"
    assert any("without a sandbox" in n for n in report.notes)


# --------------------------------------------------------------------------
# the learner's API: no sandbox, plain dict
# --------------------------------------------------------------------------

def test_grade_notebook_without_a_sandbox_returns_the_json_report(tmp_path):
    path = tmp_path / "mine.ipynb"
    nbformat.write(solved(**{"hw-lms-step": "def lms_step(w, x_i, y_i, eta):\n    return w"}), path)
    before = path.read_bytes()
    report = hw.grade_notebook(path, FIXTURE, sandbox="none", timeout=30)
    assert isinstance(report, dict) and json.loads(json.dumps(report)) == report
    assert (report["score"], report["max_score"], report["sandbox"]) == (5, 7, "none")
    assert report["exercises"]["hw-lms-step"] == {"points": 0, "max_points": 2}
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.ipynb"]  # nothing written beside it


def test_a_student_function_that_changes_its_argument_in_place_is_seen():
    # the instructor's hidden test checks w_before after the call: the change must come back
    inplace = "def perceptron_update(w, x_i, y_i, eta):\n    if y_i * (w @ x_i) <= 0:\n        w += eta * y_i * x_i\n    return w"
    report = hw.grade(solved(**{"hw-update": inplace}), FIXTURE, sandbox="none", stop_after="hw-update")
    assert report.exercise_points("hw-update") == (0, 2), report.format()


def test_exceptions_of_the_students_functions_keep_their_builtin_type():
    nb = solved()
    nb.cells.append(nbformat.v4.new_code_cell("def boom():\n    raise ValueError('nope')"))
    # a test cell that expects a ValueError from the student's function
    instructor = nbformat.read(FIXTURE, as_version=4)
    instructor.cells.append(nbformat.v4.new_code_cell(
        "def boom():\n    ### BEGIN SOLUTION\n    raise ValueError('x')\n    ### END SOLUTION",
        metadata={"nbgrader": {"solution": True, "grade": False, "locked": False, "task": False,
                               "grade_id": "hw-boom", "schema_version": 3}}))
    instructor.cells.append(nbformat.v4.new_code_cell(
        "try:\n    boom()\nexcept ValueError:\n    pass\nelse:\n    raise AssertionError('no ValueError')",
        metadata={"nbgrader": {"solution": False, "grade": True, "locked": True, "task": False, "points": 1,
                               "grade_id": "hw-boom-tests", "schema_version": 3}}))
    nb.cells[-1].metadata["nbgrader"] = {"solution": True, "grade_id": "hw-boom"}
    report = hw.grade(nb, instructor, sandbox="none")
    assert report.exercise_points("hw-boom") == (1, 1), report.format()


# --------------------------------------------------------------------------
# a folder of submissions, in parallel, and the gradebooks
# --------------------------------------------------------------------------

@pytest.fixture
def submissions(tmp_path):
    folder = tmp_path / "submitted"
    folder.mkdir()
    nbformat.write(solved(), folder / "alice.ipynb")                                  # 7
    (folder / "bob").mkdir()
    nbformat.write(solved(**{"hw-centroid-bias": "b = 0.0"}), folder / "bob" / "hw_linear.ipynb")  # 4
    (folder / "carol.ipynb").write_bytes(b"\x00\x01 not a notebook")                 # 0
    nbformat.write(hw.student_version(nbformat.read(FIXTURE, as_version=4)), folder / "dave.ipynb")  # 0
    return folder


def test_a_folder_is_graded_in_parallel_into_reports_and_gradebooks(submissions, tmp_path):
    out = tmp_path / "reports"
    args = [sys.executable, "-m", "lecturekit.homework", "grade", str(submissions), "--instructor", str(FIXTURE),
            "--out", str(out), "--jobs", "2"] + ([] if HAVE_BWRAP else ["--unsandboxed"])
    done = subprocess.run(args, capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "4 submission(s)" in done.stdout and "per minute" in done.stdout
    expected = {"alice": 7, "bob": 4, "carol": 0, "dave": 0}
    for student, score in expected.items():
        report = json.loads((out / student / "hw_linear.json").read_text())
        assert report["score"] == score and report["max_score"] == 7, (student, report)
    with open(out / "gradebook.csv", newline="") as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["student", "notebook", "exercise", "points", "max_points", "status"]
    assert ["bob", "hw_linear", "hw-centroid-bias", "0", "3", "graded"] in rows
    assert ["bob", "hw_linear", "hw-update", "2", "2", "graded"] in rows
    # carol's file is not a notebook: 0 points, and the status says why, not "graded"
    assert ["carol", "hw_linear", "hw-update", "0", "2", "unreadable"] in rows
    assert len(rows) == 1 + 4 * 3
    with open(out / "gradebook_canvas.csv", newline="") as f:
        wide = list(csv.reader(f))
    # Canvas's import layout: the student columns, one total per notebook, then the points possible
    assert wide[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "hw_linear"]
    assert wide[1] == ["    Points Possible", "", "", "", "", "7"]
    assert [r[0] for r in wide[2:]] == ["alice", "bob", "carol", "dave"]
    assert wide[3] == ["bob", "", "", "bob", "", "4"]
    totals = {r[0]: float(r[-1]) for r in wide[2:]}
    assert totals == expected
    with open(out / "gradebook_moodle.csv", newline="") as f:
        assert list(csv.reader(f)) == [wide[0]] + wide[2:]   # Moodle would take the points row for a student


def test_a_name_the_student_deleted_is_not_taken_from_an_earlier_test():
    # b passes its test, then the student deletes it: a later test that reads b must not see the old value
    nb = solved()
    instructor = nbformat.read(FIXTURE, as_version=4)
    lms_tests = [c for c in instructor.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "hw-lms-step-tests"]
    lms_tests[0].source = "assert np.isclose(b, lk.centroid_classifier(X, y).w[0])\n" + lms_tests[0].source
    index = next(i for i, c in enumerate(nb.cells) if c.metadata.get("nbgrader", {}).get("grade_id") == "hw-lms-step")
    nb.cells[index].source += "\ndel b"
    report = hw.grade(nb, instructor, sandbox="none")
    assert report.exercise_points("hw-centroid-bias") == (3, 3)
    (lms,) = [t for t in report.tests if t.grade_id == "hw-lms-step-tests"]
    assert not lms.passed and lms.error == "NameError: name 'b' is not defined", report.format()


def _parent(pid):
    try:
        stat = (Path("/proc") / str(pid) / "stat").read_text()
    except OSError:
        return None
    return int(stat[stat.rindex(")") + 2:].split()[1])   # the field after the state, past the (name)


def _is_pytest(pid):
    try:
        return b"pytest" in (Path("/proc") / str(pid) / "cmdline").read_bytes()
    except OSError:
        return False


def _runner_pids():
    """The grader runners on this machine that this test process could have started.

    pytest-xdist grades other notebooks in other workers at the same time, so a runner counts only
    if it descends from this process, or from no pytest process at all (an orphan that escaped)."""
    me = os.getpid()
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if b"homework/_runner.py" not in (entry / "cmdline").read_bytes():
                continue
        except OSError:
            continue
        pid = ancestor = int(entry.name)
        while ancestor not in (None, 0, 1, me) and not (ancestor != pid and _is_pytest(ancestor)):
            ancestor = _parent(ancestor)
        if ancestor in (None, 0, 1, me):
            found.add(pid)
    return found


@pytest.mark.parametrize("sandbox", ["bwrap", "none"])
def test_nothing_the_submission_started_outlives_the_grade(sandbox):
    if sandbox == "bwrap" and not HAVE_BWRAP:
        pytest.skip("bubblewrap is not available here")
    if not Path("/proc/self/cmdline").exists():
        pytest.skip("no /proc here")
    before = _runner_pids()
    # a thread that never ends, and a forked copy of the runner that sleeps on after its parent
    # is gone (inside bubblewrap seccomp refuses the fork; unsandboxed it succeeds)
    busy = ("import os, threading, time\nthreading.Thread(target=lambda: time.sleep(1000), daemon=False).start()\n"
            "try:\n    child = os.fork()\nexcept OSError:\n    child = None\n"
            "if child == 0:\n    time.sleep(1000)\n    os._exit(0)")
    report = hw.grade(solved(**{"hw-update": hw.reference_solution(
        nbformat.read(FIXTURE, as_version=4).cells[3].source) + "\n" + busy}), FIXTURE, sandbox=sandbox)
    assert report.score == 7, report.format()
    # SIGKILL is delivered at once, but a killed process can take a moment to leave /proc
    deadline = time.monotonic() + 10
    while _runner_pids() - before and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _runner_pids() - before == set()


def test_the_printed_report_shows_a_failed_checks_every_probe_and_hint_escaped():
    report = {"student": "s.ipynb", "instructor": "i.ipynb", "timeout": 30, "sandbox": "none", "problems": [],
              "notes": [], "score": 0, "max_score": 2,
              "tests": [{"grade_id": "q-tests", "points": 0, "max_points": 2, "passed": False,
                         "error": "ExerciseFailed: ✗ Exercise 1: 0/2 points (2 of 2 checks failed)",
                         "feedback": "✗ Exercise 1: 0/2 points (2 of 2 checks failed)\n- f(1) returned 3\n"
                                     "  This looks like a known mistake: tripled\n- f(2) raised ValueError: "
                                     "\x1b[2J\nHint: double it"}]}
    lines = hw.format_report(report).split("\n")
    (start,) = [k for k, line in enumerate(lines) if line.startswith("  q-tests ")]
    assert lines[start].endswith("0/2  FAILED (ExerciseFailed: ✗ Exercise 1: 0/2 points (2 of 2 checks failed))")
    assert lines[start + 1:start + 5] == ["      - f(1) returned 3", "        This looks like a known mistake: tripled",
                                          "      - f(2) raised ValueError: \\x1b[2J", "      Hint: double it"]
    assert lines[start + 5] == "Total: 0/2"
