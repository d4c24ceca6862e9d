#pragma once
/// \file
/// The controls panel's values and their commits, without any drawing: what the ImGui panel
/// shows and what it does when a field is committed (Enter, focus lost, or a +/- button).

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "pbd/settings.h"

namespace pbd::app {

/// The panel's editable fields, in the page's order.
enum class PanelField { Width, Height, FixedCount, TimeStep, Iterations, Gravity, Mass };
inline constexpr std::size_t kPanelFieldCount = 7;

/// What the simulation must do after a successful commit.
enum class CommitEffect {
    None,    ///< the value did not change
    Restart, ///< width, height or fixed count changed: rebuild the cloth
    Live,    ///< time step, iterations, gravity or mass changed: apply before the next step
};

/// The choices of the panel's "Solver" combo, in the combo's order.
inline constexpr std::array<Solver, 3> kSolverChoices{Solver::Sequential, Solver::Colored,
                                                     Solver::Gpu};

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
    /// A +/- button: steps the field by the page's step (1, 1, -, 0.001, 1, 0.01, 0.01) in
    /// `direction` (+1 or -1; only its sign counts); for the fixed count, moves through 1, 2, 4
    /// and stays put at either end. Real results are rounded to the decimals of the step or
    /// of the old value, whichever has more, so 0.005 + 0.001 is 0.006 exactly. Refused like
    /// commitText when the result is invalid.
    CommitEffect stepField(PanelField field, int direction);

    /// The "Solver" combo: chooses the constraint order. Live when it changed (applied between
    /// steps, the cloth keeps its state), None when `solver` was already chosen. Width, height
    /// and the other fields are untouched.
    /// Solver::Gpu is refused (None) while the GPU is unavailable (see setGpuUnavailable).
    CommitEffect chooseSolver(Solver solver);

    /// Says why the GPU solver cannot run here (e.g. "the window's OpenGL is 3.3; the GPU
    /// solver needs 4.3"); empty (the default) when it can.
    void setGpuUnavailable(std::string reason) { gpuUnavailable_ = std::move(reason); }
    /// Why the GPU solver cannot run here, or empty.
    const std::string& gpuUnavailable() const { return gpuUnavailable_; }

    /// The committed settings: always the last valid values.
    const Settings& settings() const { return settings_; }
    /// The text the field shows when not being edited (e.g. "40", "0.005", "-9.81"): the
    /// shortest text that reads back as the same value.
    std::string displayText(PanelField field) const;
    /// The field's last validation message, empty when its last commit succeeded.
    const std::string& error(PanelField field) const;
    /// The panel label of a field, as on the page ("Width", "Time step size", ...).
    static const char* label(PanelField field);
    /// The tooltip explaining what a field does.
    static const char* tooltip(PanelField field);
    /// The combo's text for a solver: "Sequential (page order)", "Colored (parallel)" or
    /// "GPU (compute shaders)".
    static const char* solverLabel(Solver solver);
    /// The tooltip of the "Solver" combo: what each order does and what it costs.
    static const char* solverTooltip();

private:
    Settings settings_;
    std::array<std::string, kPanelFieldCount> errors_;
    std::string gpuUnavailable_;
};

} // namespace pbd::app
