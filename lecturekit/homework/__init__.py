"""Homework from the course notebooks: student versions and a grader that cannot be fooled.

The chapter notebooks mark their exercises with nbgrader's markup, so an
instructor who runs nbgrader can use the same files.  This package needs no
nbgrader.  Its modules, one job each:

* :mod:`~lecturekit.homework.markup`: the markup (solution cells, test cells,
  hidden tests) and its checks;
* :mod:`~lecturekit.homework.student`: the student versions;
* :mod:`~lecturekit.homework.keys`, :mod:`~lecturekit.homework.publish`: homework without the keys (each
  exercise's visible check derived from its full check, a student build of lecturekit, the
  instructor's bundle);
* :mod:`~lecturekit.homework.sandbox`: running the student's code (bubblewrap);
* :mod:`~lecturekit.homework.engine`, :mod:`~lecturekit.homework.grading`:
  grading (student cells in the sandbox, test cells in a clean checker process
  that only sees plain data) and the report;
* :mod:`~lecturekit.homework.plain`: the plain-data format between the two;
* :mod:`~lecturekit.homework.mutants`: tests of the tests (wrong answers must lose points);
* :mod:`~lecturekit.homework.submissions`: which file of a class folder is whose, for which notebook
  (renamed files matched), and what is not graded and why;
* :mod:`~lecturekit.homework.roster`: the class list; :mod:`~lecturekit.homework.manual`: the
  manual-grading sheet;
* :mod:`~lecturekit.homework.gradebook`: each student's status per notebook, and the gradebook CSVs
  (long, Canvas, Moodle);
* :mod:`~lecturekit.homework.classrun`: grading a class, resumable (reports record the hashes they
  were graded from), on a local pool or on Dask (:mod:`~lecturekit.homework.cluster`);
* :mod:`~lecturekit.homework.classreport`: what the class got wrong, and what needs a person (HTML, CSV);
* :mod:`~lecturekit.homework.handback`: the feedback pages to hand back;
* :mod:`~lecturekit.homework.escape`: student text made safe for terminals, CSV, HTML and file names;
* :mod:`~lecturekit.homework.cli`: the command line::

    python -m lecturekit.homework check   notebooks/
    python -m lecturekit.homework student notebooks/ -o build/student/
    python -m lecturekit.homework publish notebooks/ -o build/homework/
    python -m lecturekit.homework verify  build/homework/instructor/
    python -m lecturekit.homework grade   STUDENT.ipynb --instructor notebooks/04_perceptron.ipynb
                                          [--json out.json] [--timeout 30] [--executed out.ipynb]
                                          [--unsandboxed]
    python -m lecturekit.homework grade   SUBMISSIONS/ --instructor notebooks/ --out reports/
                                          [--jobs 2] [--scheduler local|tcp://HOST:8786] [--regrade]
                                          [--roster class.csv] [--manual marks.csv]
                                          [--columns notebooks|exercises] [--no-feedback]
    python -m lecturekit.homework sheet   reports/ -o marks.csv [--update]
    python -m lecturekit.homework mutants notebooks/ --mutants tests/homework_fixtures/mutants.py

For a learner's own code, no sandbox is needed and any OS works::

    from lecturekit.homework import grade_notebook
    report = grade_notebook("my-work/04_perceptron.ipynb", "notebooks/04_perceptron.ipynb",
                            sandbox="none")
"""

from .classrun import grade_class
from .cli import main
from .gradebook import find_submissions, grade_folder, write_gradebook
from .grading import DEFAULT_TIMEOUT, GradeReport, TestResult, format_report, grade, grade_notebook, write_report
from .markup import (BEGIN_HIDDEN_TESTS, BEGIN_SOLUTION, CODE_STUB, END_HIDDEN_TESTS, END_SOLUTION, Assignment,
                     Exercise, MarkupError, TestCell, clear_hidden_tests, clear_solutions, parse_assignment,
                     reference_solution)
from .mutants import (MutantReport, MutantResult, check_mutants, misconception_id, misconceptions_offered,
                      mutant_messages, mutant_source)
from .sandbox import SandboxUnavailable, sandbox_status
from .student import student_version, write_student_versions

__all__ = [
    "BEGIN_SOLUTION", "END_SOLUTION", "BEGIN_HIDDEN_TESTS", "END_HIDDEN_TESTS", "CODE_STUB",
    "MarkupError", "Assignment", "Exercise", "TestCell",
    "clear_solutions", "clear_hidden_tests", "reference_solution",
    "parse_assignment", "student_version", "write_student_versions",
    "GradeReport", "TestResult", "grade", "grade_notebook", "format_report", "write_report",
    "SandboxUnavailable", "sandbox_status", "DEFAULT_TIMEOUT",
    "mutant_source", "MutantResult", "MutantReport", "check_mutants",
    "misconception_id", "misconceptions_offered", "mutant_messages",
    "find_submissions", "grade_folder", "write_gradebook", "grade_class", "main",
]
