#!/usr/bin/env python3
"""Exports that survive a kill (issue 23, item 4): the app and its ffmpeg killed together
(SIGKILL to their process group, as a logout or the OOM killer would) in the middle of an
export.

case video:  Export video for a few seconds, then the kill: the .mp4 is readable up to its
             last whole fragment (ffprobe counts its frames and exits 0). Needs a real ffmpeg
             and ffprobe; without them the test is skipped (exit 77).
case frames: --frames-dir for a few seconds, then the kill: every frame-N.png in the folder
             is a complete PNG (all chunks, IEND last, its pixels all there); what a kill cut
             short is a hidden .frame-N.png.part, never a frame."""

import glob
import os
import re
import shutil
import signal
import struct
import subprocess
import sys
import time
import zlib

from e2e import (page_view, App, app_binary, bottom_layout, check, fail, poll, scroll_panel_down,
                 wait_file, workdir, xdo)

binary = app_binary()
case = sys.argv[2] if len(sys.argv) > 2 else "video"
out = workdir()


def kill_group(app):
    os.killpg(app.proc.pid, signal.SIGKILL)
    app.proc.communicate(timeout=30)
    check(app.proc.returncode == -signal.SIGKILL, "pbd-cloth was killed with SIGKILL")


def png_complete(path):
    """Whether `path` is a whole 8-bit RGB(A) PNG: every chunk whole, IEND last, and the
    image data inflating to exactly its rows."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return False
    pos, idat, size, last = 8, [], None, None
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if pos + 12 + length > len(data):
            return False  # a chunk cut short
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
            size = height * (1 + width * (3 if color == 2 else 4))
        elif kind == b"IDAT":
            idat.append(body)
        last = kind
        pos += 12 + length
    if last != b"IEND" or pos != len(data) or size is None:
        return False
    try:
        return len(zlib.decompress(b"".join(idat))) == size
    except zlib.error:
        return False


if case == "video":
    ffmpeg, ffprobe = shutil.which("ffmpeg"), shutil.which("ffprobe")
    if not ffmpeg or not ffprobe:
        print("SKIPPED: needs ffmpeg and ffprobe on the PATH (Debian: apt install ffmpeg)")
        sys.exit(77)
    cwd = os.path.join(out, "cwd")
    os.mkdir(cwd)
    os.chdir(cwd)  # the video goes into the working directory
    layout = bottom_layout(binary, out)
    app = App(binary, new_session=True)
    scroll_panel_down(app)
    x0, y0, x1, y1 = layout["widget"]["video"]
    app.move((x0 + x1) / 2, (y0 + y1) / 2, frames=2)  # hovered for a frame or more
    xdo("click", 1)
    app.sync(2)
    app.move(200, 850)
    # A loaded machine may draw a few frames per second only: the waits are polls.
    videos = poll(lambda: glob.glob(os.path.join(cwd, "*.mp4")), "the video file")
    check(len(videos) == 1, "the export is under way: %s" % videos)
    # Midway: once the first fragment (a second of video, 60 frames at 60 Hz) is in the file,
    # and the export has gone on for another half second of video after it.
    first = wait_file(videos[0], "the first fragment in the video", size=8192)
    exported = app.wait(lambda v: re.search(r": \d+ frames$", v.get("video", "")),
                        "the export's frame count")["video"]
    done = int(exported.rsplit(" ", 2)[1])
    app.wait(lambda v: int(v.get("video", " 0 frames").rsplit(" ", 2)[1]) >= done + 30,
             "30 more frames exported after the first fragment (%d bytes)" % first)
    kill_group(app)  # it waits for the group's leader; ffmpeg dies with it
    size = os.path.getsize(videos[0])
    check(size > 0, "the killed export left %d bytes" % size)
    probe = subprocess.run([ffprobe, "-v", "error", "-count_frames", "-select_streams", "v:0",
                            "-show_entries", "stream=nb_read_frames,width,height",
                            "-of", "default=noprint_wrappers=1", videos[0]],
                           capture_output=True, text=True, timeout=120)
    print(probe.stdout + probe.stderr)
    check(probe.returncode == 0, "ffprobe reads the killed export (status %d)" % probe.returncode)
    fields = dict(line.split("=", 1) for line in probe.stdout.split() if "=" in line)
    frames = int(fields.get("nb_read_frames", "0") or 0)
    check(frames > 0, "and decodes its frames up to the last whole fragment: %d frames" % frames)
    canvas = page_view(app.width, app.height)[0]  # the video records the canvas only
    check((int(fields["width"]), int(fields["height"])) == (canvas // 2 * 2, app.height // 2 * 2),
          "of the canvas's size %sx%s" % (fields["width"], fields["height"]))
elif case == "frames":
    frames_dir = os.path.join(out, "frames")
    app = App(binary, "--frames-dir", frames_dir, new_session=True)
    app.wait(lambda v: v["frames"][0] >= 20, "20 frames drawn (and written)")
    kill_group(app)
    names = sorted(os.listdir(frames_dir))
    pngs = [n for n in names if n.endswith(".png")]
    check(len(pngs) >= 3, "the killed run wrote %d frames" % len(pngs))
    partial = [n for n in pngs if not png_complete(os.path.join(frames_dir, n))]
    check(partial == [], "every frame-N.png is a complete PNG (cut short: %s)" % partial)
    check(all(n.startswith("frame-") or (n.startswith(".frame-") and n.endswith(".png.part"))
              for n in names),
          "besides the frames at most the hidden partial files the kill cut short: %s"
          % [n for n in names if not n.startswith("frame-")])
else:
    fail("unknown case " + case)
print("PASS")
