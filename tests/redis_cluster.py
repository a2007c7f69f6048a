"""A real Redis Cluster from `redis-server --cluster-enabled yes` processes on free ports."""

from __future__ import annotations

import random
import shutil
import socket
import subprocess
import time

from tools.redis_server import RedisServer


def _bindable(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def cluster_port() -> int:
    """A free port whose cluster bus port (port + 10000) is free too."""
    for _ in range(200):
        port = random.randint(20000, 30000)
        if _bindable(port) and _bindable(port + 10000):
            return port
    raise RuntimeError("no free port pair for a cluster node")


class Cluster:
    def __init__(self, masters: int = 3) -> None:
        self.nodes: list[RedisServer] = []
        for _ in range(masters):
            node = RedisServer("--cluster-enabled", "yes", "--appendonly", "yes")
            node.port = cluster_port()
            self.nodes.append(node)

    @property
    def url(self) -> str:
        return "redis+cluster://" + ",".join(f"127.0.0.1:{n.port}" for n in self.nodes)

    def start(self) -> Cluster:
        for node in self.nodes:
            node.start()
        cli = shutil.which("redis-cli")
        if cli is None:
            raise RuntimeError("redis-cli is not installed (tools/system-deps.sh)")
        addresses = [f"127.0.0.1:{n.port}" for n in self.nodes]
        subprocess.run(
            [cli, "--cluster", "create", *addresses, "--cluster-replicas", "0", "--cluster-yes"],
            check=True,
            capture_output=True,
            timeout=60,
        )
        return self.wait_ok()

    def wait_ok(self, timeout: float = 30) -> Cluster:
        cli = shutil.which("redis-cli") or "redis-cli"
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            states = [
                subprocess.run(
                    [cli, "-p", str(n.port), "cluster", "info"], capture_output=True, text=True
                ).stdout
                for n in self.nodes
            ]
            if all("cluster_state:ok" in s for s in states):
                return self
            time.sleep(0.2)
        raise RuntimeError("the cluster never reached cluster_state:ok")

    def owner(self, slot: int) -> int:
        """The index of the node serving `slot`."""
        cli = shutil.which("redis-cli") or "redis-cli"
        out = subprocess.run(
            [cli, "-p", str(self.nodes[0].port), "cluster", "slots"],
            capture_output=True,
            text=True,
        ).stdout.split()
        # flat lines: start, end, ip, port, id, ... for each range
        for i in range(len(out) - 3):
            if out[i].isdigit() and out[i + 1].isdigit() and out[i + 2] == "127.0.0.1":
                start, end, port = int(out[i]), int(out[i + 1]), int(out[i + 3])
                if start <= slot <= end:
                    return next(k for k, n in enumerate(self.nodes) if n.port == port)
        raise RuntimeError(f"no node serves slot {slot}")

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()
