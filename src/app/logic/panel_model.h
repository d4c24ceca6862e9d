#pragma once
/// \file
/// The controls panel's values and their commits, without any drawing: what the ImGui panel
/// shows and what it does when a field is committed (Enter, focus lost, or a +/- button).

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "logic/wind_rows.h"
#include "pbd/settings.h"
#include "pbd/settings_table.h"
#include "pbd/simulation.h"

namespace pbd::app {

/// A field of the panel: the index of its row in pbd::settingFields(), whose order is the
/// panel's. The named values are the rows of the current table (a unit test checks each name);
/// panelFields() lists every row that the panel shows, so a new row of the table appears in
/// the panel without a name here.
enum class PanelField : std::size_t {
    Width, Height, FixedCount, TimeStep, Iterations, Stiffness, Gravity, Mass, // the page's
    Substeps, Damping, ShearStiffness, AreaStiffness, TearStrain,              // beyond it
};

/// The table's rows that the panel shows as fields, in order: PanelSection::Page, then
/// PanelSection::BeyondPage, then PanelSection::World (solver and threads live in the
/// Performance section).
const std::vector<PanelField>& panelFields();
/// The table row of a field.
const SettingField& settingField(PanelField field);

/// How the app advances the simulation each frame (the panel's "Stepping" choice).
enum class SteppingMode {
    Page,     ///< 8 steps per frame, as the page's mainLoop (the default)
    RealTime, ///< simulated time follows the wall clock times the speed factor
};
/// The words of the mode (--stepping, the preferences table, the view dump).
inline constexpr std::array<std::pair<SteppingMode, std::string_view>, 2> kSteppingNames{
    {{SteppingMode::Page, "page"}, {SteppingMode::RealTime, "realtime"}}};
/// "page" or "realtime" (the command line's words).
const char* steppingName(SteppingMode mode);
/// The mode called `name` ("page" or "realtime"), or nothing.
std::optional<SteppingMode> steppingFromName(std::string_view name);
/// Smallest and largest real-time speed factor (simulated seconds per wall-clock second).
inline constexpr double kMinSpeed = 0.05;
inline constexpr double kMaxSpeed = 4.0;
/// Reads a real-time speed factor (kMinSpeed to kMaxSpeed) typed as `text` into `speed`; on
/// failure leaves it and returns "<label>: '<text>' <reason>; allowed: ..." (the Speed field
/// and --speed say the same).
std::optional<std::string> parseSpeed(const char* label, std::string_view text, double& speed);
/// Reads a number for a panel row that is no table row (the wind's speed and direction)
/// typed as `text` into `value`, as `rule` allows; on failure leaves it and returns
/// "<label>: '<text>' <reason>; allowed: ...", as the table's rows say.
std::optional<std::string> parseNumberRow(const ValueRule& rule, const char* label,
                                          std::string_view text, double& value);

/// What the simulation must do after a successful commit.
enum class CommitEffect {
    None,    ///< the value did not change
    Restart, ///< width, height or fixed count changed: rebuild the cloth
    Live,    ///< time step, iterations, gravity or mass changed: apply before the next step
};

/// The choices of the panel's "Solver" combo, in the combo's order.
inline constexpr std::array<Solver, 3> kSolverChoices{Solver::Sequential, Solver::Colored,
                                                     Solver::Gpu};

/// What the Scene combo shows: the scene chosen or given (`scene`), else "(custom)" for a
/// world made by hand (`worldItems` obstacles and balls), else "page" for the page's cloth in
/// 2D and "(plain 3D cloth)" for a cloth without a scene in 3D (no built-in scene is that).
std::string sceneComboText(const std::string& scene, std::size_t worldItems, bool threeD);

/// The settings being edited plus one validation message per field.
class PanelModel {
public:
    /// Starts from `settings` (the page's defaults, or the command line's flags).
    explicit PanelModel(const Settings& settings = {});

    /// Commits typed text for a field. The text must be a number of the field's kind (whole
    /// for width, height, fixed count and iterations) and pass pbd::validate. On success the
    /// field's message is cleared; on failure the previous value stays, the field's message
    /// names the field, the text and the allowed range, and the effect is None.
    CommitEffect commitText(PanelField field, std::string_view text);
    /// A +/- button: steps the field by its step in the table (the page's: 1, 1, -, 0.001, 1,
    /// 10, 0.01, 0.01) in `direction` (+1 or -1; only its sign counts); for the fixed count,
    /// moves through 1, 2, 4 and stays put at either end. Real results are rounded to the
    /// decimals of the step or of the old value, whichever has more, so 0.005 + 0.001 is 0.006
    /// exactly. A step past a limit stops at the limit (0.001 - 0.001 gives 1e-06, the
    /// smallest time step); at the limit it changes nothing.
    CommitEffect stepField(PanelField field, int direction);

