#include "screenshot.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <glad/gl.h>
#include <stb_image_write.h> // implementation in libstb (Debian libstb-dev)

namespace pbd::app {

std::optional<std::string> writeScreenshot(const std::string& path, glm::ivec2 framebufferSize)
{
    const int width = framebufferSize.x;
    const int height = framebufferSize.y;
    if (width <= 0 || height <= 0)
        return "cannot take a screenshot of an empty window";
    const auto rowBytes = static_cast<std::size_t>(width) * 3;
    std::vector<std::uint8_t> pixels(rowBytes * static_cast<std::size_t>(height));
    glReadBuffer(GL_BACK);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
    // GL's rows start at the bottom, PNG's at the top (flipped here rather than with stb's
    // process-wide flip flag).
    std::vector<std::uint8_t> flipped(pixels.size());
    for (std::size_t row = 0; row < static_cast<std::size_t>(height); ++row)
        std::copy_n(pixels.data() + rowBytes * (static_cast<std::size_t>(height) - 1 - row),
                    rowBytes, flipped.data() + rowBytes * row);
    if (stbi_write_png(path.c_str(), width, height, 3, flipped.data(),
                       static_cast<int>(rowBytes)) == 0)
        return "cannot write the screenshot " + path;
    return std::nullopt;
}

} // namespace pbd::app
