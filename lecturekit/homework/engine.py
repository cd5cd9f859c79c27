"""Running a graded notebook: student cells in the runner, test cells in the checker.

A *plan* is a list of steps in notebook order: ``("code", source)`` for a cell
of the student's, ``("test", grade_id, source)`` for an instructor test cell.
:func:`execute` starts two processes, the runner (student code, sandboxed when
asked) and the checker (the instructor's tests, clean), and goes through the
plan.  A test cell runs in the checker; the names it uses are fetched from the
runner as plain data just before, and the student's functions are called in
the runner through the grader.

A cell that runs longer than ``timeout`` seconds is interrupted (like
Jupyter's stop button).  If the runner ignores the interrupt for ``grace``
more seconds, dies, or a cell calls ``exit()``, both processes are replaced
and the plan runs again from the top, skipping every step that stopped a
runner.  After ``max_restarts`` restarts the remaining steps count as not run.
"""

from __future__ import annotations

import ast
import builtins
import time
from dataclasses import dataclass, field

from . import sandbox as sb

__all__ = ["Run", "execute", "setup_imports", "names_to_fetch"]


@dataclass
class Run:
    """What happened to one step.

    ``status``: ok, error, timeout (interrupted after the time limit), stuck
    (ignored the interrupt), dead (the runner died), exit (the cell called
    exit()), not run.
    """

    status: str
    ename: str = ""
    evalue: str = ""
    line: int | None = None      # test cells: the line that raised
    student: bool = False        # test cells: the error came from the student's side
    outputs: list = field(default_factory=list)


def _str(value, limit=4000):
    text = value if isinstance(value, str) else ""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def setup_imports(sources):
    """The import statements at the top level of the instructor's own cells, and the names they bind."""
    lines, names = [], set()
    for source in sources:
        clean = "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in source.split("\n"))
        try:
            tree = ast.parse(clean)
        except SyntaxError:
            continue
        for node in tree.body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                lines.append(ast.unparse(node))
                for alias in node.names:
                    if alias.name != "*":
                        names.add(alias.asname or alias.name.split(".")[0])
    return lines, frozenset(names)


