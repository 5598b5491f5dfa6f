"""Every command and example in README.md and docs/BUILD.md, run as a new
user's shell runs it, with its documented output checked; and the manual's
promises: short, no history, every relative link to a file that exists.

Commands are found in the documents' code blocks and in their inline code
(`python3 -m desktop ...`, `python3 play.py ...`, `./play.sh ...`, `./deploy.sh ...`,
`.venv/bin/...`);
each one found must be handled here, either run or set aside with the reason,
so a new command fails this test until it is.  Blocks of `$ command` lines are
transcripts: the command's output must be the lines that follow.  Commands run
in a copy of the repository's layout made of links, so what they write (saves,
PNGs) stays out of the repository, with `.venv/bin` off the PATH: `python3` is
the system's, as in a shell after `./play.sh` has run once."""
import glob
import os
import pty
import re
import select
import subprocess
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return f.read()


README = read("README.md")
BUILD = read(os.path.join("docs", "BUILD.md"))
DESIGN = read(os.path.join("docs", "DESIGN.md"))
MANUALS = README + "\n" + BUILD          # the documents whose commands run here
DOCS = ["README.md"] + sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "docs", "*.md")))

FENCE = re.compile(r"^( *)```[^\n]*\n(.*?)^ *```", re.S | re.M)
COMMAND = re.compile(r"^(python3 |py |\.venv/bin/|\./(play|test|deploy)\.sh|git |cd |circup |"
                     r"udisksctl |xcode-select |dot_clean )")


def blocks(text=MANUALS):
    """Every fenced block's lines, without the block's own indentation."""
    out = []
    for indent, body in FENCE.findall(text):
        out.append([line[len(indent):] if line.startswith(indent) else line
                    for line in body.rstrip("\n").split("\n")])
    return out


def commands():
    """Every command the manuals show: block lines (a `$ ` prefix and a
    trailing `# comment` taken off) and inline code that is a command."""
    found = []
    for lines in blocks():
        for line in lines:
            line = line.strip()
            if line.startswith("$ "):
                line = line[2:]
            line = re.sub(r"\s+#.*$", "", line)
            if COMMAND.match(line):
                found.append(line)
    outside = FENCE.sub("", MANUALS)
    for span in re.findall(r"`([^`\n]+)`", outside):
        if COMMAND.match(span):
            found.append(span)
    return found


# --- the layout the commands run in ------------------------------------------------

@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    """The repository's folders as links, with docs/images a folder of its
    own (the snapshot command writes there)."""
    where = tmp_path_factory.mktemp("readme")
    for name in ("mapello", "desktop", "boards", "fonts", ".venv", "play.sh", "play.py", "requirements.txt",
                 "requirements-window.txt", "code.py", "boot.py", "settings.toml.pico",
                 "settings.toml.pybadge"):
        os.symlink(os.path.join(ROOT, name), where / name)
    os.makedirs(where / "lib")      # its own: the bundle command may fill it
    os.symlink(os.path.join(ROOT, "lib", "requirements.txt"), where / "lib" / "requirements.txt")
    os.makedirs(where / "docs" / "images")
    os.symlink(os.path.join(ROOT, "docs", "boards"), where / "docs" / "boards")
    return where


def user_env():
    """The environment of a new user's shell: the project's .venv is not on
    the PATH (./test.sh puts it there for the tests), so python3 is the
    system's and .venv is reached only as ./play.sh or .venv/bin/python."""
    venv_bin = os.path.join(ROOT, ".venv", "bin")
    path = [p for p in os.environ["PATH"].split(os.pathsep)
            if p and os.path.realpath(p) != os.path.realpath(venv_bin) and not p.endswith("/.venv/bin")]
    env = dict(os.environ, PATH=os.pathsep.join(path))
    env.pop("VIRTUAL_ENV", None)
    env.pop("PYTHONPATH", None)
    return env


def shell(repo, command, timeout=300):
    """Run `command` as a user types it, in `repo`.  Returns (status, output)."""
    proc = subprocess.run(["bash", "-c", command], cwd=str(repo), env=user_env(),
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          timeout=timeout)
    return proc.returncode, proc.stdout


def test_python3_in_the_users_shell_is_not_the_venv(repo):
    status, out = shell(repo, "command -v python3; python3 -c 'import sys; print(sys.prefix)'")
    assert status == 0 and ".venv" not in out, out


