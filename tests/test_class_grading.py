"""Grading a whole class: Dask as the engine, nothing lost, nothing twice, nothing injected.

Real processes throughout: the command line, a `dask scheduler` and two `dask worker`s on
127.0.0.1 (every process a test starts carries a tag in its environment; the test checks that none
is left), a coordinator killed with SIGKILL, a course and its virtual environment under /tmp.
Submissions are copies of the small fixture chapter (tests/homework_fixtures/hw_linear.ipynb)."""

import csv
import json
import os
import shutil
import signal
import subprocess
import sys
import sysconfig
import tempfile
import time
import unicodedata
import uuid
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

nbformat = pytest.importorskip("nbformat")

from lecturekit import homework as hw  # noqa: E402
from lecturekit.homework.classreport import misconception_of  # noqa: E402
from lecturekit.homework.escape import FORMULA_START, csv_cell, printable, safe_name  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "homework_fixtures" / "hw_linear.ipynb"
HAVE_BWRAP = hw.sandbox_status()[0]
SANDBOX_ARGS = [] if HAVE_BWRAP else ["--unsandboxed"]
CONTROL = "\x1b[2J\x1b[HALL TESTS PASSED\x07"


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


def _reference(grade_id):
    instructor = _instructor()
    ex = hw.parse_assignment(instructor).exercise(grade_id)
    return hw.reference_solution(instructor.cells[ex.cell_index].source)


# what each submission of the class folder is, and its points, worked out from the fixture's
# exercises (hw-update 2, hw-centroid-bias 3, hw-lms-step 2) and what each answer gets wrong
CLASS = {
    "alice": ("solved", 7),
    "bob": ("the bias dropped", 4),
    "carol": ("not a notebook", 0),
    "dave": ("as handed out", 0),
    "erin": ("the LMS gradient's sign flipped", 5),
    "frank": ("the learning rate ignored in the update", 5),
    "grace": ("solved, slowly (a cell sleeps 3 s)", 7),
    "heidi": ("solved, then a cell raises with control characters", 7),
}


def _write_class(folder):
    folder.mkdir(parents=True)
    nbformat.write(_submission(), folder / "alice.ipynb")
    nbformat.write(_submission(**{"hw-centroid-bias": "b = 0.0"}), folder / "bob.ipynb")
    (folder / "carol.ipynb").write_bytes(b"\x00\x01 not a notebook")
    nbformat.write(hw.student_version(_instructor()), folder / "dave.ipynb")
    nbformat.write(_submission(**{"hw-lms-step": _reference("hw-lms-step").replace("w + eta", "w - eta")}),
                   folder / "erin.ipynb")
    nbformat.write(_submission(**{"hw-update": _reference("hw-update").replace("eta * y_i * x_i", "y_i * x_i")}),
                   folder / "frank.ipynb")
    slow = _submission()
    slow.cells.append(nbformat.v4.new_code_cell("import time\ntime.sleep(3)"))
    nbformat.write(slow, folder / "grace.ipynb")
    loud = _submission()
    loud.cells.append(nbformat.v4.new_code_cell(f"raise ValueError({CONTROL!r})"))
    nbformat.write(loud, folder / "heidi.ipynb")
    return folder


def _grade_cmd(folder, out, *extra):
    return [sys.executable, "-m", "lecturekit.homework", "grade", str(folder), "--instructor", str(FIXTURE),
            "--out", str(out), *SANDBOX_ARGS, *extra]


def _read(path):
    return Path(path).read_bytes()


def _reports(out):
    return sorted(p.relative_to(out).as_posix() for p in Path(out).rglob("*.json"))


