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


def _error(text):
    print(printable(f"error: {text}"), file=sys.stderr)
    return 2


def _instructor_for(student, instructor):
    """The instructor notebook for one student file: the path itself, or the one of a folder whose name the
    file's name contains (as a class run matches it)."""
    from .submissions import match_notebook

    if instructor.is_file():
        return instructor
    if not instructor.exists():
        raise FileNotFoundError(f"--instructor {instructor}: no such file or folder; check the path")
    candidates = notebook_paths([instructor])
    by_stem = {p.stem: p for p in candidates}
    if student.stem in by_stem:
        return by_stem[student.stem]
    hits = match_notebook(student.stem, list(by_stem))
    if len(hits) != 1:
        what = "no instructor notebook's name" if not hits else "more than one notebook's name"
        raise FileNotFoundError(f"{student.name}: its name contains {what} in {instructor}; give the instructor "
                                "notebook itself with --instructor")
    return by_stem[hits[0][0]]


def _cmd_grade(args):
    sandbox = "none" if args.unsandboxed else "bwrap"
    student = Path(args.student)
    if not student.exists():
        return _error(f"no such file or folder: {args.student}; check the path (a student's notebook, or a "
                      "folder of submissions with --out)")
    if student.is_dir():
        return _grade_folder(args, student, sandbox)
    if args.scheduler or args.regrade or args.out or args.roster or args.manual:
        return _error(f"--out, --scheduler, --regrade, --roster and --manual are for a folder of submissions; "
                      f"{args.student} is a file (use --json for one report)")
    try:
        with open(student, "rb"):
            pass
    except OSError as exc:
        return _error(f"cannot read {args.student} ({exc.strerror or exc}); check its permissions")
    try:
        instructor = _instructor_for(student, Path(args.instructor))
        report = grade(args.student, instructor, timeout=args.timeout, executed=args.executed,
                       sandbox=sandbox).to_dict()
    except MarkupError as exc:
        for problem in exc.problems:
            print(printable(f"error: {problem}"), file=sys.stderr)
        return 2
    except (SandboxUnavailable, FileNotFoundError) as exc:
        return _error(exc)
    except Exception as exc:  # noqa: BLE001 - an instructor notebook that is not one
        return _error(f"--instructor {args.instructor}: cannot be read as a notebook ({type(exc).__name__}: "
                      f"{str(exc)[:200]})")
    # every process the submission started is gone: write the JSON once, then print the same data
    if args.json:
        write_report(report, args.json)
    print(format_report(report))
    return 1 if any(p.startswith("the grader could not start") for p in report["problems"]) else 0


def _listed(items, limit=20):
    """At most ``limit`` lines, then how many more."""
    items = list(items)
    shown = items[:limit]
    if len(items) > limit:
        shown.append(f"  ... and {len(items) - limit} more (class_report.html lists them all)")
    return shown


def _published_homework(instructor):
    """For instructor notebooks that ``publish`` wrote: warn if the installed checks are not the published
    ones, and return the feedback pages' redactor (what the students' build may say), else None."""
    from .publish import bundle_of, feedback_redactor, verify

    bundle = bundle_of(instructor)
    if bundle is None:
        return None
    for problem in verify(bundle):
        print(printable(f"warning: {problem}"), file=sys.stderr)
    return feedback_redactor(bundle)


