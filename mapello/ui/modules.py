"""Which of the game's modules are in RAM when, and the loader that keeps it
so.  On the device every loaded module's code stays in RAM, and compiling
one from source needs a heap several times its size, so the App loads the
modules in groups at a safe point and drops a group as a whole when the
screen shown next needs none of it (docs/DESIGN.md, "Module groups").
Every device module is in exactly one group (tests/test_modules.py checks
it).  A group lists its modules in load order, leaves first: each loads
after a collection, so no import inside one compiles anything more.

This loader is the one place where that order is kept: load() and
load_step() import a group's modules in the table's order, and a module
that chooses more modules (mapello.ai.kernel) has them loaded right after
it.  A module's own import lines then find what they name loaded already,
so their order carries no weight and an import sorter changes nothing.

The tables are two strings read a word at a time (words(), paths()), and a
module is written as its path below mapello/ ("ui.menu": mapello.ui.menu,
mapello/ui/menu.py).  Measured in the MicroPython VM with the modules
compiled as deploy.sh installs them, the same tables as dicts of tuples of
the names held several times what these strings and their reader hold,
since each name is a string object of its own held all the time (a name
made from a word is the module's interned one once it was imported); a
dict of one string per entry held more than these too.
"""

import gc
import sys

from mapello import drop_modules, load_module

# "group: the modules loaded with it, in load order / the modules its
# screens import only when a player asks for them" (not loaded with the
# group, but dropped with it); an entry goes on in the lines after it that
# start with a space.
#
# The App loads "core" as it starts and "game" (the game's own modules, with
# the save's format and the random numbers the game and the computer share)
# once a game starts or a saved one is read, so that power-on compiles only
# what the menu needs.  The SWITCHED groups it loads for the screens that
# need them (SCREENS) and drops when the screen shown next needs none of
# them.  The others are not the App's to load: "app" comes with the App's
# maker, mapello.hardware.start loads (and drops) the device's adapters,
# "lazy" modules are imported where they are needed (and dropped again where
# it says so; game.save.errors stays, so that SaveError is one class), and a
# package (its __init__) loads with its first module unless a group lists it
# (game.record, the GameRecord the game's modules import).  The App never
# drops any of these.
#
# The save's readers resume a game from the menu (and rewrite a save when
# setup keeps a board), with what power-on reads the save with (the log's
# reader, the save's outline), so a game in progress never holds them.
GROUPS = """
app: buttons ui.modules ui.app
hardware: hardware.*
lazy: game.save.errors game.record.binary_write game.record.text rules.notation rules.perft ui.kinds
core: rules.geometry rules.position rules.limits ui.palette ui.board_view game.options
    game.save.log
game: rng game.save.payload game.record game.game game.series game.session
pieces: rules.pieces
menu: rules.boardfile game.catalogue ui.menu_boards ui.menu / game.random_boards
readers: / game.save.outline game.save.resume game.record.binary_read game.save.log_read
    game.save.checks
choice: ui.choice
setup: game.board_setup ui.setup ui.colour
boardsave: / game.save.board
play: ui.thinking ui.game_menu ui.play / ui.whatif
ai: ai.evaluation ai.levels ai.kernel ai.thinker / ai.native ai.frontier ai.alphabeta ai.search
    ai.judge
end: ui.game_over ai.review ui.replay
records: ui.records
"""
SWITCHED = ("pieces", "menu", "readers", "choice", "setup", "boardsave", "play", "ai", "end",
            "records")

# "screen: its module, then the groups it needs", loaded in this order (none:
# a small menu drawn over the screen shown, which keeps what that screen
# has).  "pieces" is where walls, bonuses and jokers may stand, "choice" what
# B opens in setup and play, "boardsave" Save board; the play screen loads
# "ai" itself, a module a tick (load_step()), and so does the replay for its
# review (with ai.judge, the review's own search), in the room of the play
# screen's groups, which it drops first.  "what if" is the play screen on a
# branch from the replay (mapello/ui/whatif.py), whose screens and modules
# go meanwhile: B there builds them again.
SCREENS = """
menu: ui.menu pieces menu readers
setup: ui.setup pieces choice setup boardsave
colour: ui.colour pieces choice setup boardsave
play: ui.play choice play boardsave
choice: ui.choice
game over: ui.game_over end choice play boardsave
replay: ui.replay end choice play boardsave
what if: ui.play play
records: ui.records records readers
"""


def words(table, name, part=0):
    """The words of the entry `name` of `table` (GROUPS or SCREENS), one by
    one: those before its "/" (part 0), or after it (part 1)."""
    at = table.find("\n" + name + ":")
    if at < 0:
        raise KeyError(name)
    at += len(name) + 2
    while True:
        c = table[at]
        if c == " ":
            at += 1
        elif c == "\n":
            if table[at + 1:at + 2] != " ":
                return
            at += 1
        elif c == "/":
            part -= 1
            at += 1
        else:
            end = table.find(" ", at)
            line = table.find("\n", at)
            if end < 0 or line < end:
                end = line
            if not part:
                yield table[at:end]
            at = end


def paths(name, part=0):
    """The full names of the modules of the group `name` (as mapello.ui.app):
    those loaded with it (part 0), or on demand (part 1)."""
    for word in words(GROUPS, name, part):
        yield "mapello." + word


def load(name):
    """Import the modules of the group `name` that are not loaded yet, all
    now, in the order load_step() takes them one a call; returns the
    group's last module (None for a group loaded only on demand)."""
    while not load_step(name):
        pass
    last = None
    for last in paths(name):
        pass
    return sys.modules[last] if last is not None else None


def use(groups):
    """Have the groups `groups` loaded, in order, and every other SWITCHED
    one dropped, with the modules its screens loaded on demand."""
    for name in SWITCHED:
        if name not in groups:
            drop(name)
    for name in groups:
        load(name)


def drop(name):
    """Drop the group `name`, with the modules its screens loaded on demand
    (the replay's review drops the computer's as the players leave it)."""
    drop_modules(words(GROUPS, name))
    drop_modules(words(GROUPS, name, 1))


def drop_all():
    """Drop every group but "core" and those not the App's (out of memory:
    even the menu found no room)."""
    use(())
    drop_modules(words(GROUPS, "game"))
    gc.collect()


def load_step(name):
    """Import the next module of the group `name` that is not loaded yet:
    one compile a call, so that a screen's ticks can spread a group's load
    over several loop steps.  True once the group is loaded.  A module that
    chooses more modules to load (mapello.ai.kernel: the search's, native
    or bytecode) offers a load_next(busy), which imports them likewise
    before the group goes on."""
    loaded = False
    for path in paths(name):
        module = sys.modules.get(path)
        if module is None:
            if loaded:
                return False
            module = load_module(path)
            loaded = True
        more = getattr(module, "load_next", None)
        if more is not None and not more(loaded):
            return False
    return True
