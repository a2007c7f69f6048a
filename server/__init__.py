"""The Starlette server, in packages that import one way (tests/test_layers.py checks it):

- `ops`: settings, logs, metrics, the version; it imports no other server package.
- `store`: the event-store port and its adapters, the agenda beside them, the deployment's
  secret kept in them.
- `records`: a stored game as a record: its proof, the two checks, 18xx.games import/export.
- `table`: the game cache, the use cases on it, and the table's features.
- `live`: what reaches sockets as games move: frames, fan-out, the pump, presence, the lobby.
- `web`: the HTTP edge, and the state the app holds for its lifetime.
- `sockets`: the websocket edge: admission, the session, its answers.
- `app.py` wires them into one Starlette app; `cli.py` runs it and the tools.
"""
