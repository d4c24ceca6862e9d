#pragma once
/// \file
/// The repeatable `--obstacle SPEC` flag of pbd-sim run, pbd-sim bench and pbd-cloth
/// (pbd/obstacle.h: circle:X,Y,R, box:X,Y,W,H[,DEG], capsule:X1,Y1,X2,Y2,R, ground:Y[,DEG]),
/// indexed from 0 in the order given.

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "pbd/obstacle.h"

namespace pbd::common {

class ObstacleFlags {
public:
    /// Registers --obstacle on `app` (or a subcommand).
    void addTo(CLI::App& app);
    /// Whether any --obstacle was given.
    bool given() const { return !specs_.empty(); }
    /// The obstacles given, in order, into `obstacles`. On error returns a message such as
    /// "--obstacle: circle takes 3 values, got 2 in 'circle:1,2'; allowed: circle:X,Y,R" and
    /// leaves `obstacles` unchanged.
    std::optional<std::string> read(std::vector<Obstacle>& obstacles) const;

private:
    std::vector<std::string> specs_;
};

} // namespace pbd::common
