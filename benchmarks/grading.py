"""Grading time per chapter before and after the sandbox, and a class folder's throughput.

    .venv/bin/python benchmarks/grading.py [--chapters 01,04,07|all] [--before COMMIT] [--students 8] [--jobs 2]
    .venv/bin/python benchmarks/grading.py --class-only [--class-chapter 04] [--class-students 8]

For each chapter, the student version with the reference solutions put back
is graded three ways, each in a fresh process so that nothing is cached:

* ``before``: the grader of ``--before`` (default: the last commit before the
  sandbox, 12bd5d7), one Jupyter kernel per grade;
* ``none``: this grader without a sandbox (the learner's ``progress`` path);
* ``bwrap``: this grader with the bubblewrap sandbox.

``bwrap - none`` is the price of the sandbox; it is also measured alone
(start both processes, wait until they answer, stop them).  Then a folder of ``--students``
copies of chapter 4 (alternately solved and as handed out) is graded with
``--jobs`` workers, and the submissions per minute are printed.  Times are wall
clock on whatever else the machine is doing: compare columns of one run.

Then (or alone, with ``--class-only``) a class run three ways, side by side in
one run, on the same folder of ``--class-students`` solved copies of the whole
chapter ``--class-chapter`` (as a student hands it in): ``--jobs 1``,
``--jobs 2`` (the local pool) and ``--scheduler local`` with 2 Dask workers.
For each: submissions per minute (wall clock, start-up included), and seconds
per submission split into sandbox start (starting and stopping the runner in
bubblewrap and the checker), execution (the student's cells) and checks (the
test cells), all measured inside each grade, plus the overhead: (wall time -
cluster start-up) x parallel grades / submissions - (start + execution +
checks), that is, everything a grade does not account for (reading and
writing files, scheduling, transfer, waiting for a free worker).  The Dask
cluster's start-up and shut-down (LocalCluster, workers asked about their
sandbox, closing) is a column of its own: it is paid once per class run, not
per submission.  "Sandbox start" is both processes (the runner in bubblewrap
and the checker) starting Python and their imports until they answer, and
stopping; the sandbox's own share of it is the difference between starting
them with and without bubblewrap, measured last.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

GRADE_ONE = """
import sys, time
import nbformat
from lecturekit import homework as hw
student, instructor, mode = sys.argv[1:4]
kwargs = {} if mode == "before" else {"sandbox": mode}
started = time.monotonic()
report = hw.grade(student, instructor, **kwargs)
print(f"{time.monotonic() - started:.3f} {report.score:g} {report.max_score:g}")
"""


def solved_copy(instructor, target):
    import nbformat

    from lecturekit import homework as hw

    nb = nbformat.read(instructor, as_version=4)
    student = hw.student_version(nb, str(instructor))
    for ex in hw.parse_assignment(nb).exercises:
        student.cells[ex.cell_index].source = hw.reference_solution(nb.cells[ex.cell_index].source)
    nbformat.write(student, target)
    return student


def time_grade(pythonpath, student, instructor, mode):
    """Seconds inside grade() (imports excluded), and the score, in a fresh process."""
    done = subprocess.run([sys.executable, "-c", GRADE_ONE, str(student), str(instructor), mode],
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(pythonpath)},
                          cwd=tempfile.gettempdir(), timeout=600)
    if done.returncode != 0:
        raise RuntimeError(done.stderr[-2000:])
    seconds, score, full = done.stdout.split()[-3:]
    return float(seconds), f"{score}/{full}"


def session_cost(mode, repeat=5):
    """Seconds to start the runner (sandboxed or not) and the checker, wait until both answer, and stop them."""
    import statistics

    from lecturekit.homework import engine

    times = []
    for _ in range(repeat):
        started = time.monotonic()
        session = engine._Session(mode, None, None, ["import numpy as np"], None)
        try:
            assert session.start() is None
        finally:
            session.close()
        times.append(time.monotonic() - started)
    return statistics.median(times)


def class_benchmark(chapter, students, tmp):
    """The table of a class run three ways (see the module's docstring); returns its Markdown lines."""
    import statistics

    import nbformat

    from lecturekit import homework as hw

    folder = tmp / "class-bench"
    folder.mkdir()
    for k in range(students):
        solved_copy(chapter, folder / f"s{k:02d}.ipynb")
    sandbox = "bwrap" if hw.sandbox_status()[0] else "none"
    rows = []
    for label, jobs, scheduler in [("--jobs 1", 1, None), ("--jobs 2", 2, None),
                                   ("--scheduler local (2 workers)", 2, "local")]:
        started = time.monotonic()
        run = hw.grade_class(folder, [chapter], tmp / f"out-{jobs}-{scheduler}", jobs=jobs, scheduler=scheduler,
                             sandbox=sandbox, regrade=True, progress=False, echo=lambda line: None)
        wall = time.monotonic() - started
        assert len(run.graded) == students and not run.failed, run.failed
        scores = {f"{r['score']:g}/{r['max_score']:g}" for r in run.reports}
        parts = {key: statistics.mean(r["seconds"][key] for r in run.reports) for key in ("start", "cells", "tests")}
        inside = sum(parts.values())
        overhead = (wall - run.startup) * jobs / students - inside
        rows.append(f"| {label} | {students} | {wall:.1f} s | {60 * students / wall:.1f} | {parts['start']:.2f} s | "
                    f"{parts['cells']:.2f} s | {parts['tests']:.2f} s | {overhead:+.2f} s | "
                    f"{run.startup:.1f} s | {', '.join(sorted(scores))} |")
        print(rows[-1], flush=True)
    head = ["| engine | submissions | wall | per minute | sandbox start | execution | checks | overhead "
            "| cluster start-up and shut-down | scores |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"]
    costs = {mode: session_cost(mode) for mode in (["bwrap", "none"] if sandbox == "bwrap" else ["none"])}
    tail = ["", "starting and stopping the two processes of a grade alone (median of 5): "
            + ", ".join(f"{mode} {cost:.2f} s" for mode, cost in costs.items())]
    return head + rows + tail


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chapters", default="01,04,07", help="comma-separated chapter numbers, or 'all'")
    parser.add_argument("--before", default="12bd5d7", help="the commit whose grader is 'before'")
    parser.add_argument("--students", type=int, default=8)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--class-only", action="store_true", help="only the class run three ways")
    parser.add_argument("--class-chapter", default="04", help="the chapter of the class run (default 04)")
    parser.add_argument("--class-students", type=int, default=8)
    args = parser.parse_args(argv)
    if args.class_only:
        (chapter,) = (ROOT / "notebooks").glob(f"{args.class_chapter.zfill(2)}_*.ipynb")
        print(f"class run of {args.class_students} solved copies of {chapter.stem}, three ways (one run)")
        with tempfile.TemporaryDirectory() as tmp:
            print("\n".join(class_benchmark(chapter, args.class_students, Path(tmp))))
        return
    from lecturekit import homework as hw

    chapters = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    if args.chapters != "all":
        wanted = {c.zfill(2) for c in args.chapters.split(",")}
        chapters = [c for c in chapters if c.name[:2] in wanted]
    modes = ["before", "none"] + (["bwrap"] if hw.sandbox_status()[0] else [])
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        old = tmp / "before"
        old.mkdir()
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.before, "lecturekit"],
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(old)], input=archive, check=True)
        print(f"grading time per chapter, reference solutions (s inside grade(); fresh process each)")
        print(f"{'chapter':<28}" + "".join(f"{m:>16}" for m in modes) + f"{'sandbox cost':>14}")
        for chapter in chapters:
            student = tmp / chapter.name
            solved_copy(chapter, student)
            row, seconds = [], {}
            for mode in modes:
                path = old if mode == "before" else ROOT
                seconds[mode], score = time_grade(path, student, chapter, mode)
                row.append(f"{seconds[mode]:8.2f} ({score:>5})")
            cost = f"{seconds['bwrap'] - seconds['none']:+.2f}" if "bwrap" in seconds else "n/a"
            print(f"{chapter.stem:<28}" + "".join(f"{r:>16}" for r in row) + f"{cost:>14}")

        print("\nstarting and stopping the two processes of a grade (median of 5, s)")
        for mode in modes[1:]:
            print(f"  {mode:<6} {session_cost(mode):.2f}")

        chapter = ROOT / "notebooks" / "04_perceptron.ipynb"
        folder = tmp / "class"
        folder.mkdir()
        import nbformat

        for k in range(args.students):
            if k % 2:
                nbformat.write(hw.student_version(nbformat.read(chapter, as_version=4)), folder / f"s{k:02d}.ipynb")
            else:
                solved_copy(chapter, folder / f"s{k:02d}.ipynb")
        sandbox = "bwrap" if "bwrap" in modes else "none"
        started = time.monotonic()
        reports, seconds = hw.grade_folder(folder, [chapter], tmp / "reports", jobs=args.jobs, sandbox=sandbox)
        wall = time.monotonic() - started
        print(f"\nfolder of {len(reports)} chapter-4 submissions, --jobs {args.jobs}, sandbox {sandbox}: "
              f"{wall:.1f} s, {60 * len(reports) / wall:.1f} submissions per minute")
        (chapter,) = (ROOT / "notebooks").glob(f"{args.class_chapter.zfill(2)}_*.ipynb")
        print(f"\nclass run of {args.class_students} solved copies of {chapter.stem}, three ways (one run)")
        print("\n".join(class_benchmark(chapter, args.class_students, tmp)))


if __name__ == "__main__":
    main()
