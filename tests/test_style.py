"""The project's own words stay true as the code changes: no history in
comments or documents (git holds it), no pointer at a path the repository
does not have, and every document section a comment names is a heading (or a
paragraph's bold lead) of that document.  In the Python files' comments and
docstrings, every module a dotted name mapello.x.y (or desktop.x.y) names is there too, as is
the name it takes from it (mapello.ai.search.Search, and Search's own
attribute when one follows), and every path/to/file.py.
tests/test_readme.py checks the documents' links; this checks the
references written in prose."""
import ast
import functools
import io
import os
import re
import subprocess
import tokenize

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KINDS = (".py", ".sh", ".md", ".js", ".html")
THIRD_PARTY = ("lib/", "web/node_modules/")
SELF = "tests/test_style.py"    # its examples below break every rule on purpose
# written with \s+ so that this file does not name what it forbids
HISTORY = re.compile(r"\bthis\s+round\b|\blast\s+round\b|\bprevious\s+session\b|\bissue\s+#?\d+", re.I)
GENERATED = re.compile(r"^<!-- begin [a-z0-9-]+: .*?^<!-- end [a-z0-9-]+ -->$", re.M | re.S)
URL = re.compile(r"[a-z]+://\S+")
DOCS = {"README": "README.md", "README.md": "README.md", "BUILD.md": "docs/BUILD.md",
        "DESIGN.md": "docs/DESIGN.md", "MEASUREMENTS.md": "docs/MEASUREMENTS.md"}
DOC = r"(?<![\w/.\"'-])((?:docs/)?(?:BUILD|DESIGN|MEASUREMENTS)\.md|README(?:\.md)?)"
# README.md ("Copying the game"), docs/DESIGN.md, "Saves", docs/BUILD.md's rule ("Power")
SECTION = re.compile(DOC + r"(?:'s(?: [a-z]+)?)?(?:[,:]? \(?|\()\\?\"([A-Za-z0-9][^\"\\]*)\\?\"")
NUMBERED = re.compile(DOC + r",? sections? (\d+)(?: (?:to|and) (\d+))?")
PATH = re.compile(r"(?<![\w/.-])((?:[\w.-]+/)+[\w.-]*\.md|shared/[\w./-]*)")
# in Python files' comments and docstrings: a module's dotted name (and what
# follows it: a name in it, an attribute of that), and a relative path to a
# .py file (an absolute one, /lib/x.py, is the board's; a pattern, x_*.py, no file);
# mapello.zip and the like are files' names
DOTTED = re.compile(r"(?<![\w./-])(?:mapello|desktop)(?!\.(?:py|mpy|txt|zip|json|toml|png)\b)(?:\.[A-Za-z_]\w*)+")
PY_PATH = re.compile(r"(?<![\w/.-])((?:[\w.-]+/)+[\w.-]*\.py)(?![\w/])")


def tracked():
    names = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.split("\n")
    return [n for n in names if n.endswith(KINDS) and not n.startswith(THIRD_PARTY)
            and n != SELF and os.path.exists(os.path.join(ROOT, n))]


FILES = tracked()


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        text = f.read()
    return GENERATED.sub("", text) if path.endswith(".md") else text


def prose(text):
    """The text with comment markers and line breaks folded into spaces, so
    that a reference broken over two comment lines reads as one."""
    return re.sub(r"\s*\n\s*(?:(?:#+|//|\*)\s+)?", " ", URL.sub("", text))


def labels(doc):
    """A document's headings and the bold leads that open its paragraphs,
    lower case, without their section numbers."""
    text = read(doc)
    found = re.findall(r"^#+ (?:\d+\. )?(.+?)\s*$", text, re.M)
    found += re.findall(r"^(?:- )?\*\*([^*]+?)\.?\*\*", text, re.M)
    return set(re.sub(r"[`*]", "", f).lower() for f in found)


