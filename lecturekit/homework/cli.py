"""``python -m lecturekit.homework check|student|publish|verify|grade|mutants``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .escape import printable
from .grading import DEFAULT_TIMEOUT, format_report, grade, write_report
from .markup import MarkupError, parse_assignment
from .sandbox import SandboxUnavailable
from .student import notebook_paths, write_student_versions

__all__ = ["main"]


def _fmt(x):
    return f"{x:g}"


def _cmd_check(args):
    import nbformat

    problems = []
    for path in notebook_paths(args.paths):
        try:
            assignment = parse_assignment(nbformat.read(path, as_version=4), str(path))
        except MarkupError as exc:
            problems += exc.problems
            continue
        except Exception as exc:  # noqa: BLE001
            problems.append(f"{path}: cannot be read as a notebook: {exc}")
            continue
        print(f"{path}: {len(assignment.exercises)} exercise(s), {_fmt(assignment.max_score)} point(s)")
        for ex in assignment.exercises:
            tests = ", ".join(f"{t.grade_id} ({_fmt(t.points)})" for t in ex.tests) or "no tests"
            print(f"  {ex.grade_id}: {tests}")
        for warning in assignment.warnings:
            print(f"  warning: {warning}")
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    return 2 if problems else 0


def _cmd_student(args):
    try:
        written = write_student_versions(args.paths, args.output)
    except MarkupError as exc:
        for problem in exc.problems:
            print(f"error: {problem}", file=sys.stderr)
        print("nothing was written", file=sys.stderr)
        return 2
    for path in written:
        print(f"wrote {path}")
    return 0


def _cmd_publish(args):
    from .publish import cmd_publish

    return cmd_publish(args)


def _cmd_verify(args):
    from .publish import cmd_verify

    return cmd_verify(args)


def _cmd_grade(args):
    sandbox = "none" if args.unsandboxed else "bwrap"
    student = Path(args.student)
    try:
        if student.is_dir():
            return _grade_folder(args, student, sandbox)
        if args.scheduler or args.regrade or args.out:
            print("error: --out, --scheduler and --regrade are for a folder of submissions; "
                  f"{printable(args.student)} is a file (use --json for one report)", file=sys.stderr)
            return 2
        report = grade(args.student, args.instructor, timeout=args.timeout, executed=args.executed,
                       sandbox=sandbox).to_dict()
    except MarkupError as exc:
        for problem in exc.problems:
            print(f"error: {problem}", file=sys.stderr)
        return 2
    except SandboxUnavailable as exc:
        print(printable(f"error: {exc}"), file=sys.stderr)
        return 2
    # every process the submission started is gone: write the JSON once, then print the same data
    if args.json:
        write_report(report, args.json)
    print(format_report(report))
    return 1 if any(p.startswith("the grader could not start") for p in report["problems"]) else 0


def _grade_folder(args, folder, sandbox):
    from .classrun import grade_class

    if args.out is None:
        print("error: grading a folder needs --out FOLDER for the reports and the gradebook", file=sys.stderr)
        return 2
    if args.jobs < 1:
        print(f"error: --jobs must be a whole number of at least 1; got {args.jobs}", file=sys.stderr)
        return 2
    instructors = notebook_paths([args.instructor])
    run = grade_class(folder, instructors, args.out, jobs=args.jobs, timeout=args.timeout, sandbox=sandbox,
                      scheduler=args.scheduler, regrade=args.regrade)
    total = len(run.graded) + len(run.skipped) + len(run.failed)
    if total == 0:
        print(f"error: no submissions found in {printable(str(folder))}", file=sys.stderr)
        return 2
    engine = f"--jobs {args.jobs}" if args.scheduler is None else f"Dask, --scheduler {args.scheduler}"
    rate = 60 * len(run.graded) / run.seconds if run.seconds > 0 else 0.0
    print(f"{len(run.graded)} submission(s) graded in {run.seconds:.1f} s ({rate:.1f} per minute, {engine}); "
          f"{len(run.skipped)} skipped as already graded; {len(run.failed)} failed to grade")
    for sub, reason in run.failed:
        print(printable(f"  not graded: {sub.path}: {reason}"))
    print(printable(f"reports, gradebook.csv, gradebook_wide.csv, class_report.html and class_report.csv "
                    f"in {args.out}"))
    if run.failed:
        print("the submissions not graded get no report; running the same command again grades them",
              file=sys.stderr)
        return 1
    return 0


def _cmd_mutants(args):
    import runpy

    from .mutants import check_mutants

    registered = runpy.run_path(args.mutants)["MUTANTS"]
    status = 0
    for path in notebook_paths(args.paths):
        mine = {gid: changes for (stem, gid), changes in registered.items() if stem == path.stem}
        report = check_mutants(path, mine, timeout=args.timeout)
        print(report.format())
        if report.problems or report.without_mutants or report.killed < len(report.results):
            status = 1
    return status


def main(argv=None):
    """Entry point of ``python -m lecturekit.homework``.

    Returns the exit code: 0 on success; 2 for bad arguments, a bad
    instructor notebook or no sandbox; 1 if the grader could not start, or
    (for ``mutants``) if a mutant survived or an exercise has none.
    """
    parser = argparse.ArgumentParser(
        prog="python -m lecturekit.homework",
        description="Student versions of the course notebooks, and a sandboxed grader.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("check", help="check the exercise markup and list the exercises")
    p.add_argument("paths", nargs="+", help="notebooks or folders of notebooks")
    p.set_defaults(run=_cmd_check)
    p = sub.add_parser("student", help="write the student versions")
    p.add_argument("paths", nargs="+", help="notebooks or folders of notebooks")
    p.add_argument("-o", "--output", required=True, help="output folder (created if needed)")
    p.set_defaults(run=_cmd_student)
    p = sub.add_parser("publish", help="publish a homework: student notebooks and a student build of "
                                       "lecturekit without the keys, and the instructor's bundle")
    p.add_argument("paths", nargs="+", help="instructor notebooks or folders of them")
    p.add_argument("-o", "--output", required=True,
                   help="output folder: OUTPUT/student (hand out) and OUTPUT/instructor (keep)")
    p.add_argument("--timeout", type=int, default=600, help="seconds per cell when the notebooks run (default 600)")
    p.set_defaults(run=_cmd_publish)
    p = sub.add_parser("verify", help="check that the installed checks are the ones a homework was published with")
    p.add_argument("bundle", help="the instructor folder that publish wrote")
    p.set_defaults(run=_cmd_verify)
    p = sub.add_parser("grade", help="grade one student notebook, or a folder of submissions")
    p.add_argument("student", help="the student's .ipynb, or a folder with one submission per student "
                                   "(NAME.ipynb or NAME/notebook.ipynb)")
    p.add_argument("--instructor", required=True,
                   help="the instructor version of the same notebook (a folder of them for a folder)")
    p.add_argument("--json", help="one notebook: also write the report as JSON to this file")
    p.add_argument("--out", help="a folder of submissions: where the reports and gradebooks go")
    p.add_argument("--jobs", type=int, default=2,
                   help="a folder: submissions graded at once on this machine (default 2); with "
                        "--scheduler local, the number of Dask workers")
    p.add_argument("--scheduler",
                   help="a folder: grade on Dask: 'local' starts a LocalCluster of --jobs workers here; "
                        "tcp://HOST:8786 uses a running cluster (needs lecturekit[cluster]). Default: a "
                        "local pool of --jobs")
    p.add_argument("--regrade", action="store_true",
                   help="a folder: grade every submission again, even one whose report is up to date")
    p.add_argument("--timeout", type=int, default=DEFAULT_TIMEOUT, help="seconds per cell (default 30)")
    p.add_argument("--executed", help="write the notebook as it was run, with outputs, to this file "
                                      "(it holds the hidden tests: for the instructor only)")
    p.add_argument("--unsandboxed", action="store_true",
                   help="run the student's code WITHOUT a sandbox, with your permissions (only for code "
                        "you trust, e.g. your own)")
    p.set_defaults(run=_cmd_grade)
    p = sub.add_parser("mutants", help="check that the tests fail plausible wrong answers")
    p.add_argument("paths", nargs="+", help="instructor notebooks or folders of them")
    p.add_argument("--mutants", required=True,
                   help="a Python file defining MUTANTS = {(notebook stem, grade_id): [(description, change)]}")
    p.add_argument("--timeout", type=int, default=DEFAULT_TIMEOUT, help="seconds per cell (default 30)")
    p.set_defaults(run=_cmd_mutants)
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except (FileNotFoundError, OSError) as exc:
        print(printable(f"error: {exc}"), file=sys.stderr)
        return 2
    except ImportError as exc:
        print(printable(f"error: {exc}"), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
