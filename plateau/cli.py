"""The `plateau` command: serve, bots, simulate, import-18xx, verify-log, verify-fairness,
verify, ratings."""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import sys
from typing import Any

import msgspec


def serve(args: argparse.Namespace) -> int:
    import uvicorn

    from server.app import create_app
    from server.live.transport import protocol
    from server.ops.config import Settings
    from server.ops.logs import route_standard_logging

    settings = Settings.from_env(
        store_url=args.store, host=args.host, port=args.port, log_format=args.log_format
    )
    gc.set_threshold(*settings.gc_threshold)  # the process's, so here and not in the app
    route_standard_logging(settings.log_format, settings.log_level)
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        ws=protocol(settings.ws_fast_path),
        ws_max_size=max(settings.max_frame_bytes * 4, 1 << 20),
        ws_per_message_deflate=False,
        log_level="warning",
        log_config=None,  # route_standard_logging's handler formats uvicorn's records
        access_log=False,
        loop="auto",
    )
    return 0


def bots(args: argparse.Namespace) -> int:
    from clients.python.remote_bots import run_bots

    options = json.loads(args.options) if args.options else {}
    result = asyncio.run(run_bots(args.url, args.game, args.players, options, args.seed))
    print(json.dumps(result))
    return 0


def simulate(args: argparse.Namespace) -> int:
    from clients.python.simulate import play
    from domain import games
    from domain.bots import strategy

    game = games.get(args.game)
    names = (args.bots or "random").split(",")
    if len(names) == 1:
        names = names * args.players
    if len(names) != args.players:
        print(f"--bots needs 1 or {args.players} names", file=sys.stderr)
        return 2
    options = msgspec.convert(json.loads(args.options) if args.options else {}, game.options_type)
    if args.export_18xx and game.name != "18zoo":
        print("--export-18xx is for 18zoo games only", file=sys.stderr)
        return 2
    if args.export_18xx:  # only a deck dealt from a seed replays on the site
        options = msgspec.structs.replace(options, exportable=True)
    rng = random.Random(args.seed)
    wins: dict[str, float] = {}  # a shared win counts a fraction for each winner
    errors = 0
    for number in range(args.games):
        # rotate seats so no bot keeps the first-player advantage
        order = [names[(i + number) % args.players] for i in range(args.players)]
        try:
            played = play(game, args.players, options, [strategy(game.name, n) for n in order], rng)
            result = played.result(game)
        except Exception as exc:  # report and go on: the exit code says something failed
            errors += 1
            print(json.dumps({"game": number, "error": repr(exc)}))
            continue
        for seat in result.winners:
            wins[order[seat]] = wins.get(order[seat], 0.0) + 1 / len(result.winners)
        if args.export_18xx:
            _write_18xx(args.export_18xx, number, game.initial(args.players, options), played)
        line: dict[str, Any] = {
            "game": number,
            "bots": order,
            "scores": list(result.scores),
            "ranks": list(result.ranks),
            "reason": result.reason,
            "commands": played.commands,
        }
        print(json.dumps(line))
    played_ok = args.games - errors
    rates = {
        name: round(wins.get(name, 0.0) / played_ok, 4) if played_ok else 0
        for name in sorted(set(names))
    }
    print(json.dumps({"summary": {"games": args.games, "errors": errors, "win_rate": rates}}))
    for name, rate in rates.items():
        print(f"win rate {name}: {rate:.1%} over {played_ok} games", file=sys.stderr)
    return 1 if errors else 0


def _write_18xx(folder: str, number: int, start: Any, played: Any) -> None:
    """One simulated 18ZOO game as an 18xx.games export, `DIR/game-N.json`."""
    from pathlib import Path

    from domain.exchange.zoo18.exporter import export_game

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    exported = export_game(start, played.events)
    (out / f"game-{number}.json").write_text(json.dumps(exported, indent=1) + "\n")


def export_18xx(args: argparse.Namespace) -> int:
    from domain.kernel import Rejected
    from server.records.export_18xx import run_export

    try:
        report = asyncio.run(run_export(args.game_id, args.store, args.output))
    except Rejected as refusal:
        print(f"plateau export-18xx: {refusal.detail or refusal.reason.value}", file=sys.stderr)
        return 1
    if args.output:
        print(json.dumps(report))
    return 0


def import_18xx(args: argparse.Namespace) -> int:
    from server.records.import_18xx import run_import

    report = asyncio.run(run_import(args.file, args.store))
    print(json.dumps(report))
    if report["game_id"] is None:
        return 1
    return 1 if args.check and not report["match"] else 0


def verify_log(args: argparse.Namespace) -> int:
    from server.records.proof import Unavailable, check, fetch

    seen: dict[int, str] = {}
    for item in args.seen or []:
        version, _, digest = item.partition(":")
        if not (version.isascii() and version.isdigit()) or not digest:
            print(f"--seen takes VERSION:HASH, not {item!r}", file=sys.stderr)
            return 2
        seen[int(version)] = digest
    try:
        proof = asyncio.run(fetch(args.game_id, args.server, args.store))
    except Unavailable as why:
        print(f"cannot check {args.game_id}: {why}", file=sys.stderr)
        return 2
    problems = check(proof, seen)
    for problem in problems:
        print(f"{args.game_id}: {problem}")
    if problems:
        return 1
    print(
        f"{args.game_id}: {proof.version} events, every hash recomputed from the stored events"
        f" and their salts; last hash {proof.hash or '(none published)'}"
        + (f"; the {len(seen)} hashes you kept are in it" if seen else "")
    )
    return 0


