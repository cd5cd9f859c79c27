"""A determined student against the grader: each cheat is a student notebook.

Every cheat must earn no point that an honest wrong answer would not, and
crash nothing: the grader returns a report (0 points and a reason for a file
it cannot read), the JSON and the printed report agree, the instructor's files
are untouched.  The honest wrong answer here is the student version as handed
out (stubs) or plain wrong answers; both score 0 on the fixture (7 points).

The cheats are the ones tried on the grader before it had a sandbox:
in-kernel tampering (an IPython hook, the kernel's do_execute, input and AST
transformers), patched numpy and lecturekit, objects with a lying ``__eq__``
/ ``__array_function__``, the instructor's folder (read, written, a
``numpy.py`` dropped there), the report (rewritten by a detached process, the
grader killed) and crafted files (deep nesting, huge, binary, wrong schema).

This file uses only what main's grader also offered (``hw.grade(student,
instructor)`` and the ``grade`` command), so it can be run against it.
"""

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")

import lecturekit  # noqa: E402
from lecturekit import homework as hw  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
LECTUREKIT_PARENT = Path(lecturekit.__file__).resolve().parents[1]  # the lecturekit under test
FIXTURE = Path(__file__).resolve().parent / "homework_fixtures" / "hw_linear.ipynb"

_status = getattr(hw, "sandbox_status", None)
if _status is not None and not _status()[0]:
    pytest.skip(f"no sandbox here: {_status()[1]}", allow_module_level=True)


@pytest.fixture
def instructor(tmp_path):
    """A private copy of the instructor notebook, in its own folder (cheats may attack it)."""
    folder = tmp_path / "instructor"
    folder.mkdir()
    target = folder / "hw_linear.ipynb"
    target.write_bytes(FIXTURE.read_bytes())
    return target


def handed_out():
    return hw.student_version(nbformat.read(FIXTURE, as_version=4), "hw_linear.ipynb")


def with_cells(*sources, at=2, answers=None):
    """The student version with cheat cells inserted at ``at`` and, optionally, other answers."""
    nb = handed_out()
    if answers:
        for cell in nb.cells:
            gid = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
            if gid in answers:
                cell.source = answers[gid]
    for k, source in enumerate(sources):
        nb.cells.insert(at + k, nbformat.v4.new_code_cell(textwrap.dedent(source)))
    return nb


WRONG = {  # honest wrong answers: they return plain values, and the wrong ones
    "hw-update": "def perceptron_update(w, x_i, y_i, eta):\n    return w",
    "hw-centroid-bias": "mu_pos = X[y > 0].mean(axis=0)\nmu_neg = X[y < 0].mean(axis=0)\nb = 0.0",
    "hw-lms-step": "def lms_step(w, x_i, y_i, eta):\n    return w",
}


def points(report):
    return {t.grade_id: t.points for t in report.tests}


def assert_no_gain(report, honest):
    """The cheat got no point the honest wrong answer did not, and the grader did not break."""
    for gid, got in points(report).items():
        assert got <= points(honest)[gid], f"{gid}: the cheat got {got}\n{report.format()}"
    assert not any("grader failed" in p or "could not start" in p for p in report.problems), report.format()


@pytest.fixture(scope="module")
def honest_stub():
    return hw.grade(handed_out(), FIXTURE)


@pytest.fixture(scope="module")
def honest_wrong():
    return hw.grade(with_cells(answers=WRONG), FIXTURE)


def test_the_honest_wrong_answers_score_zero(honest_stub, honest_wrong):
    assert honest_stub.score == 0 and honest_wrong.score == 0 and honest_wrong.max_score == 7


# --------------------------------------------------------------------------
# tampering inside the student's kernel
# --------------------------------------------------------------------------

IN_KERNEL = {
    "post_run_cell hook clears every error": """
        def _forget(result):
            result.error_in_exec = None
            result.error_before_exec = None
        get_ipython().events.register("post_run_cell", _forget)
    """,
    "the kernel's do_execute always answers ok": """
        import inspect
        _kernel = get_ipython().kernel
        _original = _kernel.do_execute
        async def _lying(*args, **kwargs):
            reply = _original(*args, **kwargs)
            if inspect.isawaitable(reply):
                reply = await reply
            reply = dict(reply)
            for key in ("ename", "evalue", "traceback"):
                reply.pop(key, None)
            reply["status"] = "ok"
            return reply
        _kernel.do_execute = _lying
    """,
    "an input transformer that neuters assert and raise": """
        def _harmless(lines):
            out = []
            for line in lines:
                stripped = line.lstrip()
                if stripped.startswith("assert "):
                    line = line[: len(line) - len(stripped)] + "assert True or " + stripped[len("assert "):]
                out.append(line)
            return ["try:\\n"] + ["    " + l for l in out] + ["\\nexcept BaseException:\\n    pass\\n"]
        get_ipython().input_transformers_post.append(_harmless)
    """,
    "an AST transformer that deletes assert statements": """
        import ast
        class _NoAsserts(ast.NodeTransformer):
            def visit_Assert(self, node):
                return ast.Pass()
        get_ipython().ast_transformers.append(_NoAsserts())
    """,
}