def _grade_folder(args, folder, sandbox):
    from .classrun import ClassRunError, grade_class
    from .cluster import SchedulerError
    from .manual import ManualError
    from .roster import RosterError

    if args.out is None:
        return _error("grading a folder needs --out FOLDER for the reports and the gradebook")
    if args.jobs < 1:
        return _error(f"--jobs must be a whole number of at least 1; got {args.jobs}")
    try:
        instructors = notebook_paths([args.instructor])
    except FileNotFoundError:
        what = "folder has no notebook" if Path(args.instructor).is_dir() else "no such file or folder"
        return _error(f"--instructor {args.instructor}: {what}; give the instructor notebook, or a folder of them")
    redact = _published_homework(args.instructor)
    try:
        run = grade_class(folder, instructors, args.out, jobs=args.jobs, timeout=args.timeout, sandbox=sandbox,
                          scheduler=args.scheduler, regrade=args.regrade, roster=args.roster,
                          roster_column=args.roster_column, manual=args.manual, columns=args.columns,
                          feedback=not args.no_feedback, feedback_redact=redact)
    except MarkupError as exc:
        for problem in exc.problems:
            print(printable(f"error: {problem}"), file=sys.stderr)
        return 2
    except ManualError as exc:
        for problem in exc.problems:
            print(printable(f"error: {problem}"), file=sys.stderr)
        print("nothing was graded; fix the sheet and run again", file=sys.stderr)
        return 2
    except (ClassRunError, RosterError, SchedulerError, SandboxUnavailable) as exc:
        return _error(exc)
    except KeyboardInterrupt:
        raise
    except Exception as exc:  # noqa: BLE001 - e.g. the Dask scheduler lost mid-run: one line, not a traceback
        print(printable(f"error: the run stopped ({type(exc).__name__}: {str(exc)[:300]}); the reports written "
                        "so far are kept: run the same command again to grade the rest"), file=sys.stderr)
        return 1
    total = len(run.graded) + len(run.skipped) + len(run.failed) + len(run.unmatched)
    if total == 0:
        return _error(f"no submissions found in {folder}")
    engine = f"--jobs {args.jobs}" if args.scheduler is None else f"Dask, --scheduler {args.scheduler}"
    rate = 60 * len(run.graded) / run.seconds if run.seconds > 0 else 0.0
    print(f"{len(run.graded)} submission(s) graded in {run.seconds:.1f} s ({rate:.1f} per minute, {engine}); "
          f"{len(run.skipped)} skipped as already graded; {len(run.failed)} failed to grade")
    lines = [f"  not graded: {sub.path}: {reason}" for sub, reason in run.failed]
    lines += [f"  not graded: {path}: {reason}" for path, _, reason in run.unmatched]
    if lines:
        print(f"{len(lines)} file(s) not graded, each with the reason:")
    for line in _listed(lines):
        print(printable(line))
    renamed = [sub for sub in run.graded + run.skipped if sub.how == "matched"]
    if renamed:
        print(f"{len(renamed)} renamed file(s) matched to their notebook by name, e.g. "
              + printable(f"{renamed[0].path} as {renamed[0].notebook}"))
    if run.ignored:
        print(printable(f"{len(run.ignored)} file(s) ignored (hidden, or beside a student's notebook), e.g. "
                        f"{run.ignored[0][0]}"))
    statuses = {}
    for entry in run.entries:
        statuses.setdefault(entry.status, []).append(entry)
    for status in ("unreadable", "timed out"):
        for entry in statuses.get(status, [])[:20]:
            print(printable(f"  {status}: {entry.student}, {entry.notebook}: {entry.reason}"))
    if run.not_handed_in:
        print(printable(f"nothing handed in for {', '.join(run.not_handed_in)}: left out of the gradebooks"))
    missing = {}
    for entry in statuses.get("missing", []):
        missing.setdefault(entry.notebook, []).append(entry.student)
    for notebook, students in sorted(missing.items()):
        print(printable(f"missing (0 points) for {notebook}: {len(students)}: {', '.join(students[:20])}"
                        + (" ..." if len(students) > 20 else "")))
    if args.roster:
        if run.off_roster:
            print(printable(f"  graded but not on the roster (rename the file or add the student): "
                            f"{', '.join(run.off_roster[:20])}"))
    for problem in _listed(run.problems):
        print(printable(f"  to fix: {problem}"))
    feedback = ", feedback/" if not args.no_feedback else ""
    print(printable(f"reports, gradebook.csv, gradebook_canvas.csv, gradebook_moodle.csv, class_report.html"
                    f"{feedback} in {args.out}"))
    if not run.complete:
        print("some files or students need a look (listed above and in class_report.html); a submission that "
              "failed to grade is graded by running the same command again", file=sys.stderr)
        return 1
    return 0


