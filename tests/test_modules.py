"""The game's modules as a whole: the table of which are loaded when
(mapello/ui/modules.py) against the files of mapello/, the order each group
loads in, and the imports between the modules (no cycles)."""
import ast
import importlib
import os

from mapello.ui import modules
from mapello.ui.modules import GROUPS, SCREENS, SWITCHED, paths, words

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join(ROOT, "mapello")


def device_modules():
    """{module name: file} of every module under mapello/: each goes to the
    device (tests/test_hw_deploy.py checks the install's list against them)."""
    found = {}
    for folder, subfolders, names in os.walk(PACKAGE):
        subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
        for name in sorted(names):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                dotted = os.path.relpath(path, ROOT)[:-3].replace(os.sep, ".")
                if dotted.endswith(".__init__"):
                    dotted = dotted[:-len(".__init__")]
                found[dotted] = path
    return found


def entries(table):
    """The names of a table's entries (GROUPS or SCREENS), in order."""
    return [line.split(":")[0] for line in table.splitlines()
            if line and not line.startswith(" ")]


def table_paths(group, part=0):
    """The modules a group names (part 1: its on-demand ones), "x.*" being
    every module of the package x."""
    out = []
    for path in paths(group, part):
        if path.endswith(".*"):
            package = path[:-2]
            out.extend(m for m in sorted(device_modules())
                       if m.startswith(package + ".") and "." not in m[len(package) + 1:])
        else:
            out.append(path)
    return out


def groups():
    """[(group, [module, ...])]: every group of the table, with its on-demand
    modules."""
    return [(g, table_paths(g) + table_paths(g, 1)) for g in entries(GROUPS)]


def screens():
    """{screen: (its module, (the groups it needs, ...))}."""
    out = {}
    for name in entries(SCREENS):
        found = list(words(SCREENS, name))
        out[name] = ("mapello." + found[0], tuple(found[1:]))
    return out


def imports(path, known, top_level_only=False):
    """The modules of `known` that the file imports: at its top level only,
    or anywhere (in functions too).  `from p import name` is p.name where
    that is a module, else p."""
    with open(path) as f:
        tree = ast.parse(f.read())
    nodes = tree.body if top_level_only else ast.walk(tree)
    found = []
    for node in nodes:
        if top_level_only and isinstance(node, ast.Try):   # an import with a fallback
            nodes_in = [n for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))]
        else:
            nodes_in = [node]
        for n in nodes_in:
            if isinstance(n, ast.Import):
                found.extend(a.name for a in n.names if a.name in known)
            elif isinstance(n, ast.ImportFrom) and n.module and not n.level:
                for a in n.names:
                    if n.module + "." + a.name in known:
                        found.append(n.module + "." + a.name)
                    elif n.module in known:
                        found.append(n.module)
    return found


def test_every_device_module_is_in_exactly_one_group():
    names = entries(GROUPS)
    assert len(set(names)) == len(names) and set(SWITCHED) <= set(names), names
    device = device_modules()
    seen = {}
    for group, members in groups():
        for m in members:
            assert m in device, "%s (group %s): no such device module" % (m, group)
            seen.setdefault(m, []).append(group)
    twice = {m: g for m, g in seen.items() if len(g) > 1}
    assert not twice, "in more than one group: %s" % twice
    # a package loads with its first module (mapello/ui/modules.py), unless
    # a group lists it: one whose __init__ a module imports from loads first
    missing = sorted(m for m in set(device) - set(seen) if not device[m].endswith("__init__.py"))
    assert not missing, "in no group of mapello/ui/modules.py: %s" % missing


def test_every_path_in_the_table_imports():
    """Here in CPython: all but the native search kernel, whose viper code
    only MicroPython compiles (tests/test_native.py imports it there)."""
    for _, members in groups():
        for m in members:
            if m != "mapello.ai.native":
                importlib.import_module(m)


def test_every_screen_names_its_module_and_groups():
    """Each screen's module defines Screen and is one of its own groups' (the
    choice screen, drawn over another, one of the screens' it opens over);
    every screen a module goes to is in the table."""
    switched = {m: g for g, members in groups() if g in SWITCHED for m in members}
    assert len(set(entries(SCREENS))) == len(entries(SCREENS))
    for name, (path, needs) in screens().items():
        assert hasattr(importlib.import_module(path), "Screen"), path
        assert all(g in SWITCHED for g in needs), (name, needs)
        assert path in switched, path
        if needs:
            assert switched[path] in needs, (name, path, switched[path])
    asked = set()
    for module, path in device_modules().items():
        if not module.startswith("mapello.ui"):
            continue
        with open(path) as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "go" and node.args
                    and isinstance(node.args[0], ast.Constant)):
                asked.add(node.args[0].value)
    assert asked and asked <= set(screens()), asked - set(screens())


