"""Every command and example in README.md, run, with its documented output
checked.  Commands are found in the README's code blocks and in its inline
code (`python3 -m mapello ...`, `./play.sh ...`, `./deploy.sh ...`,
`micropython ...`, `tools/...`); each one found must be handled here, either
run or set aside with the reason, so a new README command fails this test
until it is.  Blocks of `$ command` lines are transcripts: the command's
output must be the lines that follow.  Commands run in a copy of the
repository's layout made of links, so what they write (saves, PNGs) stays
out of the repository."""
import os
import pty
import re
import select
import subprocess
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as _f:
    README = _f.read()

FENCE = re.compile(r"^( *)```[^\n]*\n(.*?)^ *```", re.S | re.M)
COMMAND = re.compile(r"^(python3 |\.venv/bin/|\./(play|test|deploy)\.sh|micropython |tools/|git |cd |circup |"
                     r"udisksctl |xcode-select |dot_clean )")


def blocks():
    """Every fenced block's lines, without the block's own indentation."""
    out = []
    for indent, body in FENCE.findall(README):
        out.append([line[len(indent):] if line.startswith(indent) else line
                    for line in body.rstrip("\n").split("\n")])
    return out


def commands():
    """Every command the README shows: block lines (a `$ ` prefix and a
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
    outside = FENCE.sub("", README)
    for span in re.findall(r"`([^`\n]+)`", outside):
        if COMMAND.match(span) or span.startswith("python3 -m mapello"):
            found.append(span)
    return found


# --- the layout the commands run in ------------------------------------------------

@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    """The repository's folders as links, with docs/images a folder of its
    own (the README's snapshot command writes there)."""
    where = tmp_path_factory.mktemp("readme")
    for name in ("mapello", "boards", "fonts", "tools", ".venv", "play.sh", "requirements.txt"):
        os.symlink(os.path.join(ROOT, name), where / name)
    os.makedirs(where / "docs" / "images")
    os.symlink(os.path.join(ROOT, "docs", "boards"), where / "docs" / "boards")
    return where


def shell(repo, command, timeout=300):
    """Run `command` as a user types it, in `repo`; python3 is the project's
    .venv, as ./play.sh and ./test.sh use it.  Returns (status, output)."""
    env = dict(os.environ, PATH=os.path.join(ROOT, ".venv", "bin") + os.pathsep + os.environ["PATH"])
    proc = subprocess.run(["bash", "-c", command], cwd=str(repo), env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=timeout)
    return proc.returncode, proc.stdout


def record_block():
    for lines in blocks():
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


def check_measured_tournament(repo, command):
    """The README's tables come from 200 games at the device's budget, minutes
    of work: the same command runs here on 1 random board (or 1 plain
    opening) at 100 nodes, to check it still runs and prints what the README
    says it prints (its figures are a benchmark, never asserted)."""
    a, b = command.split()[4:6]
    small = (command.replace("--random 91", "--random 1").replace("--plain 50", "--plain 1")
             .replace("--device", "--nodes 100"))
    status, out = shell(repo, small)
    assert status == 0, out
    games = 2 * (9 + 1) if "--random" in command else 2                # bundled + random, or one opening
    tournament_lines(out, a, b, games)


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
    env = dict(os.environ, PATH=os.path.join(ROOT, ".venv", "bin") + os.pathsep + os.environ["PATH"])
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(str(repo))
        os.execvpe("bash", ["bash", "-c", command], env)
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
    assert "MAPELLO" in seen and os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0


def check_play_sh(repo, command):
    """Not run: play.sh installs into .venv and saves in the repository's
    saves/.  It sets up, then runs `python -m mapello play` with the same
    arguments, which check_play_in_a_terminal and tests/test_sim_*.py run."""
    with open(os.path.join(ROOT, "play.sh")) as f:
        assert f.read().rstrip().endswith('exec .venv/bin/python -m mapello play "$@"')


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
    "./play.sh": check_play_sh,
    "./play.sh --window": check_play_sh,
    "./test.sh": not_run("the test run itself"),
    "./test.sh -q": not_run("the test run itself"),
    './test.sh -m "not slow"': not_run("the test run itself"),
    "python3 -m mapello play": check_play_in_a_terminal,
    '.venv/bin/python -m mapello play --keys "A RIGHT DOWN A WAIT A" --snapshot game.png': check_snapshot,
    'python3 -m mapello play --boards docs/boards --keys "A UP LEFT A A WAIT300" '
    '--snapshot docs/images/worst-case.png': check_worst_case_snapshot,
    'python3 -m mapello play --keys "A B DOWN DOWN A"': not_run("a transcript, checked by test_transcripts"),
    "python3 -m mapello perft start 6": check_perft,
    'python3 -m mapello replay start --moves "e3 f3 g3 g2 c5 h3 h1 f1 pass d3"':
        not_run("a transcript, checked by test_transcripts"),
    'python3 -m mapello replay start --moves "e3 f3 e3"': not_run("a transcript, checked by test_transcripts"),
    "python3 -m mapello replay game.txt": check_replay_record,
    "python3 -m mapello replay FILE": check_replay_record,
    "python3 -m mapello check boards/*.txt": check_boards,
    "python3 -m mapello show start": check_show_start,
    "python3 -m mapello tournament medium greedy --random 2 --nodes 500": check_quick_tournament,
    "python3 -m mapello tournament hard greedy --random 91 --device --jobs 2": check_measured_tournament,
    "python3 -m mapello tournament hard ab5 --plain 50 --device --jobs 2": check_measured_tournament,
    "python3 -m mapello.desktop.ai_bench 1930": runs_ok(r"final score black \d+ white \d+"),
    "tools/device_cost.py": covered_by("test_ai.py::test_device_cost_prints_its_figures"),
    "tools/device_cost.py --vm": not_run("counts another VM the reader builds (a 32-bit MicroPython)"),
    ".venv/bin/python tools/device_cost.py --steps": covered_by("test_ai.py::test_device_cost_prints_its_figures"),
    "tools/tune_eval.py": not_run("fits the evaluation to thousands of self-play games (hours; needs numpy)"),
    "python3 -m mapello tournament A B": not_run("the form of the command (A and B are players), run above"),
    "python3 -m mapello tournament": not_run("names the tool, run above"),
    "python3 -m mapello": not_run("names the command line, run above"),
    "python3 -m mapello.desktop.bench": runs_ok(r"perft start depth 8: 390216 leaves"),
    "python3 -m mapello.desktop.ai_bench": runs_ok(r"final score black \d+ white \d+"),
    "micropython -X heapsize=64K -m mapello.desktop.bench": runs_ok(r"bytes allocated per node"),
    "micropython -X heapsize=64K -m mapello.desktop.ai_bench": runs_ok(r"live heap: \d+ bytes after import"),
    ".venv/bin/micropython -X heapsize=64K -m ...": not_run("the form of the two micropython commands above"),
    "tools/min_heap.py [--mpy]": lambda repo, command: (
        runs_ok(r"from \.py source: \d+ bytes")(repo, "python3 tools/min_heap.py"),
        runs_ok(r"from \.mpy: \d+ bytes")(repo, "python3 tools/min_heap.py --mpy")),
    "tools/save_bench.py": covered_by("test_bench.py::test_save_bench_prints_its_figures"),
    ".venv/bin/python tools/device_latency.py --mpy": covered_by("test_bench.py::test_device_latency_prints_its_figures"),
    "tools/device_latency.py": covered_by("test_bench.py::test_device_latency_prints_its_figures"),
    "tools/device_heap.py": covered_by(
        "test_app_heap.py::test_the_whole_handheld_from_source_keeps_room_through_a_series_at_a_picos_heap"),
    ".venv/bin/python tools/device_heap.py --vm PATH-TO-A-32-BIT-MICROPYTHON":
        not_run("needs a 32-bit MicroPython the reader builds; the tool itself runs in test_app_heap.py::"
                "test_the_whole_handheld_from_source_keeps_room_through_a_series_at_a_picos_heap"),
    ".venv/bin/python tools/heap_census.py [--source] [--vm PATH]":
        covered_by("test_bench.py::test_heap_census_charges_every_module_its_own_heap"),
    "tools/": not_run("names the folder"),
    "tools/make_font.py": covered_by("test_hw_display.py::test_the_committed_sheet_is_what_the_pcf_gives"),
    "tools/compare_creversi.py": not_run("installs creversi-python (GPL) from PyPI into .venv-creversi"),
    "python3 tools/compare_creversi.py": not_run("installs creversi-python (GPL) from PyPI into .venv-creversi"),
    "git clone <this repository's URL> mapello-handheld": not_run("the URL is whoever publishes the game"),
    "cd mapello-handheld": not_run("after the clone"),
    "./deploy.sh --dry-run": covered_by("test_hw_deploy.py::test_the_drive_is_found_without_target"),
    "./deploy.sh": covered_by("test_hw_deploy.py::test_fresh_install"),
    "./deploy.sh [--target DIR] [--dry-run] [--settings pico|pybadge]": covered_by("test_hw_deploy.py::test_usage"),
    "./deploy.sh --libs": covered_by("test_hw_deploy.py::test_libs_then_a_hand_copy_of_the_root_is_a_working_install"),
    "./deploy.sh --bundle DIR": covered_by("test_hw_deploy.py::test_the_bundle"),
    "./deploy.sh --bundle dist": covered_by("test_hw_deploy.py::test_the_bundle"),
    "./deploy.sh --help": covered_by("test_hw_deploy.py::test_usage"),
    "circup install -r lib/requirements.txt": covered_by("test_hw_deploy.py::test_circup_when_asked"),
    "udisksctl mount -b /dev/sdX1": not_run("mounts a real drive"),
    "xcode-select --install": not_run("macOS's installer"),
    "dot_clean /Volumes/CIRCUITPY": not_run("macOS, on a real drive"),
}


