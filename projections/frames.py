"""What one viewer is sent: its view of the table and game, its redacted log, its legal moves."""

from __future__ import annotations

from typing import Any

from domain import choices
from domain.kernel import Game, Seat, Viewer
from domain.protocol import LogEntry
from domain.table import Table, redact
from projections.clock_view import shown as shown_clock
from projections.undo import undo_part
from projections.visibility import effective


def table_view(
    game: Game[Any, Any, Any], table: Table, viewer: Viewer, with_table: bool = True
) -> dict[str, Any]:
    """The viewer's view: the game's own, and the table around it (game, seats, names,
    started, over, result) unless `with_table` is False (an update to a viewer who has it)."""
    shown = game_part(game, table, viewer)
    if not with_table:
        return {"game": shown}
    over = table.started and game.is_over(table.state)
    return {"table": table_part(game, table, over), "game": shown}


def game_part(game: Game[Any, Any, Any], table: Table, viewer: Viewer) -> Any:
    """The game's own view for `viewer` at `table` (None before the start)."""
    return game.view(table.state, effective(game, table, viewer)) if table.started else None


def table_part(game: Game[Any, Any, Any], table: Table, over: bool) -> dict[str, Any]:
    """The view's part that is the same for every viewer; `over` is whether the game is."""
    return {
        "game": table.game,
        "title": game.title,
        "seats": table.seats,
        "names": list(table.names),
        "bots": bots_by_seat(table),
        "started": table.started,
        "over": over,
        "result": game.result(table.state) if over else None,
        "undo": undo_part(table.undo_asked),
        "clock": shown_clock(table, game),
    }


def bots_by_seat(table: Table) -> list[str | None]:
    """Per seat, the level of the server's bot that plays it, or None for a person."""
    return [
        (table.bots[seat] if seat < len(table.bots) else "") or None for seat in range(table.seats)
    ]


def redacted_log(
    game: Game[Any, Any, Any], table: Table, events: list[Any], first: int, viewer: Viewer
) -> list[LogEntry]:
    """Entries for `events` (version `first` onwards) as `viewer` may see them at `table`."""
    seen = effective(game, table, viewer)
    out = []
    for offset, event in enumerate(events):
        shown = redact(game, event, seen)
        if shown is not None:
            out.append(LogEntry(version=first + offset, event=shown))
    return out


def legal_for(game: Game[Any, Any, Any], table: Table, viewer: Viewer) -> list[Any]:
    """The seat's legal commands as it is sent them: one choice per move (domain.choices)."""
    if not isinstance(viewer, Seat) or not table.started or game.is_over(table.state):
        return []
    return choices.sent(game, game.legal(table.state, viewer.n))
