#!/usr/bin/env python3
"""Time lecturekit's perceptron engines against scikit-learn's Perceptron, side by side on the same data.

For every case of the grid (n examples x d features x separable / not) the
methods run interleaved after one untimed warm-up round: each round runs every
method once, in an order that rotates from round to round, and the table reports the median CPU time of the
rounds (wall times are kept in the JSON too) and its ratio to scikit-learn's
median *from the same run*.  Every method's weights are compared with
scikit-learn's bit for bit; the exit status is 1 if any differ.

Methods:

* ``sklearn``  ``Perceptron(shuffle=False, tol=None, penalty=None, eta0=1,
  fit_intercept=True, max_iter=E)``: Alg. 7.1 with the 1 prepended;
* ``numba``, ``block``, ``loop``: ``lk.perceptron(X, y, engine=...)``, the
  whole public call (input checks included; the fast engines read X itself,
  no homogeneous copy); the loop (which builds ``Xh``) only for n = 1e4;
* ``numba engine``, ``block engine``: the engine function alone on the raw X,
  without ``lk.perceptron``'s input checks;
* ``floor``: one ``X @ w[1:]`` pass over the data, the memory-bandwidth
  floor of one epoch; ``numba/epoch`` is the numba engine alone per epoch,
  divided by it.

Separable data have margin 0.1 and run to convergence (at most 50 epochs; E
is the number of epochs lecturekit needed, given to scikit-learn as
max_iter); non-separable data (10% of the labels flipped) run exactly 20
epochs.  The block engine is not meant for the non-separable case (each
mistake costs a few numpy calls); there it runs once for n = 1e6.

``--baseline REF`` also loads lecturekit as it was at the git revision REF
(from ``git archive``, imported under another name) and runs its engines in
the same rounds (``numba@REF``, ``block@REF``, ...), so that a change to the
engines is measured before and after side by side; the summary then prints
each engine's time after / before.

Usage::

    python benchmarks/run.py                 # full grid, ~5 minutes on a quiet machine
    python benchmarks/run.py --baseline main # and the engines of main, in the same rounds
    python benchmarks/run.py --quick         # n <= 1e5, d in {2, 100}
    python benchmarks/run.py --write-readme  # also put the table into benchmarks/README.md

Raw results go to benchmarks/results/latest.json.
"""

import os

# One BLAS / OpenMP thread: scikit-learn's loop is single-threaded, and so is
# ours.  Must be set before numpy is imported.  OPENBLAS_CORETYPE, if the
# machine sets it, is left alone (it selects OpenBLAS's kernels).
for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_var] = "1"

import argparse  # noqa: E402
import json  # noqa: E402
import platform  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import warnings  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import lecturekit as lk  # noqa: E402
from lecturekit import _engines  # noqa: E402

START, END = "<!-- BENCHMARK TABLE -->", "<!-- /BENCHMARK TABLE -->"
MAX_EPOCHS_SEPARABLE = 50
EPOCHS_NON_SEPARABLE = 20
MARGIN = 0.1
FLIP = 0.1


def make_data(n, d, separable, seed):
    """Uniform points in [-1, 1]^d, labelled by a random hyperplane and pushed off it by MARGIN."""
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1.0, 1.0, size=(n, d))
    v = rng.standard_normal(d)
    v /= np.linalg.norm(v)
    b = rng.uniform(-0.2, 0.2)
    y = np.where(X @ v + b >= 0, 1.0, -1.0)
    X += MARGIN * y[:, None] * v[None, :]  # |v . x + b| >= MARGIN afterwards
    if not separable:
        y[rng.random(n) < FLIP] *= -1.0
    return X, y


def sklearn_fit(X, y, epochs):
    from sklearn.linear_model import Perceptron

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # ConvergenceWarning about tol=None / max_iter
        sk = Perceptron(shuffle=False, tol=None, penalty=None, eta0=1.0, fit_intercept=True, max_iter=epochs)
        sk.fit(X, y)
    return np.concatenate([sk.intercept_, sk.coef_.ravel()])


