// The panel's "Plots" section: the last step's convergence (constraint error after each
// iteration, log scale) and the last 10 s of simulated time (energies, strain, step time).
// ImGui 1.86's PlotLines has one series and no log axis, so the plots are drawn here with the
// draw list: several series per plot, ticks labelled from chart_axis.h.

#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <vector>

#include <imgui.h>

#include "gui/panel.h"

namespace pbd::app {
namespace {

constexpr ImU32 kRmsColor = IM_COL32(40, 110, 230, 255);   // RMS: blue
constexpr ImU32 kMaxColor = IM_COL32(235, 110, 20, 255);   // max: orange
constexpr ImU32 kKineticColor = IM_COL32(30, 150, 60, 255); // kinetic: green
constexpr ImU32 kPotentialColor = IM_COL32(150, 60, 200, 255); // potential: purple
constexpr ImU32 kStepColor = IM_COL32(0, 140, 150, 255);    // ms per step: teal
/// Residuals below this (metres) are drawn at it: a converged constraint has error 0.
constexpr double kResidualFloor = 1e-15;

/// The series' names in their colours on one line, after `title`.
void titleLine(const char* title, std::span<const PlotSeries> series)
{
    ImGui::TextUnformatted(title);
    for (const PlotSeries& s : series) {
        ImGui::SameLine();
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(s.color));
        ImGui::TextUnformatted(s.name);
        ImGui::PopStyleColor();
    }
}

} // namespace

void Panel::chart(const std::string& id, std::span<const PlotSeries> series, const ChartAxis& axis,
                  const char* xLabel)
{
    // Four rows tall: with the Plots section open at 1400 x 960 the convergence plot and the
    // first history plot both fit below the panel's other rows.
    const float height = 4.0f * ImGui::GetFrameHeight();
    const float width = ImGui::GetContentRegionAvail().x;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(width, height));
    record(id);
    ImDrawList* draw = ImGui::GetWindowDrawList();
    float labelWidth = 0.0f;
    std::vector<std::string> labels;
    for (double tick : axis.ticks) {
        labels.push_back(tickLabel(axis, tick));
        labelWidth = std::max(labelWidth, ImGui::CalcTextSize(labels.back().c_str()).x);
    }
    const float pad = ImGui::GetStyle().ItemInnerSpacing.x;
    const float textHeight = ImGui::GetTextLineHeight();
    const ImVec2 lo(origin.x + labelWidth + pad, origin.y + 0.5f * textHeight);
    const ImVec2 hi(origin.x + width, origin.y + height - textHeight - pad);
    draw->AddRectFilled(lo, hi, IM_COL32(255, 255, 255, 255));
    draw->AddRect(lo, hi, IM_COL32(0xAA, 0xAA, 0xAA, 255));
    const double span = axis.hi - axis.lo;
    const auto yOf = [&](double v) {
        const double t = std::clamp((v - axis.lo) / span, 0.0, 1.0);
        return hi.y - static_cast<float>(t) * (hi.y - lo.y);
    };
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
    for (std::size_t i = 0; i < axis.ticks.size(); ++i) {
        const float y = yOf(axis.ticks[i]);
        draw->AddLine(ImVec2(lo.x, y), ImVec2(hi.x, y), IM_COL32(0xDD, 0xDD, 0xDD, 255));
        draw->AddText(ImVec2(origin.x + labelWidth - ImGui::CalcTextSize(labels[i].c_str()).x,
                             y - 0.5f * textHeight),
                      text, labels[i].c_str());
    }
    draw->AddText(ImVec2(lo.x, hi.y + pad * 0.5f), text, xLabel);
    draw->PushClipRect(lo, hi, true);
    for (const PlotSeries& s : series) {
        const std::size_t n = s.values.size();
        if (n == 0)
            continue;
        plotPoints_.resize(n);
        for (std::size_t i = 0; i < n; ++i) {
            const float t = n == 1 ? 0.5f : static_cast<float>(i) / static_cast<float>(n - 1);
            plotPoints_[i] = ImVec2(lo.x + t * (hi.x - lo.x), yOf(s.values[i]));
        }
        if (n == 1)
            draw->AddCircleFilled(plotPoints_[0], 2.5f, s.color);
        else
            draw->AddPolyline(plotPoints_.data(), static_cast<int>(n), s.color, 0, 2.0f);
    }
    draw->PopClipRect();
}