def names_to_fetch(source, known):
    """Names a test cell reads that it does not set itself and the checker does not already have."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    used, bound = [], set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            if isinstance(node.ctx, ast.Load):
                used.append(node.id)
            else:
                bound.add(node.id)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            bound.update((a.asname or a.name.split(".")[0]) for a in node.names)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound.add(node.name)
    return sorted(n for n in dict.fromkeys(used) if n not in bound and n not in known)


class _Session:
    """One runner and one checker."""

    def __init__(self, sandbox, cwd, limits, setup, checker_cwd):
        self.runner = self.checker = None
        self.sandbox, self.ids = sandbox, 0
        self.checker = sb.start_checker(checker_cwd)
        self.runner = sb.start_runner(sandbox, cwd=cwd, limits=limits)
        self.setup = setup

    def start(self, wait=120):
        deadline = time.monotonic() + wait
        # the checker imports the instructor's modules while the runner starts: the two overlap
        self.checker.send({"op": "setup", "id": "setup", "sources": self.setup})
        kind, body = self.runner.reply_to("ready", deadline)
        if kind != "message":
            return f"the process for the student's code did not start ({kind})"
        kind, body = self.checker.reply_to("setup", deadline)
        if kind != "message":
            return f"the checker process did not start ({kind})"
        return None

    def close(self):
        for process in (self.runner, self.checker):
            if process is not None:
                process.kill()
        scratch = getattr(self.runner, "scratch", None)
        if scratch:
            import shutil

            shutil.rmtree(scratch, ignore_errors=True)

    def _next_id(self):
        self.ids += 1
        return self.ids

    def _ask_runner(self, message, deadline, grace):
        """Send a request to the runner, interrupting it at ``deadline``.

        Returns ``(outcome, reply)``: outcome is "ok", "timeout" (interrupted,
        it answered), "stuck" (it did not answer the interrupt) or "dead".
        """
        rid = self._next_id()
        message["id"] = rid
        self.runner.send(message)
        kind, body = self.runner.reply_to(rid, deadline)
        if kind == "timeout":
            self.runner.send({"op": "interrupt"})
            kind, body = self.runner.reply_to(rid, time.monotonic() + grace)
            if kind == "timeout":
                return "stuck", None
            if kind == "message":
                return "timeout", body
        if kind != "message":
            return "dead", body
        return "ok", body

    def run_code(self, source, timeout, grace):
        begun = time.monotonic()
        outcome, reply = self._ask_runner({"op": "run", "source": source}, begun + timeout, grace)
        if outcome == "stuck":
            return Run("stuck", "TimeoutError", f"still running after {timeout} s and did not stop when interrupted")
        if outcome == "dead":
            return Run("dead", "DeadKernelError", "the process running the student's code died while running "
                                                  "this cell (the kernel died)")
        outputs = []
        for name in ("stdout", "stderr"):
            text = _str(reply.get(name), 1_100_000)
            if text:
                outputs.append({"output_type": "stream", "name": name, "text": text})
        status = reply.get("status")
        ename, evalue = _str(reply.get("ename"), 200), _str(reply.get("evalue"))
        if outcome == "timeout" or (status == "error" and ename == "KeyboardInterrupt"
                                    and time.monotonic() - begun >= timeout):
            run = Run("timeout", "TimeoutError", f"still running after {timeout} s; interrupted", outputs=outputs)
        elif status == "exit":
            run = Run("exit", "SystemExit", "the cell called exit() or quit(), which stops the kernel",
                      outputs=outputs)
        elif status == "error":
            run = Run("error", ename or "Error", evalue, outputs=outputs)
        elif status == "ok":
            run = Run("ok", outputs=outputs)
        else:
            run = Run("dead", "GraderError", "the student's process sent a reply the grader cannot read")
        if run.status != "ok" and run.status not in ("dead",):
            run.outputs.append({"output_type": "error", "ename": run.ename, "evalue": run.evalue, "traceback": []})
        return run

    def run_test(self, grade_id, source, names, timeout, grace):
        begun = time.monotonic()
        deadline = begun + timeout
        values = {}
        if names:
            outcome, reply = self._ask_runner({"op": "names", "names": names}, deadline, grace)
            if outcome in ("stuck", "dead"):
                return Run(outcome, "TimeoutError" if outcome == "stuck" else "DeadKernelError",
                           "the student's process stopped answering" if outcome == "stuck"
                           else "the process running the student's code died (the kernel died)")
            if outcome == "timeout":
                return Run("timeout", "TimeoutError", f"still running after {timeout} s; interrupted")
            values = reply.get("values") if isinstance(reply.get("values"), dict) else {}
            values = {k: v for k, v in values.items() if k in names}
        tid = self._next_id()
        try:
            self.checker.send({"op": "test", "id": tid, "name": grade_id, "source": source, "values": values,
                               "asked": names})
        except Exception as exc:  # noqa: BLE001 - values the grader cannot send on
            return Run("error", "NotPlainData", f"the student's values could not be passed on: {exc}", student=True)
        runner_state = None
        while True:
            kind, body = self.checker.receive(deadline + grace + 5)
            if kind != "message":
                # the checker itself ran out of time (a test looping on the student's results) or died
                return Run("stuck", "TimeoutError", f"still running after {timeout} s and did not stop") \
                    if kind == "timeout" else Run("dead", "CheckerError", f"the checker process failed ({kind})")
            if body.get("op") == "call":
                answer = {"cid": body.get("cid")}
                if runner_state is not None:
                    answer["gone"] = True
                else:
                    request = {"op": "call", "args": body.get("args"), "kwargs": body.get("kwargs")}
                    if "handle" in body:
                        request["handle"] = body["handle"]
                    else:
                        request["name"] = body.get("name")
                    outcome, reply = self._ask_runner(request, deadline, grace)
                    if outcome == "ok":
                        for key in ("ok", "value", "args", "kwargs", "notplain", "ename", "evalue", "bases"):
                            if key in reply:
                                answer[key] = reply[key]
                        if reply.get("interrupted"):
                            answer = {"cid": body.get("cid"), "timeout": True}
                    elif outcome == "timeout":
                        answer["timeout"] = True
                    else:
                        runner_state = outcome
                        answer["gone"] = True
                try:
                    self.checker.send(answer)
                except Exception as exc:  # noqa: BLE001
                    self.checker.send({"cid": body.get("cid"), "bad": str(exc)[:200]})
                continue
            if body.get("id") != tid:
                continue
            if runner_state == "stuck":
                return Run("stuck", "TimeoutError", f"still running after {timeout} s and did not stop when "
                                                    "interrupted")
            if runner_state == "dead":
                return Run("dead", "DeadKernelError", "the process running the student's code died during "
                                                      "this test (the kernel died)")
            outputs = []
            if _str(body.get("stdout")):
                outputs.append({"output_type": "stream", "name": "stdout", "text": _str(body.get("stdout"))})
            line = body.get("line") if type(body.get("line")) is int else None
            status = body.get("status")
            if status == "ok":
                return Run("ok", outputs=outputs)
            if status == "timeout" or time.monotonic() > deadline:
                run = Run("timeout", "TimeoutError", f"still running after {timeout} s; interrupted", line=line)
            else:
                run = Run("error", _str(body.get("ename"), 200) or "Error", _str(body.get("evalue")), line=line,
                          student=bool(body.get("student")))
            run.outputs = outputs + [{"output_type": "error", "ename": run.ename, "evalue": run.evalue,
                                      "traceback": []}]
            return run


def execute(steps, *, sandbox, cwd, timeout, grace, max_restarts, setup, setup_names, limits=None,
            checker_cwd=None, last_index=None, total_timeout=None, timings=None):
    """Run the plan.  Returns ``({index: Run}, restarts, problems)``.

    ``timings``, a dict, if given, gets the wall seconds spent starting and
    stopping the two processes (``"start"``), running the student's cells
    (``"cells"``) and the test cells (``"tests"``).
    """
    timings = {} if timings is None else timings
    for key in ("start", "cells", "tests"):
        timings.setdefault(key, 0.0)
    last_index = len(steps) - 1 if last_index is None else last_index
    todo = [i for i, step in enumerate(steps) if i <= last_index and step[-1].strip()]
    runs, skip, restarts, problems = {}, set(), 0, []
    # Python's builtins are always the checker's own: a student's `abs = lambda x: 0` must not reach a test
    known = set(setup_names) | _BUILTINS | {"__builtins__"}
    fetch = {i: names_to_fetch(steps[i][2], known) for i in todo if steps[i][0] == "test"}
    started = time.monotonic()
    while True:
        session = None
        stopped_at = None
        begun = time.monotonic()
        try:
            try:
                session = _Session(sandbox, cwd, limits, setup, checker_cwd)
                failure = session.start()
                timings["start"] += time.monotonic() - begun
            except (OSError, sb.SandboxUnavailable) as exc:
                failure = f"{type(exc).__name__}: {exc}"
            if failure:
                problems.append(f"the grader could not start: {failure}")
                for i in todo:
                    runs.setdefault(i, Run("not run", evalue="not run: the grader could not start"))
                return runs, restarts, problems
            for i in todo:
                if i in skip:
                    continue
                if total_timeout is not None and time.monotonic() - started > total_timeout:
                    for j in todo:
                        if j >= i and j not in skip:
                            runs[j] = Run("not run", evalue=f"not run: the grade's total time limit "
                                                            f"({total_timeout:g} s) ran out")
                    problems.append(f"grading stopped: the total time limit ({total_timeout:g} s) ran out")
                    return runs, restarts, problems
                step = steps[i]
                begun = time.monotonic()
                if step[0] == "code":
                    runs[i] = session.run_code(step[1], timeout, grace)
                    timings["cells"] += time.monotonic() - begun
                else:
                    runs[i] = session.run_test(step[1], step[2], fetch[i], timeout, grace)
                    timings["tests"] += time.monotonic() - begun
                if runs[i].status in ("stuck", "dead", "exit"):
                    stopped_at = i
                    break
        finally:
            if session is not None:
                begun = time.monotonic()
                session.close()
                timings["start"] += time.monotonic() - begun
        if stopped_at is None:
            return runs, restarts, problems
        skip.add(stopped_at)
        restarts += 1
        if restarts > max_restarts:
            for i in todo:
                if i > stopped_at and i not in skip:
                    runs[i] = Run("not run", evalue=f"not run: the kernel was restarted {max_restarts} times")
            problems.append(f"grading stopped after {max_restarts} kernel restarts")
            return runs, restarts, problems


_BUILTINS = frozenset(dir(builtins))