def record_block():
    for lines in blocks(README):
        if lines and lines[0] == "; Mapello game record":
            return "\n".join(lines) + "\n"
    raise AssertionError("no game record in the README")


# --- what each command must do -----------------------------------------------------

def last_line_is(expected):
    def check(repo, command):
        status, out = shell(repo, command)
        assert status == 0 and out.strip().splitlines()[-1] == expected, out
    return check


def check_perft(repo, command):
    last_line_is("8200")(repo, command)
    status, out = shell(repo, command + " --time")        # "--time: the speed too"
    assert status == 0 and re.match(r"^\d+\.\d{3} s, \d+ leaves/s\n8200\n$", out), out


def check_replay_record(repo, command):
    (repo / command.split()[-1]).write_text(record_block())     # game.txt, or the console's FILE
    status, out = shell(repo, command)
    assert status == 0 and out.strip().splitlines()[-1] == "score black 61 white 9", out


def check_review_record(repo, command):
    """The review of the README's record: a verdict line a move, the one the
    README quotes among them, then each side's points lost."""
    (repo / command.split()[-1]).write_text(record_block())
    status, out = shell(repo, command)
    lines = out.strip().splitlines()
    quoted = re.search(r"review game\.txt +# .*: (\d+\. .+)$", README, re.M).group(1)
    assert status == 0 and quoted in lines, out
    assert lines[0] == "; review: 20000 nodes a position (the device's)", out
    assert [int(line.split(".")[0]) for line in lines[1:-2]] == list(range(1, 64)), out
    assert lines[-2].startswith("black lost ") and lines[-1].startswith("white lost "), out


def check_boards(repo, command):
    status, out = shell(repo, command)
    names = sorted(n for n in os.listdir(os.path.join(ROOT, "boards")) if n.endswith(".txt"))
    lines = out.strip().splitlines()
    assert status == 0 and len(lines) == len(names)
    for line, name in zip(lines, names):
        assert line.startswith("ok   boards/%s: " % name), line


def check_show_start(repo, command):
    status, out = shell(repo, command)
    assert status == 0 and "legal: e3 f4 c5 d6" in out.splitlines(), out


def tournament_lines(out, a, b, games):
    lines = out.strip().splitlines()
    assert lines[0] == "%s vs %s: %d games" % (a, b, games), out
    assert re.match(r"^%s wins \d+, draws \d+, losses \d+$" % a, lines[1])
    assert re.match(r"^score rate [\d.]+% \(95% CI [\d.]+% to [\d.]+%\), wins only [\d.]+%$", lines[2])
    assert re.match(r"^average point difference [+-][\d.]+ \(95% CI [+-][\d.]+ to [+-][\d.]+\)$", lines[3])


def check_quick_tournament(repo, command):
    status, out = shell(repo, command)
    bundled = len([n for n in os.listdir(os.path.join(ROOT, "boards")) if n.endswith(".txt")])
    assert status == 0
    tournament_lines(out, "medium", "greedy", 2 * (bundled + 2))      # bundled boards and 2 random


