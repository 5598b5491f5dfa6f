"""The project's own words stay true as the code changes: no history in
comments or documents (git holds it), no pointer at a path the repository
does not have, and every document section a comment names is a heading (or a
paragraph's bold lead) of that document.  tests/test_readme.py checks the
documents' links; this checks the references written in prose."""
import os
import re
import subprocess

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


def problems(path, text):
    found = ["history: %r" % m.group(0) for m in HISTORY.finditer(text)]
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
    ('"""DESIGN.md\'s example; join("docs", "DESIGN.md")', ["DESIGN.md without docs/: 'DESIGN.md'"]),
    ("# fonts/README.md, docs/NOTES.md", ["no such path: docs/NOTES.md"]),
    ("# fixed this  round", ["history: 'this  round'"]),
    ("# as issue 12 asked", ["history: 'issue 12'"]),
])
def test_the_check_finds_what_it_should(text, expect):
    assert problems(os.path.join("tests", "probe.py"), text) == expect
