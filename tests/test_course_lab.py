"""`course.py lab` as a learner meets it: a learner's install (nothing for
testing), pip's output summarised with the full log in a file, and JupyterLab
defaults for this course only (autosave every few seconds, reference solutions
that a double-click does not open)."""

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _course_module():
    spec = importlib.util.spec_from_file_location("course_under_test", ROOT / "course.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


course = _course_module()

FAKE_PIP = r'''
import sys
lines = ["Obtaining file:///somewhere",
         "WARNING: Location 'file:///x' is ignored: it is neither a file nor a directory.",
         "Collecting numpy>=1.26 (from lecturekit==0.1.0)",
         "  Using cached numpy-2.4.6-cp311.whl (16.6 MB)",
         "Collecting matplotlib>=3.8 (from lecturekit==0.1.0)",
         "Requirement already satisfied: pip in ./.venv/lib/python3.11/site-packages (24.0)",
         "Installing collected packages: numpy, matplotlib, lecturekit",
         "Successfully installed lecturekit-0.1.0 matplotlib-3.11.2 numpy-2.4.6"]
if sys.argv[1] == "fail":
    lines = lines[:4] + ["ERROR: No matching distribution found for numpy>=99"]
for line in lines:
    print(line)
sys.exit(1 if sys.argv[1] == "fail" else 0)
'''


@pytest.mark.parametrize("outcome", ["ok", "fail"])
def test_pip_output_is_summarised_and_logged_in_full(tmp_path, outcome, capsys):
    script = tmp_path / "fake_pip.py"
    script.write_text(FAKE_PIP)
    log = tmp_path / "pip-install.log"
    code = course.pip_install([sys.executable, str(script), outcome], log=log)
    shown = capsys.readouterr().out
    full = log.read_text()
    assert "Using cached numpy" in full and "WARNING: Location" in full  # everything is logged
    assert str(log.name) in shown.splitlines()[0]
    if outcome == "ok":
        assert code == 0
        assert "Using cached" not in shown and "WARNING" not in shown      # only a summary is shown
        assert shown.splitlines()[1:] == ["  finding packages …", "  installing 3 packages …",
                                          "  done: 3 packages installed"]
    else:
        assert code == 1  # the end of the log is shown, and where the rest is
        assert "ERROR: No matching distribution found for numpy>=99" in shown
        assert shown.splitlines()[-1] == f"Full pip output: {log}"


def test_the_learner_extras_hold_nothing_for_testing():
    import tomllib

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    wanted = [req for name in course.LEARNER_EXTRAS.split(",") for req in extras[name]]
    names = {req.split(">")[0].split("<")[0].split("=")[0].split("[")[0].strip().lower() for req in wanted}
    assert not names & {"pytest", "pytest-xdist", "hypothesis", "nbval", "numba", "pandas", "playwright"}
    assert {"jupyterlab", "ipywidgets"} <= names
    # The chapters read scikit-learn's bundled data files (lk.datasets.iris, digits_pair).
    assert "scikit-learn" in names


def test_lab_settings_give_this_jupyterlab_a_short_autosave_and_kernels_that_stop(tmp_path, monkeypatch):
    # Inside .venv: the JupyterLab of this course, not the user's settings.
    assert course.VENV in course.LAB_OVERRIDES.parents and course.VENV in course.SERVER_CONFIG.parents
    target = tmp_path / "share" / "jupyter" / "lab" / "settings" / "overrides.d" / "lecturekit.json"
    server = tmp_path / "etc" / "jupyter" / "jupyter_server_config.json"
    server.parent.mkdir(parents=True)
    server.write_text('{"ServerApp": {"some_setting_of_another_tool": 1}}')
    monkeypatch.setattr(course, "LAB_OVERRIDES", target)
    monkeypatch.setattr(course, "SERVER_CONFIG", server)
    course.write_lab_settings()
    course.write_lab_settings()  # twice: the same
    pytest.importorskip("jupyterlab_server")
    from jupyterlab_server.settings_utils import _get_overrides

    overrides, error = _get_overrides(str(target.parent.parent))
    assert not error
    docs = overrides["@jupyterlab/docmanager-extension:plugin"]
    assert docs["autosave"] is True and 0 < docs["autosaveInterval"] <= 10
    # closing a chapter's tab stops its kernel
    assert overrides["@jupyterlab/notebook-extension:tracker"]["kernelShutdown"] is True
    # The server config, read the way the Jupyter server reads it (another tool's key kept).
    probe = ("import json; from jupyter_server.serverapp import ServerApp; app = ServerApp(); "
             "app.initialize(argv=['--ServerApp.open_browser=False'], find_extensions=False, new_httpserver=False); "
             "k = app.kernel_manager; print(json.dumps([k.cull_idle_timeout, k.cull_interval, k.cull_connected, "
             "k.cull_busy, app.config.ServerApp.some_setting_of_another_tool]))")
    env = dict(os.environ, JUPYTER_CONFIG_PATH=str(server.parent), JUPYTER_CONFIG_DIR=str(tmp_path / "user"),
               JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"), JUPYTER_DATA_DIR=str(tmp_path / "data"),
               JUPYTER_PREFER_ENV_PATH="0")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, cwd=tmp_path,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    idle, interval, connected, busy, other = json.loads(done.stdout.strip().splitlines()[-1])
    assert idle == course.KERNEL_IDLE_MINUTES * 60 and 0 < interval <= idle
    assert connected is True and busy is False and other == 1


def _layout(widgets, current, split=False):
    tabs = [{"type": "tab-area", "currentIndex": 0, "widgets": widgets[:2]},
            {"type": "tab-area", "currentIndex": 0, "widgets": widgets[2:]}]
    dock = ({"type": "split-area", "orientation": "horizontal", "sizes": [0.5, 0.5], "children": tabs}
            if split else {"type": "tab-area", "currentIndex": 0, "widgets": widgets})
    data = {"layout-restorer:data": {"main": {"dock": dock, "current": current},
                                     "left": {"collapsed": False, "widgets": ["filebrowser"]}}}
    for w in widgets:
        kind, _, path = w.partition(":")
        data[w] = {"data": {"path": path, "factory": "Notebook" if kind == "notebook" else "Editor"}}
    return {"data": data, "metadata": {"id": "default"}}


@pytest.mark.parametrize("split", [False, True], ids=["tabs", "split"])
def test_a_relaunch_reopens_the_start_page_and_the_chapter_in_front_only(tmp_path, split):
    widgets = ["notebook:START.ipynb", "notebook:01_dot_products.ipynb", "editor:notation.md",
               "notebook:04_perceptron.ipynb", "notebook:05_convergence_proof.ipynb",
               "notebook:06_gradient_descent.ipynb"]
    path = tmp_path / course.DEFAULT_LAYOUT_FILE
    path.write_text(json.dumps(_layout(widgets, "notebook:04_perceptron.ipynb", split)))
    course.trim_lab_layout(tmp_path)
    layout = json.loads(path.read_text())
    main = layout["data"]["layout-restorer:data"]["main"]
    kept = course._dock_widgets(main["dock"])
    assert kept == ["notebook:START.ipynb", "editor:notation.md", "notebook:04_perceptron.ipynb"]
    assert main["current"] == "notebook:04_perceptron.ipynb"
    assert main["dock"]["widgets"][main["dock"]["currentIndex"]] == "notebook:04_perceptron.ipynb"
    assert "notebook:05_convergence_proof.ipynb" not in layout["data"]
    assert layout["data"]["layout-restorer:data"]["left"]["widgets"] == ["filebrowser"]  # the rest as it was
    # Nothing more to trim: the file is left as it is; an unreadable one too.
    text = path.read_text()
    course.trim_lab_layout(tmp_path)
    assert path.read_text() == text
    path.write_text("{ not json")
    course.trim_lab_layout(tmp_path)
    assert path.read_text() == "{ not json"


def _copy_of_the_repo(dest):
    """The working tree's files (tracked and new, not ignored) copied to dest."""
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.split("\0")
    for rel in filter(None, files):
        src = ROOT / rel
        if src.is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            (dest / rel).write_bytes(src.read_bytes())
    return dest


@pytest.mark.slow
def test_course_py_lab_makes_a_learners_venv_and_workspace(tmp_path):
    """Everything `course.py lab` does before it starts JupyterLab, in a fresh
    copy of the repo (a real pip install: minutes on a cold cache)."""
    repo = _copy_of_the_repo(tmp_path / "repo")
    env = {k: v for k, v in os.environ.items() if k not in ("LECTUREKIT_WORKSPACE", "VIRTUAL_ENV")}
    done = subprocess.run(
        [sys.executable, "-c", "import sys, course; code, target = course.prepare_lab(); "
                               "print('OPENS', target); sys.exit(code)"],
        cwd=repo, env=env, capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    out = done.stdout
    assert "OPENS my-work/START.ipynb" in out
    assert len(out.splitlines()) < 15, out             # a summary, not pip's hundreds of lines
    log = repo / ".venv" / "pip-install.log"
    assert "Successfully installed" in log.read_text()
    python = repo / ".venv" / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    probe = ("import importlib.util as u, json; print(json.dumps({m: u.find_spec(m) is not None for m in "
             "['pytest', 'hypothesis', 'nbval', 'numba', 'pandas', 'xdist', "
             "'jupyterlab', 'ipywidgets', 'matplotlib', 'numpy', 'sklearn', 'nbclient', 'lecturekit']}))")
    found = json.loads(subprocess.run([str(python), "-c", probe], cwd=tmp_path, capture_output=True,
                                      text=True, check=True).stdout)
    assert [m for m in ("pytest", "hypothesis", "nbval", "numba", "pandas", "xdist") if found[m]] == []
    assert all(found[m] for m in ("jupyterlab", "ipywidgets", "matplotlib", "numpy", "sklearn",
                                  "nbclient", "lecturekit")), found
    # The autosave default, read the way that JupyterLab reads it.
    check = ("import json; from jupyterlab.commands import get_app_dir; "
             "from jupyterlab_server.settings_utils import _get_overrides; "
             "o, e = _get_overrides(get_app_dir() + '/settings'); "
             "print(json.dumps(o['@jupyterlab/docmanager-extension:plugin']))")
    docs = json.loads(subprocess.run([str(python), "-c", check], cwd=tmp_path, capture_output=True,
                                     text=True, check=True, env=env).stdout)
    assert docs["autosave"] is True and docs["autosaveInterval"] <= 10
    work = repo / "my-work"
    assert (work / "START.ipynb").is_file()
    assert sorted(p.name for p in work.glob("0*.ipynb")) == sorted(p.name for p in (repo / "notebooks").glob("*.ipynb"))


def test_the_first_layout_is_seeded_once_under_the_name_jupyterlab_reads(tmp_path):
    pytest.importorskip("jupyterlab_server")
    from jupyterlab_server.workspaces_handler import WORKSPACE_EXTENSION, slugify

    assert course.DEFAULT_LAYOUT_FILE == slugify("default") + WORKSPACE_EXTENSION
    course.seed_lab_layout(tmp_path)
    layout = json.loads((tmp_path / course.DEFAULT_LAYOUT_FILE).read_text())
    data = layout["data"]["layout-restorer:data"]
    assert data["main"]["current"] == "notebook:START.ipynb" and data["relativeSizes"][0] >= 0.25
    # The learner's own layout, once JupyterLab saved it, is never replaced.
    (tmp_path / course.DEFAULT_LAYOUT_FILE).write_text('{"data": {}, "metadata": {"id": "default"}}')
    course.seed_lab_layout(tmp_path)
    assert json.loads((tmp_path / course.DEFAULT_LAYOUT_FILE).read_text())["data"] == {}
