// App's end of a run: the recording's end, the exports, --state-out and --view-out, the
// GPU solver freed while the context exists, and the exit summary.

#include "gui/app.h"

#include <algorithm>
#include <cstdio>
#include <optional>

#include "common/thread_report.h"
#include "gui/view_dump.h"
#include "pbd/state_io.h"

namespace pbd::app {

template <glm::length_t D>
void App::printRunSummary(const SimulationOf<D>& simulation, const StepDriverOf<D>& driver,
                          const Preferences& preferences) const
{
    const FrameTimes mean = frameStats_.sum().scaled(1.0 / static_cast<double>(frames_));
    const Stepping& stepping = driver.stepping();
    const double steps = static_cast<double>(driver.steps());
    const FrameTimes recent = frameStats_.mean();
    std::fprintf(stderr,
                 "pbd-cloth: %lld frames of %zu particles; per frame %.3f ms of work "
                 "(%.3f ms in %.3g simulation steps; upload %.3f, draw %.3f, ImGui %.3f, "
                 "swap %.3f ms); %.1f frames per second; solver %s, threads %s; stepping %s: "
                 "simulated %.3f s in %.3f s of wall-clock time, %.3gx real time, "
                 "constraints %zu, hash %s; last %zu frames: %.3f ms of work per frame (draw "
                 "%.3f ms), %.1f frames per second\n",
                 frames_, simulation.particles().size(), workMilliseconds_ / frames_,
                 mean.simulation, steps / static_cast<double>(frames_),
                 mean.upload, mean.draw, mean.interface, mean.swap,
                 frameStats_.overallFramesPerSecond(), solverName(simulation.settings().solver),
                 common::threadsText(simulation).c_str(),
                 steppingName(preferences.stepping), stepping.simulatedSeconds(),
                 stepping.wallSeconds(),
                 stepping.wallSeconds() > 0.0 ? stepping.simulatedSeconds() / stepping.wallSeconds()
                                              : 0.0,
                 simulation.liveConstraintCount(),
                 formatHash(positionsHash(simulation.particles().position)).c_str(),
                 FrameStats::kWindow, recent.total(), recent.draw,
                 frameStats_.framesPerSecond());
}

bool App::stopRecording3()
{
    if (!recorder3_ || !recorder3_->active())
        return true;
    // As the 2D recording's end says it.
    const std::uint64_t steps = recorder3_->steps();
    const std::string path = recorder3_->path();
    session3_->simulation().sync();
    if (auto error = recorder3_->stop(session3_->simulation())) {
        std::fprintf(stderr, "pbd-cloth: Recording incomplete: %s\n", error->c_str());
        files_.report("Recording incomplete: " + *error, true);
        return false;
    }
    const std::string said =
        "Recorded " + std::to_string(steps) + " steps to " + path + "; positions hash " +
        formatHash(positionsHash(session3_->simulation().particles().position));
    std::fprintf(stderr, "pbd-cloth: %s\n", said.c_str());
    files_.report(said, false);
    return true;
}

int App::finish()
{
    // The step on its way, and what was done meanwhile.
    if (session3_)
        session3_->driver().finishOffThreadStep();
    else
        controller_.finishOffThreadStep();
    int status = outputFailed_ || contextLost_ ? 1 : 0;
    if (files_.recording()) { // the end line and the hash of what the window shows last
        if (!files_.stopRecording())
            status = 1;
        std::fprintf(stderr, "pbd-cloth: %s\n", files_.message().c_str());
    }
    if (!stopRecording3())
        status = 1;
    if (!exporter_->finish()) // the last frames, the video's end
        status = 1;
    simulation_.sync(); // what follows reports the final state, the GPU's too
    if (session3_)
        session3_->simulation().sync();
    // Only the user's quit removes the autosave; a signal or a window destroyed by another
    // program is not the user choosing to quit (io/autosave.h).
    AutosaveEnd end = AutosaveEnd::Quit;
    if (contextLost_)
        end = AutosaveEnd::StateLost;
    else if (quitWatch_.interrupted() || windowWatch_->destroyed())
        end = AutosaveEnd::Interrupted;
    if (const std::string said = autosave_->finish(end); !said.empty())
        std::fputs(said.c_str(), stderr);
    if (contextLost_ && !options_.stateOutFile.empty()) {
        std::fprintf(stderr, "pbd-cloth: %s not written: the GPU's state was lost with the "
                             "context\n", options_.stateOutFile.c_str());
    } else if (!options_.stateOutFile.empty()) {
        const std::string& path = options_.stateOutFile;
        if (auto error = session3_ ? writePositionsFile(path, session3_->simulation().particles().position)
                                   : writePositionsFile(path, simulation_.particles().position)) {
            std::fprintf(stderr, "pbd-cloth: %s\n", error->c_str());
            status = 1;
        }
    }
    if (!options_.viewOutFile.empty())
        if (auto error = writeViewOut()) {
            std::fprintf(stderr, "pbd-cloth: %s\n", error->c_str());
            status = 1;
        }
    releaseGpu(); // the positions are read; free the GPU solver while the context exists
    if ((options_.frames || !options_.recordFile.empty() || !options_.replayFile.empty()) &&
        frames_ > 0)
        printSummary();
    if (const ExportTimes& t = exporter_->times(); options_.frames && t.frames > 0) {
        const double n = static_cast<double>(t.frames);
        std::fprintf(stderr, "pbd-cloth: exports: %lld frames read back; per frame %.3f ms in "
                             "the frame loop: read-back %.3f ms, waiting for the %zu PNG/video "
                             "writer threads %.3f ms\n",
                     t.frames, exportMilliseconds_ / n, t.readBack / n, exporter_->writers(),
                     t.waitForWriter / n);
    }
    if (const AutosaveSnapshotTimes& a = autosave_->snapshotTimes();
        options_.frames && a.snapshots > 0) {
        const AutosaveWriteTimes w = autosave_->writeTimes();
        const double n = static_cast<double>(a.snapshots);
        const double written = static_cast<double>(std::max(1LL, w.writes + w.failures));
        std::fprintf(stderr, "pbd-cloth: autosave: %lld snapshots, on the frame thread %.3f ms "
                             "each (largest %.3f ms); %lld written by the writer thread in "
                             "%.3f ms each (largest %.3f ms), %lld failed\n",
                     a.snapshots, a.milliseconds / n, a.maxMilliseconds, w.writes,
                     w.milliseconds / written, w.maxMilliseconds, w.failures);
    }
    if (glDebug_ && glDebug_->errors() > 0)
        std::fprintf(stderr, "pbd-cloth: %lld GL errors reported\n", glDebug_->errors());
    return status;
}

std::optional<std::string> App::writeViewOut()
{
    const Viewport view = viewport();
    const PanelModel& model = controller_.model();
    const Preferences& preferences = controller_.preferences();
    ViewDump dump{
        .windowSize = view.windowSize,
        .framebufferSize = view.framebufferSize,
        .canvasOffset = view.canvasOffset,
        .canvasSize = view.canvasSize,
        .camera = controller_.view().camera(),
        .paused = controller_.paused(),
        .frames = frames_,
        .widgets = panel_->widgetRects(),
        .time = simulation_.time(),
        .settings = model.settings(),
        .errors = model.errors(),
        .contentScale = window_->contentScale(),
        .stepping = model.stepping(),
        .speed = model.speed(),
        .help = controller_.helpVisible(),
        .title = title_,
        .colorBy = colorByName(preferences.colorBy),
        .strainScale = colours_.strainScale(),
        .constraints = simulation_.liveConstraintCount(),
        .strainScaleAuto = !preferences.strainScale,
        .particleColorBy = particleColorByName(preferences.particleColorBy),
        .speedScale = colours_.speedScale(),
        .plots = preferences.plots,
        .plotSamples = controller_.driver().plotHistory().size(),
        .residuals = simulation_.residuals().size(),
        .hovered = controller_.input().hovered(),
        .obstacles = simulation_.obstacles().size(),
        .balls = simulation_.balls().size(),
        .selected = controller_.input().selected(),
        .notice = exporter_->status().notice,
        .videoText = exporter_->status().videoText,
        .newestMessage = panel_->newestMessage(),
        .editing = panel_->editingField(),
    };
    if (session3_)
        viewDump3(dump);
    if (law_)
        dump.law = {law_->name, law_->residual, law_->tolerance};
    for (const std::optional<WidgetRect>& drawn :
         {helpRect_, colours_.strainLegend(), colours_.speedLegend(), lawRect_})
        if (drawn)
            dump.widgets.push_back(*drawn);
    dump.widgets.insert(dump.widgets.end(), lostHintRects_.begin(), lostHintRects_.end());
    return writeViewFile(options_.viewOutFile, dump);
}

void App::printSummary() const
{
    if (session3_)
        printRunSummary(session3_->simulation(), session3_->driver(), session3_->preferences());
    else
        printRunSummary(simulation_, controller_.driver(), controller_.preferences());
    if (gpuView_ && (gpuView_->stats().frames > 0 || contextLost_)) {
        const GpuViewStats& g = gpuView_->stats();
        std::fprintf(stderr,
                     "pbd-cloth: gpu: %lld of %lld frames drawn from the GPU solver's buffer; "
                     "%lld frames stepped, %lld frames read its whole state back (%zu reads, %zu "
                     "bytes), "
                     "%lld frames the live flags (something tore); "
                     "%zu hover searches answered on the GPU; %zu boxes of the cloth "
                     "measured on the GPU (%zu bytes); %s; %s\n",
                     g.framesFromGpu, g.frames, g.steppedFrames, g.readbackFrames, g.readbacks,
                     g.stateBytes, g.aliveFrames, g.picks, g.boxes, g.boxBytes,
                     gpuView_->resetDescription().c_str(),
                     gpuView_->released().empty() ? "no GPU solver to free"
                                                  : gpuView_->released().c_str());
    }
}

} // namespace pbd::app