@pytest.mark.parametrize("cheat", IN_KERNEL, ids=list(IN_KERNEL))
def test_in_kernel_tampering_earns_nothing(cheat, instructor, honest_wrong):
    report = hw.grade(with_cells(IN_KERNEL[cheat], answers=WRONG), instructor)
    assert_no_gain(report, honest_wrong)


PATCHES = {
    "numpy's comparisons always true": """
        import numpy as np
        np.allclose = lambda *args, **kwargs: True
        np.isclose = lambda *args, **kwargs: True
        np.array_equal = lambda *args, **kwargs: True
    """,
    "lecturekit's reference answers replaced by the student's": """
        import types
        import numpy as np
        import lecturekit as lk
        lk.centroid_classifier = lambda X, y: types.SimpleNamespace(w=np.zeros(3))
        lk.lms = lambda *args, **kwargs: types.SimpleNamespace(w=np.zeros(2))
    """,
}


@pytest.mark.parametrize("cheat", PATCHES, ids=list(PATCHES))
def test_patching_numpy_or_lecturekit_earns_nothing(cheat, instructor, honest_wrong):
    # with lecturekit patched, b = 0 and mu_pos = mu_neg pass the bias tests unless lecturekit is the grader's own
    answers = dict(WRONG, **{"hw-centroid-bias": "mu_pos = mu_neg = X[0] * 0.0\nb = 0.0"})
    report = hw.grade(with_cells(PATCHES[cheat], answers=answers), instructor)
    assert_no_gain(report, honest_wrong)


LIARS = """
    import numpy as np

    class Liar:
        def __eq__(self, other):
            return True
        def __ne__(self, other):
            return False
        def __bool__(self):
            return True
        def __array_function__(self, func, types, args, kwargs):
            return True
        def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
            return True
        def __getitem__(self, key):
            return self
        def __float__(self):
            return 0.0
        __hash__ = object.__hash__

    class LyingArray(np.ndarray):
        def __eq__(self, other):
            return np.ones(np.shape(other), bool)
        def __array_function__(self, func, types, args, kwargs):
            return True

    def perceptron_update(w, x_i, y_i, eta):
        return Liar()

    def lms_step(w, x_i, y_i, eta):
        return np.zeros(2).view(LyingArray)

    mu_pos = mu_neg = b = Liar()
"""


def test_lying_return_values_earn_nothing(instructor, honest_wrong):
    nb = with_cells(answers={"hw-update": textwrap.dedent(LIARS), "hw-centroid-bias": "mu_pos = mu_neg = b = Liar()",
                             "hw-lms-step": "lms_step = lms_step"})
    report = hw.grade(nb, instructor)
    assert_no_gain(report, honest_wrong)
    if hasattr(hw, "sandbox_status"):  # the new grader says why
        assert any("not plain data" in (t.error or "") for t in report.tests), report.format()


def test_shadowing_a_builtin_the_tests_use_earns_nothing(instructor):
    nb = nbformat.read(instructor, as_version=4)
    tests = nb.cells[4]
    tests.source = ("w_t = perceptron_update(np.zeros(3), np.ones(3), 1, 1.0)\n"
                    "assert len(w_t) == 3 and all(w_t == 1.0) and abs(sum(w_t) - 3.0) < 1e-9\n")
    nbformat.write(nb, instructor)
    honest = hw.grade(with_cells(answers=WRONG), instructor)
    shadows = "all = lambda *args: True\nabs = lambda x: 0.0\nsum = lambda *args: 3.0\nlen = lambda x: 3\n"
    report = hw.grade(with_cells(shadows, answers=WRONG), instructor)
    assert honest.score == 0
    assert_no_gain(report, honest)


FLOOD = """
    import os, threading, json
    _junk = json.dumps({"id": 1, "status": "ok", "values": {}, "ok": True, "value": 1.0}).encode()
    _frame = len(_junk).to_bytes(8, "big") + _junk
    def _flood():
        for _ in range(20000):
            for _fd in range(3, 12):
                try:
                    os.write(_fd, _frame)
                except OSError:
                    pass
    threading.Thread(target=_flood, daemon=True).start()
"""