    /// The "Solver" combo: chooses the constraint order. Live when it changed (applied between
    /// steps, the cloth keeps its state), None when `solver` was already chosen. Width, height
    /// and the other fields are untouched.
    /// Solver::Gpu is refused (None) while the GPU is unavailable (see setGpuUnavailable).
    CommitEffect chooseSolver(Solver solver);

    /// The "GPU precision" combo (shown while the GPU solver is available): float or double
    /// arithmetic on the GPU. Live when it changed: the GPU solver is rebuilt from the
    /// cloth's current state before the next step. None when already chosen or while the
    /// GPU is unavailable.
    CommitEffect chooseGpuPrecision(GpuPrecision precision);
    /// Why the GPU solver was last refused (a cloth beyond its buffer limits, a precision the
    /// driver does not compile) and what the panel went back to; cleared by the next choice
    /// of solver or precision. Listed by errors().
    void setSolverMessage(std::string message)
    {
        solverMessage_ = std::move(message);
        stamp("solver", solverMessage_);
    }
    const std::string& solverMessage() const { return solverMessage_; }

    /// Says why the GPU solver cannot run here (e.g. "the window's OpenGL is 3.3; the GPU
    /// solver needs 4.3"); empty (the default) when it can.
    void setGpuUnavailable(std::string reason) { gpuUnavailable_ = std::move(reason); }
    /// Why the GPU solver cannot run here, or empty.
    const std::string& gpuUnavailable() const { return gpuUnavailable_; }
    /// Why `solver` cannot run here (gpuUnavailable() for the GPU), or empty when it can.
    const std::string& unavailable(Solver solver) const;

    /// The "Stepping" combo. Returns true when the mode changed.
    bool chooseStepping(SteppingMode mode);
    /// The "Speed" field (real-time stepping's factor, kMinSpeed to kMaxSpeed): committed like
    /// a settings field; on failure the speed stays and speedError() says why. True when the
    /// speed changed.
    bool commitSpeed(std::string_view text);
    /// The Speed field's +/- buttons: 0.05 per step, clamped to the range.
    bool stepSpeed(int direction);
    SteppingMode stepping() const { return stepping_; }
    double speed() const { return speed_; }
    /// The Speed field's label with its unit ("Speed (x)") and tooltip (what it does and its
    /// allowed values), from the preferences table.
    static std::string speedLabel();
    static std::string speedTooltip();
    /// The Speed field's text ("1", "0.25").
    std::string speedText() const;
    /// The Speed field's last message, empty when its last commit succeeded.
    const std::string& speedError() const { return speedError_; }
    /// Starts with the command line's --stepping and --speed (speed must be in range).
    void setStepping(SteppingMode mode, double speed);
    /// The "Strain scale" field: "auto" or a number from kMinUserStrainScale to
    /// kMaxUserStrainScale (strain_colors.h's parseStrainScale). On failure the scale stays and
    /// strainScaleError() names the field, the text and what is allowed. True when it changed.
    bool commitStrainScale(std::string_view text);
    /// The strain at which the strain colours saturate; empty: automatic (the 99th percentile).
    std::optional<double> strainScale() const { return strainScale_; }
    /// Starts with the command line's --strain-scale (already checked).
    void setStrainScale(std::optional<double> scale) { strainScale_ = scale; }
    /// The Strain scale field's text: "auto" or the number ("0.05").
    std::string strainScaleText() const;
    /// The Strain scale field's last message, empty when its last commit succeeded.
    const std::string& strainScaleError() const { return strainScaleError_; }
    /// The "Grab radius" field (metres, 0 to pbd::kMaxGrabRadius; 0: one particle, as the
    /// page), from the preferences table: committed like the Speed field; on failure the
    /// radius stays and grabRadiusError() names the field, the text and what is allowed. True
    /// when the radius changed.
    bool commitGrabRadius(std::string_view text);
    /// Its +/- buttons: the row's step, clamped to the range.
    bool stepGrabRadius(int direction);
    double grabRadius() const { return grabRadius_; }
    /// Starts with the command line's --grab-radius (a value out of range is ignored).
    void setGrabRadius(double radius);
    /// The field's text ("0", "0.5") and its label and tooltip.
    std::string grabRadiusText() const;
    static std::string grabRadiusLabel();
    static std::string grabRadiusTooltip();
    const std::string& grabRadiusError() const { return grabRadiusError_; }
    /// The Air part's wind rows (wind_rows.h): a commit or a +/- step of the speed or the
    /// direction, writing Settings::windX and windY. Live when they changed, else None (a
    /// refusal keeps the last valid wind and sets windError()).
    CommitEffect commitWind(WindRow row, std::string_view text);
    CommitEffect stepWind(WindRow row, int direction);
    /// The row's text ("5", "30") and its last message.
    std::string windText(WindRow row) const { return wind_.text(settings_, row); }
    const std::string& windError(WindRow row) const { return wind_.error(row); }
    /// Every field's message that is not empty, in panel order (speed, then strain scale, last).
    std::vector<std::string> errors() const;
    /// A field's message with the field's key ("stiffness", "wind-speed", "speed",
    /// "strain-scale", "grab-radius", "solver") and a serial number that grows each time a
    /// commit sets a message, so that the same refusal typed again is news again.
    struct FieldMessage {
        std::string key;
        std::string text;
        std::uint64_t serial = 0;
    };
    /// errors() with their keys and serial numbers, in the same order.
    std::vector<FieldMessage> fieldMessages() const;

