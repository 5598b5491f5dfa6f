"""Where the heap goes: what each of the game's modules holds once imported,
in the MicroPython VM, group by group as the App loads them.

  .venv/bin/python -m desktop.bench.heap_census [--source] [--vm PATH] [--write-docs [FILE]]

On a board every imported module stays in RAM: its bytecode, its function
objects, its globals' and classes' tables, its constants, and the names it
interns (which stay even after the module is dropped).  This imports the
modules of each group of mapello/ui/modules.py in the App's order, a
garbage collection before and after each, and prints for each the heap it
added and the interned names it added.  The names' pool grows in blocks that
double each time (the one at the 621st name holds 640); a block is a row of
its own, not charged to the module that happened to need it.  Then the
computer player's working memory (mapello/ai/thinker.py makes it as it is
imported): the board facts and the search's memory, measured apart.

Compiled first with mpy-cross -O3, as deploy.sh installs the game (--source:
compiled by the VM from the .py files instead).  --vm: another MicroPython
VM, such as a 32-bit build for a board's word size (the figures here are the
64-bit VM's).  The modules are imported alone, without the App's objects, a
game or the test's driver: what a game holds beyond them is the rest of a
flow's live heap (tests/mp/app_series.py prints its peak).

The save's readers are loaded on demand (a game resumed from the menu), so
their group lists no module to load with it; the census imports them as a
group of their own, after the menu's.  --write-docs writes the
heap-census block of docs/MEASUREMENTS.md (or of FILE): the groups held in
a game against the computer and those not, in the VM that ran.
"""
import argparse
import os
import re
import shutil
import subprocess
import tempfile

from desktop.bench import measurements
from desktop.bench.min_heap import compile_package
from mapello.ui.modules import GROUPS, words

ROOT = measurements.ROOT

# The groups held in a game against the computer (the play screen asks for "ai"),
# then the others, each in the order the App loads them.
IN_A_GAME = ("core", "app", "game", "choice", "play", "ai")
NOT_IN_A_GAME = ("pieces", "menu", "readers", "setup", "end")

SCRIPT = """
import gc, micropython, sys
sys.path.insert(0, "")
try:
    micropython.opt_level(3)     # as code.py: what compiles from source keeps no line numbers
except AttributeError:
    pass
def mark(tag):
    gc.collect()
    print("@@", tag, gc.mem_alloc())
    micropython.qstr_info()
mark("start")
for path in %r:
    __import__("mapello." + path)
    mark(path)
from mapello.ai.evaluation import BoardInfo
from mapello.ai import kernel
search = kernel.load()   # loaded with ai.thinker already: the native one, compiled
info = BoardInfo(0, 0)
mark("board facts")
# the bytecode kernel has none: its reserve() made its memory as ai.thinker loaded
memory = search._make_memory() if hasattr(search, "_make_memory") else None
mark("search memory")
"""


def groups():
    """[(group, [module path below mapello, ...]), ...] in the order the App
    loads them (the App itself at power-on, after the core)."""
    return [(g, list(words(GROUPS, g)) or list(words(GROUPS, g, 1))) for g in IN_A_GAME + NOT_IN_A_GAME]


def run(vm, folder, paths):
    """[(tag, heap bytes, names, pool blocks, pool bytes), ...] after each mark."""
    proc = subprocess.run([vm, "-X", "heapsize=512K", "-c", SCRIPT % (paths,)], cwd=folder,
                          capture_output=True, text=True, timeout=300)
    if proc.returncode != 0:
        raise SystemExit("the census failed in the VM:\n" + proc.stdout + proc.stderr)
    marks = []
    tag = None
    for line in proc.stdout.splitlines():
        if line.startswith("@@ "):
            tag, heap = line[3:].rsplit(" ", 1)
            heap = int(heap)
        m = re.match(r"qstr pool: n_pool=(\d+), n_qstr=(\d+), n_str_data_bytes=(\d+), "
                     r"n_total_bytes=(\d+)", line)
        if m and tag is not None:
            pools, names, text, total = (int(x) for x in m.groups())
            marks.append((tag, heap, names, pools, total - text))
            tag = None
    return marks


def census(vm, folder):
    """The rows: (group, module, bytes, names) per module, then the names'
    pool blocks and the working memory; and the pool blocks' sizes."""
    order = groups()
    marks = run(vm, folder, [p for _, paths in order for p in paths])
    group_of = {p: g for g, paths in order for p in paths}
    rows = []
    blocks = []
    for before, after in zip(marks, marks[1:]):
        tag = after[0]
        heap = after[1] - before[1]
        pool = after[4] - before[4]
        if after[3] > before[3]:          # a new block of the names' pool
            blocks.append(pool)
            heap -= pool
        rows.append((group_of.get(tag, "ai memory"), tag, heap, after[2] - before[2]))
    return rows, blocks, marks[-1][2], marks[-1][4]


