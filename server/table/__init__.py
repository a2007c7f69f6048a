"""The table: the cache of folded games (`games`), the use cases on it (`lifecycle`: create,
join, start, chat; `moves`: a command decided and appended, or explained), the `service`
that gives callers both as one object, the server's own appends (`appends`), and the table's
features: bot seats and their player, turn clocks, undo, forks, seat handover, chat limits,
names, tokens, the randomness of each decision (`fairness`, `decisions`).

Imports the store and ops only; nothing here knows HTTP or sockets.
"""
