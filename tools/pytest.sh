#!/usr/bin/env bash
# Runs pytest; "no tests collected" (exit 5) is a failure, not a pass.
set -uo pipefail
.venv/bin/pytest "$@"
code=$?
if [ "$code" -eq 5 ]; then
  echo "pytest collected no tests: failing" >&2
  exit 1
fi
exit "$code"
