#!/usr/bin/env python3
"""Time every explorer's redraw, this checkout's against another revision's, side by side in one run.

A redraw is timed kernel-side, as a slider in the browser causes it: from
setting a control's ``value`` to the new picture being in the explorer's
``Output`` (without a running event loop the explorer redraws synchronously,
inside the assignment).  For every explorer, every control is moved through
several values (the MOVES table below); each round builds a fresh explorer,
so first visits of a value are timed too (nothing is cached across rounds).
Rounds alternate old and new.  Per round the script takes the median and the
95th percentile of the redraw times; the table shows the best (smallest) of
the rounds, in wall-clock time and in CPU time of the timing process.

"old" is the whole ``lecturekit`` package of another git revision (default
``main``), extracted with ``git archive`` into a temporary folder; old and
new each run in a worker process of their own (same Python, same installed
packages), which the script asks for one round at a time, alternating.
Explorers that do not exist in the old revision are timed for "new" only.

Usage::

    python benchmarks/explorers.py                 # 3 rounds, old = main
    python benchmarks/explorers.py --rounds 5 --old 0c0c5ff --only bound_explorer

Raw times go to benchmarks/results/explorers.json (not committed).
"""

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_var] = "1"
os.environ.pop("MPLBACKEND", None)

import argparse  # noqa: E402
import json  # noqa: E402
import platform  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

import matplotlib  # noqa: E402

matplotlib.use("Agg")

TARGET_MEDIAN_MS, TARGET_P95_MS = 50.0, 100.0


def _step_values(box):
    top = box.controls["step"].max
    return sorted(set(np.linspace(0, top, min(top + 1, 8)).round().astype(int).tolist()))


# control -> values, in the order they are moved; a callable gets the explorer
MOVES = {
    "dot_product_explorer": {n: [-3.0, -1.5, 0.5, 2.0, 3.5] for n in ("a1", "a2", "b1", "b2")},
    "hyperplane_explorer": {"w1": [-2.0, -1.0, 0.5, 1.5, 2.5], "w2": [-2.0, -1.0, 0.5, 1.5, 2.5],
                            "b": [-2.0, -1.0, 0.5, 1.5, 2.5], "k": [0.5, 1.0, 2.0, 3.0],
                            "swap": [True, False], "flip": [True, False]},
    "perceptron_stepper": {"data": ["separable: 20 points", "unbalanced (Flach Fig. 7.5)", "centroid failure",
                                    "noisy: not separable", "toy: 4 points", "separable: 20 points"],
                           "step": _step_values, "eta": [0.5, 1.5, 1.0],
                           "start": ["basic linear classifier", "zeros"]},
    "learning_rate_explorer": {"eta": [0.05, 0.1, 0.5, 1.0, 2.0, 5.0, 0.2],
                               "start": ["zeros", "basic linear classifier"]},
    "gradient_descent_explorer": {"eta": [0.001, 0.01, 0.1, 1.0, 10.0, 0.02], "n_iter": [1, 10, 50, 100, 30],
                                  "schedule": ["1/k", "constant"], "criterion": ["squared error", "perceptron"]},
    "multiclass_explorer": {"method": ["perceptron", "least_squares", "centroid"],
                            "scheme": ["pairwise", "linear machine", "one-vs-rest"]},
    "feature_map_explorer": {"a": [0.5, 1.5, 2.0, 1.0], "b": [0.5, 1.5, 2.0, 1.0],
                             "learner": ["least squares", "basic linear classifier", "perceptron"]},
    "outlier_explorer": {"ox": [-6.0, -2.0, 2.0, 6.0], "oy": [-6.0, -2.0, 2.0, 6.0], "n_pos": [5, 20, 40, 60]},
    "bound_explorer": {"gamma": [0.05, 0.1, 0.2, 0.3, 0.5], "R": [1.5, 3.0, 5.0, 7.5, 10.0]},
}


def extract(rev):
    """The lecturekit package of git revision ``rev``, extracted into a temporary folder (its path)."""
    folder = Path(tempfile.mkdtemp(prefix="lk-old-"))
    archive = subprocess.run(["git", "archive", rev, "lecturekit"], cwd=ROOT, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


class Worker:
    """A process that imports lecturekit from ``root`` and times one round of an explorer when asked."""

    def __init__(self, root):
        self.process = subprocess.Popen([sys.executable, __file__, "--worker", str(root)], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, bufsize=1)
        self.names = set(json.loads(self.process.stdout.readline()))

    def round(self, name):
        self.process.stdin.write(name + "\n")
        answer = json.loads(self.process.stdout.readline())
        return np.array(answer["wall"]), np.array(answer["cpu"])

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=60)


