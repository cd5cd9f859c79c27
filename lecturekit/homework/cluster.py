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

Before connecting, :func:`check_address` checks the address: ``HOST:PORT`` or
``tcp://HOST:PORT`` (``tls://`` too), and something at it that greets as a Dask
scheduler does, within :data:`PROBE_SECONDS`.  A web server (the Dask
dashboard's port, 8787), a closed port or a typo fails in seconds with a line
that says which, instead of a client that waits for minutes.  Every worker must
have the same lecturekit as the coordinator (:func:`classrun.checks_fingerprint`):
the coordinator asks each one, and stops if one differs.

A worker that dies while grading (killed, out of memory, machine lost) loses
only that grade: the scheduler gives the task to another worker (Dask retries
a task whose worker died up to ``distributed.scheduler.allowed-failures``
times, 3 by default; after that the submission is listed as not graded and
the next run retries it).  Only the coordinator writes reports.
"""

from __future__ import annotations

import logging
import re
import socket
import struct
import time

from .classrun import checks_fingerprint, feed, grade_payload
from .sandbox import SandboxUnavailable

__all__ = ["run_on_dask", "worker_status", "check_workers", "check_address", "SchedulerError", "PROBE_SECONDS"]

PROBE_SECONDS = 5
_ADDRESS = re.compile(r"(?:(?P<scheme>[a-z0-9]+)://)?(?P<host>\[[0-9A-Fa-f:.]+\]|[^\s:/\[\]]+):(?P<port>[^/\s]*)/?")
_FORMS = "give 'local', HOST:PORT or tcp://HOST:PORT (a scheduler listens on port 8786 by default)"


class SchedulerError(Exception):
    """The Dask scheduler's address is malformed, nothing answers there, or what answers is not Dask."""


def _parse(address):
    m = _ADDRESS.fullmatch(address.strip())
    if not m:
        raise SchedulerError(f"--scheduler {address!r} is not an address: {_FORMS}")
    scheme, host, port = m.group("scheme") or "tcp", m.group("host").strip("[]"), m.group("port")
    if scheme not in ("tcp", "tls"):
        raise SchedulerError(f"--scheduler {address!r}: the protocol {scheme}:// is not supported here; {_FORMS}")
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise SchedulerError(f"--scheduler {address!r}: the port {port!r} is not a number from 1 to 65535; {_FORMS}")
    return scheme, host, int(port)


def _read(sock, n, deadline):
    data = b""
    while len(data) < n:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        sock.settimeout(left)
        chunk = sock.recv(n - len(data))
        if not chunk:
            raise ConnectionError("closed")
        data += chunk
    return data


def _is_dask_greeting(sock, deadline):
    """True if the first message on ``sock`` is the handshake a Dask scheduler sends when a client connects
    (distributed's TCP frames: 8-byte total length, 8-byte number of frames, their lengths, a msgpack map
    holding "python" and "pickle-protocol")."""
    total = struct.unpack("<Q", _read(sock, 8, deadline))[0]
    if not 16 <= total <= 1 << 16:
        return False
    body = _read(sock, total, deadline)
    frames = struct.unpack("<Q", body[:8])[0]
    if not 1 <= frames <= 16 or len(body) < 8 + 8 * frames:
        return False
    return b"python" in body and b"pickle-protocol" in body


def check_address(address, wait=PROBE_SECONDS):
    """Raise :class:`SchedulerError`, within about ``wait`` seconds, unless a Dask scheduler answers at
    ``address``; return the address as Dask takes it (``tcp://host:port``)."""
    scheme, host, port = _parse(address)
    where = f"{host}:{port}"
    deadline = time.monotonic() + wait
    try:
        sock = socket.create_connection((host, port), timeout=wait)
    except socket.gaierror:
        raise SchedulerError(f"--scheduler {address}: the host {host!r} is unknown; check the name") from None
    except ConnectionRefusedError:
        raise SchedulerError(f"--scheduler {address}: nothing is listening at {where}; start the scheduler "
                             f"(dask scheduler --port {port}) or check the address") from None
    except (TimeoutError, socket.timeout):
        raise SchedulerError(f"--scheduler {address}: no answer from {where} within {wait} s (the wrong host, "
                             "or a firewall); check the address") from None
    except OSError as exc:
        raise SchedulerError(f"--scheduler {address}: cannot reach {where} ({exc.strerror or exc})") from None
    with sock:
        if scheme == "tls":   # the TLS handshake comes first; Dask's own TLS settings decide the rest
            return f"{scheme}://{where}"
        try:
            ok = _is_dask_greeting(sock, deadline)
        except (TimeoutError, socket.timeout):
            raise SchedulerError(f"--scheduler {address}: {where} answers but is not a Dask scheduler (it sent "
                                 f"nothing within {wait} s, as a web server does, e.g. the Dask dashboard on "
                                 "port 8787); give the scheduler's address, port 8786 by default") from None
        except OSError:
            ok = False
        if not ok:
            raise SchedulerError(f"--scheduler {address}: {where} is not a Dask scheduler (it did not greet as "
                                 "one); give the scheduler's address, port 8786 by default")
    return f"{scheme}://{where}"


def worker_status():
    """Run on each worker: can it sandbox, and which lecturekit does it have."""
    import sys

    import nbformat  # noqa: F401 - imported now, while the workers start, not in the first grade

    import lecturekit
    from lecturekit.homework.sandbox import sandbox_status

    from lecturekit.homework.classrun import checks_fingerprint as fingerprint

    ok, why = sandbox_status()
    return {"sandbox": ok, "why": why, "lecturekit": getattr(lecturekit, "__version__", "?"),
            "python": sys.version.split()[0], "checks": fingerprint()}


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
    return Client(check_address(scheduler), timeout=30), None


def check_workers(client, sandbox, wait=60):
    """Ask every worker whether it can grade; raise SandboxUnavailable naming those that cannot sandbox,
    SchedulerError naming those whose lecturekit differs from this machine's."""
    try:
        client.wait_for_workers(1, timeout=wait)
    except (TimeoutError, OSError) as exc:
        raise SchedulerError(f"the Dask scheduler has no worker after {wait} s ({type(exc).__name__}); start "
                             "workers (dask worker tcp://HOST:8786 --nthreads 1)") from None
    status = client.run(worker_status)
    mine = checks_fingerprint()
    other = sorted(address for address, s in status.items() if s.get("checks", mine) != mine)
    if other:
        raise SchedulerError(f"{len(other)} of {len(status)} Dask worker(s) ({', '.join(other)}) have another "
                             "lecturekit than this machine (its checks grade differently); install the same "
                             "course on every worker")
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
