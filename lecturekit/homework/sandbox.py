"""Running student code: a sandbox (bubblewrap) or, when asked, none.

The student's cells run in a separate Python process (``_runner.py``).  With
``sandbox="bwrap"`` that process runs inside `bubblewrap
<https://github.com/containers/bubblewrap>`_ (Debian: ``apt-get install
bubblewrap``), which gives it:

* its own user (nobody, no capabilities), PID, network, IPC and UTS
  namespaces: no network at all, and it sees no other process;
* a file system made of read-only system folders (``/usr``, the Python
  installation and its site-packages, lecturekit's package folder) and a
  private, size-limited ``/tmp`` that is its working folder; the instructor's
  notebooks, the student's file and the report are not in it;
* a seccomp filter that refuses ``fork``, ``vfork``, ``clone`` without
  ``CLONE_THREAD`` and ``clone3``, ``unshare``, ``setns``, ``ptrace`` and
  ``mount``: it can start threads, never another process;
* resource limits (memory, file size, CPU time, open files) and, from the
  grader, a time limit per cell and a cap on captured output.

When the grade ends the sandbox is killed; the kernel removes everything in
its PID namespace, and the grader waits until that has happened.

``sandbox="none"`` runs the same process without any of this (a learner
grading their own work, on any operating system).  ``sandbox="auto"`` uses
bubblewrap when it works here and otherwise runs without it, saying so in the
report.
"""

from __future__ import annotations

import functools
import json
import os
import platform
import queue
import shutil
import signal
import struct
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
from pathlib import Path

from . import plain

__all__ = ["SandboxUnavailable", "sandbox_status", "Process", "start_runner", "start_checker",
           "DEFAULT_LIMITS"]

HERE = Path(__file__).resolve().parent
LECTUREKIT_DIR = HERE.parent
DEFAULT_LIMITS = {
    "memory": 3 * 1024 ** 3,     # bytes of address space
    "file_size": 64 * 1024 ** 2,  # bytes per file written
    "cpu": 3600,                  # seconds of CPU time for the whole grade
    "open_files": 256,
    "core": 0,
}
TMP_SIZE = 256 * 1024 ** 2      # bytes of the sandbox's private /tmp
SANDBOX_LECTUREKIT = "/opt/lecturekit"
SANDBOX_WORK = "/tmp/work"


class SandboxUnavailable(RuntimeError):
    """No working sandbox here; the message says why and what to do."""


# --------------------------------------------------------------------------
# seccomp: no new processes
# --------------------------------------------------------------------------

_SECCOMP_RET_ALLOW = 0x7FFF0000
_SECCOMP_RET_ERRNO = 0x00050000
_EPERM, _ENOSYS = 1, 38
_CLONE_THREAD = 0x00010000
# (audit arch, {syscall name: number}) for the machines bubblewrap runs on
_ARCHES = {
    "x86_64": (0xC000003E, {"fork": 57, "vfork": 58, "clone": 56, "clone3": 435, "unshare": 272,
                            "setns": 308, "ptrace": 101, "mount": 165, "pivot_root": 155,
                            "kexec_load": 246, "bpf": 321, "userfaultfd": 323, "perf_event_open": 298}),
    "aarch64": (0xC00000B7, {"clone": 220, "clone3": 435, "unshare": 97, "setns": 268, "ptrace": 117,
                             "mount": 40, "pivot_root": 41, "kexec_load": 104, "bpf": 280,
                             "userfaultfd": 282, "perf_event_open": 241}),
}


def _bpf(code, jt, jf, k):
    return struct.pack("=HBBI", code, jt, jf, k)


def seccomp_program(machine=None):
    """A classic-BPF seccomp filter that lets threads start but no process.

    Returns the program's bytes, or None on a machine not in the table.
    """
    machine = machine or platform.machine()
    if machine not in _ARCHES:
        return None
    arch, calls = _ARCHES[machine]
    LD_W_ABS, JEQ_K, JSET_K, RET_K = 0x20, 0x15, 0x45, 0x06
    deny = [n for name, n in calls.items() if name not in ("clone", "clone3")]
    prog = [
        _bpf(LD_W_ABS, 0, 0, 4),                      # A = arch
        _bpf(JEQ_K, 1, 0, arch),                      # native arch? skip the kill
        _bpf(RET_K, 0, 0, _SECCOMP_RET_ERRNO | _EPERM),
        _bpf(LD_W_ABS, 0, 0, 0),                      # A = syscall number
    ]
    if machine == "x86_64":                           # x32 numbers: refuse
        prog.append(_bpf(0x35, 0, 1, 0x40000000))     # JGE_K
        prog.append(_bpf(RET_K, 0, 0, _SECCOMP_RET_ERRNO | _EPERM))
    prog.append(_bpf(JEQ_K, 0, 1, calls["clone3"]))   # clone3: say "not here", glibc falls back to clone
    prog.append(_bpf(RET_K, 0, 0, _SECCOMP_RET_ERRNO | _ENOSYS))
    for number in deny:
        prog.append(_bpf(JEQ_K, 0, 1, number))
        prog.append(_bpf(RET_K, 0, 0, _SECCOMP_RET_ERRNO | _EPERM))
    prog += [
        _bpf(JEQ_K, 0, 3, calls["clone"]),            # clone: only with CLONE_THREAD
        _bpf(LD_W_ABS, 0, 0, 16),                     # A = low word of the flags (args[0])
        _bpf(JSET_K, 1, 0, _CLONE_THREAD),
        _bpf(RET_K, 0, 0, _SECCOMP_RET_ERRNO | _EPERM),
        _bpf(RET_K, 0, 0, _SECCOMP_RET_ALLOW),
    ]
    if sys.byteorder != "little":
        return None
    return b"".join(prog)