def verify_fairness(args: argparse.Namespace) -> int:
    from server.records.verify_fairness import verify

    code, lines = asyncio.run(verify(args.game_id, args.server, args.store))
    for line in lines:
        print(line, file=sys.stderr if code == 2 else sys.stdout)
    return code


def verify_rules(args: argparse.Namespace) -> int:
    import os

    from server.records.verify import report, verify_store
    from server.store.adapters import open_store

    url = args.store or os.environ.get("PLATEAU_STORE")
    if not url:
        print("which store? --store URL (or PLATEAU_STORE)", file=sys.stderr)
        return 2

    async def run() -> list[Any]:
        store = open_store(url)
        try:
            if args.game and not await store.read(args.game, upto=1):
                return []
            return await verify_store(store, args.game)
        finally:
            await store.close()

    verdicts = asyncio.run(run())
    if args.game and not verdicts:
        print(f"cannot check {args.game}: no such game in {url}", file=sys.stderr)
        return 2
    lines, changed = report(verdicts)
    for line in lines:
        print(line)
    return 1 if changed else 0


def ratings(args: argparse.Namespace) -> int:
    """Every game's leaderboard folded from the stored games alone, as JSON: the same numbers,
    to the last bit, as the server's (`GET /api/ratings/{game}`)."""
    import json
    import os

    from server.accounts.ratings import rebuild
    from server.store.adapters import open_store

    url = args.store or os.environ.get("PLATEAU_STORE")
    if not url or not args.rebuild:
        print("plateau ratings --rebuild --store URL (or PLATEAU_STORE)", file=sys.stderr)
        return 2

    async def run() -> dict[str, Any]:
        store = open_store(url)
        try:
            folded = await rebuild(store)
        finally:
            await store.close()
        return {
            game: [
                {"account_id": account_id, "rating": s.rating, "mu": s.mu, "sigma": s.sigma}
                | {"games": s.games}
                for account_id, s in folded.leaderboard(game)
            ]
            for game in sorted(folded.standings)
        }

    print(json.dumps(asyncio.run(run()), indent=1))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="plateau", description="Plateau board-game server")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("serve", help="run the server")
    p.add_argument("--store", help="redis://host:port/db or sqlite:///path (default: memory)")
    p.add_argument("--host")
    p.add_argument("--port", type=int)
    p.add_argument("--log-format", choices=["console", "json"])
    p.set_defaults(run=serve)

    p = sub.add_parser("bots", help="seat bots in a new game on a running server, play it")
    p.add_argument("url")
    p.add_argument("game")
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--options", help="game options as JSON")
    p.add_argument("--seed", type=int)
    p.set_defaults(run=bots)

    p = sub.add_parser("simulate", help="play bots in-process, one JSON line per game")
    p.add_argument("game")
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int)
    p.add_argument("--bots", help="comma-separated per seat: random, greedy")
    p.add_argument("--options", help="game options as JSON")
    p.add_argument("--export-18xx", metavar="DIR", help="18zoo: write each game there")
    p.set_defaults(run=simulate)

    p = sub.add_parser("export-18xx", help="write a finished 18ZOO game as an 18xx.games export")
    p.add_argument("game_id")
    p.add_argument("--store", help="where the game is stored (default: memory)")
    p.add_argument("-o", "--output", help="the file to write (default: stdout)")
    p.set_defaults(run=export_18xx)

    p = sub.add_parser("import-18xx", help="import a game exported from 18xx.games")
    p.add_argument("file")
    p.add_argument("--store", help="where to store it (default: memory)")
    p.add_argument("--check", action="store_true", help="exit 1 if the result differs")
    p.set_defaults(run=import_18xx)

    p = sub.add_parser("verify-log", help="recompute a finished game's hash chain")
    p.add_argument("game_id")
    p.add_argument("--server", help="the server's URL (default http://127.0.0.1:8000)")
    p.add_argument("--store", help="read the stored log itself instead (an operator's check)")
    p.add_argument(
        "--seen", action="append", metavar="VERSION:HASH", help="a hash you were sent, to find"
    )
    p.set_defaults(run=verify_log)

    p = sub.add_parser(
        "verify-fairness", help="recompute a finished game's draws from its revealed secret"
    )
    p.add_argument("game_id")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--server", help="the server's URL (default http://127.0.0.1:8000)")
    where.add_argument("--store", help="read the stored log itself instead (an operator's check)")
    p.set_defaults(run=verify_fairness)

    p = sub.add_parser("verify", help="would any stored game fold differently with this code?")
    p.add_argument("--store", help="the store to check (default: PLATEAU_STORE)")
    p.add_argument("--game", help="only this game")
    p.set_defaults(run=verify_rules)

    p = sub.add_parser("ratings", help="the ratings, folded again from the stored games")
    p.add_argument("--rebuild", action="store_true", help="from the stored games alone")
    p.add_argument("--store", help="the store to read (default: PLATEAU_STORE)")
    p.set_defaults(run=ratings)

    args = parser.parse_args(argv)
    code: int = args.run(args)
    return code


if __name__ == "__main__":
    raise SystemExit(main())
