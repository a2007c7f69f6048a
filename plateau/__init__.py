"""The `plateau` command (plateau/cli.py), above the server and the clients alike.

It serves (server/), and it runs the client programs too: bots over websockets and in-process
simulations (clients/python/). So it lives here, and neither of them imports it.
"""
