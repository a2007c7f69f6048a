#!/usr/bin/env bash
# Installs axe-core (the accessibility checker the browser tests run in the page) from npm into
# the git-ignored tools/node/, once. Prints the path of axe.min.js; fails if npm is unreachable.
set -euo pipefail
cd "$(dirname "$0")"
VERSION=4.10.2
target="node/node_modules/axe-core/axe.min.js"
if [ ! -f "$target" ] || ! grep -q "\"version\": \"$VERSION\"" node/node_modules/axe-core/package.json; then
  command -v npm >/dev/null || { echo "npm is not installed (apt-get install -y npm)" >&2; exit 2; }
  mkdir -p node
  npm install --prefix node --no-audit --no-fund --no-save --silent "axe-core@$VERSION" >&2
fi
echo "$PWD/$target"
