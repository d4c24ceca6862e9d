"""Waiting on pbd-cloth's state while it runs, instead of sleeping: --view-out's file is
rewritten every 0.1 s while the app runs (renamed into place, never half written), so a test
acts, then waits until the file shows the effect."""

from e2e import poll, read_view, summary, xdo


def wait_view(path, condition, what, timeout=120.0):
    """Polls the view file until `condition(view)` holds; returns that view."""
    last = [None]

    def probe():
        try:
            view = read_view(path)
        except (OSError, ValueError, IndexError):
            view = None  # not written yet
        last[0] = view
        return view if view is not None and condition(view) else None
    return poll(probe, what, timeout, lambda: "last view: %s" % summary(last[0]))


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
    app.move((x0 + x1) / 2, (y0 + y1) / 2, frames=0)
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
