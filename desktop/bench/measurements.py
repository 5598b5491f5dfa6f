"""docs/MEASUREMENTS.md is written by the benchmarks that measure its figures,
so that no figure is typed by hand, or twice.

The page is prose around blocks.  A block starts with a line
`<!-- begin NAME: COMMAND -->`, COMMAND being what writes it, and ends with
`<!-- end NAME -->`.  A benchmark given `--write-docs` prints its figures as
always and then replaces its block's lines (`write_block`), or in a table of
rows keyed by their first cell, the one row its run measured
(`write_row`: the tournament, one row a pairing).  Everything outside the
blocks is left as it is.
"""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PAGE = os.path.join(ROOT, "docs", "MEASUREMENTS.md")
FLAG = "--write-docs"
BEGIN = re.compile(r"^<!-- begin ([a-z0-9-]+): (.+) -->$")
END = "<!-- end %s -->"


def add_flag(parser):
    """The --write-docs [FILE] option of a benchmark's argparse parser."""
    parser.add_argument(FLAG, nargs="?", const=PAGE, default=None, metavar="FILE",
                        help="also write the figures into their block of docs/MEASUREMENTS.md "
                             "(or of FILE)")


def blocks(text):
    """[(name, command, [body lines])] of every block of the page's text."""
    out = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = BEGIN.match(lines[i])
        if m:
            name, command = m.groups()
            end = _end(lines, i, name)
            out.append((name, command, lines[i + 1:end]))
            i = end
        i += 1
    return out


def _end(lines, begin, name):
    for j in range(begin + 1, len(lines)):
        if lines[j] == END % name:
            return j
        if BEGIN.match(lines[j]):
            break
    raise ValueError("block %s (line %d) has no %s before the next block"
                     % (name, begin + 1, END % name))


def replace_block(text, name, body):
    """`text` with block `name`'s lines replaced by `body` (a list of lines)."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        m = BEGIN.match(line)
        if m and m.group(1) == name:
            end = _end(lines, i, name)
            return "\n".join(lines[:i + 1] + list(body) + lines[end:])
    raise KeyError("no block %r on the page (a line <!-- begin %s: COMMAND -->)" % (name, name))


def replace_row(text, name, row):
    """`text` with the table row of block `name` whose first cell is `row`'s
    first cell replaced by `row`, or `row` added after the table's last."""
    body = dict((n, b) for n, _, b in blocks(text)).get(name)
    if body is None:
        raise KeyError("no block %r on the page" % name)
    key = cells(row)[0]
    body = list(body)
    rows = [i for i, line in enumerate(body) if line.startswith("|")]
    if len(rows) < 2:
        raise ValueError("block %s holds no table with a header" % name)
    for i in rows[2:]:
        if cells(body[i])[0] == key:
            body[i] = row
            break
    else:
        body.insert(rows[-1] + 1, row)
    return replace_block(text, name, body)


def cells(row):
    """The cells of a Markdown table row, stripped."""
    return [c.strip() for c in row.strip().strip("|").split("|")]


def table(header, rows):
    """A Markdown table's lines."""
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return out


def write_block(page, name, body):
    """Replace block `name` of the file `page` by `body` and say so."""
    _rewrite(page, lambda text: replace_block(text, name, body))
    print("wrote block %s of %s" % (name, os.path.relpath(page)))


def write_row(page, name, row):
    """Replace (or add) one row of block `name`'s table in `page`."""
    _rewrite(page, lambda text: replace_row(text, name, row))
    print("wrote a row of block %s of %s" % (name, os.path.relpath(page)))


def _rewrite(page, change):
    with open(page, encoding="utf-8") as f:
        text = f.read()
    new = change(text)
    with open(page, "w", encoding="utf-8") as f:
        f.write(new)


def block_text(name, page=PAGE):
    """The lines of block `name` on the page, joined: what a tool reads back
    of a figure another tool measured, so that it is written in one place."""
    with open(page, encoding="utf-8") as f:
        text = f.read()
    for found, _, body in blocks(text):
        if found == name:
            return "\n".join(body)
    raise KeyError("docs/MEASUREMENTS.md has no block %s" % name)


def thousands(n):
    """12345 -> '12,345'."""
    return "{:,}".format(int(round(n)))
