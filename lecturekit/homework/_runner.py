"""The process that runs a student's cells (inside the sandbox, when there is one).

Started by :mod:`lecturekit.homework.sandbox` as a script::

    python -I -B _runner.py LECTUREKIT_PARENT LIMITS_JSON

It reads requests on its stdin and answers on its stdout, one framed JSON
message each (see ``plain.py``), and runs no student code before the first
request.  Before that it moves its protocol pipes off fds 0-2, points fds 0-2
at /dev/null, lowers its own resource limits and starts IPython's shell (for
``%magics``), so the cells run as they would in a notebook.

Everything this process sends is *untrusted*: the student's code runs here and
may rewrite any of it.  The grader checks every message and never takes a
verdict from this process, only plain data.

Requests (``id`` is echoed in the reply):

* ``{"op": "run", "id", "source"}`` runs a cell -> ``{"status": "ok" | "error"
  | "exit", "ename", "evalue", "stdout", "stderr"}``
* ``{"op": "names", "id", "names": [...]}`` -> ``{"values": {name: {"kind":
  "value", "value": ...} | {"kind": "function"} | {"kind": "module", "module":
  name} | {"kind": "other", "what": ...}}}`` for the names the student defined
* ``{"op": "call", "id", "name" | "handle", "args", "kwargs"}`` calls a student
  function with plain data -> ``{"ok": true, "value", "args", "kwargs"}`` (the
  arguments after the call, so a change in place can be seen) or ``{"ok":
  false, "ename", "evalue", "bases"}`` or ``{"ok": false, "notplain": what}``
* ``{"op": "interrupt"}`` (no reply): raise KeyboardInterrupt in the running code
"""

import importlib.util
import io
import os
import queue
import signal
import sys
import threading

OUTPUT_LIMIT = 1_000_000


