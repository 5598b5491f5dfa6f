"""docs/MEASUREMENTS.md is written by the benchmarks: every block names the
command that writes it, a module of desktop/bench/ run with -m, which takes
--write-docs; the quick ones are run into a copy of the page, and what they
write must have the form the page has (the same rows and columns; the
numbers are never compared)."""
import os
import re
import shutil
import subprocess
import sys

import pytest

from desktop.bench import measurements

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PY = sys.executable
with open(measurements.PAGE, encoding="utf-8") as _f:
    PAGE = _f.read()
BLOCKS = measurements.blocks(PAGE)

# Blocks whose script does not write them yet, and why.  They carry the
# figures last measured, in the table the script prints, until it is wired.
PENDING = {
    "search-cost-vm": "needs a 32-bit MicroPython built outside the repository; the figures "
                      "are kept as factors until it is measured again",
}


def module_of(command):
    """The module a block's command runs with -m, or None."""
    words = command.split()
    return words[words.index("-m") + 1] if "-m" in words else None


def script_of(command):
    """The file of the script a block's command runs."""
    module = module_of(command)
    if module:
        return module.replace(".", os.sep) + ".py"
    return next(w for w in command.split() if w.endswith(".py"))


def help_command(command):
    """The block's command with --help in place of its arguments."""
    return [PY, "-m", module_of(command), "--help"]


def shape(lines):
    """What must stay when the figures change: each table row's first cell
    and its number of cells, every other line; numbers as N."""
    out = []
    for line in lines:
        line = re.sub(r"\d[\d,.]*", "N", line)
        if line.startswith("|"):
            cells = measurements.cells(line)
            out.append(("row", cells[0], len(cells)))
        else:
            out.append(line)
    return out


def block(text, name):
    return dict((n, body) for n, _, body in measurements.blocks(text))[name]


def test_every_block_names_an_existing_script_and_ends():
    names = [n for n, _, _ in BLOCKS]
    assert len(names) == len(set(names)), names
    assert len(names) == len(re.findall(r"^<!-- begin ", PAGE, re.M)), "a begin line that does not read"
    assert len(names) == len(re.findall(r"^<!-- end ", PAGE, re.M)), "an end line without its begin"
    for name, command, body in BLOCKS:
        assert os.path.exists(os.path.join(ROOT, script_of(command))), (name, command)
        # one way to run a benchmark: its module of desktop/bench/, from the root
        assert name in PENDING or command.startswith(".venv/bin/python -m desktop.bench."), (name, command)
        assert any(line.strip() for line in body) or name not in PENDING, name
    assert set(PENDING) <= set(names), "PENDING names a block the page no longer has"


