"""What reaches sockets as games move: the websocket transport's frames (`ws_protocol`), each
socket's outbound queue (`connection`), the `Hub` (`fanout`: who watches what, each new
version pushed to them), the `pump` that follows the store, presence and its beats, and the
lobby's listing (`lobby`, `abandoned`).

Imports the table, the store and ops.
"""
