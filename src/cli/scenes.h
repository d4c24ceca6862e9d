#pragma once
/// \file
/// `pbd-sim scenes`: the built-in scenes, one line each.

#include <ostream>

namespace pbd::cli {

/// Writes one line per built-in scene, in the registry's order: its name, padded to the
/// longest name and two spaces, its dimensions ("2D" or "3D") and two spaces, then its one-line
/// description. Returns the exit status: 0, or
/// 1 (input/output failure) if writing to `out` fails.
int scenesCommandMain(std::ostream& out);

} // namespace pbd::cli
