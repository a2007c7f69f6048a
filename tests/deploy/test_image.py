"""The server image as operators expect it: small, non-root, labelled with its version,
holding exactly the locked dependencies and no installer, with a health check."""

from __future__ import annotations

import json
from typing import Any

import pytest
from packaging.utils import canonicalize_name

from tests.deploy.conftest import Image
from tests.deploy.engine import ROOT, Engine
from tests.locks import read_lock
from tests.reliability.checks import report

pytestmark = pytest.mark.deploy

LIMIT_BYTES = 200 * 1000 * 1000  # 200 MB as `podman images` and `docker images` count them


def inspected(engine: Engine, image: Image) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(engine.run("image", "inspect", image.tag).stdout)[0]
    return data


def python_in(engine: Engine, image: Image, code: str) -> tuple[str, str]:
    done = engine.run("run", "--rm", "--entrypoint", "python", image.tag, "-c", code, check=False)
    return done.stdout, done.stderr


def test_the_image_is_under_200_mb(engine: Engine, image: Image) -> None:
    size = int(inspected(engine, image)["Size"])
    report(
        "the server image",
        [
            ("size", f"{size / 1e6:.0f} MB (limit 200 MB)"),
            ("build, layers cached from earlier runs", f"{image.build_seconds:.0f} s"),
        ],
        "make deploy-test (tests/deploy/test_image.py)",
    )
    assert size < LIMIT_BYTES, f"{size / 1e6:.0f} MB"


def test_the_image_runs_as_a_user_that_is_not_root(engine: Engine, image: Image) -> None:
    assert inspected(engine, image)["Config"]["User"] == "10001:10001"
    uid = engine.run("run", "--rm", "--entrypoint", "id", image.tag, "-u").stdout.strip()
    assert uid == "10001"


def test_the_image_names_the_version_it_was_built_from(engine: Engine, image: Image) -> None:
    config = inspected(engine, image)["Config"]
    assert config["Labels"]["org.opencontainers.image.revision"] == image.version
    assert config["Labels"]["org.opencontainers.image.version"] == image.version
    assert f"PLATEAU_VERSION={image.version}" in config["Env"]


def test_the_image_holds_exactly_the_locked_dependencies_and_no_installer(
    engine: Engine, image: Image
) -> None:
    """What the image holds, against the lock's pins whose markers hold for the image's own
    Python (a base image's CPython 3.11.2 needs async-timeout, 3.11.3 and later do not)."""
    code = (
        "import json, importlib.metadata as m, platform, sys\n"
        "env = {'python_full_version': platform.python_version(),\n"
        "       'python_version': '.'.join(platform.python_version_tuple()[:2]),\n"
        "       'sys_platform': sys.platform, 'platform_system': platform.system(),\n"
        "       'platform_python_implementation': platform.python_implementation(),\n"
        "       'implementation_name': sys.implementation.name}\n"
        "print(json.dumps([env, {d.metadata['Name']: d.version for d in m.distributions()}]))\n"
    )
    env, installed = json.loads(python_in(engine, image, code)[0])
    have = {canonicalize_name(name): version for name, version in installed.items()}
    lock = read_lock(ROOT / "requirements.lock").values()
    want = {pin.name: pin.version for pin in lock if pin.applies(env)}
    assert have == want | {"plateau": "0.1.0"}
    assert "No module named 'pip'" in python_in(engine, image, "import pip")[1]


def test_the_image_declares_a_health_check_on_healthz(engine: Engine, image: Image) -> None:
    data = inspected(engine, image)
    check = data["Config"].get("Healthcheck") or data.get("Healthcheck") or {}  # docker, podman
    assert any("/healthz" in part for part in check.get("Test", [])), check
    # that it passes and fails as the store comes and goes: test_stack.py


def test_the_server_starts_from_the_image_with_nothing_but_its_defaults(
    engine: Engine, image: Image
) -> None:
    """No store named: the embedded SQLite in memory; it answers its own health check."""
    name = f"plateau-test-alone-{image.version}".replace("+", "-")
    engine.run("run", "-d", "--rm", "--name", name, image.tag)
    try:
        for _ in range(10):
            done = engine.run("exec", name, "python", "-c", HEALTH, check=False)
            if done.returncode == 0:
                break
        assert json.loads(done.stdout)["status"] == "ok"
    finally:
        engine.run("rm", "-f", name, check=False)


HEALTH = (
    "import time, urllib.request as u\n"
    "for _ in range(20):\n"
    "    try:\n"
    "        print(u.urlopen('http://127.0.0.1:8000/healthz', timeout=1).read().decode())\n"
    "        break\n"
    "    except OSError:\n"
    "        time.sleep(0.25)\n"
    "else:\n"
    "    raise SystemExit(1)\n"
)