void Panel::plots(const PanelStats& stats, PanelActions& actions)
{
    ImGui::Spacing();
    ImGui::SetNextItemOpen(stats.plotsOpen, ImGuiCond_Once);
    const bool open = ImGui::CollapsingHeader("Plots");
    tooltip("plots", "The last step's convergence and the last 10 s of simulated time. While "
                     "this section is open the simulation records its constraint error after "
                     "each iteration (one extra pass over the constraints per iteration); "
                     "closed, it costs nothing.");
    record("plots");
    actions.plotsOpen = open;
    if (!open)
        return;

    // (a) Convergence of the last step: the error after the prediction (0) and each sweep,
    // relative to iteration 0 (chart_axis.h), with the absolute values in the text.
    std::vector<float>& rms = plotScratch_[0];
    std::vector<float>& max = plotScratch_[1];
    rms.clear();
    max.clear();
    for (const Residual& r : stats.residuals) {
        rms.push_back(static_cast<float>(r.rms));
        max.push_back(static_cast<float>(r.max));
    }
    const std::array<PlotSeries, 2> convergence{{{rms, kRmsColor, "RMS"}, {max, kMaxColor, "max"}}};
    titleLine("Error per iteration / iteration 0's:", convergence);
    const char* help = "|length - rest| over the constraints after the prediction (iteration 0) "
                       "and after each projection sweep of the last step's last substep, "
                       "divided by its value at iteration 0: what more iterations buy. On a "
                       "log scale when the errors fall by a decade or more, else linear (a few "
                       "percent per step is common: Gauss-Seidel moves a long cloth's error "
                       "slowly). Errors under 1e-15 m count as 1e-15.";
    tooltip("plot-convergence.title", help);
    if (stats.residuals.empty()) {
        ImGui::TextWrapped("%s", stats.residualsOnGpu
                                     ? "The GPU solver does not record the error per iteration."
                                     : "Recorded from the next step.");
    } else {
        const Residual& first = stats.residuals.front();
        const Residual& last = stats.residuals.back();
        ImGui::Text("RMS %.3g -> %.3g m", first.rms, last.rms);
        ImGui::SameLine();
        if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize("max 0.0000 -> 0.0000 m").x)
            ImGui::NewLine(); // a narrow panel: max on a line of its own, never cut mid-number
        ImGui::Text("max %.3g -> %.3g m", first.max, last.max);
        tooltip("plot-convergence.values", help);
        std::array<std::vector<float>*, 2> both{&rms, &max};
        const ChartAxis axis = relativeErrorAxis(both, kResidualFloor);
        char xLabel[64];
        std::snprintf(xLabel, sizeof xLabel, "iteration 0 to %zu%s", stats.residuals.size() - 1,
                      axis.decades ? " (log scale)" : "");
        chart("plot-convergence", convergence, axis, xLabel);
    }

    // (b) The last 10 s of simulated time.
    if (stats.plotHistory == nullptr || stats.plotHistory->size() == 0) {
        ImGui::TextWrapped("The history fills as the simulation runs.");
        return;
    }
    const PlotHistory& history = *stats.plotHistory;
    char xLabel[64];
    std::snprintf(xLabel, sizeof xLabel, "last %.1f s of simulated time", history.seconds());
    const auto plot = [&](const std::string& id, const char* title, const char* help,
                          std::span<const PlotSeries> series) {
        titleLine(title, series);
        tooltip(id + ".title", help);
        std::array<std::span<const float>, 2> values{};
        for (std::size_t i = 0; i < series.size() && i < values.size(); ++i)
            values[i] = series[i].values;
        const auto [lo, hi] = finiteRange(std::span(values.data(), series.size()));
        chart(id, series, linearAxis(lo, hi), xLabel);
    };
    history.series(&PlotSample::kinetic, plotScratch_[0]);
    history.series(&PlotSample::potential, plotScratch_[1]);
    const std::array<PlotSeries, 1> kinetic{{{plotScratch_[0], kKineticColor, "kinetic"}}};
    plot("plot-kinetic", "Energy (J):", "Kinetic energy: the sum of m |v|^2 / 2 over the free "
         "particles (pinned and grabbed ones do not move by themselves).", kinetic);
    const std::array<PlotSeries, 1> potential{{{plotScratch_[1], kPotentialColor, "potential"}}};
    plot("plot-potential", "Energy (J):", "Potential energy: gravity's -m g y over every "
         "particle (0 at the top row as built), plus the springs' k (l - r)^2 / 2 when the "
         "stiffness k is above 0 (PBD's rigid constraints store none).", potential);
    history.series(&PlotSample::strainRms, plotScratch_[2]);
    history.series(&PlotSample::strainMax, plotScratch_[3]);
    const std::array<PlotSeries, 2> strain{
        {{plotScratch_[2], kRmsColor, "RMS"}, {plotScratch_[3], kMaxColor, "max"}}};
    plot("plot-strain", "Strain |l - r| / r:", "RMS and largest strain over the live "
         "constraints.", strain);
    history.series(&PlotSample::msPerStep, plotScratch_[0]);
    const std::array<PlotSeries, 1> step{{{plotScratch_[0], kStepColor, "ms per step"}}};
    plot("plot-step", "Wall-clock:", "Milliseconds per simulation step, the mean of each "
         "frame's steps.", step);
}

} // namespace pbd::app
