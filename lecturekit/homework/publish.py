"""Publishing a homework: the student versions, a student build of lecturekit without the keys, and
the instructor's bundle.

::

    python -m lecturekit.homework publish notebooks/ -o build/homework/

runs every instructor notebook once (a Jupyter kernel, as ``course.py regen``
does) with the checks recorded (:mod:`lecturekit.homework.keys`), derives
each exercise's public spec, and writes

``build/homework/student/`` (hand this out)
    ``notebooks/``: the student version of each notebook (as
    ``python -m lecturekit.homework student`` writes it), and the other files
    of the folders given (``notation.md``);
    ``lecturekit-<version>+homework.<id>-py3-none-any.whl``: lecturekit with
    every ``exercises/chNN.py`` replaced by its public spec (``chNN.json``)
    and a two-line module that registers it; nothing else differs;
    ``README.md``: how to install it and work.

``build/homework/instructor/`` (keep this)
    ``notebooks/``: the instructor notebooks (solutions, hidden tests) the
    grader needs; ``keys.json``: every probe's expected value and, per probe and
    mistake, whether the student build shows it and why not; ``manifest.json``:
    hashes of the checks, notebooks and wheel, for :func:`verify`;
    ``README.md``: how to grade.

Nothing is written unless every notebook runs, its markup is valid and every
exercise can be published (:attr:`~lecturekit.homework.keys.Derived.problems`).
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import json
import os
import re
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path

import lecturekit

from ..exercises import registered
from .keys import derive
from .markup import MarkupError, parse_assignment
from .student import notebook_paths, student_version

__all__ = ["PublishError", "record_notebooks", "build_student_package", "write_wheel", "publish", "verify",
           "misconceptions_for_students", "feedback_redactor", "bundle_of", "CHAPTER_MODULE"]

PACKAGE_DIR = Path(lecturekit.__file__).resolve().parent
CHAPTER_MODULE = re.compile(r"ch\d\d\.py")   # the modules that hold a chapter's checks (its keys)
NOTEBOOK_TIMEOUT = 600                        # seconds per cell, as course.py regen
_ZIP_DATE = (1980, 1, 1, 0, 0, 0)


class PublishError(RuntimeError):
    """Publishing stopped; ``problems`` lists every reason (nothing was written)."""

    def __init__(self, problems):
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


# --------------------------------------------------------------------------
# running the instructor notebooks with the checks recorded
# --------------------------------------------------------------------------

_PREAMBLE = """import lecturekit.homework.keys as _lk_keys
_lk_keys.start_recording({path!r})
del _lk_keys"""


def record_notebooks(paths, *, timeout=NOTEBOOK_TIMEOUT):
    """Run each instructor notebook in a kernel with the checks recorded.

    Returns ``(records, problems)``: the exercise records of every notebook
    (:func:`lecturekit.homework.keys.record_exercise`) and, for a notebook
    that failed to run, why.
    """
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError

    records, problems = [], []
    with tempfile.TemporaryDirectory(prefix="lk-publish-") as scratch:
        for path in map(Path, paths):
            out = Path(scratch) / f"{path.stem}.jsonl"
            nb = nbformat.read(path, as_version=4)
            nb.cells.insert(0, nbformat.v4.new_code_cell(_PREAMBLE.format(path=str(out))))
            env = dict(os.environ, PYTHONHASHSEED="0")
            env.pop("MPLBACKEND", None)
            client = NotebookClient(nb, timeout=timeout, kernel_name="python3",
                                    resources={"metadata": {"path": str(path.parent)}})
            try:
                client.execute(env=env)
            except CellExecutionError as exc:
                last = re.sub(r"\x1b\[[0-9;]*m", "", str(exc).strip().splitlines()[-1])
                problems.append(f"{path}: a cell failed when the notebook was run: {last}"[:600])
                continue
            except (CellTimeoutError, DeadKernelError) as exc:
                problems.append(f"{path}: the notebook did not run to the end: {type(exc).__name__}")
                continue
            if out.exists():
                records += [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines() if line]
    return records, problems


# --------------------------------------------------------------------------
# the student build of the package
# --------------------------------------------------------------------------

_STUB_MODULE = '''"""{title}, student build of a homework: the checks that grade these exercises are your
instructor's.  ``{json_name}`` holds what the visible checks say without the answers (see
lecturekit/exercises/public.py).  Made by ``python -m lecturekit.homework publish``."""

from .public import register

register(__name__)
'''


def _package_files(source):
    """The package's files a build copies: source and package data, no caches, no hidden files."""
    for path in sorted(source.rglob("*")):
        rel = path.relative_to(source)
        if path.is_dir() or any(part.startswith(".") or part == "__pycache__" for part in rel.parts):
            continue
        if path.suffix in (".pyc", ".pyo"):
            continue
        yield rel


