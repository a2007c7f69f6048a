"""How 18xx.games reads a recorded run back into stops: the board's own reading
(`domain.games.zoo18.board.site_reading`), which the export asks and, from rules 16, an
imported run recorded without `nodes` is paid by."""

from domain.games.zoo18.board.site_reading import matching_walks, read_back

__all__ = ["matching_walks", "read_back"]