def test_forged_replies_on_the_graders_channel_earn_nothing(instructor, honest_wrong):
    report = hw.grade(with_cells(FLOOD, answers=WRONG), instructor)
    assert_no_gain(report, honest_wrong)


# --------------------------------------------------------------------------
# the instructor's folder
# --------------------------------------------------------------------------

READ_SOLUTIONS = """
    import glob, json, os
    _places = [os.getcwd(), os.path.dirname(os.getcwd()), {folder!r}]
    for _place in _places:
        for _path in glob.glob(os.path.join(_place, "**", "*.ipynb"), recursive=True):
            try:
                _cells = json.load(open(_path))["cells"]
            except Exception:
                continue
            for _cell in _cells:
                _source = "".join(_cell.get("source", ""))
                if "### BEGIN SOLUTION" in _source:
                    try:
                        exec(_source.replace("### BEGIN SOLUTION", "").replace("### END SOLUTION", ""), globals())
                    except Exception:
                        pass
"""


def test_reading_the_instructor_folder_earns_nothing(instructor, honest_stub):
    cheat = textwrap.dedent(READ_SOLUTIONS.format(folder=str(instructor.parent)))
    # every solution cell reads the instructor's solutions, right before its tests run
    nb = with_cells(answers={"hw-update": cheat, "hw-centroid-bias": cheat, "hw-lms-step": cheat})
    report = hw.grade(nb, instructor)
    assert_no_gain(report, honest_stub)


OVERWRITE_TESTS = """
    import glob, json, os
    for _place in [os.getcwd(), {folder!r}]:
        for _path in glob.glob(os.path.join(_place, "*.ipynb")):
            try:
                _nb = json.load(open(_path))
                for _cell in _nb["cells"]:
                    if _cell.get("metadata", {{}}).get("nbgrader", {{}}).get("grade"):
                        _cell["source"] = "assert True"
                json.dump(_nb, open(_path, "w"))
            except Exception as _exc:
                print("could not write", _path, _exc)
"""


def test_writing_the_instructor_folder_changes_nothing(instructor, honest_stub):
    before = instructor.read_bytes()
    cheat = OVERWRITE_TESTS.format(folder=str(instructor.parent))
    report = hw.grade(with_cells(cheat), instructor)
    assert_no_gain(report, honest_stub)
    assert instructor.read_bytes() == before, "the student's code rewrote the instructor notebook"
    # the next student, honest and wrong, still gets nothing
    assert hw.grade(handed_out(), instructor).score == 0


FAKE_NUMPY = '''
import os, sys
_here = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _here]
del sys.modules["numpy"]
import numpy as _real
_real.allclose = lambda *a, **k: True
_real.isclose = lambda *a, **k: True
_real.array_equal = lambda *a, **k: True
sys.modules["numpy"] = _real
'''

DROP_NUMPY = """
    import os
    for _place in [os.getcwd(), {folder!r}]:
        try:
            if not os.path.exists(os.path.join(_place, "numpy.py")):
                with open(os.path.join(_place, "numpy.py"), "w") as _f:
                    _f.write({fake!r})
        except OSError:
            pass
    os._exit(1)  # the grader restarts the kernel, which imports numpy again
"""


def test_a_numpy_py_dropped_by_a_cell_earns_nothing(instructor, honest_wrong):
    cheat = DROP_NUMPY.format(folder=str(instructor.parent), fake=FAKE_NUMPY)
    nb = with_cells(cheat, at=1, answers=WRONG)
    report = hw.grade(nb, instructor)
    assert_no_gain(report, honest_wrong)
    assert not (instructor.parent / "numpy.py").exists()


def test_a_numpy_py_next_to_the_notebook_earns_nothing(tmp_path, instructor, honest_wrong):
    folder = tmp_path / "alice"
    folder.mkdir()
    (folder / "numpy.py").write_text(FAKE_NUMPY)
    submission = folder / "hw_linear.ipynb"
    nbformat.write(with_cells(answers=WRONG), submission)
    report = hw.grade(submission, instructor)
    assert_no_gain(report, honest_wrong)


# --------------------------------------------------------------------------
# the report
# --------------------------------------------------------------------------

def _cli(submission, instructor, out, timeout=120):
    return subprocess.run([sys.executable, "-m", "lecturekit.homework", "grade", str(submission),
                           "--instructor", str(instructor), "--json", str(out)],
                          capture_output=True, text=True, cwd=Path(out).parent, timeout=timeout,
                          env={**os.environ, "PYTHONPATH": str(LECTUREKIT_PARENT)})


REWRITE_LATER = """
    import json, os, time
    _report = {path!r}
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            time.sleep(4)
            try:
                _data = json.load(open(_report))
                _data["score"] = _data["max_score"]
                for _t in _data["tests"]:
                    _t["points"], _t["passed"], _t["error"] = _t["max_points"], True, None
                json.dump(_data, open(_report, "w"))
            finally:
                os._exit(0)
        os._exit(0)
"""