def serve(root):
    """The worker's loop: one explorer name per line in, its round's times (JSON) out."""
    sys.path.insert(0, str(root))
    import lecturekit

    assert Path(lecturekit.__file__).resolve().is_relative_to(Path(root).resolve()), lecturekit.__file__
    widgets = lecturekit.widgets
    print(json.dumps([name for name in MOVES if hasattr(widgets, name)]), flush=True)
    for line in sys.stdin:
        wall, cpu = one_round(getattr(widgets, line.strip()), MOVES[line.strip()])
        print(json.dumps({"wall": wall.tolist(), "cpu": cpu.tolist()}), flush=True)


def one_round(make, moves):
    """Build a fresh explorer, move every control; return the wall and CPU times (s) of each redraw."""
    box = make()
    wall, cpu = [], []
    for name, values in moves.items():
        control = box.controls[name]
        for value in (values(box) if callable(values) else values):
            if control.value == value:
                continue  # no change, no redraw
            t0, c0 = time.perf_counter(), time.process_time()
            control.value = value
            wall.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
    box.close()
    return np.array(wall), np.array(cpu)


def stats(times):
    return {"median_ms": 1e3 * float(np.median(times)), "p95_ms": 1e3 * float(np.percentile(times, 95)),
            "max_ms": 1e3 * float(times.max()), "n": int(times.size)}


def best(rounds, key):
    return {stat: min(r[key][stat] for r in rounds) for stat in ("median_ms", "p95_ms", "max_ms")}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--old", default="main", help="git revision of the old explorers (default main)")
    parser.add_argument("--only", nargs="*", help="explorer names")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return serve(args.worker)
    workers = {"old": Worker(extract(args.old)), "new": Worker(ROOT)}
    names = args.only or list(MOVES)
    results = {"machine": {"python": platform.python_version(), "matplotlib": matplotlib.__version__,
                           "cpus": os.cpu_count(), "load_before": os.getloadavg()},
               "old": args.old, "rounds": args.rounds, "explorers": {}}
    for name in names:
        impls = [which for which, worker in workers.items() if name in worker.names]
        for which in impls:  # untimed warm-up: imports, numba, font caches
            workers[which].round(name)
        rounds = {which: [] for which in impls}
        for _ in range(args.rounds):
            for which in impls:
                wall, cpu = workers[which].round(name)
                rounds[which].append({"wall": stats(wall), "cpu": stats(cpu), "wall_s": wall.tolist(),
                                      "cpu_s": cpu.tolist()})
        results["explorers"][name] = {
            which: {"wall": best(r, "wall"), "cpu": best(r, "cpu"), "moves": r[0]["wall"]["n"], "rounds": r}
            for which, r in rounds.items()}
        line = [name]
        for which, r in results["explorers"][name].items():
            line.append(f"{which}: median {r['wall']['median_ms']:.0f} ms, p95 {r['wall']['p95_ms']:.0f} ms "
                        f"(CPU {r['cpu']['median_ms']:.0f}/{r['cpu']['p95_ms']:.0f})")
        print(" | ".join(line), flush=True)
    for worker in workers.values():
        worker.close()
    results["machine"]["load_after"] = os.getloadavg()
    out = ROOT / "benchmarks" / "results"
    out.mkdir(exist_ok=True)
    (out / "explorers.json").write_text(json.dumps(results, indent=1))
    print()
    print(table(results))
    return 0


def table(results):
    """The before/after table (markdown) of a run."""
    rows = ["| explorer | moves | old median / p95 (wall) | new median / p95 (wall) | "
            "old median / p95 (CPU) | new median / p95 (CPU) | new within target (CPU) |",
            "| --- | ---: | ---: | ---: | ---: | ---: | :---: |"]
    for name, r in results["explorers"].items():
        cells = [f"`{name}`", str(r["new"]["moves"])]
        for clock in ("wall", "cpu"):
            for which in ("old", "new"):
                if which in r:
                    cells.append(f"{r[which][clock]['median_ms']:.0f} / {r[which][clock]['p95_ms']:.0f} ms")
                else:
                    cells.append("(new)")
        # judged on CPU time: on a shared machine wall time also counts the other processes' turns
        ok = r["new"]["cpu"]["median_ms"] <= TARGET_MEDIAN_MS and r["new"]["cpu"]["p95_ms"] <= TARGET_P95_MS
        cells.append("✓" if ok else "✗")
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)


if __name__ == "__main__":
    sys.exit(main())