def _cmd_sheet(args):
    from .manual import ManualError, reports_in, write_sheet

    if not Path(args.reports).is_dir():
        return _error(f"no such folder: {args.reports} (the --out folder of a class run)")
    reports = reports_in(args.reports)
    if not reports:
        return _error(f"no reports in {args.reports}; grade the class first (grade SUBMISSIONS/ --out "
                      f"{args.reports})")
    try:
        rows = write_sheet(reports, args.output, update=args.update)
    except FileExistsError as exc:
        return _error(exc)
    except ManualError as exc:
        for problem in exc.problems:
            print(printable(f"error: {problem}"), file=sys.stderr)
        return 2
    print(printable(f"wrote {args.output}: {rows} row(s), one per student, notebook and exercise; fill in "
                    "'points' and/or 'comment', then merge with: grade ... --manual " + str(args.output)))
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

    Returns the exit code (docs/instructors.md, "Exit codes"): 0 on success;
    2 when the command cannot run (bad arguments, a path that does not exist,
    a bad instructor notebook, roster or manual sheet, no sandbox, a scheduler
    address that is not a Dask scheduler, an --out that cannot be written);
    1 when it ran but something needs a look: a class run with files or
    students not graded, or one grade whose processes could not start, or
    (for ``mutants``) a mutant that survived or an exercise without one;
    130 when interrupted.
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
                   help="the instructor version of the same notebook, or a folder of them (each submission is "
                        "matched to the one whose name its name contains)")
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
    p.add_argument("--roster", help="a folder: a CSV of the class (a header row, one row per student); everyone "
                                    "on it gets a gradebook row, 0 points and 'missing' if nothing was handed in")
    p.add_argument("--roster-column", help="the roster's column naming the students as their submissions are "
                                           "named (default: SIS Login ID, login, username, student_id, student, "
                                           "id or email, the first there)")
    p.add_argument("--manual", help="a folder: a filled-in manual sheet (python -m lecturekit.homework sheet) "
                                    "to merge into the gradebooks and the feedback")
    p.add_argument("--columns", choices=("notebooks", "exercises"), default="notebooks",
                   help="a folder: the Canvas/Moodle gradebook's score columns: one per notebook (its total; "
                        "the default) or one per exercise")
    p.add_argument("--no-feedback", action="store_true",
                   help="a folder: do not write the feedback files (feedback/STUDENT/NOTEBOOK.html)")
    p.add_argument("--timeout", type=int, default=DEFAULT_TIMEOUT, help="seconds per cell (default 30)")
    p.add_argument("--executed", help="write the notebook as it was run, with outputs, to this file "
                                      "(it holds the hidden tests: for the instructor only)")
    p.add_argument("--unsandboxed", action="store_true",
                   help="run the student's code WITHOUT a sandbox, with your permissions (only for code "
                        "you trust, e.g. your own)")
    p.set_defaults(run=_cmd_grade)
    p = sub.add_parser("sheet", help="write the manual-grading sheet of a class run's reports (CSV)")
    p.add_argument("reports", help="the --out folder of a class run")
    p.add_argument("-o", "--output", required=True, help="the sheet to write (CSV)")
    p.add_argument("--update", action="store_true",
                   help="the sheet exists: add the rows of new reports and keep what is filled in")
    p.set_defaults(run=_cmd_sheet)
    p = sub.add_parser("mutants", help="check that the tests fail plausible wrong answers")
    p.add_argument("paths", nargs="+", help="instructor notebooks or folders of them")
    p.add_argument("--mutants", required=True,
                   help="a Python file defining MUTANTS = {(notebook stem, grade_id): [(description, change)]}")
    p.add_argument("--timeout", type=int, default=DEFAULT_TIMEOUT, help="seconds per cell (default 30)")
    p.set_defaults(run=_cmd_mutants)
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except FileNotFoundError as exc:
        missing = f"no such file or folder: {exc.filename}" if exc.filename else str(exc)
        print(printable(f"error: {missing}"), file=sys.stderr)
        return 2
    except OSError as exc:
        where = f" ({exc.filename})" if exc.filename else ""
        print(printable(f"error: {exc.strerror or exc}{where}"), file=sys.stderr)
        return 2
    except ImportError as exc:
        print(printable(f"error: {exc}"), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
