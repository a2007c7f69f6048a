"""What a seat's name and a chat line may hold (`server.table.names` says when two names clash).

Text shown to other players must look like what it is. Refused: control characters (a chat
line is one line), bidirectional overrides and isolates (they reorder what follows, so
"gnp.exe" can read "exe.png"), and characters that draw nothing (zero-width spaces, joiners,
fillers, tags), which make two names that look the same differ. Emoji keep their variation
selector and zero-width joiner, between emoji only.
"""

from __future__ import annotations

import unicodedata

# Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt): drawn as nothing
_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
_BLANK = frozenset({0x2800})  # the braille blank: a letter that draws nothing
# categories never shown: controls, format characters, surrogates, private use, unassigned,
# line and paragraph separators
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
_EMOJI_JOINERS = frozenset({0x200D, 0xFE0E, 0xFE0F})  # ZWJ and the two presentation selectors
_EMOJI_CATEGORIES = frozenset({"So", "Sk"})


def _ignorable(code: int) -> bool:
    return code in _BLANK or any(low <= code <= high for low, high in _IGNORABLE)


def _is_emoji_part(char: str | None) -> bool:
    return char is not None and unicodedata.category(char) in _EMOJI_CATEGORIES


def why_refused(text: str) -> str | None:
    """Why `text` may not be shown to players as it is, or None."""
    for index, char in enumerate(text):
        code = ord(char)
        if code in _EMOJI_JOINERS:
            before = text[index - 1] if index else None
            after = text[index + 1] if index + 1 < len(text) else None
            if _is_emoji_part(before) and (code != 0x200D or _is_emoji_part(after)):
                continue
        if char in "\n\r\t" or unicodedata.category(char) in ("Zl", "Zp"):
            return "it must be a single line"
        if 0x202A <= code <= 0x202E or 0x2066 <= code <= 0x2069 or code in (0x200E, 0x200F):
            return "it holds a character that reverses the text's direction"
        if _ignorable(code) or unicodedata.category(char) in _HIDDEN_CATEGORIES:
            return f"it holds an invisible or control character (U+{code:04X})"
    return None
