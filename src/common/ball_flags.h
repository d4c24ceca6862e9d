#pragma once
/// \file
/// The repeatable `--ball X,Y,R,MASS` flag of pbd-sim run (pbd/ball.h), indexed from 0 in
/// the order given.

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "pbd/ball.h"

namespace pbd::common {

class BallFlags {
public:
    /// Registers --ball on `app` (or a subcommand).
    void addTo(CLI::App& app);
    /// Whether any --ball was given.
    bool given() const { return !specs_.empty(); }
    /// The balls given, in order, into `balls`. On error returns a message naming the field
    /// ("--ball: ball radius 0.05 is not allowed; allowed: 0.1 to 1000 m") and leaves `balls`
    /// unchanged.
    std::optional<std::string> read(std::vector<Ball>& balls) const;
    /// The same as 3D balls (X,Y,Z,R,MASS), for a run with dimensions 3.
    std::optional<std::string> read(std::vector<BallOf<3>>& balls) const;

private:
    std::vector<std::string> specs_;
};

} // namespace pbd::common
