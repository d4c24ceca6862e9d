#!/usr/bin/env bash
# The test hooks (src/hooks/test_hook.h) are read by the build folder's programs and ignored by
# the installed ones (build/release/, what cmake --install and the .deb take):
#   test_hooks_test.sh HOOKED_SIM RELEASE_SIM [HOOKED_APP RELEASE_APP]
# - pbd-cloth, without a display: PBD_AUTOSAVE_SECONDS=junk and PBD_STEP_BUDGET_MS=junk are
#   refused by the hooked app (status 2, naming the variable) before it looks for a display;
#   the release one goes on to the display and exits 1 saying there is none.
# - pbd-sim, where an OpenGL 4.3 context can be made: PBD_GPU_FAKE_RESET_AFTER_FRAMES=0 ends
#   the hooked run with a lost context (status 1); the release run passes (status 0).
set -uo pipefail
hooked_sim="$1" release_sim="$2" hooked_app="${3:-}" release_app="${4:-}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
status=0
fail() { echo "FAIL: $*"; status=1; }

if [[ -n "$hooked_app" ]]; then
  for hook in PBD_AUTOSAVE_SECONDS PBD_STEP_BUDGET_MS; do
    env -u DISPLAY -u WAYLAND_DISPLAY "$hook=junk" "$hooked_app" --frames 1 --no-autosave \
      >/dev/null 2>"$work/err"
    got=$?
    [[ $got -eq 2 ]] && grep -q "$hook: 'junk' is not a number" "$work/err" ||
      fail "the build folder's pbd-cloth should refuse $hook=junk (status 2), got $got: $(cat "$work/err")"
    env -u DISPLAY -u WAYLAND_DISPLAY "$hook=junk" "$release_app" --frames 1 --no-autosave \
      >/dev/null 2>"$work/err"
    got=$?
    [[ $got -eq 1 ]] && ! grep -q "$hook" "$work/err" ||
      fail "the installed pbd-cloth should ignore $hook and find no display (status 1), got $got: $(cat "$work/err")"
  done
  [[ $status -eq 0 ]] && echo "ok: pbd-cloth: the hooks are read by the build folder's app, not the installed one"
fi

"$hooked_sim" run --solver gpu --steps 3 >/dev/null 2>"$work/err"
if [[ $? -ne 0 ]]; then
  echo "note: no OpenGL 4.3 context here, the GPU hooks are not checked: $(tail -1 "$work/err")"
else
  PBD_GPU_FAKE_RESET_AFTER_FRAMES=0 "$hooked_sim" run --solver gpu --steps 3 >/dev/null 2>"$work/err"
  got=$?
  [[ $got -eq 1 ]] && grep -q "context was lost" "$work/err" ||
    fail "the build folder's pbd-sim should fake a lost context (status 1), got $got: $(cat "$work/err")"
  PBD_GPU_FAKE_RESET_AFTER_FRAMES=0 "$release_sim" run --solver gpu --steps 3 >/dev/null 2>"$work/err" ||
    fail "the installed pbd-sim should ignore PBD_GPU_FAKE_RESET_AFTER_FRAMES: $(cat "$work/err")"
  [[ $status -eq 0 ]] && echo "ok: pbd-sim: the GPU hook is read by the build folder's pbd-sim, not the installed one"
fi
exit "$status"