def _load_plain():
    spec = importlib.util.spec_from_file_location("_lecturekit_plain", os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "plain.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class _Capped(io.TextIOBase):
    """A text stream that keeps the first ``limit`` characters and drops the rest."""

    def __init__(self, limit=OUTPUT_LIMIT):
        self.parts, self.size, self.limit, self.dropped = [], 0, limit, False

    def writable(self):
        return True

    def write(self, text):
        if not isinstance(text, str):
            text = str(text)
        room = self.limit - self.size
        if room > 0:
            self.parts.append(text[:room])
            self.size += min(len(text), room)
        if len(text) > room:
            self.dropped = True
        return len(text)

    def flush(self):
        pass

    def getvalue(self):
        return "".join(self.parts) + ("\n[grader: further output dropped]\n" if self.dropped else "")


def _set_limits(limits):
    try:
        import resource
    except ImportError:  # Windows
        return
    names = {"memory": "RLIMIT_AS", "file_size": "RLIMIT_FSIZE", "cpu": "RLIMIT_CPU",
             "open_files": "RLIMIT_NOFILE", "core": "RLIMIT_CORE"}
    for key, value in limits.items():
        which = getattr(resource, names.get(key, ""), None)
        if which is None or value is None:
            continue
        try:
            soft, hard = resource.getrlimit(which)
            value = int(value) if hard == resource.RLIM_INFINITY else min(int(value), hard)
            resource.setrlimit(which, (value, value))
        except (ValueError, OSError):
            pass


class Runner:
    def __init__(self, rfd, wfd, plain):
        self.rfd, self.wfd, self.plain = rfd, wfd, plain
        self.requests = queue.Queue()
        self.in_user_code = False
        self.handles = []
        self.write_lock = threading.Lock()
        from traitlets.config import Config
        from IPython.core.interactiveshell import InteractiveShell

        config = Config()
        config.HistoryManager.enabled = False
        config.InteractiveShell.colors = "NoColor"
        config.InteractiveShell.xmode = "Plain"
        class Shell(InteractiveShell):
            exit_now = False

            def enable_gui(self, gui=None):  # no event loop here; figures are only rendered
                pass

            def ask_exit(self):  # exit() / quit(), as ipykernel sees them
                self.exit_now = True

        self.shell = Shell.instance(config=config)
        self.shell.showtraceback = self._no_traceback(self.shell.showtraceback)

    @staticmethod
    def _no_traceback(show):
        def quiet(*args, **kwargs):
            try:
                show(*args, **kwargs)
            except Exception:  # noqa: BLE001 - a traceback that cannot be shown
                pass
        return quiet

    # ---- messages ----
    def send(self, message):
        try:
            payload = self.plain.json.dumps(message, allow_nan=True, separators=(",", ":")).encode("utf-8")
        except (TypeError, ValueError):
            payload = b'{"id": null, "status": "error", "ename": "GraderError", "evalue": "unsendable reply"}'
        with self.write_lock:
            self.plain.write_frame(self.wfd, payload)

    def read_loop(self):
        while True:
            try:
                raw = self.plain.read_frame(self.rfd)
            except Exception:  # noqa: BLE001
                raw = None
            if raw is None:
                self.requests.put(None)
                return
            try:
                message = self.plain.json.loads(raw)
            except ValueError:
                continue
            if message.get("op") == "interrupt":
                self.interrupt()
            else:
                self.requests.put(message)

    def interrupt(self):
        if not self.in_user_code:
            return
        if hasattr(signal, "pthread_kill"):
            os.kill(os.getpid(), signal.SIGINT)
        else:  # Windows
            import _thread
            _thread.interrupt_main()

    def on_sigint(self, signum, frame):
        if self.in_user_code:
            raise KeyboardInterrupt

    # ---- requests ----
    def serve(self):
        signal.signal(signal.SIGINT, self.on_sigint)
        threading.Thread(target=self.read_loop, daemon=True).start()
        while True:
            try:
                message = self.requests.get()
            except KeyboardInterrupt:
                continue
            if message is None:
                return
            op = message.get("op")
            try:
                reply = {"run": self.run, "names": self.names, "call": self.call}[op](message)
            except KeyboardInterrupt:
                reply = {"status": "error", "ok": False, "ename": "KeyboardInterrupt", "evalue": "",
                         "interrupted": True}
            except Exception as exc:  # noqa: BLE001 - anything the student's code broke
                reply = {"status": "error", "ok": False, "ename": "GraderError",
                         "evalue": f"{type(exc).__name__}: {self.plain.text_of(exc)}"}
            reply["id"] = message.get("id")
            self.send(reply)

    def _user(self, function, *args):
        out, err = _Capped(), _Capped()
        saved = sys.stdout, sys.stderr
        sys.stdout, sys.stderr = out, err
        self.in_user_code = True
        try:
            return function(*args), out, err
        finally:
            self.in_user_code = False
            sys.stdout, sys.stderr = saved

    def run(self, message):
        source = message.get("source")
        if not isinstance(source, str):
            return {"status": "error", "ename": "GraderError", "evalue": "no source"}
        result, out, err = self._user(self.shell.run_cell, source, True)
        reply = {"status": "ok", "stdout": out.getvalue(), "stderr": err.getvalue()}
        if getattr(self.shell, "exit_now", False):
            self.shell.exit_now = False
            reply.update(status="exit", ename="SystemExit",
                         evalue="the cell called exit() or quit(), which stops the kernel")
            return reply
        exc = result.error_before_exec or result.error_in_exec
        if exc is not None:
            reply.update(status="error", ename=type(exc).__name__, evalue=self.plain.text_of(exc))
        return reply

    def _hidden(self, name):
        hidden = self.shell.user_ns_hidden
        return name in hidden and hidden[name] is self.shell.user_ns.get(name)

    def names(self, message):
        values = {}
        ns = self.shell.user_ns
        for name in message.get("names") or []:
            if not isinstance(name, str) or name not in ns or self._hidden(name):
                continue
            value = ns[name]
            values[name] = self.describe(value)
        return {"values": values}

    def describe(self, value):
        import types

        if isinstance(value, types.ModuleType):
            return {"kind": "module", "module": str(getattr(value, "__name__", ""))}
        try:
            return {"kind": "value", "value": self.plain.encode(value)}
        except self.plain.NotPlain as exc:
            if callable(value):
                return {"kind": "function"}
            return {"kind": "other", "what": self.plain.text_of(exc)}

    def call(self, message):
        ns = self.shell.user_ns
        if "handle" in message:
            k = message["handle"]
            if type(k) is not int or not 0 <= k < len(self.handles):
                return {"ok": False, "ename": "NameError", "evalue": "unknown function handle"}
            function = self.handles[k]
        else:
            name = message.get("name")
            if not isinstance(name, str) or name not in ns or self._hidden(name):
                return {"ok": False, "ename": "NameError", "evalue": f"name {name!r} is not defined"}
            function = ns[name]

        def student_function(name):
            if name not in ns or not callable(ns[name]):
                raise self.plain.BadData(f"no function {name!r}")
            return ns[name]

        args = self.plain.decode(message.get("args", []), function=student_function)
        kwargs = self.plain.decode(message.get("kwargs", {"d": {}}), function=student_function)
        if type(args) is not list or type(kwargs) is not dict:
            return {"ok": False, "ename": "GraderError", "evalue": "bad arguments"}
        functions = {id(v): k for k, v in ns.items() if callable(v) and not self._hidden(k)}

        def invoke():
            try:
                return ("ok", function(*args, **kwargs))
            except KeyboardInterrupt:
                raise
            except BaseException as exc:  # noqa: BLE001 - reported to the checker
                return ("raised", exc)

        (how, value), _, _ = self._user(invoke)
        if how == "raised":
            bases = [c.__name__ for c in type(value).__mro__ if isinstance(c, type)]
            return {"ok": False, "ename": type(value).__name__, "evalue": self.plain.text_of(value),
                    "bases": bases}
        try:
            encoded = self.plain.encode(value, handles=self.handles)
        except self.plain.NotPlain as exc:
            return {"ok": False, "notplain": self.plain.text_of(exc)}
        try:
            after = self.plain.encode(args, functions=functions)
            kwafter = self.plain.encode(kwargs, functions=functions)
        except self.plain.NotPlain:
            after, kwafter = None, None
        return {"ok": True, "value": encoded, "args": after, "kwargs": kwafter}


def main():
    rfd, wfd = os.dup(0), os.dup(1)
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)
    import json

    lecturekit_parent, limits = sys.argv[1], json.loads(sys.argv[2])
    sys.path.append(lecturekit_parent)
    sys.path.insert(0, "")  # the working folder, as in a notebook
    plain = _load_plain()
    _set_limits(limits)
    runner = Runner(rfd, wfd, plain)
    runner.send({"id": "ready", "pid": os.getpid()})
    runner.serve()
    os._exit(0)


if __name__ == "__main__":
    main()
