"""What a learner sees when a check cannot even start: the answer cell was not
run (or the kernel restarted), the answer is of the wrong kind, the learner's
code misses an import, or the check itself cannot use the value it got.

The promise: the message names the exercise and the names it expects, says
what to do, is said once (not once per probe), and never passes on an error of
the check's own machinery (a ``float()`` TypeError) as if it were the
learner's; a variable "is" a value, only a function "returns" one.
"""

import re
from pathlib import Path

import nbformat
import numpy as np
import pytest

from lecturekit import homework as hw
from lecturekit.exercises import (ExerciseFailed, MissingAnswer, chapter_exercises, check_exercise, exercise,
                                  missing_answer, registered)
from lecturekit.feedback import ExerciseFailure

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


@exercise("ch97-scale", number=2, title="scale a vector", points=2, kind="reproduce",
          hint="Multiply each entry.")
def _scale(t, scale):
    # float() of what the learner returns: the check's own conversion
    t.check(lambda: float(scale([1.0, 2.0], 3.0)[0]), 3.0, call="`scale([1, 2], 3)[0]`")
    t.check(lambda: scale([1.0, 2.0], 3.0), [3.0, 6.0], call="`scale([1, 2], 3)`")


@exercise("ch97-numbers", number=3, title="three numbers by hand", points=1, kind="predict",
          hint="Work it out on paper.")
def _numbers(t, first, second):
    t.check(lambda: [int(v) for v in first], [1, 2, 3], call="`first`", reveal=False)
    t.check(second, 4.0, call="`second`", reveal=False)


@exercise("ch97-table", number=4, title="a table", points=1, kind="construct",
          hint="Two rows of two numbers.", expects=("X_table",))
def _table(t, X):
    X = np.asarray(X, dtype=float)   # outside a probe: stops the whole check on bad input
    t.check(list(X.shape), [2, 2], call="`np.shape(X_table)`")


def _failure(grade_id, *answers):
    with pytest.raises(ExerciseFailed) as info:
        check_exercise(grade_id, *answers)
    return str(info.value)


def test_an_exercise_expects_the_names_of_its_checks_parameters():
    assert registered("ch97-scale").expects == ("scale",)
    assert registered("ch97-numbers").expects == ("first", "second")
    assert registered("ch97-numbers").expects_text == "`first` and `second`"
    assert registered("ch97-table").expects == ("X_table",)  # given explicitly


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_chapter_check_cell_passes_the_names_its_exercise_expects(path):
    """The names in the messages are the ones the learner's cell must define."""
    nb = nbformat.read(path, as_version=4)
    assignment = hw.parse_assignment(nb, path.stem)
    calls = 0
    for ex in assignment.exercises:
        for test in ex.tests:
            source = hw.clear_hidden_tests(nb.cells[test.cell_index].source)
            found = re.search(r'check_exercise\("(ch\d\d-[a-z0-9-]+)"((?:, *[A-Za-z_]\w*)*)\)', source)
            if not found:
                continue
            calls += 1
            passed = tuple(n.strip() for n in found.group(2).split(",") if n.strip())
            assert registered(found.group(1)).expects == passed, (found.group(1), passed)
    if calls == 0:
        pytest.skip("this chapter's test cells do not use check_exercise")
    assert {e.grade_id for e in chapter_exercises("ch" + path.stem[:2])}


def test_a_variable_is_a_value_and_only_a_function_returns_one():
    text = _failure("ch97-numbers", [1, 2, 4], 5)
    assert "first is [1, 2, 4]" in text and "second is 5" in text
    assert "returned" not in text
    text = _failure("ch97-scale", lambda v, k: [k * x + 1 for x in v])
    assert "scale([1, 2], 3) returned [4.0, 7.0]" in text


def test_an_error_of_the_checks_own_conversion_is_not_shown_as_the_learners():
    def forgot_return(v, k):
        [k * x for x in v]

    text = _failure("ch97-scale", forgot_return)
    assert "scale([1, 2], 3)[0] returned None" in text or "scale([1, 2], 3) returned None" in text
    assert "float()" not in text and "TypeError" not in text and "subscriptable" not in text
    assert "without return gives None" in text
    # a variable the check cannot read as a list of numbers
    text = _failure("ch97-numbers", 7, 4.0)
    assert "first is 7" in text and "the check needs a list of numbers" in text
    assert "TypeError" not in text and "iterable" not in text
    assert "[1, 2, 3]" not in text  # a predict answer stays hidden, even its length


def test_a_check_that_stops_on_a_bad_answer_says_which_answer_and_what_it_is():
    text = _failure("ch97-table", "abc")
    assert "could not use your answer: X_table is 'abc'" in text
    assert "type and shape" in text and "ValueError" not in text and "could not convert" not in text


def test_a_missing_import_is_one_line_not_one_per_probe():
    def uses_numpy(v, k):
        return np_not_imported.asarray(v) * k  # noqa: F821 - the learner forgot the import

    text = _failure("ch97-scale", uses_numpy)
    assert text.count("NameError") == 1, text
    assert "Every check stopped at the same error" in text and "(2 of 2 checks failed)" in text
    assert "np_not_imported is not defined where your code runs" in text
    assert "Run All Above Selected Cell" in text


def test_a_missing_np_names_the_import_that_brings_it_back():
    namespace = {}
    exec("def scale(v, k):\n    return np.asarray(v) * k", namespace)  # no np in that namespace
    text = _failure("ch97-scale", namespace["scale"])
    assert "import numpy as np" in text and text.count("NameError") == 1