@pytest.fixture(scope="module")
def serial(tmp_path_factory):
    """The class folder graded by the plain serial run (`--jobs 1`): the reference gradebook."""
    base = tmp_path_factory.mktemp("class")
    folder = _write_class(base / "submitted")
    out = base / "serial"
    done = subprocess.run(_grade_cmd(folder, out, "--jobs", "1"), capture_output=True, text=True, cwd=ROOT,
                          timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    return folder, out, done


def test_the_serial_run_grades_the_class_as_worked_out_by_hand(serial):
    folder, out, done = serial
    for student, (_, score) in CLASS.items():
        report = json.loads((out / student / "hw_linear.json").read_text())
        assert (report["score"], report["max_score"]) == (score, 7), (student, report["tests"])
        assert report["submission_sha256"] == hw.classrun.file_sha256(folder / f"{student}.ipynb")
    assert _reports(out) == [f"{s}/hw_linear.json" for s in sorted(CLASS)]
    # heidi's exception reached the terminal escaped, never raw
    assert "\x1b" not in done.stdout + done.stderr and "\x07" not in done.stdout
    assert "8 submission(s) graded" in done.stdout and "0 skipped" in done.stdout


# --------------------------------------------------------------------------
# processes: tagged, bounded, cleaned up
# --------------------------------------------------------------------------

def _tagged(tag):
    """Pids of the processes on this machine whose environment carries ``tag``."""
    found = []
    needle = f"LK_CLASS_TEST={tag}".encode()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            try:
                if needle in (entry / "environ").read_bytes().split(b"\0"):
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


class Processes:
    """Processes this test starts, each in its own session, all with LK_CLASS_TEST=<tag>."""

    def __init__(self):
        self.tag = uuid.uuid4().hex
        self.env = dict(os.environ, LK_CLASS_TEST=self.tag)
        self.started = []

    def start(self, cmd, **kwargs):
        p = subprocess.Popen(cmd, env=self.env, start_new_session=True, cwd=ROOT, **kwargs)
        self.started.append(p)
        return p

    def stop(self):
        for p in self.started:   # politely first: dask closes its workers
            if p.poll() is None:
                try:
                    os.killpg(p.pid, signal.SIGTERM)
                except OSError:
                    pass
        for p in self.started:
            try:
                p.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait(timeout=15)
        deadline = time.monotonic() + 15
        while _tagged(self.tag) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = _tagged(self.tag)
        for pid in left:   # only ours (they carry the tag): never leave them to CI
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        return left


@pytest.fixture
def processes():
    if not Path("/proc/self/environ").exists():
        pytest.skip("needs /proc")
    procs = Processes()
    yield procs
    left = procs.stop()
    assert left == [], f"processes left running after the test: {left}"


# --------------------------------------------------------------------------
# Dask: a real scheduler and two workers; one is SIGKILLed while grading
# --------------------------------------------------------------------------

def test_a_dask_cluster_grades_the_class_even_when_a_worker_is_killed(serial, processes, tmp_path):
    pytest.importorskip("distributed")
    from distributed import Client

    folder, serial_out, _ = serial
    scheduler_file = tmp_path / "scheduler.json"
    processes.start([sys.executable, "-m", "dask", "scheduler", "--host", "127.0.0.1", "--port", "0",
                     "--no-dashboard", "--scheduler-file", str(scheduler_file)],
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(2):
        processes.start([sys.executable, "-m", "dask", "worker", "--scheduler-file", str(scheduler_file),
                         "--host", "127.0.0.1", "--nthreads", "1", "--no-dashboard"],
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 90
    address = ""
    while not address and time.monotonic() < deadline:   # the file may exist before its JSON is written
        try:
            address = json.loads(scheduler_file.read_text())["address"]
        except (FileNotFoundError, json.JSONDecodeError, KeyError):
            time.sleep(0.1)
    assert address.startswith("tcp://127.0.0.1:"), "the scheduler wrote no address within 90 s"
    out = tmp_path / "out"
    with Client(address, timeout=60) as client:
        client.wait_for_workers(2, timeout=90)
        coordinator = processes.start(_grade_cmd(folder, out, "--scheduler", address),
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        killed = None
        deadline = time.monotonic() + 120
        while killed is None and time.monotonic() < deadline and coordinator.poll() is None:
            busy = [w for w, keys in client.processing().items() if keys]
            if busy:
                killed = client.run(os.getpid, workers=[busy[0]])[busy[0]]
                os.kill(killed, signal.SIGKILL)
            time.sleep(0.05)
        stdout, stderr = coordinator.communicate(timeout=300)
    assert killed is not None, "no worker was seen grading"
    assert coordinator.returncode == 0, stdout + stderr
    assert "0 failed to grade" in stdout
    # exactly one report per submission, and nothing half-written
    assert _reports(out) == [f"{s}/hw_linear.json" for s in sorted(CLASS)]
    assert [p.name for p in out.rglob(".*")] == []
    assert _read(out / "gradebook.csv") == _read(serial_out / "gradebook.csv")
    assert _read(out / "gradebook_canvas.csv") == _read(serial_out / "gradebook_canvas.csv")
    assert "\x1b" not in stdout + stderr


def test_a_worker_without_a_sandbox_or_with_another_lecturekit_refuses_before_anything_is_graded(tmp_path, monkeypatch):
    pytest.importorskip("distributed")
    from lecturekit.homework import cluster

    class FakeClient:
        def wait_for_workers(self, n, timeout):
            pass

        def run(self, function):
            return {"tcp://127.0.0.1:1": {"sandbox": True, "why": "bubblewrap 0.8.0"},
                    "tcp://127.0.0.1:2": {"sandbox": False, "why": "bubblewrap is not installed"}}

    with pytest.raises(hw.SandboxUnavailable, match=r"1 of 2 Dask worker\(s\) \(tcp://127.0.0.1:2: bubblewrap"):
        cluster.check_workers(FakeClient(), "bwrap")
    assert set(cluster.check_workers(FakeClient(), "none")) == {"tcp://127.0.0.1:1", "tcp://127.0.0.1:2"}

    class OtherCourse(FakeClient):   # a worker whose checks are not this machine's would grade differently
        def run(self, function):
            mine = hw.classrun.checks_fingerprint()
            return {"tcp://127.0.0.1:1": {"sandbox": True, "why": "", "checks": mine},
                    "tcp://127.0.0.1:2": {"sandbox": True, "why": "", "checks": "0" * 64}}

    with pytest.raises(cluster.SchedulerError, match=r"1 of 2 Dask worker\(s\) \(tcp://127.0.0.1:2\) have another "
                                                     "lecturekit"):
        cluster.check_workers(OtherCourse(), "none")
    # and a real worker says what it has: the same as here
    status = cluster.worker_status()
    assert status["checks"] == hw.classrun.checks_fingerprint()


# --------------------------------------------------------------------------
# the coordinator killed mid-run: the next run grades only what is missing
# --------------------------------------------------------------------------

def test_a_killed_coordinator_loses_only_the_submissions_in_flight(serial, processes, tmp_path):
    folder, serial_out, _ = serial
    out = tmp_path / "out"
    first = processes.start(_grade_cmd(folder, out, "--jobs", "1"), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 300
    while len(_reports(out)) < 3 and time.monotonic() < deadline and first.poll() is None:
        time.sleep(0.02)
    os.killpg(first.pid, signal.SIGKILL)
    first.wait(timeout=30)
    written = {name: (out / name).stat() for name in _reports(out)}
    assert 3 <= len(written) < len(CLASS), written
    assert not (out / "gradebook.csv").exists()

    again = subprocess.run(_grade_cmd(folder, out, "--jobs", "1"), capture_output=True, text=True, cwd=ROOT,
                           timeout=600, env=processes.env)
    assert again.returncode == 0, again.stdout + again.stderr
    assert f"{len(CLASS) - len(written)} submission(s) graded" in again.stdout
    assert f"{len(written)} skipped as already graded" in again.stdout
    for name, before in written.items():   # not graded again: the very same file
        after = (out / name).stat()
        assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns), name
    assert _reports(out) == [f"{s}/hw_linear.json" for s in sorted(CLASS)]
    assert _read(out / "gradebook.csv") == _read(serial_out / "gradebook.csv")
    assert _read(out / "gradebook_canvas.csv") == _read(serial_out / "gradebook_canvas.csv")


def test_a_changed_submission_or_instructor_notebook_is_graded_again(serial, tmp_path):
    folder, serial_out, _ = serial
    out = tmp_path / "out"
    shutil.copytree(serial_out, out)
    changed = tmp_path / "submitted"
    shutil.copytree(folder, changed)
    nbformat.write(_submission(), changed / "bob.ipynb")   # bob hands in a corrected notebook
    done = subprocess.run(_grade_cmd(changed, out, "--jobs", "1"), capture_output=True, text=True, cwd=ROOT,
                          timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 submission(s) graded" in done.stdout and "7 skipped as already graded" in done.stdout
    assert json.loads((out / "bob" / "hw_linear.json").read_text())["score"] == 7
    for path in changed.iterdir():
        if path.stem not in ("alice", "carol"):
            path.unlink()
    (tmp_path / "instructor").mkdir()
    command = _grade_cmd(changed, out, "--jobs", "2")
    command[command.index(str(FIXTURE))] = str(tmp_path / "instructor" / FIXTURE.name)

    def run_with(instructor, *extra):
        nbformat.write(instructor, tmp_path / "instructor" / FIXTURE.name)
        again = subprocess.run(command + list(extra), capture_output=True, text=True, cwd=ROOT, timeout=600)
        assert again.returncode in (0, 1), again.stdout + again.stderr
        return again.stdout

    # what does not decide a grade changes nothing: the outputs cleared, the notebook run again (other
    # execution counts), a note for the class
    edited = _instructor()
    for cell in edited.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    edited.cells.append(nbformat.v4.new_markdown_cell("One more note."))
    edited.metadata["widgets"] = {"state": {}}
    stdout = run_with(edited)
    assert "0 submission(s) graded" in stdout and "2 skipped as already graded" in stdout, stdout
    # a changed test cell does: every report is out of date
    tests = next(c for c in edited.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "hw-update-tests")
    tests.source = tests.source.replace("# a correctly", "assert True\n# a correctly")
    for extra in ([], ["--regrade"]):   # graded again because it changed, then because it was asked
        stdout = run_with(edited, *extra)
        assert "2 submission(s) graded" in stdout and "0 skipped" in stdout, stdout


def test_the_grading_fingerprint_follows_the_checks_and_the_tests_not_the_presentation(tmp_path):
    from lecturekit.homework.classrun import grading_fingerprint

    raw = FIXTURE.read_bytes()
    nb = json.loads(raw)
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [{"output_type": "stream", "name": "stdout",
                                                         "text": "other"}], 99
    assert grading_fingerprint(json.dumps(nb).encode()) == grading_fingerprint(raw)
    nb["cells"][4]["metadata"]["nbgrader"]["points"] = 3   # the points of a test cell
    assert grading_fingerprint(json.dumps(nb).encode()) != grading_fingerprint(raw)

    # a copy of lecturekit whose checks (an exercise module) or presentation (the feedback pages) changed
    def fingerprint(edit=None):
        package = tmp_path / (edit or "same") / "lecturekit"
        shutil.copytree(ROOT / "lecturekit", package, ignore=shutil.ignore_patterns("__pycache__"))
        if edit:
            with open(package / edit, "a") as f:
                f.write("\n# edited\n")
        done = subprocess.run([sys.executable, "-c", "from lecturekit.homework.classrun import checks_fingerprint as "
                               "f; import lecturekit; print(lecturekit.__file__, f())"], cwd=package.parent,
                              capture_output=True, text=True, timeout=120, env=dict(os.environ, PYTHONPATH=""))
        where, value = done.stdout.split()
        assert where == str(package / "__init__.py"), done.stderr
        return value

    same = fingerprint()
    assert fingerprint("exercises/ch04.py") != same
    assert fingerprint("homework/_checker.py") != same
    assert fingerprint("homework/handback.py") == same
    assert fingerprint("homework/cli.py") == same


# --------------------------------------------------------------------------
# escaping: spreadsheets, terminals, file names
# --------------------------------------------------------------------------

FORMULA_NAMES = ['=HYPERLINK("http:evil","click")', "+1", "-1", "@SUM(1)", " =1+1", "=cmd|'calc'!A0"]


def _cells(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [cell for row in csv.reader(f) for cell in row]


def test_formula_file_names_become_no_cell_a_spreadsheet_would_evaluate(tmp_path):
    folder = tmp_path / "submitted"
    folder.mkdir()
    for name in FORMULA_NAMES:
        nbformat.write(_submission(), folder / f"{name}.ipynb")
    out = tmp_path / "out"
    done = subprocess.run(_grade_cmd(folder, out, "--jobs", "2"), capture_output=True, text=True, cwd=ROOT,
                          timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    for book in ("gradebook.csv", "gradebook_canvas.csv", "class_report.csv"):
        cells = _cells(out / book)
        assert cells, book
        dangerous = [c for c in cells if c[:1] in FORMULA_START or c.lstrip(" ")[:1] in FORMULA_START]
        assert dangerous == [], (book, dangerous)
    with open(out / "gradebook_canvas.csv", newline="") as f:
        students = {row[0] for row in csv.reader(f)} - {"Student", "    Points Possible"}
    assert students == {"'" + name for name in FORMULA_NAMES}   # readable: the name, behind one quote
    # every report is inside out, one folder per student
    reports = list(out.rglob("*.json"))
    assert len(reports) == len(FORMULA_NAMES)
    assert all(p.resolve().parent.parent == out.resolve() for p in reports)


def test_an_exception_message_with_control_characters_is_printed_escaped(tmp_path):
    nb = _submission(**{"hw-update": _reference("hw-update") + f"\nraise ValueError({CONTROL!r})"})
    path = tmp_path / "student\x1b]0;pwned\x07.ipynb"
    nbformat.write(nb, path)
    done = subprocess.run([sys.executable, "-m", "lecturekit.homework", "grade", str(path), "--instructor",
                           str(FIXTURE), *SANDBOX_ARGS], capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ValueError: \\x1b[2J\\x1b[HALL TESTS PASSED\\x07" in done.stdout
    assert "student\\x1b]0;pwned\\x07.ipynb" in done.stdout
    assert not any(ch in done.stdout + done.stderr for ch in "\x1b\x07\r")


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_printable_text_has_no_control_characters_and_keeps_printable_text(text):
    shown = printable(text)
    # no control, format (bidi overrides, zero-width), private, unassigned or line-separator character
    assert [ch for ch in shown if unicodedata.category(ch)[0] == "C" or unicodedata.category(ch) in ("Zl", "Zp")] \
        == []
    if text.isprintable():
        assert shown == text


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_a_csv_cell_never_starts_a_formula_and_keeps_the_text(text):
    cell = csv_cell(text)
    assert cell[:1] not in FORMULA_START and cell.lstrip(" ")[:1] not in FORMULA_START
    # the text as the terminal shows it: no control, format (bidi) or line-separator character
    assert [ch for ch in cell if unicodedata.category(ch)[0] == "C" or unicodedata.category(ch) in ("Zl", "Zp")] \
        == []
    assert cell == printable(text) or cell == "'" + printable(text)
    if text.isprintable():
        assert cell in (text, "'" + text)


@settings(max_examples=300, deadline=None)
@given(st.text(min_size=0, max_size=300), st.text(min_size=0, max_size=300))
def test_safe_names_stay_in_their_folder_and_never_collide(a, b):
    for name in (a, b):
        safe = safe_name(name)
        assert "/" not in safe and "\\" not in safe and "\0" not in safe
        assert not safe.startswith(".") and 0 < len(safe) <= 100
        assert (Path("/out") / safe).resolve().parent == Path("/out")
    if a != b:
        assert safe_name(a) != safe_name(b)


def test_a_symbolic_link_submission_is_not_graded(tmp_path):
    folder = tmp_path / "submitted"
    folder.mkdir()
    nbformat.write(_submission(), folder / "alice.ipynb")
    (folder / "mallory.ipynb").symlink_to(FIXTURE)   # the instructor notebook: full marks if followed
    out = tmp_path / "out"
    done = subprocess.run(_grade_cmd(folder, out, "--jobs", "1"), capture_output=True, text=True, cwd=ROOT,
                          timeout=600)
    assert done.returncode == 1
    assert "not graded" in done.stdout and "symbolic link" in done.stdout
    assert _reports(out) == ["alice/hw_linear.json"]


# --------------------------------------------------------------------------
# a course and its virtual environment under /tmp
# --------------------------------------------------------------------------

def _link_tree(src, dst):
    """Copy site-packages as hard links (fast; a real copy where links are impossible), without the
    editable install of lecturekit, so the copy of the course is what gets imported."""
    if subprocess.run(["cp", "-al", str(src), str(dst)], capture_output=True).returncode != 0:
        shutil.rmtree(dst, ignore_errors=True)
        shutil.copytree(src, dst, symlinks=True)
    for path in list(dst.glob("__editable__*lecturekit*")) + list(dst.glob("lecturekit-*.dist-info")):
        shutil.rmtree(path) if path.is_dir() else path.unlink()


@pytest.mark.skipif(not HAVE_BWRAP, reason="bubblewrap is not available here")
def test_grading_works_with_the_course_and_its_virtual_environment_under_tmp():
    base = Path(tempfile.mkdtemp(prefix="lk-course-", dir="/tmp"))
    try:
        course = base / "course"
        shutil.copytree(ROOT / "lecturekit", course / "lecturekit",
                        ignore=shutil.ignore_patterns("__pycache__"))
        venv = course / ".venv"
        subprocess.run([getattr(sys, "_base_executable", sys.executable), "-m", "venv", "--without-pip",
                        str(venv)], check=True, timeout=120)
        site = Path(sysconfig.get_paths()["purelib"])
        target = next((venv / "lib").glob("python3*")) / "site-packages"
        shutil.rmtree(target)
        _link_tree(site, target)
        python = venv / "bin" / "python"
        nbformat.write(_submission(), course / "alice.ipynb")
        shutil.copy(FIXTURE, course / "hw_linear.ipynb")
        done = subprocess.run([str(python), "-m", "lecturekit.homework", "grade", "alice.ipynb", "--instructor",
                               "hw_linear.ipynb", "--json", "alice.json"], capture_output=True, text=True,
                              cwd=course, timeout=600)
        assert done.returncode == 0, done.stdout + done.stderr
        report = json.loads((course / "alice.json").read_text())
        assert (report["score"], report["sandbox"]) == (7, "bwrap"), report
        # it really ran the copy under /tmp: the course's Python and lecturekit live there
        where = subprocess.run([str(python), "-c", "import sys, lecturekit; print(sys.prefix); "
                                "print(lecturekit.__file__)"], capture_output=True, text=True, cwd=course)
        assert where.stdout.split() == [str(venv), str(course / "lecturekit" / "__init__.py")]
    finally:
        shutil.rmtree(base, ignore_errors=True)


# --------------------------------------------------------------------------
# the class report: what the class got wrong
# --------------------------------------------------------------------------

MISTAKES = {"sum": "the sum instead of the mean", "first": "only the first value is taken"}
QUIZ = {
    "cells": [
        ("code", None, "import numpy as np"),
        ("code", {"grade_id": "q-mean", "solution": True, "grade": False, "locked": False, "task": False,
                  "schema_version": 3},
         "def mean(v):\n    ### BEGIN SOLUTION\n    return float(np.mean(v))\n    ### END SOLUTION"),
        ("code", {"grade_id": "q-mean-tests", "solution": False, "grade": True, "locked": True, "task": False,
                  "points": 2, "schema_version": 3},
         # a check that names a known mistake as lecturekit's exercise checks do, on a line of its message
         f"known = {{9.0: {MISTAKES['sum']!r}, 1.0: {MISTAKES['first']!r}}}\n"
         "got = mean([1.0, 2.0, 6.0])\n"
         "assert got == 3.0, f'mean([1, 2, 6]) returned {got}' + "
         "(f'\\nThis looks like a known mistake: {known[got]}' if got in known else '')"),
        ("code", {"grade_id": "q-double", "solution": True, "grade": False, "locked": False, "task": False,
                  "schema_version": 3},
         "def double(x):\n    ### BEGIN SOLUTION\n    return 2 * x\n    ### END SOLUTION"),
        ("code", {"grade_id": "q-double-tests", "solution": False, "grade": True, "locked": True, "task": False,
                  "points": 1, "schema_version": 3},
         "got = double(3)\n"
         "assert got == 6, f'double(3) returned {got}' + "
         "('\\nThis looks like a known mistake: cubed, not doubled <x³>' if got == 27 else '')\n"
         "### BEGIN HIDDEN TESTS\n"
         "got = double(5)\n"
         "assert got == 10, f'double(5) returned {got}' + "
         "('\\nThis looks like a known mistake: squared, not doubled' if got == 25 else '')\n"
         "### END HIDDEN TESTS"),
    ]}


def _quiz(answers=None):
    """The instructor notebook, or with ``answers`` the student version holding them."""
    nb = nbformat.v4.new_notebook()
    for kind, meta, source in QUIZ["cells"]:
        cell = nbformat.v4.new_code_cell(source)
        if meta:
            cell.metadata["nbgrader"] = meta
        nb.cells.append(cell)
    if answers is None:
        return nb
    student = hw.student_version(nb)
    for cell in student.cells:
        gid = cell.metadata.get("nbgrader", {}).get("grade_id")
        if gid in answers:
            cell.source = answers[gid]
    return student


def test_the_class_report_counts_the_misconceptions_of_the_wrong_answers(tmp_path):
    instructor = tmp_path / "quiz.ipynb"
    nbformat.write(_quiz(), instructor)
    folder = tmp_path / "submitted"
    folder.mkdir()
    answers = {   # student: (mean answer, double answer)
        "ann": ("def mean(v):\n    return float(np.sum(v))", "def double(x):\n    return 2 * x"),
        "ben": ("def mean(v):\n    return float(np.sum(v))", "def double(x):\n    return x ** 3 if x == 3 else 2 * x"),
        "cy": ("def mean(v):\n    return float(v[0])", "def double(x):\n    return x * x if x == 5 else 2 * x"),
        "dee": ("def mean(v):\n    return float(np.mean(v))", "def double(x):\n    return x + 2"),
        # a student who raises the catalogue's words from their own code is no evidence of anything
        "eve": ("def mean(v):\n    raise ValueError('x\\nThis looks like a known mistake: the sum instead of the mean')",
                "def double(x):\n    return 2 * x"),
    }
    for student, (m, d) in answers.items():
        nbformat.write(_quiz({"q-mean": m, "q-double": d}), folder / f"<b>{student}.ipynb")
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "lecturekit.homework", "grade", str(folder), "--instructor",
                           str(instructor), "--out", str(out), *SANDBOX_ARGS], capture_output=True, text=True,
                          cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    with open(out / "class_report.csv", newline="") as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["notebook", "exercise", "max_points", "kind", "value", "submissions", "of"]
    found = {(r[1], r[4]): int(r[5]) for r in rows[1:] if r[3] == "misconception"}
    # by construction: ann and ben summed, cy took the first value; ben cubed 3 (a visible test);
    # cy squared 5, which only a hidden test sees (its message is not shown, so not counted); dee and
    # eve match no catalogued mistake
    assert found == {("q-mean", MISTAKES["sum"]): 2, ("q-mean", MISTAKES["first"]): 1,
                     ("q-double", "cubed, not doubled <x³>"): 1}
    points = {(r[1], r[4]): int(r[5]) for r in rows[1:] if r[3] == "points"}
    assert points == {("q-mean", "0"): 4, ("q-mean", "2"): 1, ("q-double", "0"): 3, ("q-double", "1"): 2}
    page = (out / "class_report.html").read_text()
    assert MISTAKES["sum"] in page and "<x³>" not in page and "&lt;x³&gt;" in page   # texts are escaped
    assert 'role="img"' in page and "<title>Misconceptions in q-mean: the sum instead of the mean: 2 of 5" in page


def test_misconceptions_are_read_from_every_failed_probe_of_a_test_and_counted_through_one_function():
    from lecturekit.homework.engine import Run
    from lecturekit.homework.grading import known_mistakes

    # an exercise check that reports several failed probes, each with its misconception, indented
    message = ("✗ Exercise 1: 0/2 points (2 of 3 checks failed)\n- f([1]) returned 0\n  expected 1\n"
               "  This looks like a known mistake: off by one\n- f([2]) returned 4\n"
               "  This looks like a known mistake: squared\n  This looks like a known mistake: off by one\n"
               "Hint: count again")
    run = Run("error", "ExerciseFailed", message, line=1)
    assert known_mistakes(run) == ["off by one", "squared"]
    assert known_mistakes(run, hidden=frozenset({1})) == []                     # a hidden line: not shown
    assert known_mistakes(Run("error", "ValueError", message, line=1, student=True)) == []  # the student's text
    assert misconception_of({"misconceptions": ["the bias is dropped"]}) == ["the bias is dropped"]
    assert misconception_of({"misconceptions": []}) == [] and misconception_of({}) == []


def test_a_chapter_mutant_is_recorded_as_the_misconception_its_catalogue_entry_names():
    # the real catalogue: chapter 1's first exercise, the registered wrong answer in place of the solution
    from exercise_support import load_mutants, mutant_messages

    chapter = ROOT / "notebooks" / "01_dot_products.ipynb"
    description, source = load_mutants()[("01_dot_products", "ch01-normal")][0]
    instructor = nbformat.read(chapter, as_version=4)
    student = hw.student_version(instructor, chapter.name)
    ex = hw.parse_assignment(instructor).exercise("ch01-normal")
    student.cells[ex.cell_index].source = source
    text = hw.classrun.grade_payload(nbformat.writes(student).encode(), chapter.read_bytes(),
                                     student_name="mutant.ipynb", instructor_name=str(chapter),
                                     sandbox="bwrap" if HAVE_BWRAP else "none", stop_after="ch01-normal")
    report = json.loads(text)
    seen = {m for t in report["tests"] if t["exercise"] == "ch01-normal" for m in misconception_of(t)}
    # the mutant names its misconception by id; the report holds the check's message for it
    assert len(seen) == 1 and seen <= set(mutant_messages("01_dot_products", "ch01-normal", description, source)), \
        report["tests"]


def test_progress_is_plain_lines_when_not_a_terminal_and_a_bar_on_one():
    import io
    import re

    from lecturekit.homework.classrun import Progress

    log, out = io.StringIO(), io.StringIO()
    progress = Progress(3, stream=log)
    for k in range(3):
        progress.step(f"student{k}", out=out)
    progress.close()
    assert out.getvalue().split() == ["student0", "student1", "student2"]
    lines = log.getvalue().splitlines()
    assert [line.split(" (")[0] for line in lines] == ["progress: 1/3", "progress: 2/3", "progress: 3/3"]
    assert all(re.fullmatch(r"progress: \d/3 \(\d+\.\d per minute, about [0-9][^)]* left\)", line)
               for line in lines), lines

    pytest.importorskip("tqdm")

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    screen = Terminal()
    progress = Progress(2, stream=screen)
    progress.step("alice", out=out)
    progress.close()
    assert progress.bar is not None and "1/2" in screen.getvalue() and "progress:" not in screen.getvalue()


def test_names_that_would_share_a_report_never_do(tmp_path):
    from lecturekit.homework.classrun import plan

    folder = tmp_path / "submitted"
    (folder / "alice").mkdir(parents=True)
    for name in ("alice.ipynb", "alice/hw_linear.ipynb", "Bob.ipynb", "bob.ipynb", "a b.ipynb", "a_b.ipynb"):
        (folder / name).write_text("{}")
    subs = plan(folder, [FIXTURE], tmp_path / "out")
    graded = [s for s in subs if s.problem is None]
    assert sorted(s.student for s in graded) == ["Bob", "a b", "a_b", "bob"]
    # one report file each, also where file names ignore case (macOS, Windows)
    assert len({str(s.report).casefold() for s in graded}) == len(graded)
    # alice handed in twice: neither copy is graded, and the reason names the other
    twice = [s for s in subs if s.student == "alice"]
    assert len(twice) == 2 and all("another submission" in s.problem for s in twice)
