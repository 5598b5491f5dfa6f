"""The repository root is the CIRCUITPY drive's root (code.py, boot.py, lib/),
and still a Python project: pytest, pdb's `interact` and `python3 -m desktop`
must not take the root's code.py for the standard library's `code` module,
and CPython, which has no `micropython` module, must get the one whose const
the device modules import (desktop.micropython_stub), from every
entry point."""
import glob
import io
import os
import runpy
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.dirname(sys.executable)


def test_code_py_imported_as_code_does_nothing(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "mapello.hardware.start", None)   # would fail if imported
    runpy.run_path(os.path.join(ROOT, "code.py"), run_name="code")
    assert capsys.readouterr().out == ""
    with pytest.raises(ImportError):                                  # as __main__ it runs
        runpy.run_path(os.path.join(ROOT, "code.py"), run_name="__main__")
    assert "Copy the game again" in capsys.readouterr().out


@pytest.mark.parametrize("text", ["incompatible .mpy file", "inkompatible .mpy Datei"])
def test_code_py_says_when_the_game_was_compiled_for_another_version(monkeypatch, capsys, text):
    """CircuitPython 9 and 10 refuse a .mpy of another .mpy version with a
    ValueError (translated on some builds), before any of the game loads."""
    class Incompatible:
        def __getattr__(self, name):
            raise ValueError(text)

    monkeypatch.setitem(sys.modules, "mapello.hardware.start", Incompatible())
    with pytest.raises(ValueError):
        runpy.run_path(os.path.join(ROOT, "code.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert text in out and "not compiled for this CircuitPython version" in out
    assert "run deploy.sh again" in out


def test_the_standard_librarys_code_module_in_tests():
    import code
    assert os.path.dirname(os.path.abspath(code.__file__)) != ROOT
    assert hasattr(code, "interact")


def test_pdb_interact(monkeypatch, capsys):
    import pdb
    monkeypatch.setattr(sys, "stdin", io.StringIO("answer = 6 * 7\nprint('answer', answer)\n"))
    out = io.StringIO()
    debugger = pdb.Pdb(stdin=io.StringIO("interact\ncontinue\n"), stdout=out, nosigint=True)
    debugger.use_rawinput = False
    debugger.runcall(_traced, 3)
    assert "answer 42" in capsys.readouterr().out


def _traced(n):
    return n + 1


def test_python_m_desktop_from_the_root():
    proc = subprocess.run([sys.executable, "-m", "desktop", "perft", "start", "2"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["12"]


def test_the_system_python_runs_mapello_though_the_device_modules_need_micropython():
    """The system's python3 with nothing installed (-S: not even .venv's
    Blinka, whose micropython module would do): a device module alone does
    not import, and `python3 -m desktop` gives it the desktop's stub."""
    bare = subprocess.run([sys.executable, "-S", "-E", "-c", "import mapello.rules.geometry"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert bare.returncode != 0 and "No module named 'micropython'" in bare.stderr, bare.stderr
    proc = subprocess.run([sys.executable, "-S", "-E", "-m", "desktop", "perft", "start", "2"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["12"]


# Runs a module (python3 -m desktop.bench.save_log) as python3 -m would, with no
# micropython module to be found (as without Blinka).
WITHOUT_MICROPYTHON = """\
import runpy, sys
sys.modules["micropython"] = None
what, sys.argv = sys.argv[1], sys.argv[1:]
runpy.run_module(what, run_name="__main__", alter_sys=True)
"""
# The two packages with a __main__.py, then every module of desktop/ that
# runs with -m (desktop/vm_serve.py and desktop/bench/device_think.py are
# the VM's and a board's programs, run as scripts there)
ENTRY_POINTS = ["desktop", "desktop.sim"] + sorted(
    os.path.relpath(p, ROOT)[:-3].replace(os.sep, ".")
    for p in glob.glob(os.path.join(ROOT, "desktop", "**", "*.py"), recursive=True)
    if 'if __name__ == "__main__"' in open(p).read())
RUN_AS_THEY_ARE = {"desktop.bench.ai": [], "desktop.bench.device_model.nvm_image": ["NVM", "2"]}


@pytest.mark.parametrize("command", [[m] + RUN_AS_THEY_ARE.get(m, ["--help"]) for m in ENTRY_POINTS],
                         ids=lambda command: command[0])
def test_every_entry_point_imports_the_device_modules_without_micropython(command, tmp_path):
    """Each CPython entry point gives the stub before its first device
    module (a tool's --help imports all that the tool imports at its top):
    importing the package desktop does."""
    command = [str(tmp_path / "nvm.bin") if word == "NVM" else word for word in command]
    proc = subprocess.run([sys.executable, "-c", WITHOUT_MICROPYTHON] + command, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode in (0, 2), proc.stdout + proc.stderr     # 2: a tool's usage
    assert "micropython" not in proc.stderr


def test_python_m_desktop_puts_the_standard_library_first(monkeypatch):
    from desktop import standard_library_first
    monkeypatch.setattr(sys, "path", [ROOT, "/usr/lib/python3", "/site-packages"])
    standard_library_first()
    assert sys.path == ["/usr/lib/python3", "/site-packages", ROOT]
    standard_library_first()                       # once is enough; again changes nothing
    assert sys.path == ["/usr/lib/python3", "/site-packages", ROOT]


@pytest.mark.parametrize("command", [[os.path.join(BIN, "pytest")], [sys.executable, "-m", "pytest"]])
def test_pytest_without_test_sh(command):
    """No activated venv, no PATH from test.sh: the conftest finds the VM beside
    the interpreter, and the root's code.py does not hide the standard library's."""
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep)
                                  if os.path.abspath(p) != BIN)
    proc = subprocess.run(command + ["-q", "-p", "no:randomly", "tests/test_micropython.py::test_checks_pass_in_micropython[mp_record]",
                                     "tests/test_layout.py::test_the_standard_librarys_code_module_in_tests"],
                          cwd=ROOT, capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "2 passed" in proc.stdout
