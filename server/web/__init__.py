"""The HTTP edge: the routes (`http`, `undo_http`), same-origin writes (`same_origin`,
`origin`), limits per client address (`http_limits`), `Idempotency-Key` (`idempotency`),
and `state`: what the app holds for its lifetime, which both edges reach.

Imports `live`, `records`, the table, the store and ops; never `sockets`.
"""
