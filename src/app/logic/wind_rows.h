#pragma once
/// \file
/// The panel's wind rows: the wind edited as a speed and a direction (in 3D a speed and two
/// angles: a direction in the horizontal plane and an elevation), stored as the settings'
/// components Settings::windX, windY (and windZ in 3D), which stay what flags, event scripts
/// and state files set and save.

#include <array>
#include <string>
#include <string_view>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "pbd/settings.h"

namespace pbd::app {

/// The wind rows of the panel's Air part: Elevation in 3D only.
enum class WindRow { Speed, Direction, Elevation };

/// The wind of `speed` (m/s) blowing towards `degrees` (counter-clockwise from +x: 0 blows
/// towards +x, 90 towards +y): (speed cos, speed sin) of degrees * pi / 180, with cos and sin
/// exactly 0 or +-1 at whole quarter turns (90 degrees gives (0, speed), not (6e-17 speed,
/// speed)).
glm::dvec2 windComponents(double speed, double degrees);
/// The 3D wind of `speed` (m/s) blowing towards `direction` degrees in the horizontal x-z
/// plane, counter-clockwise seen from above (0 towards +x, 90 towards -z, away from the
/// viewer), tilted `elevation` degrees above it (90 straight up): (s cos e cos d, s sin e,
/// -s cos e sin d), exact at whole quarter turns as windComponents.
glm::dvec3 windComponents3(double speed, double direction, double elevation);

/// The rows' values, commits and messages. A commit reads the row's number, keeps the other
/// row's value and writes both components; a refused one leaves the settings alone and names
/// the row, the text and the allowed range.
class WindRows {
public:
    /// Largest and smallest direction a row takes, in degrees.
    static constexpr double kMaxDegrees = 360.0;
    /// Largest and smallest elevation, in degrees.
    static constexpr double kMaxElevation = 90.0;
    /// The +/- buttons' steps: m/s and degrees.
    static constexpr double kSpeedStep = 0.5;
    static constexpr double kDirectionStep = 15.0;

    /// Commits `text` typed into `row` to `settings` (speed 0 to kMaxWind m/s, direction
    /// -kMaxDegrees to kMaxDegrees, elevation -kMaxElevation to kMaxElevation; the elevation
    /// and windZ only when settings.dimensions is 3). Text equal to what the row shows changes nothing, so that
    /// confirming a row unedited never rewrites the components. True when the settings changed.
    bool commit(Settings& settings, WindRow row, std::string_view text);
    /// The row's +/- button (`direction` +1 or -1): a step from the value shown, rounded to
    /// 1e-6, stopping at the range's ends. True when the settings changed.
    bool step(Settings& settings, WindRow row, int direction);
    /// What the row shows for `settings`: the values last committed while the components are
    /// still theirs, else the components' length and angle (6 significant digits); a calm wind
    /// keeps the last direction.
    std::string text(const Settings& settings, WindRow row) const;
    /// The row's last message, empty when its last commit succeeded.
    const std::string& error(WindRow row) const { return errors_[index(row)]; }
    /// "Wind speed (m/s)", "Wind direction (°)", "Wind elevation (°)".
    static std::string label(WindRow row);
    /// The row's widget and message id: "wind-speed", "wind-direction", "wind-elevation".
    static std::string id(WindRow row);
    /// What the row does and its allowed values.
    static std::string tooltip(WindRow row);

private:
    static std::size_t index(WindRow row) { return static_cast<std::size_t>(row); }
    /// The speed (m/s), direction and elevation (degrees) of the wind in `settings`.
    glm::dvec3 polar(const Settings& settings) const;
    /// Writes the wind (speed, degrees, degrees) to `settings` if they stay valid, else says
    /// why in `error`; true when they changed.
    bool store(Settings& settings, std::string& error, glm::dvec3 speedDegrees);

    /// speed (m/s), direction and elevation (degrees) last committed
    glm::dvec3 typed_{0.0, 0.0, 0.0};
    glm::dvec3 components_{0.0, 0.0, 0.0}; ///< the components (m/s) they gave
    std::array<std::string, 3> errors_;
};

} // namespace pbd::app
