"""The lock files (requirements.lock, requirements-dev.lock, written by `make lock`) read as
pins: a name, a version, the marker saying where it applies, its hashes."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from packaging.markers import Marker
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Pin:
    name: str  # canonical: lower case, dashes
    version: str
    marker: Marker | None
    hashes: tuple[str, ...]

    def applies(self, environment: dict[str, str] | None = None) -> bool:
        return self.marker is None or self.marker.evaluate(environment)


def read_lock(path: Path) -> dict[str, Pin]:
    text = re.sub(r"\\\n", " ", path.read_text())  # join continued lines
    pins = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        requirement, *options = line.split(" --hash=")
        spec, _, marker = requirement.partition(";")
        name, version = (part.strip() for part in spec.split("=="))
        pin = Pin(
            canonicalize_name(name),
            version,
            Marker(marker.strip()) if marker.strip() else None,
            tuple(option.strip() for option in options),
        )
        pins[pin.name] = pin
    return pins
