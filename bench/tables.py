"""The report's Markdown within its width: prose wrapped, and tables too wide reshaped.

A table wider than the report's lines first names its systems by their short name (what comes
before their ':' or '(') with the full names in a legend under it, then is split by columns
into tables that each repeat the first column. Nothing is cut: a cell that alone is wider than
the line stays as it is, for the report's test to find.
"""

from __future__ import annotations

import re
import textwrap
from typing import Any

from bench.numbers import fmt

WIDTH = 120  # every line of the report is shorter than this
WRAP = 100  # where prose is wrapped, leaving room for a bullet's indent
SHORT_NAME = 32  # a system named longer than this is shortened in a table too wide


# what Markdown would read as a list, a heading, a quote or a table at the start of a line
MARKUP = re.compile(r"^(?:[-+*>#|]|\d+[.)])(?: |$)")


def wrap(text: str, first: str = "", rest: str = "") -> list[str]:
    """A paragraph (or a bullet: `first` "- ", `rest` "  ") wrapped at WRAP characters, no line
    but the first starting with what Markdown would read as markup ("+ evolve", "1. ")."""
    lines = textwrap.wrap(
        text,
        WRAP,
        initial_indent=first,
        subsequent_indent=rest,
        break_long_words=False,
        break_on_hyphens=False,
    ) or [first.rstrip()]
    for index in range(1, len(lines)):
        while MARKUP.match(lines[index][len(rest) :]):
            before, _, word = lines[index - 1].rpartition(" ")
            if not before.strip():
                break
            lines[index - 1] = before
            lines[index] = rest + word + " " + lines[index][len(rest) :]
    return lines


def markdown(header: list[str], rows: list[list[str]]) -> list[str]:
    out = ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
    return out + ["| " + " | ".join(row) + " |" for row in rows]


def fits(lines: list[str]) -> bool:
    return all(len(line) < WIDTH for line in lines)


def short(name: str) -> str:
    """A system's name before its explanation: 'lean server: the bare relay + ...' is 'lean
    server'; a name of SHORT_NAME characters or fewer stays whole."""
    if len(name) <= SHORT_NAME:
        return name
    cuts = [name.find(mark) for mark in (": ", " (") if mark in name]
    return name[: min(cuts)] if cuts and min(cuts) > 0 else name


def columns(header: list[str], rows: list[list[str]]) -> list[list[int]]:
    """Indices of the columns of each table, the first column in all, each within WIDTH."""
    wide = [max(len(c) for c in [h, *(row[i] for row in rows)]) + 3 for i, h in enumerate(header)]
    groups: list[list[int]] = []
    for index in range(1, len(header)):
        group = groups[-1] if groups else []
        if not group or 2 + wide[0] + sum(wide[i] for i in group) + wide[index] > WIDTH:
            group = []
            groups.append(group)
        group.append(index)
    return [[0, *group] for group in groups] or [[0]]


def table(rows: list[dict[str, Any]]) -> list[str]:
    """A Markdown table of the rows (a column per key, in order of appearance), reshaped to
    fit the report's width when it does not."""
    header: list[str] = []
    for row in rows:
        header += [c for c in row if c not in header]
    cells = [[fmt(row.get(c, "")) for c in header] for row in rows]
    out = markdown(header, cells)
    if fits(out) or not header:
        return out
    legend: list[str] = []
    names = [short(row[0]) for row in cells]
    if len(set(names)) == len(names) and names != [row[0] for row in cells]:
        for cell, name in zip(cells, names, strict=True):
            if name != cell[0]:
                rest = cell[0][len(name) :].removeprefix(": ").strip()
                said = f"**{name}**{' ' if rest.startswith('(') else ': '}{rest}"
                legend += wrap(said, "- ", "  ")
                cell[0] = name
    out = []
    for group in columns(header, cells):
        if out:
            out.append("")
        out += markdown([header[i] for i in group], [[row[i] for i in group] for row in cells])
    return out + (["", *legend] if legend else [])
