"""The Starlette server: HTTP API, websocket endpoint, hub, service and event-store adapters."""
