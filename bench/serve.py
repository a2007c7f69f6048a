"""`python -m bench.serve --store URL --port N`: `plateau serve` with the benchmark game.

The only difference from `plateau serve` is `counter_game.register()`, which makes the
benchmark game known to this process; the app, uvicorn settings and uvloop are the CLI's own.
"""

from __future__ import annotations

import sys

from bench.counter_game import register
from plateau.cli import main

if __name__ == "__main__":
    register()
    raise SystemExit(main(["serve", *sys.argv[1:]]))
