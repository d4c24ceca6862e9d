#pragma once
/// \file
/// SIGTERM, SIGINT and SIGHUP (kill, Ctrl+C in the terminal, the terminal closed) end the app
/// as Ctrl+Q does: the recording closed with its end line and hash, the exit outputs written,
/// the exit summary printed, status 0. The handler only notes the signal; the frame loop
/// reads the note once per frame (App::run), also while idle, since its idle wait
/// (FramePacing::kIdleWakeSeconds) bounds how long the note can go unread.

#include <array>

#include <signal.h>

namespace pbd::app {

/// While an instance lives, SIGTERM, SIGINT and SIGHUP only note themselves; the handlers
/// before it come back when it goes. A signal handler has no user pointer, so the note is one
/// process-wide flag: the one exception to "no global mutable state" that POSIX forces (the
/// app has one frame loop).
class QuitSignals {
public:
    /// The signals it catches.
    static constexpr std::array<int, 3> kSignals{SIGTERM, SIGINT, SIGHUP};

    /// Clears the note and installs the handler (sigaction, SA_RESTART: a write under way
    /// when the signal comes goes on rather than failing with EINTR).
    QuitSignals();
    ~QuitSignals();
    QuitSignals(const QuitSignals&) = delete;
    QuitSignals& operator=(const QuitSignals&) = delete;

    /// The last of kSignals received since construction, or 0.
    int received() const;
    /// Its name for messages: "SIGTERM", "SIGINT", "SIGHUP" ("a signal" for any other).
    static const char* name(int signal);

private:
    std::array<struct sigaction, kSignals.size()> previous_{};
};

} // namespace pbd::app
