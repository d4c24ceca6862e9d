#include "common/version.h"

#include "pbd_commit.h" // generated at every build by commit.cmake

namespace pbd::common {

std::string versionText(std::string_view program)
{
    return std::string(program) + " " PBD_VERSION " (commit " PBD_COMMIT ")";
}

} // namespace pbd::common