def report(rows, blocks, names, pool_bytes, title):
    print("heap census, %s" % title)
    print("%-26s %8s %6s" % ("module", "bytes", "names"))
    totals = {}
    for g, tag, heap, n in rows:
        if g not in totals:
            totals[g] = [0, 0]
            print("%s:" % g)
        totals[g][0] += heap
        totals[g][1] += n
        print("  %-24s %8d %6d" % (tag, heap, n))
    print("per group:")
    for g in totals:
        print("  %-24s %8d %6d" % (g, totals[g][0], totals[g][1]))
    print("names' pool: %d blocks made here, %s bytes; %d names interned in all, pool %d bytes"
          % (len(blocks), "+".join(str(b) for b in blocks) or "0", names, pool_bytes))
    game = sum(totals[g][0] for g in IN_A_GAME if g in totals)
    memory = totals.get("ai memory", (0, 0))[0]
    print("in a game against the computer (%s): %d bytes of modules (the computer's "
          "working memory included), %d of it the working memory, plus the names' pool"
          % (", ".join(IN_A_GAME), game, memory))
    return totals


def kb(n):
    return "%.1f KB" % (n / 1000.0)


# The block's rows: (what, the groups summed); then the groups not held in a game.
HELD = (
    ("the core: the rules, the drawing, the saves' storage", ("core",)),
    ("the App and the buttons", ("app",)),
    ("the game: session, series, game, record, the save's format, random numbers", ("game",)),
    ("the play screen, its menu, the thinking in slices, the choice B opens", ("choice", "play")),
)
NOT_HELD = (("the menu's, with the board catalogue", "menu"), ("the pieces' rules", "pieces"),
            ("the save's readers (to resume)", "readers"), ("the setup's", "setup"),
            ("game over and replay", "end"))


def census_block(rows, names, pool_bytes, totals, vm_title):
    """The heap-census block's lines: a row per group as a game holds them,
    their sum, the names' pool, the groups not held, the largest modules."""
    def size(groups):
        return sum(totals[g][0] for g in groups)

    def named(groups):
        return sum(totals[g][1] for g in groups)

    memory = totals["ai memory"][0]
    out = [(what, kb(size(gs)), named(gs)) for what, gs in HELD]
    out.append(("the computer player, its working memory included (%s: the board's facts, the "
                "search's stacks and its table)" % kb(memory), kb(size(("ai",))), named(("ai",))))
    out.append(("**all a game against the computer holds**", "**%s**" % kb(size(IN_A_GAME)),
                named(IN_A_GAME)))
    out.append(("the interned names' pool: the names of all the modules here (%d, the census "
                "script's few among them: a name stays when its module is dropped)" % names,
                kb(pool_bytes), ""))
    out.append(("not held in such a game: %s" % " / ".join(w for w, _ in NOT_HELD),
                " / ".join(kb(totals[g][0]).replace(" KB", "") for _, g in NOT_HELD) + " KB",
                named([g for _, g in NOT_HELD])))
    largest = sorted((r for r in rows if r[0] != "ai memory"), key=lambda r: -r[2])[:6]
    return measurements.table(("the modules of", vm_title, "names they intern"), out) + [
        "",
        "The largest modules: %s; `ai.thinker`'s figure holds the computer's working memory."
        % ", ".join("`%s` %s" % (tag, kb(heap)) for _, tag, heap, _ in largest),
    ]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--source", action="store_true", help="import the .py files (compiled by the VM)")
    p.add_argument("--vm", help="another MicroPython VM (a 32-bit build for a board's word size)")
    measurements.add_flag(p)
    args = p.parse_args()
    vm = args.vm or shutil.which("micropython") or os.path.join(ROOT, ".venv", "bin", "micropython")
    if not os.path.exists(vm):
        raise SystemExit("micropython not found: run ./test.sh once to install it")
    with tempfile.TemporaryDirectory(prefix="mapello-census-") as tmp:
        if args.source:
            shutil.copytree(os.path.join(ROOT, "mapello"), os.path.join(tmp, "mapello"),
                            ignore=shutil.ignore_patterns("__pycache__"))
        else:
            compile_package(os.path.join(ROOT, "mapello"), os.path.join(tmp, "drive"))
            tmp = os.path.join(tmp, "drive")
        rows, blocks, names, pool = census(vm, tmp)
    title = "%s, %s" % (vm if args.vm else "the 64-bit VM",
                        "from .py source" if args.source else "compiled .mpy (-O3)")
    totals = report(rows, blocks, names, pool, title)
    if args.write_docs:
        if args.source:
            raise SystemExit("the heap-census block is of the compiled game: run it without --source")
        column = "64-bit VM" if not args.vm else "VM `%s`" % os.path.basename(vm)
        measurements.write_block(args.write_docs, "heap-census",
                                 census_block(rows, names, pool, totals, column))


if __name__ == "__main__":
    main()
