#include "platform/quit_signals.h"

#include <atomic>
#include <csignal>

namespace pbd::app {
namespace {

// The signal received, or 0: the one piece of global mutable state in the app, because a
// signal handler cannot be given a pointer to anything. Only the handler writes it (and the
// constructor, before the handler is installed); a lock-free atomic, so that the handler's
// store is async-signal-safe and the frame loop on another thread sees it.
std::atomic<int> gReceived{0};
static_assert(std::atomic<int>::is_always_lock_free);

extern "C" void noteQuitSignal(int signal)
{
    // Nothing else here: no I/O, no allocation, no GLFW call (glfwPostEmptyEvent is not
    // async-signal-safe); the frame loop does the rest.
    gReceived.store(signal, std::memory_order_relaxed);
}

} // namespace

QuitSignals::QuitSignals()
{
    gReceived.store(0, std::memory_order_relaxed);
    struct sigaction action {};
    action.sa_handler = noteQuitSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (std::size_t i = 0; i < kSignals.size(); ++i)
        sigaction(kSignals[i], &action, &previous_[i]);
}

QuitSignals::~QuitSignals()
{
    for (std::size_t i = 0; i < kSignals.size(); ++i)
        sigaction(kSignals[i], &previous_[i], nullptr);
}

int QuitSignals::received() const
{
    return gReceived.load(std::memory_order_relaxed);
}

const char* QuitSignals::name(int signal)
{
    switch (signal) {
    case SIGTERM:
        return "SIGTERM";
    case SIGINT:
        return "SIGINT";
    case SIGHUP:
        return "SIGHUP";
    default:
        return "a signal";
    }
}

} // namespace pbd::app
