// SIGTERM, SIGINT and SIGHUP end the app as Ctrl+Q does (issue 23): the handler only notes the
// signal (the process goes on), the frame loop's check turns the note into the controller's
// quit request once, and the handlers before come back when the app ends.

#include <catch2/catch.hpp>

#include <csignal>
#include <string>

#include <signal.h>

#include "controller_rig.h"
#include "platform/quit_signals.h"

using namespace pbd::app;

namespace {

/// The handler in effect for `signal` now.
void (*handlerOf(int signal))(int)
{
    struct sigaction now {};
    sigaction(signal, nullptr, &now);
    return now.sa_handler;
}

} // namespace

TEST_CASE("a quit signal is only noted, and the loop's check ends the run as Ctrl+Q does once",
          "[signals]")
{
    const int signal = GENERATE(SIGTERM, SIGINT, SIGHUP);
    const auto before = handlerOf(signal);
    {
        QuitSignals signals;
        testing::Rig rig;
        CHECK(signals.received() == 0);
        CHECK_FALSE(rig.controller.quitOnSignal(signals.received())); // none: the loop goes on
        CHECK_FALSE(rig.controller.quitRequested());
        REQUIRE(std::raise(signal) == 0); // the process is still here: the handler noted it
        CHECK(signals.received() == signal);
        CHECK(rig.controller.quitOnSignal(signals.received()));
        CHECK(rig.controller.quitRequested()); // what Ctrl+Q sets: run() ends after this frame
        CHECK_FALSE(rig.controller.quitOnSignal(signals.received())); // said once
        CHECK(QuitSignals::name(signal) ==
              std::string(signal == SIGTERM ? "SIGTERM" : signal == SIGINT ? "SIGINT" : "SIGHUP"));
    }
    CHECK(handlerOf(signal) == before); // restored
}

TEST_CASE("a new QuitSignals starts with no note", "[signals]")
{
    {
        QuitSignals signals;
        REQUIRE(std::raise(SIGTERM) == 0);
        CHECK(signals.received() == SIGTERM);
    }
    QuitSignals again;
    CHECK(again.received() == 0);
}