def test_a_detached_process_cannot_rewrite_the_report(tmp_path, instructor):
    out = tmp_path / "report.json"
    submission = tmp_path / "submission.ipynb"
    nbformat.write(with_cells(REWRITE_LATER.format(path=str(out))), submission)
    done = _cli(submission, instructor, out)
    assert done.returncode == 0, done.stderr
    time.sleep(6)  # longer than the detached process waits
    data = json.loads(out.read_text())
    assert data["score"] == 0, data
    assert f"Total: 0/{data['max_score']:g}" in done.stdout


def test_killing_the_graders_parent_does_not_stop_the_report(tmp_path, instructor):
    out = tmp_path / "report.json"
    submission = tmp_path / "submission.ipynb"
    nbformat.write(with_cells("import os, signal\nos.kill(os.getppid(), signal.SIGKILL)", answers=WRONG),
                   submission)
    done = _cli(submission, instructor, out)
    assert done.returncode == 0, (done.returncode, done.stdout, done.stderr)
    assert "Total: 0/7" in done.stdout
    assert json.loads(out.read_text())["score"] == 0


# --------------------------------------------------------------------------
# crafted files: a report with 0 points and a reason, never a traceback
# --------------------------------------------------------------------------

def _deep(depth, leaf="x"):
    return "[" * depth + json.dumps(leaf) + "]" * depth


def _notebook_with(cell_json, extra=""):
    return ('{"nbformat": 4, "nbformat_minor": 5, "metadata": {' + extra + '}, "cells": [' + cell_json + "]}")


CRAFTED = {
    "nested 100000 deep": lambda: ("[" * 100_000 + "]" * 100_000).encode(),
    "object nested 100000 deep": lambda: ('{"a":' * 100_000 + "1" + "}" * 100_000).encode(),
    "deep nbgrader metadata": lambda: _notebook_with(
        '{"cell_type": "code", "source": "x = 1", "outputs": [], "execution_count": null, '
        '"metadata": {"nbgrader": {"grade_id": "hw-update", "solution": true, "deep": ' + _deep(900) + "}}}"
    ).encode(),
    "deep cell metadata": lambda: _notebook_with(
        '{"cell_type": "code", "source": "x = 1", "outputs": [], "execution_count": null, '
        '"metadata": {"tags": ' + _deep(900) + ', "other": ' + _deep(900) + "}}"
    ).encode(),
    "deep notebook metadata": lambda: _notebook_with(
        '{"cell_type": "markdown", "source": "hi", "metadata": {}}', '"kernelspec": ' + _deep(900)).encode(),
    "deep source": lambda: _notebook_with(
        '{"cell_type": "code", "source": ' + _deep(900) + ', "metadata": {}}').encode(),
    "huge file": lambda: _notebook_with(
        '{"cell_type": "markdown", "metadata": {}, "source": "' + "a" * 30_000_000 + '"}').encode(),
    "binary": lambda: bytes(range(256)) * 1000,
    "wrong schema: cells is a dict": lambda: b'{"nbformat": 4, "cells": {"a": 1}}',
    "wrong schema: cells of numbers": lambda: b'{"nbformat": 4, "cells": [1, 2.5, null, "x"]}',
    "wrong schema: nbformat 3, broken worksheets": lambda: b'{"nbformat": 3, "worksheets": [{"cells": 7}]}',
    "wrong schema: metadata of the wrong types": lambda: _notebook_with(
        '{"cell_type": "code", "source": 5, "metadata": []}, {"cell_type": "code", "source": ["a", 1]}, '
        '{"cell_type": "code", "source": "x=1", "metadata": {"nbgrader": [], "tags": {"a": 1}}}').encode(),
}


@pytest.mark.parametrize("case", CRAFTED, ids=list(CRAFTED))
def test_crafted_files_get_a_report_with_zero_points(tmp_path, case, capsys):
    path = tmp_path / "submission.ipynb"
    path.write_bytes(CRAFTED[case]())
    out = tmp_path / "report.json"
    status = hw.main(["grade", str(path), "--instructor", str(FIXTURE), "--json", str(out)])
    printed = capsys.readouterr()
    assert status == 0, printed.err[-3000:]
    assert "Traceback" not in printed.err, printed.err[-3000:]
    data = json.loads(out.read_text())
    assert data["score"] == 0 and data["max_score"] == 7
    assert "Total: 0/7" in printed.out
    reasons = data["problems"] + data["notes"] + [t["error"] or "" for t in data["tests"]]
    assert any(reasons), data