# --------------------------------------------------------------------------
# the bubblewrap command line
# --------------------------------------------------------------------------

def _python_dirs():
    """Folders the student's Python needs, read-only: its installation and site-packages."""
    found = []
    for path in [sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix,
                 os.path.dirname(os.path.realpath(sys.executable)),
                 sysconfig.get_paths().get("purelib"), sysconfig.get_paths().get("platlib"),
                 sysconfig.get_paths().get("stdlib")]:
        if path and os.path.isdir(path):
            real = os.path.realpath(path)
            for p in {path, real}:
                if not any(p == f or p.startswith(f + os.sep) for f in found):
                    found = [f for f in found if not f.startswith(p + os.sep)] + [p]
    return [p for p in found if p not in ("/", "/usr") and not p.startswith("/usr/")]


def _bwrap_command(bwrap, seccomp_fd, tmp_size=TMP_SIZE):
    cmd = [bwrap, "--unshare-all", "--unshare-user", "--uid", "65534", "--gid", "65534",
           "--cap-drop", "ALL", "--die-with-parent", "--new-session", "--hostname", "sandbox",
           "--ro-bind", "/usr", "/usr"]
    for top in ("bin", "sbin", "lib", "lib32", "lib64", "libx32"):
        path = "/" + top
        if os.path.islink(path):
            cmd += ["--symlink", os.readlink(path), path]
        elif os.path.isdir(path):
            cmd += ["--ro-bind", path, path]
    for etc in ("/etc/ld.so.cache", "/etc/localtime", "/etc/fonts", "/etc/alternatives"):
        cmd += ["--ro-bind-try", etc, etc]
    # bwrap mounts in the order given: the private /tmp first, then the Python installation and
    # lecturekit over it, so a course (or its .venv) that lives under /tmp stays visible
    cmd += ["--proc", "/proc", "--dev", "/dev", "--size", str(tmp_size), "--tmpfs", "/tmp"]
    for path in _python_dirs():
        cmd += ["--ro-bind", path, path]
    cmd += ["--ro-bind", str(LECTUREKIT_DIR), f"{SANDBOX_LECTUREKIT}/lecturekit"]
    cmd += _hidden_checks()
    cmd += ["--dir", SANDBOX_WORK, "--dir", "/tmp/home", "--chdir", SANDBOX_WORK,
            "--clearenv"]
    for key, value in _runner_env("/tmp/home").items():
        cmd += ["--setenv", key, value]
    if seccomp_fd is not None:
        cmd += ["--seccomp", str(seccomp_fd)]
    return cmd


def _hidden_checks():
    """Mounts that empty the exercise checks (``exercises/chNN.py``, the keys of a homework) in the
    sandbox, wherever lecturekit is visible there: the student's code never needs them (the tests
    run in the checker), and must not read the expected values or run the checks to learn them."""
    exercises = LECTUREKIT_DIR / "exercises"
    roots = [f"{SANDBOX_LECTUREKIT}/lecturekit"]
    if any(str(LECTUREKIT_DIR).startswith(p + os.sep) for p in _python_dirs()):
        roots.append(str(LECTUREKIT_DIR))   # an installed (not editable) lecturekit is visible as it is
    mounts = []
    for root in roots:
        for path in sorted(exercises.glob("ch[0-9][0-9].py")):
            mounts += ["--ro-bind", "/dev/null", f"{root}/exercises/{path.name}"]
        if (exercises / "__pycache__").is_dir():
            mounts += ["--tmpfs", f"{root}/exercises/__pycache__"]
    return mounts


def _runner_env(home):
    return {"HOME": home, "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
            "MPLCONFIGDIR": f"{home}/matplotlib", "IPYTHONDIR": f"{home}/ipython",
            "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
            "PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1", "TMPDIR": "/tmp"}


