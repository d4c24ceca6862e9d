"""A file dropped on a window as a file manager drops one: the XDND protocol (version 5) spoken
by a small X client of its own through ctypes and libX11 (no module beyond Python's standard
library). The source offers the file as text/uri-list; the window (GLFW's, in pbd-cloth) asks
for it through the XdndSelection selection and says when it is done (XdndFinished)."""

import ctypes
import ctypes.util
import select
import time
import urllib.parse

_x11 = ctypes.CDLL(ctypes.util.find_library("X11"))
_x11.XOpenDisplay.restype = ctypes.c_void_p
_x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
_x11.XDefaultRootWindow.restype = ctypes.c_ulong
_x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
_x11.XCreateSimpleWindow.restype = ctypes.c_ulong
_x11.XCreateSimpleWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                                     ctypes.c_uint, ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong,
                                     ctypes.c_ulong]
_x11.XInternAtom.restype = ctypes.c_ulong
_x11.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
_x11.XSetSelectionOwner.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong,
                                    ctypes.c_ulong]
_x11.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long,
                            ctypes.c_void_p]
_x11.XChangeProperty.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong,
                                 ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_char_p,
                                 ctypes.c_int]
_x11.XPending.argtypes = [ctypes.c_void_p]
_x11.XConnectionNumber.argtypes = [ctypes.c_void_p]
_x11.XNextEvent.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
_x11.XFlush.argtypes = [ctypes.c_void_p]
_x11.XDestroyWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
_x11.XCloseDisplay.argtypes = [ctypes.c_void_p]

CLIENT_MESSAGE, SELECTION_REQUEST, SELECTION_NOTIFY = 33, 30, 31
PROP_MODE_REPLACE, CURRENT_TIME = 0, 0


class _ClientMessage(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("window", ctypes.c_ulong),
                ("message_type", ctypes.c_ulong), ("format", ctypes.c_int),
                ("l", ctypes.c_long * 5)]


class _SelectionRequest(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("owner", ctypes.c_ulong),
                ("requestor", ctypes.c_ulong), ("selection", ctypes.c_ulong),
                ("target", ctypes.c_ulong), ("property", ctypes.c_ulong),
                ("time", ctypes.c_ulong)]


class _Selection(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("requestor", ctypes.c_ulong),
                ("selection", ctypes.c_ulong), ("target", ctypes.c_ulong),
                ("property", ctypes.c_ulong), ("time", ctypes.c_ulong)]


class _Event(ctypes.Union):
    _fields_ = [("type", ctypes.c_int), ("client", _ClientMessage),
                ("request", _SelectionRequest), ("selection", _Selection),
                ("pad", ctypes.c_long * 24)]


def drop_file(target, x, y, path, timeout=30.0):
    """Drops the file at `path` on the window `target` (an X window id) at the root pixel
    (x, y). Returns once the window said it has finished with the drop; raises RuntimeError
    when it refuses the file or says nothing within `timeout` seconds."""
    display = _x11.XOpenDisplay(None)
    if not display:
        raise RuntimeError("xdnd: cannot open the display")
    atom = {name: _x11.XInternAtom(display, name.encode(), 0)
            for name in ("XdndAware", "XdndEnter", "XdndPosition", "XdndStatus", "XdndDrop",
                         "XdndFinished", "XdndLeave", "XdndSelection", "XdndActionCopy",
                         "text/uri-list")}
    source = _x11.XCreateSimpleWindow(display, _x11.XDefaultRootWindow(display), 0, 0, 1, 1, 0,
                                      0, 0)
    _x11.XSetSelectionOwner(display, atom["XdndSelection"], source, CURRENT_TIME)
    uri = ("file://" + urllib.parse.quote(path) + "\r\n").encode()

    def send(kind, *values):
        event = _Event()
        event.client.type = CLIENT_MESSAGE
        event.client.window = target
        event.client.message_type = atom[kind]
        event.client.format = 32
        for i, v in enumerate(values):
            event.client.l[i] = v
        _x11.XSendEvent(display, target, 0, 0, ctypes.byref(event))
        _x11.XFlush(display)

    def wait_for(kind):
        """Answers the window's requests for the file until the ClientMessage `kind` comes."""
        deadline = time.monotonic() + timeout
        event = _Event()
        while time.monotonic() < deadline:
            if not _x11.XPending(display):
                # Blocks until the X connection has data (or the deadline), no fixed delay.
                select.select([_x11.XConnectionNumber(display)], [], [],
                              max(0.0, deadline - time.monotonic()))
                continue
            _x11.XNextEvent(display, ctypes.byref(event))
            if event.type == SELECTION_REQUEST:
                r = event.request
                _x11.XChangeProperty(display, r.requestor, r.property, r.target, 8,
                                     PROP_MODE_REPLACE, uri, len(uri))
                answer = _Event()
                answer.selection.type = SELECTION_NOTIFY
                answer.selection.requestor = r.requestor
                answer.selection.selection = r.selection
                answer.selection.target = r.target
                answer.selection.property = r.property
                answer.selection.time = r.time
                _x11.XSendEvent(display, r.requestor, 0, 0, ctypes.byref(answer))
                _x11.XFlush(display)
            elif event.type == CLIENT_MESSAGE and event.client.message_type == atom[kind]:
                return event.client
        raise RuntimeError("xdnd: no %s from the window within %g s" % (kind, timeout))

    try:
        send("XdndEnter", source, 5 << 24, atom["text/uri-list"], 0, 0)
        send("XdndPosition", source, 0, (x << 16) | y, CURRENT_TIME, atom["XdndActionCopy"])
        status = wait_for("XdndStatus")
        if not status.l[1] & 1:
            send("XdndLeave", source, 0, 0, 0, 0)
            raise RuntimeError("xdnd: the window does not take the file")
        send("XdndDrop", source, 0, CURRENT_TIME, 0, 0)
        wait_for("XdndFinished")
    finally:
        _x11.XDestroyWindow(display, source)
        _x11.XCloseDisplay(display)
