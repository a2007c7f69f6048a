#!/usr/bin/env bash
# Writes the lock files from pyproject.toml (`make lock`): the newest releases its bounds
# allow, resolved once for every CPython from 3.11 on every platform (a dependency needed only
# on some, like async-timeout before 3.11.3, carries its marker), each with its hashes.
#   requirements.lock      the server's dependencies: deploy/Dockerfile installs these
#   requirements-dev.lock  those plus the tools and test libraries: `make` installs these
# The resolver is uv (PyPI), installed into a temporary venv for the run.
set -euo pipefail
cd "$(dirname "$0")/.."
python="${PYTHON:-python3}"
venv="$(mktemp -d)"
trap 'rm -rf "$venv"' EXIT
"$python" -m venv "$venv"
"$venv/bin/pip" install -q uv
compile() {  # compile FILE [EXTRA ARGS]
  local out="$1"
  shift
  "$venv/bin/uv" pip compile pyproject.toml "$@" --universal --python-version 3.11 \
    --generate-hashes --custom-compile-command "make lock" --quiet --output-file "$out"
  echo "wrote $out ($(grep -c '^[a-z0-9]' "$out") packages)"
}
compile requirements.lock
compile requirements-dev.lock --extra dev