def numbers(doc):
    return set(re.findall(r"^## (\d+)\. ", read(doc), re.M))


def module_file(dotted):
    """The file of the module with that dotted name, or None."""
    base = os.path.join(ROOT, *dotted.split("."))
    for name in (base + ".py", os.path.join(base, "__init__.py")):
        if os.path.isfile(name):
            return name
    return None


@functools.lru_cache(maxsize=None)
def parsed(path):
    with open(path, encoding="utf-8") as f:
        return ast.parse(f.read())


def defined(body):
    """{name: node} of what a module's or a class's statements define at that
    level (also inside if, try, with and loops; not inside functions)."""
    out = {}
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out[node.name] = node
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                out[(alias.asname or alias.name).split(".")[0]] = node
            continue
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.For)):
            targets = [node.target]
        elif isinstance(node, ast.With):
            targets = [item.optional_vars for item in node.items if item.optional_vars]
        else:
            targets = []
        for target in targets:
            for name in ast.walk(target):
                if isinstance(name, ast.Name):
                    out[name.id] = node
        for field in ("body", "orelse", "finalbody", "handlers"):
            inner = getattr(node, field, None)
            if isinstance(inner, list):
                out.update(defined(inner))
    return out


def members(cls):
    """What a class defines: its body's names and the self.x its methods set."""
    out = set(defined(cls.body))
    for node in ast.walk(cls):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and \
                isinstance(node.value, ast.Name) and node.value.id == "self":
            out.add(node.attr)
    return out


def dotted_problem(dotted):
    """Why a dotted name mapello.x.y... (or desktop.x.y...) names nothing, or None: its longest
    module part must be a module of the repository, the next part a name that
    module defines and, if that is a class, the part after it one of its own."""
    parts = dotted.split(".")
    n = len(parts)
    while n > 1 and module_file(".".join(parts[:n])) is None:
        n -= 1
    module = ".".join(parts[:n])
    if n == len(parts):
        return None
    names = defined(parsed(module_file(module)).body)
    if parts[n] not in names:
        return "no such module or name: %s (%s has no %s)" % (dotted, module, parts[n])
    node = names[parts[n]]
    if n + 1 < len(parts) and isinstance(node, ast.ClassDef) and parts[n + 1] not in members(node):
        return "no such name: %s (%s.%s has no %s)" % (dotted, module, parts[n], parts[n + 1])
    return None


def comments_and_docstrings(text):
    """A Python file's comments and docstrings."""
    out = [tok.string for tok in tokenize.generate_tokens(io.StringIO(text).readline)
           if tok.type == tokenize.COMMENT]
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                out.append(doc)
    return out


def python_problems(path, text):
    """The dotted names and the .py paths of a Python file's comments and
    docstrings that name nothing in the repository."""
    found = []
    here = os.path.dirname(path)
    for words in comments_and_docstrings(text):
        for m in DOTTED.finditer(words):
            problem = dotted_problem(m.group(0))
            if problem:
                found.append(problem)
        for m in PY_PATH.finditer(words):
            if not any(os.path.isfile(os.path.join(ROOT, d, m.group(1))) for d in ("", here)):
                found.append("no such path: %s" % m.group(1))
    return found


def problems(path, text):
    found = ["history: %r" % m.group(0) for m in HISTORY.finditer(text)]
    if path.endswith(".py"):
        found += python_problems(path, text)
    flat = prose(text)
    here = os.path.dirname(path)
    for m in PATH.finditer(flat):
        target = m.group(1)
        if target.startswith("shared/") or not any(
                os.path.exists(os.path.join(ROOT, d, target)) for d in ("", here)):
            found.append("no such path: %s" % target)
    if not path.startswith("docs/"):       # "DESIGN.md" alone is a piece of a path in code
        found += ["DESIGN.md without docs/: %r" % m.group(0).strip('"')
                  for m in re.finditer(r"(?<![\w/.-])\"?DESIGN\.md\"?", flat)
                  if m.group(0) != '"DESIGN.md"']
    for m in SECTION.finditer(flat):
        doc, name = DOCS[m.group(1).replace("docs/", "")], m.group(2)
        if name.lower() not in labels(doc):
            found.append("%s has no section %r" % (doc, name))
    for m in NUMBERED.finditer(flat):
        doc = DOCS[m.group(1).replace("docs/", "")]
        for n in m.group(2, 3):
            if n and n not in numbers(doc):
                found.append("%s has no section %s" % (doc, n))
    return found


