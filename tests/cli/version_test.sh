#!/usr/bin/env bash
# --version of both programs: "NAME VERSION (commit HASH)" with the project's version and the
# commit of the source tree they were built from (git's 12-digit hash, "-dirty" when tracked
# files differ; "unknown" where the sources are not a git checkout).
#   version_test.sh PBD_SIM PBD_CLOTH VERSION SOURCE_DIR   (PBD_CLOTH may be "" without the app)
set -euo pipefail
sim="$1" app="$2" version="$3" source="$4"
commit=unknown
if command -v git >/dev/null && git -C "$source" rev-parse HEAD >/dev/null 2>&1; then
  commit="$(git -C "$source" rev-parse --short=12 HEAD)"
  git -C "$source" diff --quiet HEAD -- || commit+="-dirty"
fi
status=0
for program in "$sim" "$app"; do
  [[ -n "$program" ]] || continue
  name="$(basename "$program")"
  want="$name $version (commit $commit)"
  got="$("$program" --version)" || { echo "FAIL: $name --version exited $?"; status=1; continue; }
  if [[ "$got" == "$want" ]]; then
    echo "ok: $got"
  else
    echo "FAIL: $name --version printed '$got', expected '$want'"
    status=1
  fi
done
exit "$status"