@pytest.mark.parametrize("name,command", [(n, c) for n, c, _ in BLOCKS if n not in PENDING])
def test_the_script_of_every_block_takes_the_flag(name, command):
    assert command.split()[-1] == "--write-docs" or "--write-docs" in command.split(), command
    proc = subprocess.run(help_command(command), cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0 and "--write-docs" in proc.stdout, proc.stdout + proc.stderr


def test_a_block_is_replaced_and_nothing_else():
    text = "intro\n<!-- begin a: x.py --write-docs -->\nold\n<!-- end a -->\nafter\n"
    assert measurements.replace_block(text, "a", ["new", "lines"]) == (
        "intro\n<!-- begin a: x.py --write-docs -->\nnew\nlines\n<!-- end a -->\nafter\n")
    with pytest.raises(KeyError):
        measurements.replace_block(text, "b", [])
    with pytest.raises(ValueError):
        measurements.blocks("<!-- begin a: x.py -->\nno end\n")


def test_a_row_is_replaced_by_its_first_cell_or_added():
    text = ("<!-- begin t: x.py -->\n| key | figure |\n|---|---|\n| `a` | 1 |\n| `b` | 2 |\n"
            "\nA note.\n<!-- end t -->\n")
    once = measurements.replace_row(text, "t", "| `a` | 3 |")
    assert block(once, "t")[2:4] == ["| `a` | 3 |", "| `b` | 2 |"]
    twice = measurements.replace_row(once, "t", "| `c` | 4 |")
    assert block(twice, "t")[2:] == ["| `a` | 3 |", "| `b` | 2 |", "| `c` | 4 |", "", "A note."]


def run_into_copy(tmp_path, args, timeout=300):
    """Run a benchmark with --write-docs into a copy of the page; the copy's text."""
    page = tmp_path / "MEASUREMENTS.md"
    shutil.copy(measurements.PAGE, page)
    proc = subprocess.run(args + ["--write-docs", str(page)], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "wrote " in proc.stdout
    return page.read_text(encoding="utf-8")


@pytest.mark.parametrize("name,args", [
    ("engine-speed", [PY, "-m", "desktop.bench.engine"]),
    ("search-speed", [PY, "-m", "desktop.bench.ai", "40"]),
    ("save-log", [PY, "-m", "desktop.bench.save_log", "--games", "4", "--cut-games", "1",
                  "--samd-cut-games", "0", "--warm-games", "0"]),
    ("heap-census", [PY, "-m", "desktop.bench.heap_census"]),
])
def test_a_quick_benchmark_writes_its_block_in_the_pages_form(tmp_path, name, args):
    written = run_into_copy(tmp_path, args)
    assert shape(block(written, name)) == shape(block(PAGE, name))
    for other, _, body in BLOCKS:          # the rest of the page is as it was
        if other != name:
            assert block(written, other) == body, other


def test_min_heap_and_the_tournament_write_their_rows(tmp_path):
    written = run_into_copy(tmp_path, [PY, "-m", "desktop.bench.min_heap", "--mpy"])
    assert shape(block(written, "engine-heap")) == shape(block(PAGE, "engine-heap"))
    written = run_into_copy(tmp_path, [PY, "-m", "desktop.bench.tournament", "medium", "greedy",
                                       "--random", "0", "--nodes", "30", "--jobs", "1"])
    rows = block(written, "tournament")
    assert rows[:-1] == block(PAGE, "tournament")            # a new pairing: a row added
    new = measurements.cells(rows[-1])
    assert new[:3] == ["`medium greedy --random 0 --nodes 30`", "30", "18"]
    assert len(new) == len(measurements.cells(rows[0]))
    assert re.match(r"^\d+-\d+-\d+$", new[3]) and re.match(r"^[\d.]+% \([\d.]+ to [\d.]+\)$", new[4])


def test_device_heap_writes_its_installs_row(tmp_path):
    """A heap far too small: the run fails quickly and still writes its
    install's row, in the table's form, saying so."""
    written = run_into_copy(tmp_path, [PY, "-m", "desktop.bench.device_heap", "--heaps", "64"])
    assert shape(block(written, "device-heap")) == shape(block(PAGE, "device-heap"))
    row = [r for r in block(written, "device-heap") if r.startswith("| from `.py` source |")]
    assert measurements.cells(row[0])[1:3] == ["64-bit, sizes run: 64K; seed 1", "fails at every size run"]


def test_app_heap_writes_the_rows_of_the_flows_it_ran(tmp_path):
    """The quickest flow, at one size in the 8 layouts: its row, in the
    table's form, and no other row changed."""
    written = run_into_copy(tmp_path, [PY, "-m", "desktop.bench.app_heap", "--flows", "setup",
                                       "--sizes", "256"])
    before, after = block(PAGE, "app-heap"), block(written, "app-heap")
    assert len(after) == len(before) and shape(after) == shape(before)
    changed = [(b, a) for b, a in zip(before, after) if b != a]
    assert len(changed) <= 1, changed
    row = [r for r in after if r.startswith("| free play: a board set up by hand")]
    assert measurements.cells(row[0])[1:4] == ["256K: 8 of 8", "", "256K: 8 of 8"], row


def test_the_readme_quotes_no_measured_figure():
    """Speeds, instruction counts and heap sizes live on the measurements page."""
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    found = re.findall(r"\d[\d,.]* ?(?:leaves/s|nodes/s|KiB\b|M VM instructions|VM instructions)",
                       readme)
    assert not found, found
