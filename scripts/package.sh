#!/usr/bin/env bash
# Makes the Debian package from a built Release folder and checks it, as CI does:
#   scripts/package.sh [BUILD_DIR]      (default: build; scripts/build.sh builds it)
# 1. cpack -G DEB in BUILD_DIR: BUILD_DIR/pbd-cloth_VERSION_ARCH.deb (the programs are already
#    built, so this only installs, strips and packs them);
# 2. lintian on it: any error fails; the warnings are printed;
# 3. dpkg-deb -x into a temporary root, and from there: both programs' --version equal the
#    build folder's; pbd-cloth reads no test hook; pbd-sim run with an event script prints
#    the build folder's positions and hash; pbd-cloth --screenshot under Xvfb, started from an
#    empty folder, draws the same canvas as the build folder's, pixel for pixel (the panel
#    differs only in its timings: "Time per sim. step"); man -l renders both pages without a
#    warning.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$(cd "$root/${1:-build}" && pwd)"
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
dpkg-deb -x "$deb" "$tmp/root"
sim="$tmp/root/usr/bin/pbd-sim"
for program in pbd-sim pbd-cloth; do
  [[ -x "$tmp/root/usr/bin/$program" ]] || fail "/usr/bin/$program is not in the package"
  [[ "$("$tmp/root/usr/bin/$program" --version)" == "$("$build/$program" --version)" ]] ||
    fail "$program --version differs from the build folder's"
done
"$sim" --version
# The packaged programs are the installed ones, which read no test hook (src/hooks): a junk
# autosave interval is not even looked at, and the app goes on to find no display.
env -u DISPLAY -u WAYLAND_DISPLAY PBD_AUTOSAVE_SECONDS=junk "$tmp/root/usr/bin/pbd-cloth" \
  --no-autosave >/dev/null 2>"$tmp/hook.err" && fail "pbd-cloth ran without a display"
grep -q PBD_AUTOSAVE_SECONDS "$tmp/hook.err" && fail "the packaged pbd-cloth reads a test hook"

events="$root/tests/reference/cases/page_default_drag.drag"
hash() { sed -n 's/.*, hash \([0-9a-f]*\)$/\1/p' "$1"; }
(cd "$tmp" && "$sim" run --steps 2000 --events "$events" >"$tmp/packaged.txt" 2>"$tmp/packaged.err")
"$build/pbd-sim" run --steps 2000 --events "$events" >"$tmp/built.txt" 2>"$tmp/built.err"
[[ -n "$(hash "$tmp/packaged.err")" && "$(hash "$tmp/packaged.err")" == "$(hash "$tmp/built.err")" ]] ||
  fail "pbd-sim run: hash '$(hash "$tmp/packaged.err")', the build folder's '$(hash "$tmp/built.err")'"
cmp -s "$tmp/packaged.txt" "$tmp/built.txt" || fail "pbd-sim run: the positions differ"
echo "package: pbd-sim run: hash $(hash "$tmp/packaged.err"), as the build folder's"

# The app from an empty folder far from the sources: its shaders and scenes are built in.
mkdir "$tmp/empty"
shot() { # PROGRAM PNG
  (cd "$tmp/empty" && xvfb-run -a -s "-screen 0 1600x1000x24" \
     "$1" --frames 30 --no-autosave --screenshot "$2" --view-out "$2.view" >/dev/null 2>"$2.err") ||
    { cat "$2.err"; fail "$1 --screenshot"; }
}
shot "$tmp/root/usr/bin/pbd-cloth" "$tmp/packaged.png"
shot "$build/pbd-cloth" "$tmp/built.png"
[[ -z "$(ls -A "$tmp/empty")" ]] || fail "pbd-cloth left files in its working folder"
python3 - "$root/tests/e2e" "$tmp/packaged.png" "$tmp/built.png" <<'PY' || fail "pbd-cloth --screenshot: the images differ"
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

for page in pbd-sim pbd-cloth; do
  file="$tmp/root/usr/share/man/man1/$page.1.gz"
  [[ -f "$file" ]] || fail "$page.1.gz is not in the package"
  warnings="$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$file" 2>&1 >"$tmp/$page.txt")"
  [[ -z "$warnings" ]] || fail "man -l $page.1.gz: $warnings"
  grep -q -- "--version" "$tmp/$page.txt" || fail "man -l $page.1.gz: no --version in the text"
  echo "package: man -l $page.1.gz: $(wc -l <"$tmp/$page.txt") lines, no warning"
done
echo "package: PASS"