    /// Shows settings that changed elsewhere (an event script, a replay, a loaded state, an
    /// undo): every field takes its value; a field's refusal stays until that field takes a
    /// valid value; stepping, speed and the GPU's availability stay as they are.
    void showSettings(const Settings& settings);

    /// The committed settings: always the last valid values.
    const Settings& settings() const { return settings_; }
    /// Significant digits a field shows at most.
    static constexpr int kShownDigits = 6;
    /// The text the field shows when not being edited (e.g. "40", "0.005", "-9.81"): the
    /// shortest text that reads back as the same value, or kShownDigits significant digits
    /// where that is longer (a computed value: "0.512821" for 20 / 39).
    std::string displayText(PanelField field) const;
    /// The field's last validation message, empty when its last commit succeeded.
    const std::string& error(PanelField field) const;
    /// The panel label of a field, as on the page ("Width", "Time step size", ...); messages
    /// start with it.
    static const char* label(PanelField field);
    /// The label as the panel shows it, with its unit: "Time step size (s)".
    static std::string labelWithUnit(PanelField field);
    /// The values a field's combo offers, as text: a choice's or on/off's words, or the whole
    /// numbers of a field with a few allowed values ("1", "2", "4" fixed corners); empty for a
    /// field typed as text.
    static std::vector<std::string> choices(PanelField field);
    /// The tooltip: what a field does and its allowed values.
    static std::string tooltip(PanelField field);
    /// The combo's text for a solver: "Sequential (page order)", "Colored (parallel)" or
    /// "GPU (compute shaders)".
    static const char* solverLabel(Solver solver);
    /// The tooltip of the "Solver" combo: what each order does and what it costs.
    static const char* solverTooltip();

private:
    /// Gives the message of `key` a new serial number when `message` is not empty.
    void stamp(const std::string& key, const std::string& message);

    std::map<std::string, std::uint64_t> serials_; ///< each key's message's serial number
    std::uint64_t serial_ = 0;                     ///< the last serial number given
    Settings settings_;
    std::vector<std::string> errors_; ///< one per row of the settings table
    SteppingMode stepping_ = SteppingMode::Page;
    double speed_ = 1.0;
    std::string speedError_;
    std::optional<double> strainScale_; ///< empty: automatic
    std::string strainScaleError_;
    double grabRadius_ = 0.0;
    std::string grabRadiusError_;
    WindRows wind_;
    std::string gpuUnavailable_;
    std::string solverMessage_;
};

} // namespace pbd::app

namespace pbd::app {

/// When a tooltip may show: after kDelay seconds on the same widget, and never while a field is
/// being typed in (so that a tooltip cannot cover the text being edited).
class TooltipTimer {
public:
    static constexpr double kDelay = 0.5; ///< seconds of rest on a widget

    /// The mouse is on widget `id` at `now` (seconds); `editing`: a text field is active.
    /// True when the widget's tooltip may show.
    bool hovered(std::string_view id, double now, bool editing);
    /// The mouse is on no widget with a tooltip: the next one starts its delay afresh.
    void reset() { id_.clear(); }

private:
    std::string id_;
    double since_ = 0.0;
};

/// The panel's statistics as text: "—" (`none`) until a value exists.
/// Time per step: the mean of the last 50 steps, none before the first 50 (after a restart).
std::string stepTimeText(double meanMilliseconds, std::string_view none);
/// Simulation time per frame: none while paused or when no frame has stepped lately.
std::string simulationPerFrameText(double milliseconds, double stepsPerFrame, bool paused,
                                   std::string_view none);
/// Simulated seconds per wall-clock second ("2.4x real time"): none while paused or unmeasured.
std::string simulationSpeedText(double ratio, bool paused, std::string_view none);
/// What "# fixed particles" adds to its value when the particles pinned now are not that
/// many fixed corners (a scene that pins its own or nothing, Unpin all, Shift+click pins):
/// "0 pinned now"; empty when they are the corners. For the cloth in 2D and 3D.
template <glm::length_t D>
std::string pinnedNowText(const SimulationOf<D>& simulation);

} // namespace pbd::app
