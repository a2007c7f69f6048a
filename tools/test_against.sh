#!/usr/bin/env bash
# The suite on other releases than the locked ones, in a venv of their own (.venv-KIND):
#   bash tools/test_against.sh latest [PYTEST ARGS]   the newest release of every dependency,
#       past pyproject's upper bounds: an upgrade that breaks an internal API shows here
#   bash tools/test_against.sh oldest [PYTEST ARGS]   the runtime dependencies at their lower
#       bounds, the tools and test libraries as locked
set -euo pipefail
cd "$(dirname "$0")/.."
kind="${1:?latest or oldest}"
shift
python="${PYTHON:-python3}"
venv=".venv-$kind"
"$python" -m venv --clear "$venv"
"$venv/bin/pip" install -q --upgrade pip
wanted="$("$python" tools/dependencies.py "$kind")"
if [ "$kind" = oldest ]; then
  "$venv/bin/pip" install -q -r requirements-dev.lock
  printf '%s\n' "$wanted" > "$venv/oldest.txt"
  "$venv/bin/pip" install -q -r "$venv/oldest.txt"
else
  printf '%s\n' "$wanted" > "$venv/latest.txt"
  "$venv/bin/pip" install -q --upgrade -r "$venv/latest.txt"
fi
"$venv/bin/pip" install -q --no-deps -e .
echo "== $kind: the versions that differ from requirements-dev.lock =="
pins() { tr 'A-Z_' 'a-z-' | LC_ALL=C sort; }
"$venv/bin/pip" freeze --exclude-editable | pins \
  | comm -13 <(grep -o '^[A-Za-z0-9._-]*==[^ ;]*' requirements-dev.lock | pins) - || true
PLATEAU_DEPENDENCIES="$kind" PYTEST="$venv/bin/pytest" bash tools/pytest.sh "$@"