def test_each_screen_loads_its_modules_leaves_first():
    """In the order a screen loads them (what the App always holds, then its
    groups, and the computer's after the play screen's and the replay's),
    every module finds what it imports at its top level loaded already: no
    import compiles a module inside another one's.  A package no group lists comes first, as
    it loads with whichever module is first: it must import nothing."""
    device = device_modules()
    listed = set(m for _, members in groups() for m in members)
    held = sorted(m for m, p in device.items() if p.endswith("__init__.py") and m not in listed)
    for g in ("app", "core", "game"):
        held.extend(table_paths(g))
    for name, (_, needs) in screens().items():
        order = list(held)
        for g in needs + (("ai",) if name in ("play", "replay", "what if") else ()):
            order.extend(table_paths(g))
        for i, m in enumerate(order):
            for dep in imports(device[m], device, top_level_only=True):
                assert dep in order[:i] or dep == m, \
                    "screen %s: %s imports %s, not loaded before it" % (name, m, dep)


def test_the_screens_loads_drop_what_the_next_screen_does_not_need():
    """use() loads the groups asked for and drops the others' modules, the
    on-demand ones with them; what the App keeps stays."""
    import sys
    modules.use(("menu", "readers"))
    modules.load_module("mapello.game.save.checks")
    assert "mapello.ui.menu" in sys.modules and "mapello.game.save.checks" in sys.modules
    modules.use(("choice", "play"))
    assert "mapello.ui.menu" not in sys.modules and "mapello.game.save.checks" not in sys.modules
    assert "mapello.ui.play" in sys.modules and "mapello.rules.position" in sys.modules
    modules.use(("menu",))


def test_a_group_loads_in_one_order_at_once_or_a_module_a_call(monkeypatch):
    """load() (a hint asked for before the play screen's ticks loaded the
    computer) and load_step() (those ticks) import the computer's modules
    in the same order: the table's, the search's own (the kernel's choice)
    right after the kernel, each alone, so that no module's import lines
    compile anything."""
    import builtins
    import sys
    from mapello.ai import kernel
    group = list(paths("ai"))
    at = group.index("mapello.ai.kernel") + 1
    expected = group[:at] + list(kernel.modules()) + group[at:]
    real = builtins.__import__
    compiled = []

    def spy(name, *args, **kwargs):
        if name.startswith("mapello.ai") and name not in sys.modules:
            compiled.append(name)
        return real(name, *args, **kwargs)
    monkeypatch.setattr(builtins, "__import__", spy)
    for load in (lambda: modules.load("ai"), lambda: [modules.load_step("ai") for _ in range(9)]):
        modules.use(())
        del compiled[:]
        load()
        assert compiled == expected
    assert modules.load("ai") is sys.modules["mapello.ai.thinker"] and compiled == expected
    modules.use(())


def test_const_comes_from_micropython_alone():
    """A device module that calls const() imports it plainly at its top,
    `from micropython import const` (or from a device module that does, as
    mapello.rules.position from mapello.rules.geometry: one import less),
    with no fallback of its own: on a board and in the MicroPython VM the
    compiler folds micropython's (an underscored name then takes no room),
    and CPython gets the module from the desktop's entry points
    (desktop.micropython_stub)."""
    found = []
    device = device_modules()
    for module, path in sorted(device.items()):
        with open(path) as f:
            tree = ast.parse(f.read())
        calls = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "const"
                    for n in ast.walk(tree))
        plain = any(isinstance(n, ast.ImportFrom) and n.module in ("micropython",) + tuple(device) and
                    "const" in [a.name for a in n.names] for n in tree.body)
        if calls and not plain:
            found.append("%s calls const() without `from micropython import const` at its top" % module)
        for n in ast.walk(tree):
            if isinstance(n, (ast.FunctionDef, ast.Lambda, ast.Assign)) and "const" in (
                    [n.name] if isinstance(n, ast.FunctionDef) else
                    [t.id for t in getattr(n, "targets", ()) if isinstance(t, ast.Name)]):
                found.append("%s:%d defines a const of its own" % (module, n.lineno))
            if isinstance(n, ast.Try) and any(isinstance(i, ast.ImportFrom) and i.module == "micropython"
                                              for i in ast.walk(n)):
                found.append("%s:%d imports micropython with a fallback" % (module, n.lineno))
    assert not found, found


def test_no_import_cycles():
    """No module of mapello/ imports, at its top or inside a function, a
    module that imports it back, directly or through others."""
    known = device_modules()
    graph = {m: set(imports(p, known)) - {m} for m, p in known.items()}
    cycles = set()
    for start in sorted(graph):
        # the modules reachable from start, each with the path that reached it
        stack = [(start, (start,))]
        seen = set()
        while stack:
            m, trail = stack.pop()
            for dep in sorted(graph[m]):
                if dep == start:
                    cycles.add(tuple(sorted(set(trail))))
                elif dep not in seen:
                    seen.add(dep)
                    stack.append((dep, trail + (dep,)))
    assert not cycles, "import cycles: %s" % sorted(cycles)


def test_the_device_modules_import_nothing_of_the_desktops():
    """mapello/ is what ships: none of its modules imports, anywhere, from
    desktop/ or the tests, which stay on the computer."""
    found = []
    for module, path in sorted(device_modules().items()):
        with open(path) as f:
            tree = ast.parse(f.read())
        for n in ast.walk(tree):
            names = ([a.name for a in n.names] if isinstance(n, ast.Import) else
                     [n.module or ""] if isinstance(n, ast.ImportFrom) and not n.level else [])
            found += ["%s:%d imports %s" % (module, n.lineno, name) for name in names
                      if name.split(".")[0] in ("desktop", "tests")]
    assert not found, found
