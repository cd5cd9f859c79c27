"""pytest hooks for the whole repository: the notebooks under notebooks/ (strict
nbval) as well as tests/. They live here, at the root, because a conftest.py
in tests/ does not reach the items collected from notebooks/."""

import gc
import os
import signal
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item):
    """Hide MPLBACKEND from the kernels that nbval starts.

    A kernel inherits os.environ, and with MPLBACKEND=Agg (tests/conftest.py
    sets it for the tests' own plots) ipykernel does not pick its inline
    backend: figures would vanish and every plotting cell would differ from the
    outputs `course.py regen` made (regen runs with MPLBACKEND unset).
    """
    if item.path.suffix != ".ipynb":
        yield
        return
    saved = os.environ.pop("MPLBACKEND", None)
    try:
        yield
    finally:
        if saved is not None:
            os.environ["MPLBACKEND"] = saved


# --------------------------------------------------------------------------
# The grader's tests (marker `grader`) and one chapter's tests (--chapter)
# --------------------------------------------------------------------------

# The grading machinery's tests: about half of the whole run. `course.py test
# --grader` runs only them, `--no-grader` everything else (`-m "not grader"`).
GRADER_TESTS = ("tests/test_homework*.py", "tests/test_class_*.py", "lecturekit/homework/*")


def pytest_addoption(parser):
    parser.addoption(
        "--chapter", action="append", default=[], metavar="STEM",
        help="keep only the tests of this chapter (e.g. 04_perceptron; repeatable): its notebook, "
             "tests/test_chapter_NN.py, lecturekit/exercises/chNN.py and every test whose id names "
             "the stem or the grade-id prefix chNN- (python3 course.py test --chapter 04 passes it)")


def is_grader_test(path):
    """True for a test file (or a doctest module) of the grading machinery."""
    rel = Path(path).resolve().relative_to(ROOT) if Path(path).resolve().is_relative_to(ROOT) else None
    return rel is not None and any(rel.match(pattern) for pattern in GRADER_TESTS)


def concerns_chapter(item, stem):
    """True if a collected test belongs to the chapter whose notebook is notebooks/<stem>.ipynb."""
    number = stem.split("_", 1)[0]
    path = Path(item.path).resolve()
    if path.suffix == ".ipynb":
        return path.stem == stem
    if path.name == f"test_chapter_{number}.py" or path == ROOT / "lecturekit" / "exercises" / f"ch{number}.py":
        return True
    # a parametrized test of every chapter: its id names the notebook or a grade id of the chapter
    params = item.name.partition("[")[2]
    return stem in params or f"ch{number}-" in params


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Mark the grader's tests `grader` (before -m selects), then keep only the
    chosen chapters' tests when --chapter is given."""
    for item in items:
        if is_grader_test(item.path):
            item.add_marker(pytest.mark.grader)
    stems = config.getoption("chapter")
    if not stems:
        return
    unknown = [stem for stem in stems if not (ROOT / "notebooks" / f"{stem}.ipynb").exists()]
    if unknown:
        raise pytest.UsageError(f"--chapter {unknown[0]}: no notebooks/{unknown[0]}.ipynb "
                                "(give the notebook's stem, e.g. 04_perceptron)")
    kept, dropped = [], []
    for item in items:
        (kept if any(concerns_chapter(item, stem) for stem in stems) else dropped).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


# --------------------------------------------------------------------------
# A passing run prints no traceback
# --------------------------------------------------------------------------

@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session):
    """In a pytest-xdist worker, finish the heavy clean-up while the controller still waits.

    A worker reports "finished" as its last pytest_sessionfinish ends; then pytest
    still runs a full garbage collection (twice, to report unraisable exceptions),
    and execnet gives it 5 s before it sends the worker a SIGINT. On a loaded
    machine a collection of this suite's heap (matplotlib, scikit-learn, Jupyter)
    can take longer, and the KeyboardInterrupt lands in whatever runs then, e.g.
    hypothesis's gc callback: a passing run printed "Exception ignored in
    gc_callback ... KeyboardInterrupt". So the worker collects here, before it
    reports, and freezes what is left (pytest's later collections skip it); and
    since its results are in, an interrupt can only cut its clean-up short: it is
    ignored (execnet ends the worker after 10 s more in any case).
    """
    if not hasattr(session.config, "workerinput"):
        return
    gc.collect()
    gc.freeze()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