def check_snapshot(repo, command):
    status, out = shell(repo, command)
    assert status == 0 and "snapshot: game.png" in out, out
    with open(repo / "game.png", "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"


def check_worst_case_snapshot(repo, command):
    """The picture in docs/images is what the command writes today."""
    status, out = shell(repo, command)
    assert status == 0, out
    with open(repo / "docs" / "images" / "worst-case.png", "rb") as f:
        made = f.read()
    with open(os.path.join(ROOT, "docs", "images", "worst-case.png"), "rb") as f:
        assert made == f.read(), "docs/images/worst-case.png is stale: run the README's command"


def check_play_in_a_terminal(repo, command):
    """The simulator in a pseudo-terminal: the menu comes up and Q quits."""
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(str(repo))
        os.execvpe("bash", ["bash", "-c", command], user_env())
    seen = ""
    end = time.monotonic() + 60
    while "MAPELLO" not in seen and time.monotonic() < end:
        if select.select([fd], [], [], 0.1)[0]:
            try:
                seen += os.read(fd, 65536).decode("utf-8", "replace")
            except OSError:
                break
    os.write(fd, b"q")
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    assert "MAPELLO" in seen and os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, seen


def check_play_sh_window(repo, command):
    """Not run: it opens a window (tests/test_sim_window.py drives the window
    itself).  play.sh is play.py, which installs pygame for it, then runs the
    simulator with the same arguments, as for the commands run here
    (tests/test_launch.py)."""
    assert read("play.sh").rstrip().endswith('exec python3 "$(dirname "$0")/play.py" "$@"')
    assert "requirements-window.txt" in read(os.path.join("desktop", "launch.py"))


def check_bundle(repo, command):
    """`python3 -m desktop bundle dist` writes the drag-and-drop zips: here
    as source (--source), since compiling would download CircuitPython's
    mpy-cross (tests/test_hw_deploy.py compiles with a stand-in)."""
    status, out = shell(repo, command.replace(" DIR", " dist") + " --source")
    assert status == 0, out
    zips = glob.glob(str(repo / "dist" / "*.zip"))
    assert zips, out


def runs_ok(expect=None):
    def check(repo, command):
        status, out = shell(repo, command)
        assert status == 0, out
        if expect:
            assert re.search(expect, out), out
    return check


def covered_by(test):
    """A command another test runs against a fake drive or in a copy."""
    def check(repo, command):
        path, name = test.split("::")
        with open(os.path.join(ROOT, "tests", path)) as f:
            assert "def %s(" % name in f.read(), test
    return check


def not_run(reason):
    def check(repo, command):
        assert reason
    return check


HANDLED = {
    "./play.sh": check_play_in_a_terminal,
    "./play.sh --window": check_play_sh_window,
    "./play.sh --web": covered_by("test_web.py::test_play_sh_web_builds_and_serves_the_page"),
    "./play.sh --help": covered_by("test_sim_terminal.py::test_play_sh_help_names_every_option"),
    ".venv/bin/python -m desktop.build_web": covered_by(
        "test_web.py::test_the_page_holds_the_device_code_as_it_is_and_none_of_the_desktops"),
    ".venv/bin/python -m desktop.bench.web_page": covered_by(
        "test_web.py::test_the_web_tools_print_their_figures_and_write_the_picture"),
    ".venv/bin/python -m desktop.web_screenshot": covered_by(
        "test_web.py::test_the_web_tools_print_their_figures_and_write_the_picture"),
    "./test.sh": not_run("the test run itself"),
    './test.sh -m "not slow"': not_run("the test run itself"),
    './play.sh --keys "A RIGHT DOWN A WAIT A" --snapshot game.png': check_snapshot,
    './play.sh --boards docs/boards --keys "A UP LEFT A A WAIT300" '
    '--snapshot docs/images/worst-case.png': check_worst_case_snapshot,
    './play.sh --keys "A B DOWN DOWN A"': not_run("a transcript, checked by test_transcripts"),
    "python3 -m desktop perft start 6": check_perft,
    'python3 -m desktop replay start --moves "e3 f3 g3 g2 c5 h3 h1 f1 pass d3"':
        last_line_is("score black 6 white 7"),
    'python3 -m desktop replay start --moves "e3 f3 e3"': not_run("a transcript, checked by test_transcripts"),
    "python3 -m desktop replay game.txt": check_replay_record,
    "python3 -m desktop replay FILE": check_replay_record,
    "python3 -m desktop review game.txt": check_review_record,
    "python3 -m desktop check boards/*.txt": check_boards,
    "python3 -m desktop show start": check_show_start,
    "python3 -m desktop tournament medium greedy --random 2 --nodes 500": check_quick_tournament,
    "python3 -m desktop bundle DIR": check_bundle,
    "py play.py bundle dist": not_run("Windows' launcher for python3: python3 -m desktop bundle DIR runs"),
    "py play.py deploy": covered_by("test_hw_deploy.py::test_on_windows_the_drive_is_the_one_labelled_circuitpy"),
    "python3 play.py deploy": covered_by("test_hw_deploy.py::test_play_py_deploy_runs_the_plan_without_bash"),
    "python3 play.py": check_play_in_a_terminal,
    "py play.py": covered_by("test_launch.py::test_on_windows_the_simulator_is_the_window_run_by_the_venvs_python"),
    "py play.py --web": covered_by("test_launch.py::test_the_page_is_served_by_this_python_with_no_venv"),
    "./deploy.sh --dry-run": covered_by("test_hw_deploy.py::test_the_drive_is_found_without_target"),
    "./deploy.sh": covered_by("test_hw_deploy.py::test_fresh_install"),
    "./deploy.sh --settings pybadge": covered_by("test_hw_deploy.py::test_pybadge_settings_example"),
    "./deploy.sh [--target DIR] [--dry-run] [--settings pico|pybadge]": covered_by("test_hw_deploy.py::test_usage"),
    "./deploy.sh --libs": covered_by("test_hw_deploy.py::test_libs_then_a_hand_copy_of_the_root_is_a_working_install"),
    "./deploy.sh --bundle DIR": covered_by("test_hw_deploy.py::test_the_bundle"),
    "./deploy.sh --help": covered_by("test_hw_deploy.py::test_usage"),
    "circup install -r lib/requirements.txt": covered_by("test_hw_deploy.py::test_circup_when_asked"),
    "udisksctl mount -b /dev/sdX1": not_run("mounts a real drive"),
    "xcode-select --install": not_run("macOS's installer"),
    "dot_clean /Volumes/CIRCUITPY": not_run("macOS, on a real drive"),
}


def test_every_readme_command_is_handled():
    unknown = sorted(set(c for c in commands() if c not in HANDLED))
    assert not unknown, "commands in README.md or docs/BUILD.md this test does not know: %r" % unknown
    unused = sorted(set(HANDLED) - set(commands()))
    assert not unused, "handled here but in no document any more: %r" % unused


def test_every_command_runs_as_written_from_the_repository_root():
    """A command needing the project's .venv says so: ./play.sh, play.py
    (which sets it up) or .venv/bin/python; a bare python3 -m desktop runs
    the standard-library tools only."""
    for command in commands():
        if command.startswith("python3 ") and not command.startswith("python3 play.py"):
            assert command.startswith("python3 -m desktop "), command
            assert command.split()[3] not in ("play",), command


@pytest.mark.parametrize("command", sorted(set(commands())))
def test_readme_command(repo, command):
    HANDLED[command](repo, command)


def transcripts():
    """(command, expected output lines) of every `$ ` line in a block."""
    out = []
    for lines in blocks():
        if not lines or not lines[0].startswith("$ "):
            continue
        current = None
        for line in lines:
            if line.startswith("$ "):
                current = (line[2:], [])
                out.append(current)
            else:
                current[1].append(line.rstrip())
    return out


@pytest.mark.parametrize("command,expected", transcripts(), ids=lambda v: v if isinstance(v, str) else "")
def test_transcripts(repo, command, expected):
    status, out = shell(repo, command)
    got = [line.rstrip() for line in out.rstrip("\n").split("\n")]
    while expected and not expected[-1]:
        expected = expected[:-1]
    assert got == expected


def test_the_record_example_is_a_record_as_the_game_writes_it():
    from mapello.game.record.text import from_text, to_text
    text = record_block()
    record = from_text(text)
    assert to_text(record) == text
    assert record.replay().is_over()


def test_the_one_line_notation_example_is_the_start():
    from mapello.rules.notation import parse_position, position_text
    from mapello.rules.position import Position
    line = [b for b in blocks(DESIGN) if len(b) == 1 and b[0].endswith(" b 0 0")]
    assert len(line) == 1 and position_text(Position()) == line[0][0]
    assert position_text(parse_position(line[0][0])) == line[0][0]
    assert "`position_text(pos)`" in DESIGN and "`parse_position(text)`" in DESIGN


def test_the_notation_examples_are_legal_games_from_the_start():
    from mapello.game.record.text import parse_moves
    from mapello.rules.position import Position
    games = set(re.findall(r"`((?:(?:[a-h][1-8]|pass) )+(?:[a-h][1-8]|pass))`", README))
    games |= set(g for g in re.findall(r'--moves "([^"]+)"', README) if g != "...")
    assert "e3 f3 g3 g2 c5 h3 h1 f1 pass d3" in games
    for game in games:
        pos = Position()
        moves = parse_moves(game.split())
        for i, move in enumerate(moves):
            reason = pos.why_illegal(move)
            if reason is not None:
                assert game == "e3 f3 e3" and i == 2, (game, i, reason)   # the documented error
                break
            pos.push(move)


def test_the_board_file_error_example(repo):
    """A wall on d4, on the file's line 6 (a title, then rows 0 to 4)."""
    example = [b for b in blocks() if len(b) == 1 and b[0].startswith("boards/mine.txt:")][0][0]
    rows = [". " * 10] * 10
    rows[4] = ". . . . # . . . . ."
    (repo / "mine").mkdir()
    (repo / "mine" / "boards").mkdir()
    (repo / "mine" / "boards" / "mine.txt").write_text("; Mine\n" + "\n".join(r.strip() for r in rows) + "\n")
    status, out = shell(repo / "mine", "PYTHONPATH=%s python3 -m desktop check boards/mine.txt" % ROOT)
    assert status == 1 and out.strip() == "BAD  " + example


def test_the_thinker_example_runs():
    """docs/DESIGN.md's code block for programmers, with a position, a clock and no B."""
    from mapello.rules.position import PASS, Position
    code = [b for b in blocks(DESIGN) if b and b[0].startswith("from mapello.ai.thinker import")][0]
    ticks = [0]

    def ms():
        ticks[0] += 5
        return ticks[0]
    scope = {"pos": Position(), "ms": ms, "b_pressed": False}
    exec("\n".join(code), scope)
    assert scope["move"] in Position().legal_moves() and scope["move"] != PASS


def test_the_worst_case_table_is_what_the_wire_carries():
    """docs/BUILD.md's table of wire colours for the worst-case board."""
    from mapello.rules.boardfile import load_board
    from mapello.rules.position import BLACK, WHITE, parse_cell
    from mapello.ui.app import App
    from desktop.sim import VirtualClock, run_script, script_tokens
    from desktop.sim.devices import SimDevices
    import neopixel
    real_write = neopixel.neopixel_write
    clock = VirtualClock()
    app = App(os.path.join(ROOT, "docs", "boards"), None, clock, settings={"brightness": 20})
    run_script(app, clock, script_tokens("A UP LEFT A A WAIT300"))
    devices = SimDevices(500)
    try:
        devices.update(app)
    finally:
        devices.close()
        neopixel.neopixel_write = real_write
    pos = load_board(os.path.join(ROOT, "docs", "boards", "white-flood.txt")).position
    pos.push(parse_cell("h8"))
    pos.push(parse_cell("g6"))
    hints = pos.legal_mask()
    kinds = {}
    for cell in range(100):
        bit = 1 << cell
        inner = 1 <= cell // 10 <= 8 and 1 <= cell % 10 <= 8
        kind = ("last white disc" if cell == parse_cell("g6") else "white disc" if pos.discs[WHITE] & bit
                else "black disc" if pos.discs[BLACK] & bit else "wall" if pos.walls & bit
                else "joker" if pos.jokers & bit
                else ("legal move on a bonus" if pos.bonuses & bit else "legal move") if hints & bit
                else "empty cell (felt)" if inner else "border")
        kinds.setdefault(kind, set()).add(devices.wire_colour(cell))
    table = re.findall(r"^\| ([a-z ()]+) \| (\d+, \d+, \d+)[^|]* \|$", BUILD, re.M)
    assert len(table) == 9
    for kind, now in table:
        assert kinds[kind] == {tuple(int(v) for v in now.split(", "))}, kind
    ma = re.search(r"^\| estimated current \| (\d+) mA \|$", BUILD, re.M).group(1)
    assert round(100 + sum(devices.wire) * 20 / 255) == int(ma)


def test_the_serial_console_example_is_what_the_device_prints():
    from mapello.hardware.record_log import HEADER, HOW
    block = [b for b in blocks(README) if b and b[0].startswith("Mapello: the record of that game")][0]
    assert block[:3] == [HEADER, HOW, "; Mapello game record"]
    record = record_block().split("\n")
    assert block[3:5] == record[1:3] and block[5:] == ["..."]


# --- the manual's promises -----------------------------------------------------------

def test_the_readme_is_a_short_manual():
    assert len(README.split("\n")) <= 500


@pytest.mark.parametrize("doc", DOCS)
def test_no_history_in_the_documents(doc):
    """History lives in git: the documents name no rounds of work and no issue numbers."""
    found = re.findall(r"this\s+round|last\s+round|issue\s+#?\d+", read(doc), re.I)
    assert not found, found


def slug(heading):
    """The anchor GitHub gives a heading."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(doc):
    text = FENCE.sub("", read(doc))
    found = set(slug(h) for h in re.findall(r"^#+ (.+)$", text, re.M))
    found |= set(re.findall(r'<a id="([^"]+)"', text))
    return found


@pytest.mark.parametrize("doc", DOCS)
def test_every_relative_link_points_to_a_file_and_a_heading_that_exist(doc):
    text = FENCE.sub("", read(doc))
    here = os.path.dirname(doc)
    missing = []
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"^[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        path = os.path.normpath(os.path.join(here, path)) if path else doc
        if not os.path.exists(os.path.join(ROOT, path)):
            missing.append(target)
        elif anchor and path.endswith(".md") and anchor not in anchors(path):
            missing.append(target)
    assert not missing, missing