def test_the_checked_files_are_the_projects_own():
    assert "mapello/ui/app.py" in FILES and "docs/DESIGN.md" in FILES and "web/page.js" in FILES
    assert not [f for f in FILES if f.startswith("lib/")]


@pytest.mark.parametrize("path", FILES)
def test_no_history_and_no_reference_to_what_is_not_there(path):
    found = problems(path, read(path))
    assert not found, found


@pytest.mark.parametrize("text, expect", [
    ("# see README.md (\"Memory on the device\")",
     ["README.md has no section 'Memory on the device'"]),
    ("# README.md, \"Power\", and open(\"README.md\"), \"r\"", []),
    ("# docs/BUILD.md's rule (\"Power\")", []),
    ("# docs/DESIGN.md, \"The\n# computer player\"", []),
    ("# docs/DESIGN.md section 9", ["docs/DESIGN.md has no section 9"]),
    ("# docs/DESIGN.md sections 1 to 3", []),
    ("# in shared/DESIGN.md, or DESIGN.md", ["no such path: shared/DESIGN.md",
                                           "DESIGN.md without docs/: 'DESIGN.md'"]),
    ('"""DESIGN.md\'s example; join("docs", "DESIGN.md")"""', ["DESIGN.md without docs/: 'DESIGN.md'"]),
    ("# fonts/README.md, docs/NOTES.md", ["no such path: docs/NOTES.md"]),
    ("# fixed this  round", ["history: 'this  round'"]),
    ("# as issue 12 asked", ["history: 'issue 12'"]),
    # the Python files' comments and docstrings: modules, the names in them, .py paths
    ('"""The search loop of mapello.search.Search: its leaves in\nmapello.frontier.leaves."""',
     ["no such module or name: mapello.search.Search (mapello has no search)",
      "no such module or name: mapello.frontier.leaves (mapello has no frontier)"]),
    ("# a mapello.evaluation.BoardInfo", ["no such module or name: mapello.evaluation.BoardInfo "
                                         "(mapello has no evaluation)"]),
    ("# mapello.ai.search.Search, mapello.ai.search.Search.setup, mapello.ai.frontier's\n"
     "# leaves, mapello.ui.modules.GROUPS, mapello.game.save.log, desktop.sim.", []),
    ("# desktop.bench.min_heap.compile_package; desktop.bench.heap.census",
     ["no such module or name: desktop.bench.heap.census (desktop.bench has no heap)"]),
    ("# mapello.ai.search.Searcher", ["no such module or name: mapello.ai.search.Searcher "
                                      "(mapello.ai.search has no Searcher)"]),
    ("# mapello.ai.search.Search.nodes and .run(), mapello.ai.search.Search.walk",
     ["no such name: mapello.ai.search.Search.walk (mapello.ai.search.Search has no walk)"]),
    ('def f():\n    """In mapello/ai/search.py, desktop/bench/min_heap.py, not mapello/search.py."""',
     ["no such path: mapello/search.py"]),
    ("# /lib/neopixel.py on the board; tests/test_sim_*.py; tests/mp/runner.pyc; mapello.zip", []),
    ('NAME = "mapello.search.Search"  # neither code nor strings: comments and docstrings', []),
])
def test_the_check_finds_what_it_should(text, expect):
    assert problems(os.path.join("tests", "probe.py"), text) == expect
