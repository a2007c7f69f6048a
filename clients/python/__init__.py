"""The Python side of the players: an asyncio websocket client, bots and in-process simulation."""