@functools.lru_cache(maxsize=None)
def sandbox_status():
    """``(True, "bubblewrap 0.8.0")`` when the sandbox works here, else ``(False, reason)``.

    Tries it once: a sandboxed Python must start, see no network and be unable to fork.
    """
    if os.name != "posix" or not sys.platform.startswith("linux"):
        return False, f"bubblewrap needs Linux (this is {platform.system()})"
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return False, "bubblewrap is not installed (Debian/Ubuntu: apt-get install bubblewrap)"
    if seccomp_program() is None:
        return False, f"no seccomp filter for this machine ({platform.machine()}, {sys.byteorder}-endian)"
    probe = ("import os, socket\n"
             "try:\n    os.fork()\nexcept OSError:\n    pass\nelse:\n    raise SystemExit('fork allowed')\n"
             "try:\n    socket.create_connection(('192.0.2.1', 9), timeout=1)\n"
             "except OSError:\n    pass\nelse:\n    raise SystemExit('network allowed')\n"
             "print('sandbox ok')\n")
    read, write = _seccomp_pipe()
    try:
        cmd = _bwrap_command(bwrap, read) + ["--", sys.executable, "-I", "-c", probe]
        try:
            done = subprocess.run(cmd, capture_output=True, text=True, timeout=60, pass_fds=(read,))
        except (OSError, subprocess.SubprocessError) as exc:
            return False, f"bubblewrap could not be run: {exc}"
    finally:
        os.close(read)
        if write is not None:
            os.close(write)
    if done.returncode != 0 or "sandbox ok" not in done.stdout:
        detail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
        return False, f"bubblewrap does not work here ({detail[0]})"
    version = subprocess.run([bwrap, "--version"], capture_output=True, text=True).stdout.strip()
    return True, version or "bubblewrap"


def _seccomp_pipe():
    """A pipe holding the seccomp program, for bwrap's --seccomp (read end, write end or None)."""
    program = seccomp_program()
    if program is None:
        raise SandboxUnavailable(f"no seccomp filter for this machine ({platform.machine()})")
    read, write = os.pipe()
    os.write(write, program)
    os.close(write)
    return read, None


# --------------------------------------------------------------------------
# a child process that speaks in frames
# --------------------------------------------------------------------------