def lk_fit(X, y, engine, max_epochs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", lk.ConvergenceWarning)
        return lk.perceptron(X, y, engine=engine, max_epochs=max_epochs)


def timed(fn):
    """(CPU seconds, wall seconds, result).  All methods are single-threaded, so CPU time is
    what they cost; on a shared machine it is much less noisy than wall time."""
    c, t = time.process_time(), time.perf_counter()
    out = fn()
    return time.process_time() - c, time.perf_counter() - t, out


BASELINE = {}  # "ref" and "module": lecturekit at another revision (--baseline)


def load_baseline(ref):
    """Import lecturekit as it is at git revision ``ref``, as the package ``lecturekit_at_<n>``."""
    import importlib
    import io
    import tarfile
    import tempfile

    data = subprocess.run(["git", "archive", ref, "lecturekit"], cwd=ROOT, check=True,
                          capture_output=True).stdout
    where = Path(tempfile.mkdtemp(prefix="lk-baseline-"))
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(where, filter="data")
    name = "lecturekit_baseline"
    (where / "lecturekit").rename(where / name)
    sys.path.insert(0, str(where))
    module = importlib.import_module(name)
    BASELINE.update(ref=ref, module=module, engines=importlib.import_module(f"{name}._engines"))
    return module


def baseline_fit(X, y, engine, max_epochs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return BASELINE["module"].perceptron(X, y, engine=engine, max_epochs=max_epochs)


def run_case(n, d, separable, rounds, seed, log):
    X, y = make_data(n, d, separable, seed)
    # lecturekit's epochs decide scikit-learn's max_iter (same number of passes)
    ref = lk_fit(X, y, "numba" if _engines.numba_available() else "block",
                 MAX_EPOCHS_SEPARABLE if separable else EPOCHS_NON_SEPARABLE)
    epochs = ref.epochs
    wz = np.zeros(d + 1)
    w_feat = np.ascontiguousarray(ref.w[1:])

    methods = {"sklearn": lambda: sklearn_fit(X, y, epochs)}
    if _engines.numba_available():
        methods["numba"] = lambda: lk_fit(X, y, "numba", epochs).w
        methods["numba engine"] = lambda: _engines.perceptron_numba(X, 1.0, y, 1.0, wz, epochs)[0]
    methods["block"] = lambda: lk_fit(X, y, "block", epochs).w
    if separable:
        methods["block engine"] = lambda: _engines.perceptron_block(X, 1.0, y, 1.0, wz, epochs)[0]
    if n <= 10_000:
        methods["loop"] = lambda: lk_fit(X, y, "loop", epochs).w
    if BASELINE:
        at = "@" + BASELINE["ref"]
        if _engines.numba_available():
            methods["numba" + at] = lambda: baseline_fit(X, y, "numba", epochs).w
        methods["block" + at] = lambda: baseline_fit(X, y, "block", epochs).w
        if n <= 10_000:
            methods["loop" + at] = lambda: baseline_fit(X, y, "loop", epochs).w
    methods["floor"] = lambda: X @ w_feat

    # the block engine on non-separable data at n = 1e6 takes ~30 s: one run only
    once = {name for name in methods if name.startswith("block") and "engine" not in name} \
        if (not separable and n >= 1_000_000) else set()
    names = list(methods)
    times = {name: [] for name in names}
    wall = {name: [] for name in names}
    weights = {}
    for name in names:  # one untimed warm-up round: the process grows its memory here, not in round 1
        if name not in once:
            methods[name]()
    for r in range(rounds):
        order = names[r % len(names):] + names[: r % len(names)]
        for name in order:
            if name in once and times[name]:
                continue
            t, tw, w = timed(methods[name])
            times[name].append(t)
            wall[name].append(tw)
            if name != "floor":
                weights[name] = w
    same = {name: bool(np.array_equal(w, weights["sklearn"])) for name, w in weights.items()}
    med = {name: statistics.median(ts) for name, ts in times.items()}
    case = dict(
        n=n, d=d, separable=separable, epochs=epochs, converged=bool(ref.converged),
        updates=int(ref.n_updates), times=times, wall_times=wall, median=med,
        median_wall={name: statistics.median(ts) for name, ts in wall.items()}, same_as_sklearn=same,
    )
    log(summary_line(case))
    del X
    return case


def ratio(case, name):
    return case["median"][name] / case["median"]["sklearn"]


def fmt_time(t):
    return f"{t * 1e3:.1f} ms" if t < 1 else f"{t:.2f} s"


def summary_line(case):
    m = case["median"]
    parts = [f"n={case['n']:>7} d={case['d']:>3} {'sep' if case['separable'] else 'non'} "
             f"epochs={case['epochs']:>2}"]
    for name in m:
        if name == "sklearn":
            parts.append(f"sklearn {fmt_time(m[name])}")
        elif name != "floor":
            parts.append(f"{name} {ratio(case, name):.2f}x")
    for name in m:
        if "@" in name and name.split("@")[0] in m:  # after / before, same run
            parts.append(f"{name.split('@')[0]} after/before {m[name.split('@')[0]] / m[name]:.2f}")
    parts.append("w==sklearn " + ("yes" if all(case["same_as_sklearn"].values()) else "NO"))
    return " | ".join(parts)


def cell(case, name):
    if name not in case["median"]:
        return "–"
    t = case["median"][name]
    mark = "" if case["same_as_sklearn"].get(name, True) else " ✗"
    return f"{fmt_time(t)} ({ratio(case, name):.2f}×){mark}"


def markdown_table(cases):
    lines = [
        "| n | d | data | epochs | scikit-learn | numba (default) | numba engine alone | block (numpy) | loop | "
        "numba epoch ÷ floor | w = sklearn |",
        "|---:|---:|:---|---:|---:|---:|---:|---:|---:|---:|:---:|",
    ]
    for c in cases:
        m = c["median"]
        per_epoch = (m["numba engine"] / c["epochs"]) / m["floor"] if "numba engine" in m else float("nan")
        block = cell(c, "block")
        if len(c["times"].get("block", [])) == 1 and "block" in m:
            block += " ¹"
        same = "✓" if all(c["same_as_sklearn"].values()) else "✗"
        lines.append(
            f"| 1e{len(str(c['n'])) - 1} | {c['d']} | {'separable' if c['separable'] else 'non-sep.'} | "
            f"{c['epochs']} | {fmt_time(m['sklearn'])} | {cell(c, 'numba')} | {cell(c, 'numba engine')} | "
            f"{block} | {cell(c, 'loop')} | {per_epoch:.2f} | {same} |"
        )
    return "\n".join(lines)


def baseline_table(cases):
    """Each engine's median time after the change divided by its median before (same rounds)."""
    ref = BASELINE["ref"]
    names = [name for name in ("numba", "block", "loop")]
    lines = [f"| n | d | data | " + " | ".join(f"{e} after/before {ref}" for e in names) + " |",
             "|---:|---:|:---|" + "---:|" * len(names)]
    for c in cases:
        m = c["median"]
        cells = [f"{m[e] / m[e + '@' + ref]:.2f}" if e in m and e + "@" + ref in m else "–" for e in names]
        lines.append(f"| 1e{len(str(c['n'])) - 1} | {c['d']} | {'separable' if c['separable'] else 'non-sep.'} | "
                     + " | ".join(cells) + " |")
    return "\n".join(lines)


def startup_costs():
    """`import lecturekit` vs `import numpy`, and numba's first fit (cold and from numba's cache)."""
    py = sys.executable
    env = dict(os.environ, PYTHONPATH=str(ROOT))

    def run(code, extra_env=None):
        out = subprocess.run([py, "-c", code], env=dict(env, **(extra_env or {})), check=True,
                             capture_output=True, text=True)
        return float(out.stdout.strip().splitlines()[-1])

    imp_np = "import time; t=time.perf_counter(); import numpy; print(time.perf_counter()-t)"
    imp_lk = ("import time; t=time.perf_counter(); import numpy, lecturekit, sys; "
              "assert 'numba' not in sys.modules; print(time.perf_counter()-t)")
    first = ("import time, lecturekit as lk; X, y = lk.datasets.separable(100, 3, seed=0); "
             "t=time.perf_counter(); lk.perceptron(X, y, engine='numba'); print(time.perf_counter()-t)")
    res = {
        "import numpy": statistics.median(run(imp_np) for _ in range(5)),
        "import numpy + lecturekit": statistics.median(run(imp_lk) for _ in range(5)),
    }
    if _engines.numba_available():
        import tempfile

        with tempfile.TemporaryDirectory() as cache:
            res["first numba fit, cold compile"] = run(first, {"NUMBA_CACHE_DIR": cache})
            res["first numba fit, numba cache warm"] = statistics.median(
                run(first, {"NUMBA_CACHE_DIR": cache}) for _ in range(3))
    return res


def versions():
    import sklearn

    info = {
        "python": platform.python_version(),
        "numpy": np.__version__,
        "scikit-learn": sklearn.__version__,
        "cpu": platform.processor() or platform.machine(),
        "OPENBLAS_CORETYPE": os.environ.get("OPENBLAS_CORETYPE", "(unset)"),
    }
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    info["cpu"] = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    if _engines.numba_available():
        import numba

        info["numba"] = numba.__version__
    return info


def readme_block(cases, startup, info, rounds, elapsed):
    vers = ", ".join(f"{k} {v}" for k, v in info.items() if k not in ("cpu", "OPENBLAS_CORETYPE"))
    st = "; ".join(f"{k}: {fmt_time(v)}" for k, v in startup.items())
    return "\n".join([
        START,
        "",
        "### Benchmark: perceptron engines vs scikit-learn",
        "",
        f"Medians of {rounds} interleaved rounds of CPU time, ratios to scikit-learn measured in the same run "
        f"({elapsed / 60:.1f} min; {info['cpu']}, one BLAS thread; {vers}; "
        f"OPENBLAS_CORETYPE={info['OPENBLAS_CORETYPE']}). Times are whole `lk.perceptron(X, y, engine=...)` "
        "calls (input checks included; the fast engines read X in place, with no homogeneous copy) and "
        "`Perceptron(shuffle=False, tol=None, penalty=None, eta0=1, max_iter=epochs).fit(X, y)`. "
        "*numba engine alone*: the engine function on the raw X, without the input checks. "
        "*numba epoch ÷ floor*: the engine alone, per epoch, over one `X @ w[1:]` pass (the "
        "memory-bandwidth floor). *w = sklearn*: every method's "
        "weights equal scikit-learn's bit for bit. ¹ one run. Regenerate with "
        "`python3 course.py bench --write-readme`; see benchmarks/README.md.",
        "",
        markdown_table(cases),
        "",
        f"Start-up: {st}.",
        "",
        END,
    ])


def write_readme(block):
    path = ROOT / "benchmarks" / "README.md"
    if not path.exists():
        print("README.md not found: table not written", file=sys.stderr)
        return False
    text = path.read_text(encoding="utf-8")
    if START not in text:
        print(f"README.md has no {START} marker: table not written", file=sys.stderr)
        return False
    head, rest = text.split(START, 1)
    if END in rest:
        tail = rest.split(END, 1)[1]
    else:  # only the start marker: insert the block right after it
        tail = rest
    path.write_text(head + block + tail, encoding="utf-8")
    print(f"table written to {path}")
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="small grid: n in {1e4, 1e5}, d in {2, 100}")
    ap.add_argument("--write-readme", action="store_true", help="replace the table in benchmarks/README.md")
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds per case (default 5)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--baseline", metavar="REF",
                    help="also time lecturekit's engines at git revision REF, in the same rounds")
    args = ap.parse_args(argv)
    if args.baseline:
        load_baseline(args.baseline)

    ns = [10_000, 100_000] if args.quick else [10_000, 100_000, 1_000_000]
    ds = [2, 100] if args.quick else [2, 20, 100]
    t0 = time.perf_counter()
    info = versions()
    print("versions:", json.dumps(info), flush=True)
    startup = startup_costs()
    print("start-up:", {k: round(v, 3) for k, v in startup.items()}, flush=True)
    X, y = make_data(200, 3, True, 0)
    sklearn_fit(X, y, 5)  # import scikit-learn outside the timings
    if _engines.numba_available():
        lk_fit(X, y, "numba", 5)  # compile (or load) the numba loop outside the timings
        if BASELINE:
            baseline_fit(X, y, "numba", 5)

    cases = []
    for n in ns:
        for d in ds:
            for separable in (True, False):
                cases.append(run_case(n, d, separable, args.rounds, args.seed, lambda s: print(s, flush=True)))
    elapsed = time.perf_counter() - t0

    out = ROOT / "benchmarks" / "results"
    out.mkdir(parents=True, exist_ok=True)
    (out / "latest.json").write_text(json.dumps(
        {"versions": info, "startup": startup, "rounds": args.rounds, "elapsed_s": elapsed, "cases": cases},
        indent=1))
    table = markdown_table(cases)
    print()
    print(table)
    if BASELINE:
        print()
        print(baseline_table(cases))
    print(f"\n({elapsed / 60:.1f} min; raw results in benchmarks/results/latest.json)")
    if args.write_readme:
        write_readme(readme_block(cases, startup, info, args.rounds, elapsed))
    ok = all(all(c["same_as_sklearn"].values()) for c in cases)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
