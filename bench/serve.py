"""`python -m bench.serve --store URL --port N`: `plateau serve` with the benchmark game.

The only differences from `plateau serve` are `counter_game.register()`, which makes the
benchmark game known to this process, and, when `PLATEAU_BENCH_SECRET` is set (hex), every
game dealt from that one secret, so the games `bench.scripted` recorded replay here move for
move; the app, uvicorn settings and uvloop are the CLI's own.
"""

from __future__ import annotations

import functools
import os
import sys

from bench.counter_game import register
from bench.scripted import ENV
from plateau.cli import main


def deal_from(secret: bytes) -> None:
    """Every game this process starts is dealt from `secret` (the app's service is built
    with it: `server.app` looks its `GameService` up when its lifespan starts)."""
    from server import app
    from server.table import service

    fixed = functools.partial(service.GameService, new_secret=lambda: secret)
    # the name `server.app` imported, and a partial where mypy sees a class
    app.GameService = fixed  # type: ignore[attr-defined,assignment]


if __name__ == "__main__":
    register()
    if os.environ.get(ENV):
        deal_from(bytes.fromhex(os.environ[ENV]))
    raise SystemExit(main(["serve", *sys.argv[1:]]))
