#pragma once
/// \file
/// When the autosave writes: at most once per interval of wall-clock time, and only when
/// something changed (steps taken, edits) since the last snapshot, so that a paused, untouched
/// app writes nothing at all. Free of clocks: the caller passes the time, so tests need not
/// wait 30 s.

namespace pbd::app {

class AutosaveSchedule {
public:
    /// The interval by default, in seconds.
    static constexpr double kDefaultSeconds = 30.0;
    /// The shortest and longest interval accepted (PBD_AUTOSAVE_SECONDS), in seconds.
    static constexpr double kMinSeconds = 0.05;
    static constexpr double kMaxSeconds = 86400.0;

    /// `intervalSeconds` between snapshots; `now` (monotonic seconds) is the launch, which
    /// counts as the last snapshot: the first one comes an interval after it at the earliest.
    AutosaveSchedule(double intervalSeconds, double now);

    /// Something changed since the last snapshot.
    void changed() { changed_ = true; }
    /// A snapshot is due at `now`: something changed and an interval has passed since the
    /// last one (a change after a long quiet spell is saved at once).
    bool due(double now) const { return changed_ && now - last_ >= interval_; }
    /// A snapshot was taken at `now` (it holds every change so far).
    void taken(double now);
    /// The state now is on disk already (a restored session): nothing to save for it.
    void upToDate() { changed_ = false; }
    /// Changes wait for the next snapshot.
    bool pending() const { return changed_; }
    double interval() const { return interval_; }

private:
    double interval_;
    double last_;
    bool changed_ = false;
};

} // namespace pbd::app
