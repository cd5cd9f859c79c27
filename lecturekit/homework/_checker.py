"""The clean process that runs the instructor's test cells.

Started by the grader as a script::

    python -I -B _checker.py LECTUREKIT_PARENT

No student code ever runs here, and nothing of the student's is imported:
numpy and lecturekit are this process's own.  A test cell sees the student's
names as plain data (fetched from the student's process before the cell
runs) and the student's functions as proxies: calling one sends the plain
arguments to the student's process through the grader and brings back a plain
result (and the arguments as the call left them, so a function that changes
an array in place is seen doing so).

Requests on stdin, replies on stdout, one framed JSON message each:

* ``{"op": "setup", "source"}`` runs the instructor's import lines.
* ``{"op": "test", "id", "name", "source", "values"}`` runs one test cell ->
  ``{"op": "done", "status": "ok" | "error", "ename", "evalue", "line",
  "student", "stdout"}``.  While it runs, this process sends ``{"op": "call",
  "cid", ...}`` and waits for the grader's answer with the same ``cid``.
"""

import importlib.util
import io
import os
import sys
import traceback


def _load_plain():
    spec = importlib.util.spec_from_file_location("_lecturekit_plain", os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "plain.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class StudentTimeout(BaseException):
    """A call into the student's code ran out of time (not an Exception: tests cannot catch it)."""


class StudentGone(BaseException):
    """The student's process stopped during a call (not an Exception: tests cannot catch it)."""


class NotPlainData(TypeError):
    """The student's code gave the test something that is not plain data."""


class StudentError(Exception):
    """The student's function raised an exception that is not a built-in one."""


class Unusable:
    """Stands for a student name whose value could not be brought over as plain data.

    Any use raises a TypeError that says so.
    """

    def __init__(self, name, what):
        object.__setattr__(self, "_message", f"the student's {name!r} is {what}, not plain data "
                                             "(numbers, strings, numpy arrays, lists, tuples, dicts); "
                                             "the grader cannot use it")

    def _fail(self, *args, **kwargs):
        raise NotPlainData(object.__getattribute__(self, "_message"))

    def __getattr__(self, name):
        self._fail()

    def __repr__(self):
        return "<not plain data>"

    __call__ = __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __bool__ = __len__ = __iter__ = _fail
    __getitem__ = __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = __truediv__ = _fail
    __rtruediv__ = __matmul__ = __rmatmul__ = __neg__ = __abs__ = __float__ = __int__ = __index__ = _fail
    __array__ = __hash__ = __contains__ = __pow__ = __rpow__ = _fail


class Checker:
    def __init__(self, rfd, wfd, plain):
        self.rfd, self.wfd, self.plain = rfd, wfd, plain
        self.ns = {"__name__": "__main__", "__builtins__": __builtins__}
        self.calls = 0
        self.student_error = False
        self.from_student = set()

    def send(self, message):
        self.plain.write_frame(self.wfd, self.plain.json.dumps(message, allow_nan=True).encode("utf-8"))

    def receive(self):
        raw = self.plain.read_frame(self.rfd)
        if raw is None:
            os._exit(0)
        return self.plain.json.loads(raw)

    # ---- proxies ----
    def proxy(self, name=None, handle=None):
        checker = self

        def student_function(*args, **kwargs):
            return checker.call(name, handle, args, kwargs)

        label = name if name is not None else "the function the student's code returned"
        student_function.__name__ = student_function.__qualname__ = name or "student_function"
        student_function.__doc__ = f"{label}, run in the student's process"
        student_function._student_name = name
        return student_function

    def call(self, name, handle, args, kwargs):
        label = name if name is not None else "the function the student's code returned"
        functions = {}
        for value in list(args) + list(kwargs.values()):
            if callable(value) and getattr(value, "_student_name", None):
                functions[id(value)] = value._student_name
        try:
            encoded_args = self.plain.encode(list(args), functions=functions)
            encoded_kwargs = self.plain.encode(dict(kwargs), functions=functions)
        except self.plain.NotPlain as exc:
            raise TypeError(f"the test passes {exc} to the student's {label}; only plain data can "
                            "cross to the student's process (a mistake in the test)") from None
        self.calls += 1
        cid = self.calls
        message = {"op": "call", "cid": cid, "args": encoded_args, "kwargs": encoded_kwargs}
        message.update({"handle": handle} if handle is not None else {"name": name})
        self.send(message)
        reply = self.receive()
        while reply.get("cid") != cid:
            reply = self.receive()
        if reply.get("timeout"):
            raise StudentTimeout(f"{label} was still running when the time ran out")
        if reply.get("gone"):
            raise StudentGone(f"the student's process stopped while running {label}")
        if reply.get("bad"):
            self.student_error = True
            raise NotPlainData(f"{label} sent back something the grader cannot read: {reply['bad']}")
        if "notplain" in reply:
            self.student_error = True
            raise NotPlainData(f"{label} returned {reply['notplain']}, not plain data (numbers, strings, "
                               "numpy arrays, lists, tuples, dicts)")
        if not reply.get("ok"):
            self.student_error = True
            raise self.student_exception(label, reply)
        try:
            value = self.plain.decode(reply.get("value"), handle=lambda k: self.proxy(handle=k))
            if reply.get("args") is not None:
                self.write_back(list(args), self.plain.decode(reply["args"]))
            if reply.get("kwargs") is not None:
                after = self.plain.decode(reply["kwargs"])
                if type(after) is dict:
                    for key, old in kwargs.items():
                        if key in after:
                            self.write_back([old], [after[key]])
        except self.plain.BadData as exc:
            self.student_error = True
            raise NotPlainData(f"{label} sent back something the grader cannot read: {exc}") from None
        return value

    def write_back(self, before, after):
        """Copy the arguments as the student's call left them into the test's own objects."""
        import numpy as np

        if type(after) is not list or len(after) != len(before):
            return
        for old, new in zip(before, after):
            try:
                if type(old) is np.ndarray and isinstance(new, np.ndarray) and old.shape == new.shape \
                        and old.flags.writeable:
                    np.copyto(old, new, casting="unsafe")
                elif type(old) is list and type(new) is list:
                    if len(old) == len(new):
                        self.write_back(old, new)
                        for i, (a, b) in enumerate(zip(old, new)):
                            if not isinstance(a, (np.ndarray, list, dict)):
                                old[i] = b
                    else:
                        old[:] = new
                elif type(old) is dict and type(new) is dict:
                    old.clear()
                    old.update(new)
            except (ValueError, TypeError):
                pass

    @staticmethod
    def student_exception(label, reply):
        import builtins

        ename = str(reply.get("ename", "Exception"))
        evalue = str(reply.get("evalue", ""))
        for base in reply.get("bases") or []:
            cls = getattr(builtins, str(base), None)
            if isinstance(cls, type) and issubclass(cls, Exception) and cls is not Exception:
                try:
                    return cls(evalue) if ename == base else cls(f"{ename}: {evalue}")
                except Exception:  # noqa: BLE001 - an exception class with other arguments
                    break
        return StudentError(f"{label} raised {ename}: {evalue}")

    # ---- requests ----
    def bind(self, values, asked=()):
        # a name the student's process no longer has must not linger from an earlier test cell
        for name in asked:
            if name in self.from_student and name not in (values or {}):
                self.ns.pop(name, None)
                self.from_student.discard(name)
        for name, info in (values or {}).items():
            if isinstance(name, str):
                self.from_student.add(name)
            if not isinstance(name, str) or not isinstance(info, dict):
                continue
            kind = info.get("kind")
            if kind == "function":
                self.ns[name] = self.proxy(name=name)
            elif kind == "value":
                try:
                    self.ns[name] = self.plain.decode(info.get("value"), handle=lambda k: self.proxy(handle=k))
                except self.plain.BadData as exc:
                    self.ns[name] = Unusable(name, f"unreadable ({exc})")
            elif kind == "module":
                self.ns[name] = Unusable(name, f"the module {str(info.get('module'))[:80]!r}, which the "
                                               "instructor's notebook does not import")
            else:
                self.ns[name] = Unusable(name, str(info.get("what", "an object"))[:200])

    def setup(self, message):
        failed = []
        for source in message.get("sources", []):
            try:
                exec(compile(source, "<instructor imports>", "exec"), self.ns)
            except Exception as exc:  # noqa: BLE001
                failed.append(f"{source.strip()}: {type(exc).__name__}: {exc}")
        return {"op": "setup", "failed": failed}

    def test(self, message):
        name = str(message.get("name"))
        filename = f"<test cell {name}>"
        asked = message.get("asked") if isinstance(message.get("asked"), list) else []
        self.bind(message.get("values"), [n for n in asked if isinstance(n, str)])
        self.student_error = False
        out = io.StringIO()
        saved = sys.stdout, sys.stderr
        sys.stdout = sys.stderr = out
        reply = {"op": "done", "status": "ok"}
        try:
            code = compile(message.get("source", ""), filename, "exec", dont_inherit=True)
            exec(code, self.ns)
        except (Exception, StudentTimeout, StudentGone) as exc:
            line = None
            for frame, lineno in traceback.walk_tb(exc.__traceback__):
                if frame.f_code.co_filename == filename:
                    line = lineno
            if isinstance(exc, SyntaxError) and exc.filename == filename:
                line = exc.lineno
            reply.update(status={StudentTimeout: "timeout", StudentGone: "gone"}.get(type(exc), "error"),
                         ename=type(exc).__name__, evalue=self.plain.text_of(exc, limit=4000), line=line,
                         student=self.student_error or isinstance(exc, NotPlainData))
        finally:
            sys.stdout, sys.stderr = saved
        reply["stdout"] = out.getvalue()[:100_000]
        return reply

    def serve(self):
        while True:
            message = self.receive()
            op = message.get("op")
            if op == "setup":
                reply = self.setup(message)
            elif op == "test":
                reply = self.test(message)
            else:
                continue
            reply["id"] = message.get("id")
            self.send(reply)


def main():
    rfd, wfd = os.dup(0), os.dup(1)
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    os.close(null)
    if len(sys.argv) > 1 and sys.argv[1]:
        sys.path.append(sys.argv[1])
    import numpy  # noqa: F401 - the checker's own numpy, loaded before any test

    Checker(rfd, wfd, _load_plain()).serve()


if __name__ == "__main__":
    main()
