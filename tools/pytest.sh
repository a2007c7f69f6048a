#!/usr/bin/env bash
# Runs pytest (the project's venv, or $PYTEST); "no tests collected" (exit 5) is a failure.
set -uo pipefail
"${PYTEST:-.venv/bin/pytest}" "$@"
code=$?
if [ "$code" -eq 5 ]; then
  echo "pytest collected no tests: failing" >&2
  exit 1
fi
exit "$code"
