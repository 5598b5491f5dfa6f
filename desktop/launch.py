"""What `python3 play.py ...` (Windows: `py play.py ...`) and ./play.sh do,
in Python so that every system runs the same steps:

- `play.py TOOL ...` (perft, replay, review, check, show, tournament,
  bundle, deploy): that tool of `python3 -m desktop`, with this Python, in the
  current folder (standard library only: no .venv);
- `play.py --web [--port N]`: the browser page built and served on
  localhost (standard library and npm: no .venv);
- anything else: the simulator (`python3 -m desktop play ...`), run by
  .venv's Python in the repository's folder (relative paths, such as the
  save in saves/ and a --snapshot's PNG, are from there).  .venv is made
  the first time, with requirements.txt, again whenever that file changed,
  and requirements-window.txt (pygame) for the window.  On Windows the
  simulator opens its window unless the presses are scripted (--keys,
  --snapshot): the terminal simulator needs a POSIX terminal.

`name` is os.name ("nt" on Windows: .venv\\Scripts\\python.exe), passed in
so that the tests can ask for another system's steps.
"""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = ".venv"
STAMP = ".requirements.stamp"       # the requirements.txt .venv was installed from
SCRIPTED = ("--keys", "--snapshot")   # options of a run with no keyboard
EXTRA_HELP = """
play.py also takes:
  --web [--port N]      build the browser page and serve it on localhost
                        (port 8000 unless N), instead of the simulator
  TOOL ...              a desktop tool, run by this Python with nothing installed
                        (play.py TOOL --help):%s"""


def venv_python(root=ROOT, name=os.name):
    """The path of .venv's Python on the system `name`."""
    if name == "nt":
        return os.path.join(root, VENV, "Scripts", "python.exe")
    return os.path.join(root, VENV, "bin", "python")


def in_venv(root=ROOT):
    """True when this Python is .venv's."""
    return os.path.realpath(sys.prefix) == os.path.realpath(os.path.join(root, VENV))


def tools():
    """The names `python3 -m desktop` takes, the simulator's `play` last."""
    from desktop.cli import build_parser
    for action in build_parser()._actions:
        if isinstance(action.choices, dict):        # the subcommands' action
            return [n for n in action.choices if n != "play"] + ["play"]
    return []


def pip_install(python, requirements, log_name, root=ROOT, run=subprocess.run):
    """pip install -r `requirements` into .venv, quietly, its output in
    .venv/`log_name`; the output printed when it fails.  True when done."""
    log = os.path.join(root, VENV, log_name)
    with open(log, "w") as out:
        proc = run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                    "-r", os.path.join(root, requirements)], stdout=out, stderr=subprocess.STDOUT)
    if proc.returncode != 0:
        with open(log) as f:
            sys.stdout.write(f.read())
        return False
    return True


def read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def set_up(window, root=ROOT, name=os.name, run=subprocess.run):
    """.venv made and filled as the simulator needs it; its Python's path,
    or None when pip failed (its output printed)."""
    python = venv_python(root, name)
    if not os.path.exists(python):
        print("First run: setting up .venv (a minute)...", flush=True)
        proc = run([sys.executable, "-m", "venv", os.path.join(root, VENV)])
        if proc.returncode != 0:
            return None
    stamp = os.path.join(root, VENV, STAMP)
    wanted = read(os.path.join(root, "requirements.txt"))
    if read(stamp) != wanted:
        if not pip_install(python, "requirements.txt", "pip-play.log", root, run):
            return None
        with open(stamp, "wb") as f:
            f.write(wanted)
    if window and run([python, "-c", "import pygame"], stdout=subprocess.DEVNULL,
                      stderr=subprocess.DEVNULL).returncode != 0:
        if not pip_install(python, "requirements-window.txt", "pip-window.log", root, run):
            return None
    return python


def simulator_args(args, name=os.name):
    """The simulator's arguments: on Windows the window unless scripted."""
    args = list(args)
    if name == "nt" and "--window" not in args and not any(
            a == o or a.startswith(o + "=") for a in args for o in SCRIPTED):
        args.append("--window")
    return args


def hand_over(python, args, name=os.name):
    """Run play.py's simulator with .venv's `python`: in place of this
    process (POSIX), or as a child whose status is returned (Windows, where
    an exec'd process would leave the console to a new one)."""
    command = [python] + (["-I"] if sys.flags.isolated else []) + \
        [os.path.join(ROOT, "play.py"), "play"] + list(args)
    if name != "nt":
        sys.stdout.flush()
        os.execv(python, command)
    child = subprocess.Popen(command)
    while True:
        try:
            return child.wait()
        except KeyboardInterrupt:       # Ctrl+C reaches the child too: wait for it to stop
            pass


def print_help():
    from desktop.sim import build_parser
    parser = build_parser()
    parser.prog = "play.py"
    parser.print_help()
    import textwrap
    names = "\n".join(textwrap.wrap(", ".join(tools()[:-1]), 78, initial_indent=" " * 24,
                                     subsequent_indent=" " * 24))
    print(EXTRA_HELP % ("\n" + names))
    return 0


def main(argv, name=os.name):
    from desktop import micropython_stub
    micropython_stub()
    args = list(argv)
    if args and not args[0].startswith("-") and args[0] != "play":
        from desktop.cli import main as tool
        return tool(args)
    if "--web" in args:
        from desktop.build_web import main as web
        return web(["--serve"] + [a for a in args if a != "--web"])
    if args and args[0] == "play":
        args = args[1:]
    if "--help" in args or "-h" in args:
        return print_help()
    os.chdir(ROOT)
    if not in_venv():
        args = simulator_args(args, name)
        python = set_up("--window" in args, name=name)
        if python is None:
            return 1
        return hand_over(python, args, name)
    if name == "nt":
        args = simulator_args(args, name)
    from desktop.cli import main as tool
    return tool(["play"] + args)
