#!/usr/bin/env bash
# Makes the Debian package from a built Release folder and checks it, as CI does:
#   scripts/package.sh [BUILD_DIR] [--install]      (default: build; scripts/build.sh builds it)
# 1. cpack -G DEB in BUILD_DIR: BUILD_DIR/pbd-cloth_VERSION_ARCH.deb (the programs are already
#    built, so this only installs, strips and packs them);
# 2. lintian on it: any error fails; the warnings are printed;
# 3. dpkg-deb -x into a temporary root, and the programs there checked against the build
#    folder's: both --version the same; pbd-cloth reads no test hook; pbd-sim run with an event
#    script gives the same positions and hash; pbd-cloth --screenshot under Xvfb, started from
#    an empty folder (and leaving it empty), draws the same canvas pixel for pixel (the panel
#    differs only in its timings: "Time per sim. step") and, started paused, the same PNG
#    byte for byte; man -l renders both pages without a warning.
# --install (root; refused when pbd-cloth is installed already) also installs the package with
# dpkg -i, runs the same checks on /usr/bin/pbd-sim and /usr/bin/pbd-cloth, removes it with
# dpkg -r and checks that none of the files dpkg -L listed is left.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build=build install=0
for arg in "$@"; do
  if [[ "$arg" == --install ]]; then install=1; else build="$arg"; fi
done
build="$(cd "$root/$build" && pwd)"
fail() { echo "package: FAIL: $*" >&2; exit 1; }

cd "$build"
rm -f pbd-cloth_*.deb
cpack -G DEB >cpack.log 2>&1 || { cat cpack.log; fail "cpack -G DEB"; }
deb="$(ls pbd-cloth_*.deb)"
echo "package: $build/$deb, $(du -k "$deb" | cut -f1) kB"
dpkg-deb -f "$deb" Package Version Architecture Depends Recommends

# Its tags go to stdout; run as root (CI), it says so on stderr, which is left out.
lintian --fail-on error "$deb" >lintian.txt 2>lintian.err ||
  { cat lintian.txt lintian.err; fail "lintian reports an error"; }
echo "package: lintian: no error, $(grep -c '^W:' lintian.txt || true) warnings"
grep '^W:' lintian.txt || true

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
events="$root/tests/reference/cases/page_default_drag.drag"
hash() { sed -n 's/.*, hash \([0-9a-f]*\)$/\1/p' "$1"; }
mkdir "$tmp/empty"
shot() { # PROGRAM PNG [FLAG...]: a screenshot after 30 frames, from the empty folder
  local program="$1" png="$2"
  shift 2
  (cd "$tmp/empty" && xvfb-run -a -s "-screen 0 1600x1000x24" "$program" --frames 30 \
     --no-autosave --screenshot "$png" --view-out "$png.view" "$@" >/dev/null 2>"$png.err") ||
    { cat "$png.err"; fail "$program --screenshot"; }
  [[ -z "$(ls -A "$tmp/empty")" ]] || fail "$program left files in its working folder"
}

