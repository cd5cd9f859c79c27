"""Dask as the engine of a class run (``grade SUBMISSIONS/ --scheduler ...``).

Needs the ``cluster`` extra (``pip install 'lecturekit[cluster]'``): dask's
``distributed`` scheduler.  ``scheduler="local"`` starts a ``LocalCluster``
on this machine (``jobs`` worker processes, one thread each, on 127.0.0.1);
any other value is the address of a running scheduler (``tcp://host:8786``),
whose workers have the course installed (the same lecturekit) and bubblewrap.

What crosses the network, both ways, is data:

* to a worker: the submission's bytes and the instructor notebook's bytes
  (its outputs removed), the two names the report shows, and the grading
  options; never a path on a shared disk;
* back: the report as JSON text, which the coordinator parses and checks
  before it writes it.

On the worker, :func:`lecturekit.homework.classrun.grade_payload` grades as
the local grader does: the student's cells in the worker's own bubblewrap
sandbox, the tests in a clean checker process, plain data between them.  No
student code runs in the worker process itself.  A worker without a working
bubblewrap refuses (:class:`SandboxUnavailable`) unless the run is
unsandboxed; the coordinator asks every worker first and stops before
grading anything if one cannot sandbox.

A worker that dies while grading (killed, out of memory, machine lost) loses
only that grade: the scheduler gives the task to another worker (Dask retries
a task whose worker died up to ``distributed.scheduler.allowed-failures``
times, 3 by default; after that the submission is listed as not graded and
the next run retries it).  Only the coordinator writes reports.
"""

from __future__ import annotations

import json
import logging

from .classrun import feed, grade_payload
from .sandbox import SandboxUnavailable

__all__ = ["run_on_dask", "worker_status", "check_workers"]


def worker_status():
    """Run on each worker: can it sandbox, and which lecturekit does it have."""
    import sys

    import nbformat  # noqa: F401 - imported now, while the workers start, not in the first grade

    import lecturekit
    from lecturekit.homework.sandbox import sandbox_status

    ok, why = sandbox_status()
    return {"sandbox": ok, "why": why, "lecturekit": getattr(lecturekit, "__version__", "?"),
            "python": sys.version.split()[0]}


def _client(scheduler, jobs):
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ImportError("grading on Dask needs the cluster extra: pip install 'lecturekit[cluster]' "
                          "(or grade without --scheduler, on a local pool)") from None
    if scheduler == "local":
        cluster = LocalCluster(n_workers=max(1, int(jobs)), threads_per_worker=1, processes=True,
                               host="127.0.0.1", dashboard_address=None, silence_logs=logging.ERROR)
        return Client(cluster), cluster
    return Client(scheduler, timeout=60), None


def check_workers(client, sandbox, wait=60):
    """Ask every worker whether it can grade; raise SandboxUnavailable naming those that cannot."""
    client.wait_for_workers(1, timeout=wait)
    status = client.run(worker_status)
    if sandbox == "bwrap":
        bad = {address: s["why"] for address, s in status.items() if not s["sandbox"]}
        if bad:
            listed = "; ".join(f"{address}: {why}" for address, why in sorted(bad.items()))
            raise SandboxUnavailable(f"no sandbox on {len(bad)} of {len(status)} Dask worker(s) ({listed}). "
                                     "Install bubblewrap on every worker, or grade with --unsandboxed, "
                                     "which runs the students' code with the workers' permissions")
    return status


def run_on_dask(todo, instructor_data, scheduler, jobs, options, finished):
    """Grade the jobs on Dask; ``finished(job, text)`` or ``finished(job, reason=...)`` for each.

    Returns the seconds spent starting (or connecting to) the cluster, asking its workers, and
    closing it: the part of the run's time that does not grow with the number of submissions.
    """
    import time

    from distributed import as_completed

    begun = time.monotonic()
    client, cluster = _client(scheduler, jobs)
    try:
        status = check_workers(client, options.get("sandbox", "bwrap"))
        startup = time.monotonic() - begun
        running = {}
        ac = as_completed()

        def start(job):
            future = client.submit(grade_payload, job.payload, instructor_data[job.sub.instructor][0],
                                   student_name=str(job.sub.path), instructor_name=str(job.sub.instructor),
                                   key=f"lecturekit-grade-{job.index}-{job.sha[:16]}", pure=False, **options)
            job.payload = None
            running[future.key] = job
            ac.add(future)

        # a bounded window: a class of 30 000 is not read into memory at once
        more = feed(todo, max(4, 2 * len(status)), start, finished)
        for future in ac:
            job = running.pop(future.key)
            try:
                text = future.result()
            except Exception as exc:  # noqa: BLE001 - KilledWorker, SandboxUnavailable...: no report, say why
                finished(job, reason=f"{type(exc).__name__}: {str(exc)[:300]}")
            else:
                finished(job, text)
            future.release()
            more()
    finally:
        closing = time.monotonic()
        client.close()
        if cluster is not None:
            cluster.close()
    return startup + time.monotonic() - closing
