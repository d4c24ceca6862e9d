#include "pbd/drag_script.h"

#include <charconv>
#include <cstdint>
#include <cmath>
#include <sstream>

#include "input_text.h"
#include "pbd/command.h"
#include "pbd/simulation.h"

namespace pbd {
namespace {

std::vector<std::string_view> splitFields(std::string_view line)
{
    std::vector<std::string_view> fields;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
        const std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t')
            ++i;
        if (i > start)
            fields.push_back(line.substr(start, i - start));
    }
    return fields;
}

/// The fields from `first` on, quoted and separated by spaces.
std::string quotedFields(const std::vector<std::string_view>& fields, std::size_t first)
{
    std::string out;
    for (std::size_t i = first; i < fields.size(); ++i)
        out += (out.empty() ? "" : " ") + quoteInput(fields[i]);
    return out;
}

} // namespace

DragScriptError::DragScriptError(std::size_t line, const std::string& message)
    : std::runtime_error("drag script line " + std::to_string(line) + ": " + message), line_(line)
{
}

std::vector<DragEvent> parseDragScript(std::string_view text, std::size_t particleCount)
{
    std::vector<DragEvent> events;
    std::size_t lineNumber = 0;
    std::uint64_t lastStep = 0;
    while (!text.empty()) {
        const std::size_t eol = text.find('\n');
        std::string_view line = text.substr(0, eol);
        text = eol == std::string_view::npos ? std::string_view{} : text.substr(eol + 1);
        ++lineNumber;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (line.size() > kMaxDragLineLength)
            throw DragScriptError(lineNumber, "line is " + std::to_string(line.size()) +
                                                  " characters long; allowed: at most " +
                                                  std::to_string(kMaxDragLineLength));
        if (line.find('\0') != std::string_view::npos)
            throw DragScriptError(lineNumber, "line contains a NUL byte; allowed: text");
        const auto fields = splitFields(line);
        if (fields.empty() || fields[0].front() == '#')
            continue;

        DragEvent event;
        if (!parseNumber(fields[0], event.step))
            throw DragScriptError(lineNumber, "step " + quoteInput(fields[0]) +
                                                  " is not a whole number; allowed: 0 to " +
                                                  std::to_string(UINT64_MAX));
        if (event.step < lastStep)
            throw DragScriptError(lineNumber, "step " + std::to_string(event.step) +
                                                  " comes after step " + std::to_string(lastStep) +
                                                  "; allowed: steps that never decrease");
        if (fields.size() < 2)
            throw DragScriptError(lineNumber, "missing event after step " + quoteInput(fields[0]) +
                                                  "; allowed: 'drag INDEX X Y' or 'release'");
        if (fields[1] == "release") {
            if (fields.size() != 2)
                throw DragScriptError(lineNumber, "'release' takes no values, got " +
                                                      quotedFields(fields, 2) +
                                                      "; allowed: 'STEP release'");
            event.kind = DragEvent::Kind::Release;
        } else if (fields[1] == "drag") {
            if (fields.size() != 5)
                throw DragScriptError(lineNumber, "'drag' takes 3 values (INDEX X Y), got " +
                                                      std::to_string(fields.size() - 2) +
                                                      (fields.size() > 2 ? ": " : "") +
                                                      quotedFields(fields, 2) +
                                                      "; allowed: 'STEP drag INDEX X Y'");
            std::uint64_t index = 0;
            if (!parseNumber(fields[2], index) || index >= particleCount)
                throw DragScriptError(lineNumber, "particle index " + quoteInput(fields[2]) +
                                                      " is not allowed; allowed: 0 to " +
                                                      std::to_string(particleCount - 1));
            event.particle = static_cast<Index>(index);
            const char* names[2] = {"X", "Y"};
            for (int k = 0; k < 2; ++k) {
                double value = 0.0;
                if (!parseNumber(fields[3 + k], value) || !std::isfinite(value) ||
                    std::abs(value) > kMaxDragCoordinate) {
                    std::ostringstream limit;
                    limit << kMaxDragCoordinate;
                    throw DragScriptError(lineNumber, std::string(names[k]) + " " +
                                                          quoteInput(fields[3 + k]) +
                                                          " is not allowed; allowed: a finite "
                                                          "number from -" + limit.str() + " to " +
                                                          limit.str() + " m");
                }
                event.position[k] = value;
            }
        } else {
            throw DragScriptError(lineNumber, "unknown event " + quoteInput(fields[1]) +
                                                  "; allowed: 'drag' or 'release'");
        }
        lastStep = event.step;
        events.push_back(event);
    }
    return events;
}

void DragPlayer::applyBefore(std::uint64_t step, Simulation& simulation)
{
    for (; next_ < events_.size() && events_[next_].step <= step; ++next_) {
        const DragEvent& e = events_[next_];
        // Through the commands, as every other source of changes. The parser has bounded the
        // index and the coordinates, so neither command is refused.
        if (e.kind == DragEvent::Kind::Release) {
            apply(simulation, ReleaseCommand{});
        } else {
            apply(simulation, GrabCommand{e.particle});
            apply(simulation, MoveCommand{e.position});
        }
    }
}

} // namespace pbd
