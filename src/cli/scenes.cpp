#include "scenes.h"

#include <algorithm>
#include <iostream>
#include <string>

#include "common/settings_flags.h"
#include "pbd/scene.h"

namespace pbd::cli {

int scenesCommandMain(std::ostream& out)
{
    std::size_t width = 0;
    for (const BuiltInScene& scene : builtInScenes())
        width = std::max(width, scene.name.size());
    for (const BuiltInScene& scene : builtInScenes())
        out << scene.name << std::string(width + 2 - scene.name.size(), ' ') << scene.dimensions
            << "D  " << scene.description << '\n';
    out.flush();
    if (!out) {
        std::cerr << "pbd-sim scenes: cannot write the list\n";
        return common::kExitIo;
    }
    return 0;
}

} // namespace pbd::cli
