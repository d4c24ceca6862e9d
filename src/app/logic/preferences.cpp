#include "logic/preferences.h"

#include "files/input_text.h"

namespace pbd::app {
const char* onReleaseName(OnRelease onRelease) { return nameOf(kOnReleaseNames, onRelease); }

std::optional<OnRelease> onReleaseFromName(std::string_view name)
{
    return valueNamed(kOnReleaseNames, name);
}

} // namespace pbd::app
