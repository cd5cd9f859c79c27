"""How long `course.py progress` and the start page's progress cell take, before and after.

    .venv/bin/python benchmarks/progress.py [--rounds 1] [--chapters all|01,04]

A workspace is made with every exercise of the chosen chapters solved (the
reference solutions typed in), then these are timed side by side in one run,
each in a fresh Python process (imports included, as a learner runs them):

* ``before``: what progress did before the fast path: the course grader
  (``grade_notebook``, no sandbox) on every chapter, one after the other;
* ``cold``: ``python -m lecturekit.learner progress`` (what ``course.py
  progress`` runs) with no cache (a new workspace, or lecturekit changed):
  only the cells each check needs, in one process;
* ``nothing changed``: the same command again (the cache answers);
* ``one chapter changed``: one answer of chapter 4 edited and saved, then the command;
* ``start page cell``: the start page's progress cell run in a Jupyter kernel
  in the workspace, nothing changed (the cell's own time, from the kernel's
  timestamps; the kernel's start is not counted), and after one chapter changed.

Times are wall clock (what the learner waits) and CPU (user + system of the
process and its children; the machine is shared, so CPU is the steadier
number).  The points of every scenario must agree; the script exits with
status 1 otherwise.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

BEFORE = """
import sys, json
from pathlib import Path
from lecturekit.homework import grade_notebook
work, source = Path(sys.argv[1]), Path(sys.argv[2])
total = 0.0
for mine in sorted(work.glob("*.ipynb")):
    if mine.name == "START.ipynb":
        continue
    report = grade_notebook(mine, source / mine.name, sandbox="none", timeout=120)
    total += report["score"]
print(json.dumps(total))
"""


def _timed(cmd, cwd=None):
    """(wall seconds, CPU seconds of the child, its stdout)."""
    before = os.times()
    started = time.perf_counter()
    done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    after = os.times()
    if done.returncode != 0:
        raise RuntimeError(f"{cmd[:3]} failed:\n{done.stderr[-3000:]}")
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return wall, cpu, done.stdout


def _solved_workspace(src, work):
    import nbformat

    from lecturekit import learner
    from lecturekit.homework import reference_solution

    learner.set_up_workspace(src, work, out=io.StringIO())
    for path in sorted(src.glob("*.ipynb")):
        instructor = nbformat.read(path, as_version=4)
        answers = {c.metadata["nbgrader"]["grade_id"]: reference_solution(c.source) for c in instructor.cells
                   if c.metadata.get("nbgrader", {}).get("solution")}
        mine = work / path.name
        nb = nbformat.read(mine, as_version=4)
        for cell in nb.cells:
            gid = cell.metadata.get("nbgrader", {}).get("grade_id")
            if gid in answers and cell.metadata["nbgrader"].get("solution"):
                cell.source = answers[gid]
        nbformat.write(nb, mine)


def _edit_one_answer(work, stem):
    import nbformat

    mine = work / f"{stem}.ipynb"
    nb = nbformat.read(mine, as_version=4)
    cell = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("solution"))
    cell.source += f"\n# edited at {time.time()}"
    nbformat.write(nb, mine)


def _start_cell(work):
    """(seconds the start page's progress cell took in a kernel, CPU seconds of the kernel)."""
    import nbformat
    from nbclient import NotebookClient

    page = nbformat.read(work / "START.ipynb", as_version=4)
    code = next(c for c in page.cells if c.cell_type == "code")
    probe = ("import os as _os; _t = _os.times(); _t.user + _t.system + "
             "_t.children_user + _t.children_system")
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(probe), nbformat.v4.new_code_cell(code.source),
                                         nbformat.v4.new_code_cell(probe)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    NotebookClient(nb, timeout=600, kernel_name="python3", record_timing=True,
                   resources={"metadata": {"path": str(work)}}).execute()
    timing = nb.cells[1].metadata["execution"]
    from datetime import datetime

    def at(key):
        return datetime.fromisoformat(timing[key].replace("Z", "+00:00"))

    wall = (at("shell.execute_reply") - at("iopub.execute_input")).total_seconds()
    cpu = float(nb.cells[2].outputs[0]["data"]["text/plain"]) - float(nb.cells[0].outputs[0]["data"]["text/plain"])
    shown = "".join(o.get("data", {}).get("text/plain", "") for o in nb.cells[1].outputs)
    return wall, cpu, shown


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--chapters", default="all", help="all, or stems' numbers such as 01,04")
    args = parser.parse_args(argv)
    paths = sorted((ROOT / "notebooks").glob("*.ipynb"))
    if args.chapters != "all":
        wanted = set(args.chapters.split(","))
        paths = [p for p in paths if p.stem[:2] in wanted]
    changed = next((p.stem for p in paths if p.stem.startswith("04")), paths[0].stem)
    python = sys.executable
    results = {}
    scratch = Path(tempfile.mkdtemp(prefix="lk-bench-progress-"))
    try:
        src = scratch / "course"
        src.mkdir()
        for p in paths:
            shutil.copyfile(p, src / p.name)
        for r in range(args.rounds):
            work = scratch / f"work{r}"
            _solved_workspace(src, work)
            command = [python, "-m", "lecturekit.learner", "progress", str(src), str(work)]
            wall, cpu, out = _timed([python, "-c", BEFORE, str(work), str(src)], cwd=ROOT)
            results.setdefault("before", []).append((wall, cpu, json.loads(out)))
            for name in ("cold", "nothing changed"):
                wall, cpu, out = _timed(command, cwd=ROOT)
                results.setdefault(name, []).append((wall, cpu, float(out.split("Total: ")[1].split("/")[0])))
            _edit_one_answer(work, changed)
            wall, cpu, out = _timed([python, "-m", "lecturekit.learner", "progress", str(src), str(work)], cwd=ROOT)
            results.setdefault("one chapter changed", []).append(
                (wall, cpu, float(out.split("Total: ")[1].split("/")[0])))
            wall, cpu, shown = _start_cell(work)
            results.setdefault("start page cell, nothing changed", []).append(
                (wall, cpu, float(shown.split("Total: ")[1].split("/")[0])))
            _edit_one_answer(work, changed)
            wall, cpu, shown = _start_cell(work)
            results.setdefault("start page cell, one chapter changed", []).append(
                (wall, cpu, float(shown.split("Total: ")[1].split("/")[0])))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    def median(values):
        values = sorted(values)
        return values[len(values) // 2]

    base = median([w for w, _, _ in results["before"]])
    base_cpu = median([c for _, c, _ in results["before"]])
    print(f"progress of {len(paths)} solved chapter(s); {args.rounds} round(s); medians; "
          f"the changed chapter is {changed}")
    print(f"{'scenario':40s} {'wall s':>8s} {'÷ before':>9s} {'CPU s':>8s} {'÷ before':>9s} {'points':>7s}")
    for name, values in results.items():
        wall, cpu = median([v[0] for v in values]), median([v[1] for v in values])
        print(f"{name:40s} {wall:8.2f} {wall / base:9.3f} {cpu:8.2f} {cpu / base_cpu:9.3f} "
              f"{median([v[2] for v in values]):7g}")
    points = {v[2] for values in results.values() for v in values}
    if len(points) != 1:
        print(f"the scenarios disagree on the points: {sorted(points)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
