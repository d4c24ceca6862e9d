#pragma once
// Driving a simulation through its undo history (pbd/history.h) in the history tests: every
// command must be taken.

#include <vector>

#include <catch2/catch.hpp>

#include "pbd/history.h"
#include "pbd/simulation.h"

namespace pbd::test {

/// Applies each command through the history (a step for each StepCommand).
inline void play(History& history, Simulation& sim, const std::vector<Command>& commands)
{
    for (const Command& c : commands)
        REQUIRE_FALSE(history.apply(sim, c));
}

/// `n` steps through the history.
inline void steps(History& history, Simulation& sim, int n)
{
    for (int i = 0; i < n; ++i)
        REQUIRE_FALSE(history.apply(sim, StepCommand{}));
}

} // namespace pbd::test
