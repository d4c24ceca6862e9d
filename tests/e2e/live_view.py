"""Waiting on pbd-cloth's state while it runs, instead of sleeping: --view-out's file is
rewritten every 0.1 s while the app runs (renamed into place, never half written), so a test
acts, then waits until the file shows the effect."""

import time

from e2e import fail, read_view, xdo


def wait_view(path, condition, what, timeout=30.0):
    """Polls the view file until `condition(view)` holds; returns that view."""
    deadline = time.monotonic() + timeout
    view = None
    while time.monotonic() < deadline:
        try:
            view = read_view(path)
        except (OSError, ValueError, IndexError):
            view = None  # not written yet
        if view is not None and condition(view):
            return view
        time.sleep(0.05)  # the polling interval: the file changes at most every 0.1 s
    fail("timed out after %g s waiting for %s; last view: %s" % (
        timeout, what, None if view is None else
        {k: view.get(k) for k in ("message", "editing", "errors", "frames")}))


def frames_after(path, view, count=3):
    """Waits until `count` more frames were drawn than in `view`."""
    start = view["frames"][0]
    return wait_view(path, lambda v: v["frames"][0] >= start + count,
                     "%d more frames" % count)


def type_into(app, path, widget, text):
    """Clicks the field `widget`, waits until it is being typed in, types `text`, waits until
    the field holds it, presses Enter and waits until the field is closed. Returns the view."""
    view = wait_view(path, lambda v: widget in v["widget"], "the field " + widget)
    x0, y0, x1, y1 = view["widget"][widget]
    app.move((x0 + x1) / 2, (y0 + y1) / 2, pause=0)
    frames_after(path, view)  # ImGui has seen the pointer there
    xdo("click", 1)
    wait_view(path, lambda v: v.get("editing", "").split(" ")[0] == widget,
              "the field %s to be typed in" % widget)
    xdo("key", "ctrl+a")
    xdo("type", "--delay", 20, "--", text)
    wait_view(path, lambda v: v.get("editing") == widget + " " + text,
              "the field %s to hold '%s'" % (widget, text))
    xdo("key", "Return")
    return wait_view(path, lambda v: "editing" not in v, "the field %s to close" % widget)
