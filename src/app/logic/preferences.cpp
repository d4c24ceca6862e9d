#include "logic/preferences.h"

#include "input_text.h"

namespace pbd::app {
namespace {

constexpr NameTable<OnRelease, 2> kOnReleaseNames{
    {{OnRelease::Throw, "throw"}, {OnRelease::Keep, "keep"}}};

} // namespace

const char* onReleaseName(OnRelease onRelease) { return nameOf(kOnReleaseNames, onRelease); }

std::optional<OnRelease> onReleaseFromName(std::string_view name)
{
    return valueNamed(kOnReleaseNames, name);
}

} // namespace pbd::app