def build_student_package(specs, target, *, source=PACKAGE_DIR):
    """Write the student build of lecturekit into ``target/lecturekit``.

    Every file of ``source`` is copied, except each ``exercises/chNN.py``,
    which becomes a module that registers ``exercises/chNN.json`` (the public
    spec of ``specs[chapter]``; a chapter not in ``specs`` gets none of its
    exercises).  Returns the folder written.
    """
    target = Path(target) / "lecturekit"
    for rel in _package_files(source):
        dest = target / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        if rel.parent == Path("exercises") and (CHAPTER_MODULE.fullmatch(rel.name) or
                                                re.fullmatch(r"ch\d\d\.json", rel.name)):
            continue
        shutil.copyfile(source / rel, dest)
    exercises = target / "exercises"
    chapters = sorted({p.stem for p in (source / "exercises").glob("ch[0-9][0-9].py")} | set(specs))
    for chapter in chapters:
        spec = specs.get(chapter, {"format": 1, "chapter": chapter, "exercises": []})
        title = f"Chapter {int(chapter[2:])}'s exercises" if spec["exercises"] else \
            f"Chapter {int(chapter[2:])}: not part of this homework, so no exercise is registered"
        (exercises / f"{chapter}.py").write_text(
            _STUB_MODULE.format(title=title, json_name=f"{chapter}.json"), encoding="utf-8")
        (exercises / f"{chapter}.json").write_text(
            json.dumps(spec, indent=1, ensure_ascii=False, allow_nan=False) + "\n", encoding="utf-8")
    return target


def _requirements():
    """(Requires-Python, [Requires-Dist]) of the installed lecturekit, without its extras."""
    try:
        meta = importlib.metadata.metadata("lecturekit")
        requires = [r for r in (importlib.metadata.requires("lecturekit") or []) if "extra ==" not in r]
        return meta.get("Requires-Python"), requires
    except importlib.metadata.PackageNotFoundError:
        return None, ["numpy"]


def _base_version():
    try:
        return importlib.metadata.version("lecturekit").split("+")[0]
    except importlib.metadata.PackageNotFoundError:
        return "0"