def test_every_readme_command_is_handled():
    unknown = sorted(set(c for c in commands() if c not in HANDLED))
    assert not unknown, "README commands this test does not know: %r" % unknown


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
    from mapello.game.record_text import from_text, to_text
    text = record_block()
    record = from_text(text)
    assert to_text(record) == text
    assert record.replay().is_over()


def test_the_one_line_notation_example_is_the_start():
    from mapello.rules.notation import parse_position, position_text
    from mapello.rules.position import Position
    line = [b for b in blocks() if len(b) == 1 and b[0].endswith(" b 0 0")]
    assert len(line) == 1 and position_text(Position()) == line[0][0]
    assert position_text(parse_position(line[0][0])) == line[0][0]
    assert "`position_text(pos)`" in README and "`parse_position(text)`" in README


def test_the_notation_examples_are_legal_games_from_the_start():
    from mapello.game.record_text import parse_moves
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
    status, out = shell(repo / "mine", "PYTHONPATH=%s python3 -m mapello check boards/mine.txt" % ROOT)
    assert status == 1 and out.strip() == "BAD  " + example


def test_the_thinker_example_runs():
    """The code block for programmers, with a position, a clock and no B."""
    from mapello.rules.position import PASS, Position
    code = [b for b in blocks() if b and b[0].startswith("from mapello.ai.thinker import")][0]
    ticks = [0]

    def ms():
        ticks[0] += 5
        return ticks[0]
    scope = {"pos": Position(), "ms": ms, "b_pressed": False}
    exec("\n".join(code), scope)
    assert scope["move"] in Position().legal_moves() and scope["move"] != PASS


def test_the_worst_case_table_is_what_the_wire_carries():
    """The README's table of wire colours ("now") for the worst-case board."""
    from mapello.rules.boardfile import load_board
    from mapello.rules.position import BLACK, WHITE, parse_cell
    from mapello.ui.app import App
    from mapello.sim import VirtualClock, run_script, script_tokens
    from mapello.sim.devices import SimDevices
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
    table = re.findall(r"^\| ([a-z ()]+) \| [^|]+ \| (\d+, \d+, \d+)[^|]* \|$", README, re.M)
    assert len(table) == 9
    for kind, now in table:
        assert kinds[kind] == {tuple(int(v) for v in now.split(", "))}, kind
    ma = re.search(r"^\| estimated current \| \d+ mA \| (\d+) mA \|$", README, re.M).group(1)
    assert round(100 + sum(devices.wire) * 20 / 255) == int(ma)


def test_the_serial_console_example_is_what_the_device_prints():
    from mapello.hardware.record_log import HEADER, HOW
    block = [b for b in blocks() if b and b[0].startswith("Mapello: the record of that game")][0]
    assert block[:3] == [HEADER, HOW, "; Mapello game record"]
    record = record_block().split("\n")
    assert block[3:5] == record[1:3] and block[5:] == ["..."]
