#include "recorder.h"

#include <bit>
#include <chrono>
#include <cerrno>
#include <cstddef>
#include <cstring>
#include <utility>

#include "io/recording_start.h"
#include "pbd/settings_table.h"
#include "pbd/state_io.h"

namespace pbd::app {
namespace {

bool sameBits(double a, double b)
{
    return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

template <glm::length_t D>
DragEventOf<D> setEvent(std::uint64_t step, const SettingField& field, const Settings& settings)
{
    DragEventOf<D> event;
    event.step = step;
    event.kind = DragEventKind::Set;
    event.field = field.name;
    event.value = field.get(settings);
    return event;
}

} // namespace

std::vector<const SettingField*> settingsChangeOrder(const Settings& from, const Settings& to,
                                                     bool everyField)
{
    std::vector<const SettingField*> left;
    for (const SettingField& field : settingFields())
        if (everyField || !sameBits(field.get(from), field.get(to)))
            left.push_back(&field);
    std::vector<const SettingField*> order;
    Settings now = from;
    while (!left.empty()) {
        // The first field (in the table's order) that leaves valid settings; the first of all
        // when none does (the script's parser then says which line fails).
        std::size_t pick = 0;
        for (std::size_t k = 0; k < left.size(); ++k) {
            Settings trial = now;
            left[k]->set(trial, left[k]->get(to));
            if (!validate(trial)) {
                pick = k;
                break;
            }
        }
        left[pick]->set(now, left[pick]->get(to));
        order.push_back(left[pick]);
        left.erase(left.begin() + static_cast<std::ptrdiff_t>(pick));
    }
    return order;
}

template <glm::length_t D>
RecorderOf<D>::RecorderOf()
    : RecorderOf([] {
          return std::chrono::duration<double>(
                     std::chrono::steady_clock::now().time_since_epoch())
              .count();
      })
{
}

template <glm::length_t D>
RecorderOf<D>::RecorderOf(Clock clock) : clock_(std::move(clock)) {}

template <glm::length_t D>
RecorderOf<D>::~RecorderOf()
{
    if (file_)
        std::fclose(file_);
}

template <glm::length_t D>
std::optional<std::string> RecorderOf<D>::start(const std::string& path, const SimulationOf<D>& simulation,
                                           bool fromState)
{
    if (auto error = open(path))
        return error;
    return begin(simulation, fromState);
}

template <glm::length_t D>
std::optional<std::string> RecorderOf<D>::open(const std::string& path)
{
    if (file_) {
        std::fclose(file_);
        file_ = nullptr;
    }
    std::FILE* file = std::fopen(path.c_str(), "w");
    if (!file)
        return "cannot write " + path + ": " + std::strerror(errno);
    file_ = file;
    path_ = path;
    buffer_.clear();
    writeFailed_ = false;
    writeErrno_ = 0;
    steps_ = 0;
    pendingMove_.reset();
    return std::nullopt;
}

template <glm::length_t D>
std::optional<std::string> RecorderOf<D>::begin(const SimulationOf<D>& simulation, bool fromState)
{
    if (!file_)
        return "no recording file is open";
    settings_ = simulation.settings();
    buffer_ += kRecordingHeader;
    buffer_ += '\n';
    // The start, then the run: the script alone reproduces it, whatever the player started
    // from (pbd-sim's defaults, another scene, another state).
    std::vector<DragEventOf<D>> lines;
    if (auto error = recordingStart(path_, simulation, fromState, lines)) {
        std::fclose(file_);
        file_ = nullptr;
        buffer_.clear();
        return error;
    }
    for (const DragEventOf<D>& line : lines)
        write(line);
    flushBuffer(); // the header at once: a file that says what it is from the start
    return std::nullopt;
}

template <glm::length_t D>
void RecorderOf<D>::write(const DragEventOf<D>& event)
{
    buffer_ += formatEvent(event);
    buffer_ += '\n';
    if (buffer_.size() >= kFlushBytes)
        flushBuffer();
}

template <glm::length_t D>
void RecorderOf<D>::flushBuffer()
{
    if (!file_ || buffer_.empty())
        return;
    if (std::fwrite(buffer_.data(), 1, buffer_.size(), file_) != buffer_.size() && !writeFailed_) {
        writeFailed_ = true;
        writeErrno_ = errno;
    }
    // Whole lines only, so that a kill leaves at most the last one cut (by a short write).
    if (std::fflush(file_) != 0 && !writeFailed_) {
        writeFailed_ = true;
        writeErrno_ = errno;
    }
    buffer_.clear();
    lastFlush_ = clock_();
}

template <glm::length_t D>
void RecorderOf<D>::writeDue()
{
    // A move from before the last step: a later move has a later step and cannot replace it,
    // so the next event would write it now anyway.
    if (pendingMove_ && pendingMove_->step < steps_)
        flushPending();
    if (!buffer_.empty() && clock_() - lastFlush_ >= kFlushSeconds)
        flushBuffer();
}

template <glm::length_t D>
void RecorderOf<D>::tick()
{
    if (file_)
        writeDue();
}

template <glm::length_t D>
void RecorderOf<D>::flushPending()
{
    if (pendingMove_) {
        write(*pendingMove_);
        pendingMove_.reset();
    }
}

template <glm::length_t D>
void RecorderOf<D>::note(const CommandOf<D>& command, const SimulationOf<D>& simulation)
{
    if (!file_)
        return;
    if (std::holds_alternative<StepCommand>(command)) {
        ++steps_; // the hot path: nothing written
        return;
    }
    DragEventOf<D> event;
    event.step = steps_;
    const ParticlesOf<D>& particles = simulation.particles();
    if (std::holds_alternative<MoveCommandOf<D>>(command)) {
        if (const auto& area = simulation.areaGrab()) {
            event.kind = DragEventKind::Move; // where the grab point went
            event.position = area->point;
        } else if (simulation.grabbed()) {
            // Where the particle was put (a refused coordinate leaves it where it was).
            event.kind = DragEventKind::Drag;
            event.particle = *simulation.grabbed();
            event.position = particles.position[event.particle];
        } else {
            return;
        }
        if (pendingMove_ && pendingMove_->step == event.step &&
            pendingMove_->kind == event.kind && pendingMove_->particle == event.particle) {
            pendingMove_ = event; // the last move between two steps is the one that counts
            writeDue();
            return;
        }
        flushPending();
        pendingMove_ = event;
        writeDue();
        return;
    }
    flushPending();
    std::visit(Overloaded{
                   [](const StepCommand&) {},
                   [](const MoveCommandOf<D>&) {},
                   [&](const GrabCommand& c) {
                       // A drag to where it is: the grab, and a move that changes nothing.
                       event.kind = DragEventKind::Drag;
                       event.particle = c.particle;
                       event.position = particles.position[c.particle];
                       write(event);
                   },
                   [&](const ReleaseCommandOf<D>& c) {
                       event.kind = DragEventKind::Release;
                       event.velocity = c.velocity;
                       write(event);
                   },
                   [&](const PinCommand& c) {
                       event.kind = DragEventKind::Pin;
                       event.particle = c.particle;
                       write(event);
                   },
                   [&](const UnpinCommand& c) {
                       event.kind = DragEventKind::Unpin;
                       event.particle = c.particle;
                       write(event);
                   },
                   [&](const CutCommandOf<D>& c) {
                       event.kind = DragEventKind::Cut;
                       event.position = c.from;
                       event.to = c.to;
                       if constexpr (D == 3)
                           event.direction = c.direction; // the 3D knife's strip
                       write(event);
                   },
                   [&](const SetCommand& c) {
                       for (const SettingField* field :
                            settingsChangeOrder(settings_, c.settings, false))
                           write(setEvent<D>(steps_, *field, c.settings));
                       settings_ = c.settings;
                   },
                   [&](const RestartCommand&) {
                       event.kind = DragEventKind::Restart;
                       write(event);
                   },
                   [&](const AreaGrabCommandOf<D>& c) {
                       event.kind = DragEventKind::Grab;
                       event.position = c.point;
                       event.radius = c.radius;
                       write(event);
                   },
                   [&](const UndoCommand&) {
                       event.kind = DragEventKind::Undo;
                       write(event);
                       settings_ = simulation.settings(); // as the restored state has them
                   },
                   [&](const RedoCommand&) {
                       event.kind = DragEventKind::Redo;
                       write(event);
                       settings_ = simulation.settings();
                   },
                   [&](const AddObstacleCommandOf<D>& c) {
                       event.kind = DragEventKind::AddObstacle;
                       event.obstacle = c.obstacle;
                       write(event);
                   },
                   [&](const MoveObstacleCommandOf<D>& c) {
                       event.kind = DragEventKind::MoveObstacle;
                       event.obstacleIndex = c.index;
                       event.position = c.position;
                       event.angle = c.angle;
                       write(event);
                   },
                   [&](const RemoveObstacleCommand& c) {
                       event.kind = DragEventKind::RemoveObstacle;
                       event.obstacleIndex = c.index;
                       write(event);
                   },
                   [&](const BallCommandOf<D>& c) {
                       constexpr DragEventKind kinds[] = {
                           DragEventKind::AddBall, DragEventKind::GrabBall,
                           DragEventKind::MoveBall, DragEventKind::ReleaseBall,
                           DragEventKind::RemoveBall};
                       event.kind = kinds[static_cast<int>(c.action)];
                       event.ball = c.ball;
                       event.ballIndex = c.index;
                       event.position = c.position;
                       event.velocity = c.velocity;
                       write(event);
                   },
                   [&](const SceneCommand& c) {
                       event.kind = DragEventKind::Scene;
                       event.sceneName = c.name;
                       event.scene = c.scene;
                       write(event);
                       settings_ = simulation.settings(); // the scene's
                   },
                   [&](const LoadCommandOf<D>& c) {
                       event.kind = DragEventKind::Load;
                       event.stateName = c.name;
                       event.state = c.state;
                       write(event);
                       settings_ = simulation.settings(); // the state's
                   },
               },
               command);
    writeDue();
}

template <glm::length_t D>
std::optional<std::string> RecorderOf<D>::stop(const SimulationOf<D>& simulation)
{
    if (!file_)
        return std::nullopt;
    flushPending();
    DragEventOf<D> end;
    end.step = steps_;
    end.kind = DragEventKind::End;
    write(end);
    buffer_ += "# final positions hash " + formatHash(positionsHash(simulation.particles().position)) +
               " (pbd-sim run --events FILE prints the same)\n";
    flushBuffer();
    const bool closed = std::fclose(file_) == 0;
    if (!closed && !writeFailed_) {
        writeFailed_ = true;
        writeErrno_ = errno;
    }
    file_ = nullptr;
    if (writeFailed_)
        return "cannot write " + path_ + ": " + std::strerror(writeErrno_);
    return std::nullopt;
}

template class RecorderOf<2>;
template class RecorderOf<3>;

} // namespace pbd::app
