#pragma once
/// \file
/// What `pbd-sim --version` and `pbd-cloth --version` print: the project's version and the
/// commit the program was built from.

#include <string>
#include <string_view>

namespace pbd::common {

/// "PROGRAM VERSION (commit HASH)": the project's version (CMake's project()) and the commit
/// (git's abbreviated hash, "-dirty" when the sources differed from it, "unknown" when built
/// without git), both fixed when the program was built.
std::string versionText(std::string_view program);

} // namespace pbd::common
