"""The process in which ``course.py progress`` grades a learner's answers.

Started by :func:`lecturekit.learner.progress` as a script::

    python -I -B _selfcheck.py LECTUREKIT_PARENT REQUEST_JSON RESULT_JSON

It is the grader's two processes in one: the learner's cells run in the
grader's own runner (:class:`lecturekit.homework._runner.Runner`, IPython's
shell, so magics work), and each check cell in the grader's own checker
(:class:`lecturekit.homework._checker.Checker`), which sees the learner's
values as plain data and calls the learner's functions through the same plain
encoding; only the pipe between them is gone.  So a check passes here exactly
when it passes in the grader, for a fraction of the start-up cost.  It is for
the learner's own progress: their code and the checks share this process, so
it is not a defence against a learner who cheats themselves (the instructor's
grader, ``lecturekit.homework``, keeps them apart).

The request: ``{"timeout": seconds per step, "chapters": [{"stem", "setup":
[import lines for the checker], "steps": [["code", source, relied on] | ["test",
grade_id, source, [names to fetch]]]}]}``; a code step that is relied on
(the slice left out earlier cells because this one binds their names) must
run to its end, or the chapter's result is "unsure".  The result, written after each
chapter: ``{stem: {grade_id of a test cell: [status, error]}}`` with status
"ok", "error", "timeout" or "exit".  A step that runs past the time limit is
interrupted (KeyboardInterrupt, as Jupyter's stop button); one that ignores
that is left to the parent, which stops this process and grades the chapter
with the full grader.
"""

import json
import os
import sys
import threading


class _Interrupt:
    """Raises KeyboardInterrupt in the main thread after ``seconds`` (like a
    Jupyter interrupt), on every operating system."""

    def __init__(self, seconds):
        import _thread

        self.fired = False

        def fire():
            self.fired = True
            _thread.interrupt_main()

        self.timer = threading.Timer(seconds, fire)
        self.timer.daemon = True

    def __enter__(self):
        self.timer.start()
        return self

    def __exit__(self, *exc):
        self.timer.cancel()
        return False


def _loop_checker(checker_class, runner, plain):
    """A checker whose calls to the learner's functions go straight to the runner."""

    class LoopChecker(checker_class):
        def __init__(self):
            super().__init__(None, None, plain)
            self.replies = []

        def send(self, message):
            if message.get("op") != "call":
                return
            request = {"op": "call", "args": message.get("args"), "kwargs": message.get("kwargs")}
            if "handle" in message:
                request["handle"] = message["handle"]
            else:
                request["name"] = message.get("name")
            # what crosses the pipe in the grader: JSON
            request = json.loads(json.dumps(request, allow_nan=True))
            try:
                reply = runner.call(request)
            except KeyboardInterrupt:
                raise
            except Exception as exc:  # noqa: BLE001 - as the runner's loop reports it
                reply = {"ok": False, "ename": "GraderError", "evalue": f"{type(exc).__name__}: {exc}"}
            answer = {"cid": message.get("cid")}
            for key in ("ok", "value", "args", "kwargs", "notplain", "ename", "evalue", "bases"):
                if key in reply:
                    answer[key] = reply[key]
            try:
                self.replies.append(json.loads(json.dumps(answer, allow_nan=True)))
            except (TypeError, ValueError) as exc:
                self.replies.append({"cid": message.get("cid"), "bad": str(exc)[:200]})

        def receive(self):
            return self.replies.pop(0)

    return LoopChecker()


def run(request, result_path):
    from lecturekit.homework import plain
    from lecturekit.homework._checker import Checker
    from lecturekit.homework._runner import Runner

    runner = Runner(None, None, plain)
    timeout = float(request.get("timeout", 30))
    results = {}
    for job in request["chapters"]:
        runner.shell.reset(new_session=False)
        checker = _loop_checker(Checker, runner, plain)
        checker.setup({"sources": job.get("setup", [])})
        outcome = {}
        for step in job["steps"]:
            try:
                with _Interrupt(timeout) as clock:
                    if step[0] == "code":
                        reply = runner.run({"source": step[1]})
                        if reply.get("status") == "exit":
                            outcome["exit"] = ["exit", "the cell called exit()"]
                            break
                        if reply.get("status") == "error" and len(step) > 2 and step[2]:
                            # the slice left out earlier cells because this one binds their
                            # names, but it stopped before it did: the parent grades in full
                            outcome["unsure"] = ["error", "a cell the slice relies on failed"]
                            break
                        continue
                    _, grade_id, source, names = step
                    values = runner.names({"names": names})["values"] if names else {}
                    values = json.loads(json.dumps(values, allow_nan=True))
                    reply = checker.test({"name": grade_id, "source": source, "values": values, "asked": names})
                    if reply["status"] == "ok":
                        outcome[grade_id] = ["ok", None]
                    else:
                        first = (str(reply.get("evalue") or "").strip().split("\n") or [""])[0]
                        outcome[grade_id] = [reply["status"], f"{reply.get('ename')}: {first}"[:300]]
            except KeyboardInterrupt:
                if step[0] == "test":
                    outcome[step[1]] = ["timeout" if clock.fired else "error", "interrupted"]
                elif len(step) > 2 and step[2]:
                    outcome["unsure"] = ["timeout", "a cell the slice relies on was interrupted"]
                    break
        results[job["stem"]] = outcome
        tmp = result_path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as out:
            json.dump(results, out)
        os.replace(tmp, result_path)


def main():
    parent, request_path, result_path = sys.argv[1:4]
    sys.path.append(parent)
    sys.path.insert(0, "")  # the working folder, as in a notebook
    with open(request_path, encoding="utf-8") as f:
        request = json.load(f)
    # the learner's output goes nowhere; the result goes to its file
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1):
        os.dup2(null, fd)
    os.close(null)
    run(request, result_path)
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
