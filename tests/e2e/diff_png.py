#!/usr/bin/env python3
"""Compares two screenshots pixel by pixel: prints how many pixels differ and the bounding
box of each horizontal band of differing rows (where they are), e.g. to check that the page's
40 x 30 screenshot is unchanged but for the "Time per sim. step" number.

usage: diff_png.py BEFORE.png AFTER.png"""

import sys

from e2e import read_png

w1, h1, a = read_png(sys.argv[1])
w2, h2, b = read_png(sys.argv[2])
if (w1, h1) != (w2, h2):
    print("sizes differ: %dx%d and %dx%d" % (w1, h1, w2, h2))
    sys.exit(1)
rows = {}
for y in range(h1):
    xs = [x for x in range(w1) if a[y][x] != b[y][x]]
    if xs:
        rows[y] = (min(xs), max(xs), len(xs))
print("%d of %d pixels differ" % (sum(n for _, _, n in rows.values()), w1 * h1))
band = None
for y in sorted(rows) + [None]:
    if band and (y is None or y > band[1] + 1):
        print("  rows %d-%d, columns %d-%d: %d pixels" % band)
        band = None
    if y is None:
        break
    x0, x1, n = rows[y]
    band = (band[0], y, min(band[2], x0), max(band[3], x1), band[4] + n) if band else (y, y, x0, x1, n)
sys.exit(0)
