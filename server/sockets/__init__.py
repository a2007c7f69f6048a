"""The websocket edge: the route that admits a socket (`ws`), its session (`session`: frames
read with `client_frames`, paced by `rate_limit`, answered by `answers`, or at once by
`direct_commands` from the transport).

A socket opens as an HTTP request: it takes the web edge's Origin rule and the app's state
(`server.web`), the fan-out of `live`, and the table, store and ops beneath them.
"""