# check BIN MAN: the programs in BIN and the man pages in MAN against the build folder's.
check() {
  local bin="$1" man="$2" program page
  for program in pbd-sim pbd-cloth; do
    [[ -x "$bin/$program" ]] || fail "$bin/$program is missing"
    [[ "$("$bin/$program" --version)" == "$("$build/$program" --version)" ]] ||
      fail "$bin/$program --version differs from the build folder's"
  done
  echo "package: $bin: $("$bin/pbd-sim" --version)"
  # The installed programs read no test hook (src/hooks): a junk autosave interval is not
  # even looked at, and the app goes on to find no display.
  env -u DISPLAY -u WAYLAND_DISPLAY PBD_AUTOSAVE_SECONDS=junk "$bin/pbd-cloth" --no-autosave \
    >/dev/null 2>"$tmp/hook.err" && fail "$bin/pbd-cloth ran without a display"
  grep -q PBD_AUTOSAVE_SECONDS "$tmp/hook.err" && fail "$bin/pbd-cloth reads a test hook"

  (cd "$tmp" && "$bin/pbd-sim" run --steps 2000 --events "$events" >"$tmp/packaged.txt" \
     2>"$tmp/packaged.err")
  "$build/pbd-sim" run --steps 2000 --events "$events" >"$tmp/built.txt" 2>"$tmp/built.err"
  [[ -n "$(hash "$tmp/packaged.err")" && "$(hash "$tmp/packaged.err")" == "$(hash "$tmp/built.err")" ]] ||
    fail "pbd-sim run: hash '$(hash "$tmp/packaged.err")', the build folder's '$(hash "$tmp/built.err")'"
  cmp -s "$tmp/packaged.txt" "$tmp/built.txt" || fail "pbd-sim run: the positions differ"
  echo "package: $bin/pbd-sim run: hash $(hash "$tmp/packaged.err"), as the build folder's"

  # The app, far from the sources: its shaders and scenes are built in.
  shot "$bin/pbd-cloth" "$tmp/packaged.png"
  shot "$build/pbd-cloth" "$tmp/built.png"
  python3 - "$root/tests/e2e" "$tmp/packaged.png" "$tmp/built.png" <<'PY' ||
import sys
sys.path.insert(0, sys.argv[1])
from e2e import read_png
packaged, built = read_png(sys.argv[2]), read_png(sys.argv[3])
view = dict(line.split(" ", 1) for line in open(sys.argv[2] + ".view").read().splitlines())
cx, cy, cw, ch = (int(float(v)) for v in view["canvas"].split())
assert packaged[:2] == built[:2], "sizes %s and %s" % (packaged[:2], built[:2])
width, height = built[:2]
canvas = panel = 0
for y in range(height):
    for x in range(width):
        if packaged[2][y][x] != built[2][y][x]:
            if cx <= x < cx + cw and cy <= y < cy + ch:
                canvas += 1
            else:
                panel += 1
print("package: pbd-cloth --screenshot: %dx%d; canvas %dx%d identical: %s; panel pixels that "
      "differ (its timings): %d" % (width, height, cw, ch, canvas == 0, panel))
sys.exit(0 if canvas == 0 and panel < 2000 else 1)
PY
    fail "pbd-cloth --screenshot: the images differ"
  shot "$bin/pbd-cloth" "$tmp/packaged-paused.png" --paused
  shot "$build/pbd-cloth" "$tmp/built-paused.png" --paused
  cmp -s "$tmp/packaged-paused.png" "$tmp/built-paused.png" ||
    fail "pbd-cloth --paused --screenshot: the PNGs differ"
  echo "package: pbd-cloth --paused --screenshot: $(stat -c %s "$tmp/built-paused.png") bytes, byte for byte the build folder's"

  for page in pbd-sim pbd-cloth; do
    local file="$man/$page.1.gz" warnings
    [[ -f "$file" ]] || fail "$file is missing"
    warnings="$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$file" 2>&1 >"$tmp/$page.txt")"
    [[ -z "$warnings" ]] || fail "man -l $file: $warnings"
    grep -q -- "--version" "$tmp/$page.txt" || fail "man -l $file: no --version in the text"
    echo "package: man -l $file: $(wc -l <"$tmp/$page.txt") lines, no warning"
  done
}

dpkg-deb -x "$deb" "$tmp/root"
check "$tmp/root/usr/bin" "$tmp/root/usr/share/man/man1"

if [[ $install == 1 ]]; then
  dpkg-query -W pbd-cloth >/dev/null 2>&1 && fail "pbd-cloth is installed already; not touching it"
  dpkg -i "$deb" >"$tmp/dpkg.log" 2>&1 || { cat "$tmp/dpkg.log"; fail "dpkg -i $deb"; }
  dpkg -L pbd-cloth >"$tmp/files.txt"
  echo "package: dpkg -i: $(wc -l <"$tmp/files.txt") paths"
  check /usr/bin /usr/share/man/man1
  dpkg -r pbd-cloth >"$tmp/dpkg.log" 2>&1 || { cat "$tmp/dpkg.log"; fail "dpkg -r pbd-cloth"; }
  left=0
  while read -r path; do # directories shared with other packages (/usr/share/man/man1) stay
    if [[ -f "$path" || -L "$path" ]] || [[ -d "$path" && "$path" == *pbd-cloth* ]]; then
      echo "package: left behind: $path"
      left=$((left + 1))
    fi
  done <"$tmp/files.txt"
  [[ $left == 0 ]] || fail "dpkg -r left $left of our paths"
  echo "package: dpkg -r: none of the $(wc -l <"$tmp/files.txt") paths left"
fi
echo "package: PASS"