def test_an_error_the_learners_code_raises_is_shown_with_its_message():
    def raises(v, k):
        raise ValueError("k must be positive")

    text = _failure("ch97-scale", raises)
    assert "raised ValueError: k must be positive" in text


def test_every_stub_says_which_names_to_define():
    def stub(v, k):
        raise NotImplementedError()

    text = _failure("ch97-scale", stub)
    assert "so that it defines scale" in text and "Exercise 2" in text


def _message_for_cell(source):
    """What missing_answer makes of the NameError of running ``source`` the way
    IPython runs a cell (its code registered with linecache under the cell's name)."""
    import linecache

    filename = "<ipython-input-test-cell>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    try:
        exec(compile(source, filename, "exec"), {"check_exercise": check_exercise})
    except NameError as exc:
        return missing_answer(exc, exc.__traceback__)
    finally:
        linecache.cache.pop(filename, None)
    raise AssertionError("no NameError")


def test_a_check_cell_run_before_its_answer_cell_says_which_cell_to_run():
    message = _message_for_cell('check_exercise("ch97-numbers", first, second)')
    assert isinstance(message, MissingAnswer)
    text = repr(message)
    assert text.splitlines()[0] == "Exercise 3 — three numbers by hand: not checked yet"
    assert ("first is not defined yet: run the cell of Exercise 3 (above this check) first — "
            "it defines first and second.") in text
    assert "Run All Above Selected Cell" in text
    page = message._repr_html_()
    assert "<code>first</code>" in page and "`" not in page and 'role="status"' in page


def test_a_name_error_elsewhere_gets_no_exercise_message():
    assert _message_for_cell("x = undefined_name + 1") is None
    # raised inside a function that the check cell calls: not the cell's own line
    source = 'def f():\n    return nothing_here\ncheck_exercise("ch97-numbers", f(), 1)'
    assert _message_for_cell(source) is None


# --------------------------------------------------------------------------
# in a real kernel
# --------------------------------------------------------------------------

SETUP = '''import numpy as np
from lecturekit.exercises import Mistake, check_exercise, exercise

@exercise("ch96-double", number=1, title="double a vector", points=2, kind="reproduce",
          hint="What does `2 * v` do?")
def _double(t, double):
    t.check(lambda: double(np.array([1.0, 2.0])), [2.0, 4.0], call="`double([1, 2])`")
    t.check(lambda: double(np.array([0.0, 5.0])), [0.0, 10.0], call="`double([0, 5])`")'''


@pytest.mark.slow
def test_in_a_kernel_a_check_before_its_answer_and_a_failure_show_one_box_and_no_traceback(tmp_path):
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(SETUP),
                # the check cell run before its answer cell (a kernel restart, or jumping in)
                nbformat.v4.new_code_cell('from lecturekit.exercises import check_exercise\n'
                                          'check_exercise("ch96-double", double)'),
                nbformat.v4.new_code_cell("def double(v):\n    return v + 2"),
                nbformat.v4.new_code_cell('check_exercise("ch96-double", double)'),
                nbformat.v4.new_code_cell("def double(v):\n    return 2 * v"),
                nbformat.v4.new_code_cell('check_exercise("ch96-double", double)'),
                nbformat.v4.new_code_cell("print(some_name_nobody_defined)")]
    client = NotebookClient(nb, timeout=120, kernel_name="python3", allow_errors=True,
                            resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    before, wrong, right, other = nb.cells[1], nb.cells[3], nb.cells[5], nb.cells[6]

    def kinds(cell):
        return [o["output_type"] for o in cell.outputs]

    # the answer is not there yet: one box that says which cell to run, no traceback
    assert kinds(before) == ["display_data"]
    shown = before.outputs[0]["data"]
    assert "lk-exercise-missing" in shown["text/html"]
    assert "double is not defined yet: run the cell of Exercise 1 (above this check) first" in shown["text/plain"]
    # a wrong answer: the failure box, and no second red line under it
    assert kinds(wrong) == ["display_data"]
    assert "lk-exercise-fail" in wrong.outputs[0]["data"]["text/html"]
    # the right answer: the green line
    assert kinds(right) == ["display_data"] and "lk-exercise-pass" in right.outputs[0]["data"]["text/html"]
    # any other NameError keeps IPython's own traceback
    assert kinds(other) == ["error"] and other.outputs[0]["ename"] == "NameError"


@pytest.mark.slow
def test_in_a_kernel_a_failed_check_still_stops_run_all(tmp_path):
    """The cell fails (the kernel's reply says error), so Run All stops there."""
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(SETUP),
                nbformat.v4.new_code_cell('check_exercise("ch96-double", double)'),
                nbformat.v4.new_code_cell("reached = True")]
    client = NotebookClient(nb, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": str(tmp_path)}})
    with pytest.raises(CellExecutionError):
        client.execute()
    assert nb.cells[2].outputs == [] and nb.cells[2].execution_count is None
    assert any(o["output_type"] == "display_data" for o in nb.cells[1].outputs)


def test_outside_a_notebook_the_failure_is_the_whole_text():
    text = _failure("ch97-scale", lambda v, k: [0.0, 0.0])
    assert text.startswith("✗ Exercise 2 — scale a vector: 0/2 points")
    with pytest.raises(ExerciseFailure):
        check_exercise("ch97-scale", lambda v, k: None)
