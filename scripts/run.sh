#!/usr/bin/env bash
# The README's first command: installs missing Debian packages, builds, and launches the app.
# Arguments are passed to pbd-cloth (for example --width 100 --height 80).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/install-deps.sh" build run
"$root/scripts/build.sh" build
if [[ -x "$root/build/pbd-cloth" ]]; then
  exec "$root/build/pbd-cloth" "$@"
fi
echo "run: the desktop app is not built yet; running 'pbd-sim run' with the page's defaults instead" >&2
"$root/build/pbd-sim" run "$@" >/dev/null
