"""When a seat's name may be taken: it shows what it is (`server.table.text`), it looks like no
other name at the table, it does not pass for one of the server's bots, and it is more than a
pile of accents.

Two names look alike when their confusable skeletons match (Unicode UTS #39: decompose, map
each character to its prototype in confusables.txt, decompose again), case aside: "alice" in
Latin letters and with a Cyrillic "a", or with a dotless "i"; "Ian" and "lan". Case is folded
before and, separately, after the mapping, since either order alone misses some (capitals with
a Cyrillic "I" in them, or a capital "I" drawn like an "l"); two names clash when any of their
forms match.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable
from importlib import resources

from server.table.text import why_refused

_MARKS = frozenset({"Mn", "Me"})  # marks drawn on the character before them, taking no room


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each confusable character's prototype (server/table/confusables.txt, from Unicode's data)."""
    text = resources.files("server.table").joinpath("confusables.txt").read_text("utf-8")
    prototypes = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            char, prototype = line.split("\t")
            prototypes[chr(int(char, 16))] = "".join(chr(int(c, 16)) for c in prototype.split())
    return prototypes


def skeleton(text: str) -> str:
    """UTS #39's skeleton: two strings that look alike have the same one."""
    prototypes = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(prototypes.get(c, c) for c in decomposed))


def looks(name: str) -> frozenset[str]:
    """What `name` looks like, case aside, spaces collapsed: its skeleton with case folded
    before the mapping, and after it."""
    compatible = unicodedata.normalize("NFKC", name)
    forms = (skeleton(compatible.casefold()), skeleton(compatible))
    return frozenset(" ".join(form.casefold().split()) for form in forms)


def resembled(name: str, taken: Iterable[str]) -> str | None:
    """The first name of `taken` that `name` cannot be told apart from, or None."""
    seen = looks(name)
    return next((other for other in taken if other and seen & looks(other)), None)


def why_taken(name: str, seated: Iterable[str]) -> str | None:
    """Why `name` cannot join the table where the `seated` names sit, or None."""
    alike = resembled(name, seated)
    if alike is None:
        return None
    if alike == name:
        return f"a player at this table is already {name!r}"
    return f"{name!r} looks like {alike!r}, already at this table"


def _pattern_of(sample: str) -> str:
    """A regular expression for what `sample` looks like (one of its forms)."""
    return re.escape(min(looks(sample)))


@functools.cache
def _bot_like() -> re.Pattern[str]:
    """What the name of a bot seat looks like (`domain.seat_bots.bot_name`, "Bot 2 (greedy)"),
    with any number, and any word or none in the parentheses; digits are any script's, or
    what looks like one ("0" like "O", "1" like "l")."""
    digit = "|".join(sorted({_pattern_of(d) for d in "0123456789"}, key=len, reverse=True))
    opening, closing = _pattern_of("("), _pattern_of(")")
    return re.compile(
        rf"{_pattern_of('Bot')} ?(?:\d|{digit})+(?: ?{opening}.*{closing})?", re.DOTALL
    )


def _mostly_marks(name: str) -> bool:
    """At least twice as many marks as characters they sit on, as when accents are piled up
    to spill over the lines around. Fully vowelled Arabic or Hebrew has fewer."""
    decomposed = unicodedata.normalize("NFD", name)
    marks = sum(unicodedata.category(c) in _MARKS for c in decomposed)
    return marks >= 2 * (len(decomposed) - marks)


def why_name_refused(name: str) -> str | None:
    """Why nobody may take the name `name`, whatever the table, or None."""
    why = why_refused(name)
    if why:
        return why
    if _mostly_marks(name):
        return "it is mostly combining marks"
    if any(_bot_like().fullmatch(form) for form in looks(name)):
        return "it looks like the name of one of the server's bots"
    return None