def _load_prctl():
    """libc's prctl on Linux (resolved once, before any fork), else None."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None


_PRCTL = _load_prctl()
_PR_SET_PDEATHSIG = 1


def _die_with_parent(parent):
    """A preexec_fn: the child is killed when the grader dies.

    bwrap's own --die-with-parent is set only once bwrap runs; a grader killed
    between the fork and that moment (a coordinator SIGKILLed just as it starts
    the next submission) would leave the sandbox running on its own.  Set in the
    forked child before exec, the signal covers that gap, and a parent that died
    before it was set is noticed by its pid.
    """
    def set_signal():
        _PRCTL(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != parent:
            os._exit(1)

    return set_signal


class Process:
    """A child process talking framed JSON on its stdin/stdout.

    A reader thread turns its output into messages; a writer thread sends,
    so that a child which stops reading can never block the grader.  Every
    wait has a deadline.
    """

    def __init__(self, cmd, *, cwd=None, env=None, pass_fds=(), limit=plain.MAX_BYTES, new_session=True):
        kwargs = {}
        if os.name == "posix":
            kwargs["start_new_session"] = new_session
            if _PRCTL is not None:
                kwargs["preexec_fn"] = _die_with_parent(os.getpid())
        else:
            kwargs["creationflags"] = getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)
        self.popen = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=subprocess.DEVNULL, cwd=cwd, env=env, pass_fds=pass_fds,
                                      **kwargs)
        self.limit = limit
        # bounded: a student's process that floods the grader with messages only blocks itself
        self.inbox = queue.Queue(maxsize=4)
        self.outbox = queue.Queue()
        self.broken = None
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._write, daemon=True).start()

    def _read(self):
        fd = self.popen.stdout.fileno()
        while True:
            try:
                raw = plain.read_frame(fd, self.limit)
            except plain.BadData as exc:
                self.inbox.put(("bad", str(exc)))
                return
            except OSError:
                raw = None
            if raw is None:
                self.inbox.put(("eof", None))
                return
            try:
                message = plain.parse(raw)
            except plain.BadData as exc:
                self.inbox.put(("bad", str(exc)))
                return
            self.inbox.put(("message", message))

    def _write(self):
        fd = self.popen.stdin.fileno()
        while True:
            payload = self.outbox.get()
            if payload is None:
                return
            try:
                plain.write_frame(fd, payload)
            except OSError:
                return

    def send(self, message):
        try:
            payload = json.dumps(message, allow_nan=True, separators=(",", ":")).encode("utf-8")
        except (TypeError, ValueError, RecursionError) as exc:
            raise plain.BadData(f"cannot send: {exc}") from None
        self.outbox.put(payload)

    def receive(self, deadline):
        """The next message as ``("message", dict)``, or ``("eof"|"bad"|"timeout", detail)``."""
        if self.broken:
            return self.broken
        try:
            kind, body = self.inbox.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            return ("timeout", None)
        if kind != "message":
            self.broken = (kind, body)
        elif not isinstance(body, dict):
            self.broken = ("bad", "a message that is not an object")
            return self.broken
        return (kind, body)

    def reply_to(self, request_id, deadline):
        """Wait for the reply whose ``id`` is ``request_id`` (older replies are dropped)."""
        while True:
            kind, body = self.receive(deadline)
            if kind != "message" or body.get("id") == request_id:
                return kind, body

    def kill(self):
        """Stop the process and everything it started; return when they are gone."""
        self.outbox.put(None)
        if self.popen.poll() is None or os.name == "posix":
            try:
                if os.name == "posix":
                    os.killpg(self.popen.pid, signal.SIGKILL)
                else:
                    self.popen.kill()
            except (ProcessLookupError, PermissionError, OSError):
                pass
        try:
            self.popen.wait(timeout=30)
        except subprocess.TimeoutExpired:
            pass
        for stream in (self.popen.stdin, self.popen.stdout):
            try:
                stream.close()
            except OSError:
                pass
        while True:  # let the reader thread finish
            try:
                self.inbox.get_nowait()
            except queue.Empty:
                break


class SandboxedProcess(Process):
    """The runner inside bubblewrap.  Killing it kills its whole PID namespace."""

    def __init__(self, cmd, **kwargs):
        self.info_read, info_write = os.pipe()
        cmd = cmd[:1] + ["--info-fd", str(info_write)] + cmd[1:]
        seccomp_read = kwargs.pop("seccomp_fd")
        try:
            super().__init__(cmd, pass_fds=(info_write, seccomp_read), **kwargs)
        finally:
            os.close(info_write)
            os.close(seccomp_read)
        self.child_pid = None

    def _sandbox_pid(self):
        if self.child_pid is None:
            try:
                with os.fdopen(self.info_read, "r") as info:
                    self.child_pid = int(json.loads(info.read() or "{}").get("child-pid", 0)) or None
            except (ValueError, OSError):
                self.child_pid = None
            self.info_read = None
        return self.child_pid

    def kill(self):
        # The namespace's first process (bwrap's init) is not our child: watch it with a pidfd.
        pid = self._sandbox_pid() if self.popen.poll() is None else self.child_pid
        pidfd = None
        if pid:
            try:
                pidfd = os.pidfd_open(pid)
            except (OSError, AttributeError):
                pidfd = None
        super().kill()
        if pidfd is not None:
            try:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
                import select

                poller = select.poll()
                poller.register(pidfd, select.POLLIN)
                poller.poll(30_000)  # readable once the namespace's init (and with it, all) has exited
            finally:
                os.close(pidfd)
        if self.info_read is not None:
            try:
                os.close(self.info_read)
            except OSError:
                pass
            self.info_read = None


def start_runner(sandbox, cwd=None, limits=None):
    """Start the process that runs student cells.  ``sandbox`` is "bwrap" or "none".

    Returns ``(process, ready_message_or_failure)``.
    """
    limits = dict(DEFAULT_LIMITS if limits is None else limits)
    if sandbox == "bwrap":
        read, _ = _seccomp_pipe()
        cmd = _bwrap_command(shutil.which("bwrap"), read)
        cmd += ["--", sys.executable, "-I", "-B", f"{SANDBOX_LECTUREKIT}/lecturekit/homework/_runner.py",
                SANDBOX_LECTUREKIT, json.dumps(limits)]
        return SandboxedProcess(cmd, seccomp_fd=read)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "MPLBACKEND", "JPY", "JUPYTER"))}
    home = tempfile.mkdtemp(prefix="lk-home-")
    env.update({k: v for k, v in _runner_env(home).items() if k not in ("HOME", "PATH", "TMPDIR", "LANG")})
    cmd = [sys.executable, "-I", "-B", str(HERE / "_runner.py"), str(LECTUREKIT_DIR.parent), json.dumps(limits)]
    process = Process(cmd, cwd=cwd, env=env)
    process.scratch = home
    return process


def start_checker(cwd=None):
    """Start the clean process that runs the instructor's test cells."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "JPY", "JUPYTER"))}
    env["MPLBACKEND"] = "Agg"
    env["PYTHONHASHSEED"] = "0"
    cmd = [sys.executable, "-I", "-B", str(HERE / "_checker.py"), str(LECTUREKIT_DIR.parent)]
    return Process(cmd, cwd=cwd, env=env)