def _record_hash(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def write_wheel(package, out_dir, *, label):
    """Zip the package folder ``package`` (``.../lecturekit``) into a wheel in ``out_dir``.

    The version is the installed lecturekit's with the local label ``label``
    (``0.1.0+homework.1a2b3c4d``).  The wheel is pure Python
    (``py3-none-any``), has the installed lecturekit's requirements, holds no
    bytecode, and is the same bytes for the same files.  Returns its path.
    """
    package = Path(package)
    version = f"{_base_version()}+{label}"
    dist_info = f"lecturekit-{version}.dist-info"
    python, requires = _requirements()
    metadata = ["Metadata-Version: 2.1", "Name: lecturekit", f"Version: {version}",
                "Summary: lecturekit, student build for a homework: the exercises' visible checks, "
                "without the answers"]
    if python:
        metadata.append(f"Requires-Python: {python}")
    metadata += [f"Requires-Dist: {r}" for r in requires]
    files = {f"lecturekit/{rel.as_posix()}": (package / rel).read_bytes() for rel in _package_files(package)}
    files[f"{dist_info}/METADATA"] = ("\n".join(metadata) + "\n").encode()
    files[f"{dist_info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: lecturekit.homework.publish\n"
                                   b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    files[f"{dist_info}/top_level.txt"] = b"lecturekit\n"
    record = "".join(f"{name},{_record_hash(data)},{len(data)}\n" for name, data in sorted(files.items()))
    files[f"{dist_info}/RECORD"] = (record + f"{dist_info}/RECORD,,\n").encode()
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    wheel = out_dir / f"lecturekit-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as zf:
        for name in sorted(files, key=lambda n: (n.startswith(dist_info), n)):
            info = zipfile.ZipInfo(name, date_time=_ZIP_DATE)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, files[name])
    return wheel


# --------------------------------------------------------------------------
# publish
# --------------------------------------------------------------------------

def _sha256(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _check_modules(source=PACKAGE_DIR):
    return {p.stem: _sha256(p) for p in sorted((source / "exercises").glob("ch[0-9][0-9].py"))}


_STUDENT_README = """# Homework: {names}

1. Install the course's Python package, the version made for this homework (it has the checks you
   can run, without their answers):

       pip install {wheel}

   (in the environment where you run Jupyter; it installs numpy, matplotlib and ipywidgets if needed).
2. Open the notebooks in `notebooks/` and write your answers where a cell says
   `raise NotImplementedError()`.
3. Run each exercise's test cell.  It tells you when an answer is not written yet, raises an
   error, has the wrong form (a list of two numbers where three are asked for...) or is a mistake
   the course knows.  It does not tell you whether your answer is right: your instructor's tests
   grade it.  "no problem found" means only that.
4. Hand in the notebooks.  Do not change the test cells: the grader puts its own copy back.
"""

_INSTRUCTOR_README = """# Homework: {names} (instructor's copy: keep it from students)

- `notebooks/`: the instructor notebooks (solutions and hidden tests): grade against them.
- `keys.json`: every probe's expected value, and for each probe and catalogued mistake whether the
  student build shows it (and if not, why).
- `manifest.json`: hashes of the checks, notebooks and wheel this homework was made from.

Grade with the same lecturekit that published the homework; check that it is:

    python -m lecturekit.homework verify {here}

then grade a folder of submissions (one NAME.ipynb or NAME/ per student):

    python -m lecturekit.homework grade submissions/ --instructor {here}/notebooks/ --out reports/

The grade comes from the full checks of the installed lecturekit, run in the grader's checker
process; the student's code runs in the sandbox, where the checks' modules are hidden. Reports and
`--executed` notebooks come from the full checks: they may name the misconception behind a wrong
multiple-choice answer, so they are for you, not for students.
"""


def _replace_folder(tmp, final):
    old = None
    if final.exists():
        old = final.with_name(f".{final.name}.old-{os.getpid()}")
        final.rename(old)
    tmp.rename(final)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def publish(paths, output, *, timeout=NOTEBOOK_TIMEOUT, records=None):
    """Publish the notebooks in ``paths`` as a homework into ``output`` (see the module's docstring).

    ``records`` (exercise records of :func:`record_notebooks`) skips running
    the notebooks; for tests.  Returns a dict: ``student`` and ``instructor``
    (the two folders), ``wheel`` (its path), ``derived``
    (:class:`~lecturekit.homework.keys.Derived`) and ``records`` (the
    exercise records, keys included).  Raises :class:`PublishError`
    (and writes nothing) when a notebook is malformed or fails to run, or an
    exercise cannot be published.
    """
    import nbformat

    notebooks = notebook_paths(paths)
    output = Path(output).resolve()
    problems, students, assignments = [], {}, {}
    for path in notebooks:
        folder = path.resolve().parent
        if output == folder or folder.is_relative_to(output):
            problems.append(f"{path}: the output folder {output} holds the instructor notebooks; choose another")
        try:
            nb = nbformat.read(path, as_version=4)
            assignments[path] = parse_assignment(nb, str(path))
            students[path] = student_version(nb, str(path))
        except MarkupError as exc:
            problems += exc.problems
        except Exception as exc:  # noqa: BLE001
            problems.append(f"{path}: cannot be read as a notebook: {exc}")
    if len({p.name for p in notebooks}) != len(notebooks):
        problems.append("two notebooks have the same file name")
    if problems:
        raise PublishError(problems)
    if records is None:
        records, problems = record_notebooks(notebooks, timeout=timeout)
        if problems:
            raise PublishError(problems)
    derived = derive(records)
    problems = list(derived.problems)
    recorded = {r["grade_id"] for r in records}
    for path, assignment in assignments.items():
        for ex in assignment.exercises:
            if ex.grade_id in recorded:
                continue
            try:
                registered(ex.grade_id)
            except KeyError:   # the notebook's own tests: its visible lines are visible, as in nbgrader
                derived.notes.append(f"{path}: {ex.grade_id} has no check in lecturekit.exercises; its test cells "
                                     "are the notebook's own (visible lines visible, hidden tests removed)")
                continue
            problems.append(f"{path}: {ex.grade_id}: its test cells never called check_exercise, so its check "
                            "in lecturekit.exercises cannot be published")
    if problems:
        raise PublishError(problems)

    output.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{output.name}.", dir=output.parent))
    try:
        student_dir, instructor_dir = tmp / "student", tmp / "instructor"
        (student_dir / "notebooks").mkdir(parents=True)
        (instructor_dir / "notebooks").mkdir(parents=True)
        for path, nb in students.items():
            nbformat.write(nb, student_dir / "notebooks" / path.name)
            shutil.copyfile(path, instructor_dir / "notebooks" / path.name)
        for extra in _supporting_files(paths):   # notation.md and the like, which the notebooks link to
            for folder in (student_dir, instructor_dir):
                if not (folder / "notebooks" / extra.name).exists():
                    shutil.copyfile(extra, folder / "notebooks" / extra.name)
        spec_bytes = json.dumps(derived.specs, sort_keys=True).encode()
        label = "homework." + hashlib.sha256(spec_bytes).hexdigest()[:8]
        with tempfile.TemporaryDirectory(prefix="lk-build-") as build:
            package = build_student_package(derived.specs, build)
            wheel = write_wheel(package, student_dir, label=label)
        names = ", ".join(p.stem for p in notebooks)
        (student_dir / "README.md").write_text(_STUDENT_README.format(names=names, wheel=wheel.name),
                                               encoding="utf-8")
        (instructor_dir / "README.md").write_text(
            _INSTRUCTOR_README.format(names=names, here=str(output / "instructor")), encoding="utf-8")
        keys = {"note": "The keys of this homework: for the instructor only.",
                "keys": {label_: {"expected": _json_safe(value), "answer": is_answer}
                         for label_, (value, is_answer) in derived.keys.items()},
                "audit": derived.audit, "notes": derived.notes}
        (instructor_dir / "keys.json").write_text(json.dumps(keys, indent=1, ensure_ascii=False) + "\n",
                                                  encoding="utf-8")
        manifest = {
            "lecturekit": _base_version(),
            "made_with": f"python -m lecturekit.homework publish {' '.join(map(str, paths))}",
            "checks": {ch: sha for ch, sha in _check_modules().items() if ch in derived.specs},
            "wheel": {"name": wheel.name, "sha256": _sha256(wheel)},
            "notebooks": {p.name: {"instructor_sha256": _sha256(p),
                                   "student_sha256": _sha256(student_dir / "notebooks" / p.name)}
                          for p in notebooks},
            "exercises": sorted(recorded),
        }
        (instructor_dir / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
        output.mkdir(exist_ok=True)
        for name in ("student", "instructor"):
            _replace_folder(tmp / name, output / name)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return {"student": output / "student", "instructor": output / "instructor",
            "wheel": output / "student" / wheel.name, "derived": derived, "records": records}


def _supporting_files(paths):
    """The files other than notebooks in the folders given (not hidden, not in subfolders)."""
    found = []
    for path in map(Path, paths):
        if path.is_dir():
            found += [p for p in sorted(path.iterdir())
                      if p.is_file() and p.suffix != ".ipynb" and not p.name.startswith(".")]
    return found


def _json_safe(value):
    from ..exercises.public import encode

    try:
        return encode(value)
    except TypeError:
        return repr(value)


def misconceptions_for_students(bundle):
    """``{grade_id: {message, ...}}``: the catalogued mistakes the students' build of a homework names.

    ``bundle`` is the instructor folder :func:`publish` wrote.  A grading
    report's ``misconceptions`` come from the full checks; one outside this
    set (a multiple-choice misconception says why a letter is wrong) is for
    the instructor, not for feedback to students.
    """
    data = json.loads((_instructor_folder(bundle) / "keys.json").read_text(encoding="utf-8"))
    return {gid: {m["message"] for probe in entry["probes"] for m in probe.get("mistakes", []) if m["shown"]}
            for gid, entry in data["audit"].items()}


def feedback_redactor(bundle):
    """A function of a test's message that leaves what the students' build of the homework may say.

    The grader's messages come from the full checks.  This drops the lines
    ``expected ...`` (a probe's key) and every ``This looks like a known
    mistake: ...`` line whose mistake the students' build does not name (a
    multiple-choice misconception says why a letter is wrong).  For
    :func:`lecturekit.homework.grade_class`'s ``feedback_redact``; the
    ``grade`` command applies it itself when ``--instructor`` is a published
    instructor folder.
    """
    from ..exercises import KNOWN_MISTAKE

    allowed = set().union(*misconceptions_for_students(bundle).values())

    def redact(text):
        kept = []
        for line in str(text).split("\n"):
            stripped = line.strip()
            if stripped.startswith("expected "):
                continue
            if stripped.startswith(KNOWN_MISTAKE) and stripped[len(KNOWN_MISTAKE):].strip() not in allowed:
                continue
            kept.append(line)
        return "\n".join(kept)

    return redact


def bundle_of(instructor):
    """The published instructor folder that ``instructor`` (a notebook or a folder of them) is in, or None."""
    path = Path(instructor).resolve()
    for folder in ([path] if path.is_dir() else []) + [path.parent, path.parent.parent]:
        if (folder / "manifest.json").is_file() and (folder / "keys.json").is_file():
            return folder
    return None


def _instructor_folder(bundle):
    bundle = Path(bundle)
    if not (bundle / "manifest.json").exists() and (bundle / "instructor" / "manifest.json").exists():
        return bundle / "instructor"
    return bundle


def verify(bundle):
    """Problems (a list, empty when all is well) between an instructor bundle and this lecturekit.

    ``bundle`` is the ``instructor`` folder :func:`publish` wrote (or the
    folder above it).  The grade is only the one the students' build was made
    for if the installed checks are the same files.
    """
    bundle = _instructor_folder(bundle)
    try:
        manifest = json.loads((bundle / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        return [f"{bundle}: no readable manifest.json ({exc}); give the instructor folder publish wrote"]
    problems = []
    installed = _check_modules()
    for chapter, sha in sorted(manifest.get("checks", {}).items()):
        if installed.get(chapter) != sha:
            problems.append(f"the checks of {chapter} (lecturekit/exercises/{chapter}.py) differ from the ones this "
                            "homework was published with: grade with that lecturekit, or publish again")
    for name, hashes in sorted(manifest.get("notebooks", {}).items()):
        path = bundle / "notebooks" / name
        if not path.exists():
            problems.append(f"{path} is missing")
        elif _sha256(path) != hashes["instructor_sha256"]:
            problems.append(f"{path} has changed since the homework was published")
    return problems


# --------------------------------------------------------------------------
# command line (called from lecturekit.homework.cli)
# --------------------------------------------------------------------------

def cmd_publish(args):
    try:
        done = publish(args.paths, args.output, timeout=args.timeout)
    except PublishError as exc:
        for problem in exc.problems:
            print(f"error: {problem}", file=sys.stderr)
        print("nothing was written", file=sys.stderr)
        return 2
    derived = done["derived"]
    n = sum(len(s["exercises"]) for s in derived.specs.values())
    print(f"wrote {done['student']}: the student notebooks and {done['wheel'].name} (hand these out)")
    print(f"wrote {done['instructor']}: the instructor notebooks, keys.json and manifest.json (keep these)")
    shown = hidden = 0
    for entry in derived.audit.values():
        for probe in entry["probes"]:
            for m in probe.get("mistakes", []):
                shown += m["shown"]
                hidden += not m["shown"]
    probes = [p for e in derived.audit.values() for p in e["probes"]]
    public = sum(bool(p.get("public")) for p in probes)
    print(f"{n} exercises: {public} of {len(probes)} probes can be run by the students' checks (the rest only "
          f"by yours); {shown} catalogued mistakes are named to students, {hidden} are not (keys.json says why)")
    for note in derived.notes:
        print(f"note: {note}")
    return 0


def cmd_verify(args):
    problems = verify(args.bundle)
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    if not problems:
        print(f"{args.bundle}: the installed checks are the ones the homework was published with")
    return 1 if problems else 0
