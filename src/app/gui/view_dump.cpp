#include "gui/view_dump.h"

#include <cstdio>
#include <memory>

#include "files/input_text.h"
#include "pbd/settings_table.h"

namespace pbd::app {

std::optional<std::string> writeViewFile(const std::string& path, const ViewDump& view)
{
    // Written beside it and renamed into place: a test reading it while the app runs never
    // sees half a file.
    const std::string partial = path + ".tmp";
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(partial.c_str(), "w"),
                                                         &std::fclose);
    if (!file)
        return "cannot open " + partial + " for writing";
    std::FILE* f = file.get();
    std::fprintf(f, "window %.17g %.17g\n", view.windowSize.x, view.windowSize.y);
    std::fprintf(f, "framebuffer %d %d\n", view.framebufferSize.x, view.framebufferSize.y);
    std::fprintf(f, "scale %.17g\n", view.contentScale);
    std::fprintf(f, "canvas %.17g %.17g %.17g %.17g\n", view.canvasOffset.x, view.canvasOffset.y,
                 view.canvasSize.x, view.canvasSize.y);
    if (view.camera3.empty()) {
        std::fprintf(f, "zoom %.17g\n", view.camera.zoom());
        std::fprintf(f, "origin %.17g %.17g\n", view.camera.origin().x, view.camera.origin().y);
    } else {
        std::fprintf(f, "%s\n", view.camera3.c_str());
    }
    std::fprintf(f, "paused %d\n", view.paused ? 1 : 0);
    std::fprintf(f, "frames %lld\n", view.frames);
    for (const WidgetRect& w : view.widgets)
        std::fprintf(f, "widget %s %.17g %.17g %.17g %.17g\n", w.id.c_str(), w.min.x, w.min.y,
                     w.max.x, w.max.y);
    std::fprintf(f, "time %.17g\n", view.time);
    for (const SettingField& field : settingFields()) // every setting of the table
        std::fprintf(f, "setting %s %s\n", field.name, settingText(field, view.settings).c_str());
    std::fprintf(f, "solver %s\n", solverName(view.settings.solver));
    std::fprintf(f, "stepping %s %s\n", steppingName(view.stepping),
                 formatNumber(view.speed).c_str());
    for (const std::string& message : view.errors)
        std::fprintf(f, "error %s\n", message.c_str());
    std::fprintf(f, "help %d\n", view.help ? 1 : 0);
    std::fprintf(f, "colorby %s\n", view.colorBy.c_str());
    std::fprintf(f, "strainscale %.17g\n", view.strainScale);
    std::fprintf(f, "strainscalemode %s\n", view.strainScaleAuto ? "auto" : "set");
    std::fprintf(f, "constraints %zu\n", view.constraints);
    std::fprintf(f, "particlecolor %s\n", view.particleColorBy.c_str());
    std::fprintf(f, "speedscale %.17g\n", view.speedScale);
    std::fprintf(f, "plots %d %zu %zu\n", view.plots ? 1 : 0, view.plotSamples, view.residuals);
    if (view.hovered)
        std::fprintf(f, "hovered %u\n", static_cast<unsigned>(*view.hovered));
    else
        std::fprintf(f, "hovered -1\n");
    std::fprintf(f, "world %zu %zu\n", view.obstacles, view.balls);
    if (view.selected)
        std::fprintf(f, "selected %s %zu\n",
                     view.selected->kind == WorldItem::Kind::Ball ? "ball" : "obstacle",
                     view.selected->index);
    std::fprintf(f, "title %s\n", view.title.c_str());
    if (!view.notice.empty())
        std::fprintf(f, "notice %s\n", view.notice.c_str());
    if (!view.videoText.empty())
        std::fprintf(f, "video %s\n", view.videoText.c_str());
    if (!view.newestMessage.empty())
        std::fprintf(f, "message %s\n", view.newestMessage.c_str());
    if (!view.editing.empty())
        std::fprintf(f, "editing %s\n", view.editing.c_str());
    if (view.law)
        std::fprintf(f, "law %s %.17g %.17g\n", view.law->name.c_str(), view.law->residual,
                     view.law->tolerance);
    if (std::ferror(f) != 0 || std::fclose(file.release()) != 0) {
        std::remove(partial.c_str());
        return "cannot write " + partial;
    }
    if (std::rename(partial.c_str(), path.c_str()) != 0) {
        std::remove(partial.c_str());
        return "cannot write " + path;
    }
    return std::nullopt;
}

} // namespace pbd::app
