#include "render/screenshot.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include <glad/gl.h>
#include <stb_image_write.h> // implementation in libstb (Debian libstb-dev)

namespace pbd::app {
namespace {

/// stb's output callback: appends to a FILE, remembering the first failure's errno.
struct PngSink {
    std::FILE* file = nullptr;
    int error = 0;
};

void writeToSink(void* context, void* data, int size)
{
    auto* sink = static_cast<PngSink*>(context);
    if (sink->error == 0 && size > 0 &&
        std::fwrite(data, 1, static_cast<std::size_t>(size), sink->file) !=
            static_cast<std::size_t>(size))
        sink->error = errno != 0 ? errno : EIO;
}

} // namespace

FrameImage readBackBuffer(glm::ivec2 framebufferSize)
{
    FrameImage image;
    if (framebufferSize.x <= 0 || framebufferSize.y <= 0)
        return image;
    image.width = framebufferSize.x;
    image.height = framebufferSize.y;
    image.rgb.resize(image.rowBytes() * static_cast<std::size_t>(image.height));
    glReadBuffer(GL_BACK);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, image.width, image.height, GL_RGB, GL_UNSIGNED_BYTE, image.rgb.data());
    return image;
}

std::optional<std::string> writePng(const std::string& path, const FrameImage& image)
{
    if (image.width <= 0 || image.height <= 0)
        return "cannot write " + path + ": the window is empty";
    // GL's rows start at the bottom, PNG's at the top: stb writes from the last row with a
    // negative stride (rather than its process-wide flip flag).
    const int stride = static_cast<int>(image.rowBytes());
    const std::uint8_t* lastRow =
        image.rgb.data() + image.rowBytes() * static_cast<std::size_t>(image.height - 1);
    errno = 0;
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "wb"),
                                                         &std::fclose);
    if (!file)
        return "cannot create " + path + ": " + std::strerror(errno);
    PngSink sink{file.get(), 0};
    if (stbi_write_png_to_func(&writeToSink, &sink, image.width, image.height, 3, lastRow,
                               -stride) == 0 && sink.error == 0)
        return "cannot encode " + path + " as PNG";
    if (sink.error == 0 && std::fflush(sink.file) != 0)
        sink.error = errno != 0 ? errno : EIO;
    if (std::fclose(file.release()) != 0 && sink.error == 0)
        sink.error = errno != 0 ? errno : EIO;
    if (sink.error != 0)
        return "cannot write " + path + ": " + std::strerror(sink.error);
    return std::nullopt;
}

std::optional<std::string> writeScreenshot(const std::string& path, glm::ivec2 framebufferSize)
{
    if (framebufferSize.x <= 0 || framebufferSize.y <= 0)
        return "cannot take a screenshot of an empty window";
    return writePng(path, readBackBuffer(framebufferSize));
}

} // namespace pbd::app
