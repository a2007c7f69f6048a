#!/usr/bin/env bash
# Installs the Debian packages the tests need when they are missing: redis-server, chromium, npm,
# and ruby when ../shared/oracle is beside the project (the 18ZOO reference engine's tests).
set -euo pipefail
missing=()
command -v redis-server >/dev/null || missing+=(redis-server)
command -v redis-cli >/dev/null || missing+=(redis-tools)
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v npm >/dev/null || missing+=(npm)  # axe-core for the browser tests' accessibility check
[ -d ../shared/oracle ] && ! command -v ruby >/dev/null && missing+=(ruby)
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
