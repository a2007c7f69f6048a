"""The table: the game `service` (the cache of folded games and the use cases on it), and the
table's features: bot seats and their player, turn clocks, undo, forks, seat handover, chat
limits, names, tokens, the randomness of each decision (`fairness`, `decisions`).

Imports the store and ops only; nothing here knows HTTP or sockets.
"""
