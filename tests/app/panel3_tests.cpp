// The panel's side of the 3D window (issue 40): the wind typed as a speed and two angles in
// 3D (and as before in 2D), a 3D scene chosen for a 3D session, and the World section's 3D
// shapes added at the view's target as pbd-sim reads their specs, and a 3D state loaded.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <optional>
#include <numbers>
#include <string>
#include <vector>

#include <glm/geometric.hpp>

#include "logic/panel_model.h"
#include "logic/session3.h"
#include "logic/wind_rows.h"
#include "pbd/obstacle3.h"
#include "pbd/state_file.h"

using namespace pbd;
using namespace pbd::app;

namespace {

Settings space()
{
    Settings s = Simulation3::defaultSettings();
    s.dimensions = 3;
    s.width = 10;
    s.height = 8;
    return s;
}

struct PanelRig {
    double now = 100.0;
    Session3 session;
    explicit PanelRig(const Settings& settings = space()) : session(settings, [this] { return now; })
    {
        session.setPaused(true);
        session.resize({0.0, 0.0}, {1000.0, 800.0});
    }
};

} // namespace

TEST_CASE("a 3D wind typed as speed, direction and elevation has that length and those angles",
          "[panel][3d]")
{
    PanelModel panel(space());
    REQUIRE(panel.commitWind(WindRow::Speed, "6") == CommitEffect::Live);
    REQUIRE(panel.commitWind(WindRow::Direction, "30") == CommitEffect::Live);
    REQUIRE(panel.commitWind(WindRow::Elevation, "20") == CommitEffect::Live);
    const Settings& s = panel.settings();
    const glm::dvec3 w(s.windX, s.windY, s.windZ);
    const double rad = std::numbers::pi / 180.0;
    CHECK(glm::length(w) == Approx(6.0));
    // Elevation: the angle above the horizontal x-z plane; direction: counter-clockwise seen
    // from above (+y), from +x towards -z.
    CHECK(std::asin(w.y / 6.0) == Approx(20.0 * rad));
    CHECK(std::atan2(-w.z, w.x) == Approx(30.0 * rad));
    // The rows show what was typed; a state whose components come from elsewhere shows their
    // angles.
    CHECK(panel.windText(WindRow::Elevation) == "20");
    Settings other = s;
    other.windX = 0.0;
    other.windY = 0.0;
    other.windZ = 2.0; // towards the viewer: direction -90, level
    panel.showSettings(other);
    CHECK(std::stod(panel.windText(WindRow::Speed)) == Approx(2.0));
    CHECK(std::stod(panel.windText(WindRow::Direction)) == Approx(-90.0));
    CHECK(std::stod(panel.windText(WindRow::Elevation)) == Approx(0.0).margin(1e-12));
}

TEST_CASE("whole quarter turns of the 3D wind give exact components, never -0", "[panel][3d]")
{
    const glm::dvec3 up = windComponents3(4.0, 0.0, 90.0);
    CHECK(up == glm::dvec3(0.0, 4.0, 0.0));
    CHECK_FALSE(std::signbit(up.z));
    CHECK(windComponents3(4.0, 90.0, 0.0) == glm::dvec3(0.0, 0.0, -4.0));
    CHECK(windComponents3(4.0, -90.0, 0.0) == glm::dvec3(0.0, 0.0, 4.0));
    CHECK(windComponents3(4.0, 180.0, -90.0) == glm::dvec3(0.0, -4.0, 0.0));
}

TEST_CASE("an elevation out of range is refused naming the row, the text and the range",
          "[panel][3d]")
{
    PanelModel panel(space());
    REQUIRE(panel.commitWind(WindRow::Speed, "3") == CommitEffect::Live);
    const Settings before = panel.settings();
    CHECK(panel.commitWind(WindRow::Elevation, "95") == CommitEffect::None);
    const std::string& error = panel.windError(WindRow::Elevation);
    CHECK(error.find("Wind elevation") != std::string::npos);
    CHECK(error.find("95") != std::string::npos);
    CHECK(error.find("90") != std::string::npos);
    CHECK(panel.settings() == before);
}

TEST_CASE("in 2D the wind rows never write wind z", "[panel]")
{
    PanelModel panel; // the page's settings: 2D
    REQUIRE(panel.commitWind(WindRow::Speed, "5") == CommitEffect::Live);
    REQUIRE(panel.commitWind(WindRow::Direction, "90") == CommitEffect::Live);
    CHECK(panel.settings().windX == 0.0);
    CHECK(panel.settings().windY == 5.0);
    CHECK(panel.settings().windZ == 0.0);
}

TEST_CASE("a 3D scene chosen in a 3D session replaces the cloth and its world, undoably",
          "[3d][scene]")
{
    PanelRig rig;
    REQUIRE(rig.session.simulation().obstacles().empty());
    CHECK_FALSE(rig.session.chooseScene("drape-3d"));
    CHECK(rig.session.sceneName() == "drape-3d");
    CHECK_FALSE(rig.session.simulation().obstacles().empty()); // its sphere
    CHECK(rig.session.model().settings() == rig.session.simulation().settings());
    CHECK(rig.session.history().undoCount() == 1);
    // A 2D scene is the app's to switch to (App::switchSpace): the session refuses it.
    const std::size_t obstacles = rig.session.simulation().obstacles().size();
    CHECK(rig.session.chooseScene("pegs"));
    CHECK(rig.session.simulation().obstacles().size() == obstacles);
    CHECK(rig.session.chooseScene("no-such-scene"));
}

TEST_CASE("the World section's 3D shapes land at the view's target as pbd-sim reads them",
          "[3d][world]")
{
    PanelRig rig;
    const glm::dvec3 target = rig.session.camera().target();
    WorldActions add;
    add.addCircle = true; // a sphere in 3D
    add.addGround = true;
    const std::vector<std::string> said = rig.session.world(add);
    REQUIRE(said.size() == 2);
    const auto& o = rig.session.simulation().obstacles();
    REQUIRE(o.size() == 2);
    CHECK(o[0].shape == Obstacle3Shape::Sphere);
    CHECK(glm::length(o[0].a - target) <= 0.5 * std::sqrt(3.0) * 0.01 + 1e-12); // to the cm
    CHECK(o[1].shape == Obstacle3Shape::Ground);
    CHECK(o[1].a.y < rig.session.clothBox().min.y); // under the cloth, not through it
    // Each line names its spec, which pbd-sim reads back as the same obstacle.
    for (std::size_t i = 0; i < 2; ++i) {
        REQUIRE(said[i].rfind("added obstacle ", 0) == 0);
        std::string error;
        const auto back = parseObstacle3Spec(said[i].substr(15), error);
        REQUIRE(back);
        CHECK(back->a == o[i].a);
    }
    CHECK(rig.session.history().undoCount() == 2);
    WorldActions clear;
    clear.clear = true;
    rig.session.world(clear);
    CHECK(rig.session.simulation().obstacles().empty());
}

TEST_CASE("a 3D state loaded in the session is the saved one exactly, undoably, a 2D one is "
          "refused", "[3d][files]")
{
    const std::string folder = std::filesystem::temp_directory_path().string();
    const std::string path3 = folder + "/pbd-panel3-state3.json";
    const std::string path2 = folder + "/pbd-panel3-state2.json";
    PanelRig saved;
    saved.session.setPaused(false);
    for (int i = 0; i < 20; ++i) // a swinging cloth: positions and velocities of its own
        saved.session.advance();
    saved.session.driver().finishOffThreadStep();
    REQUIRE(saved.session.simulation().time() > 0.0);
    REQUIRE_FALSE(saveStateFile(saved.session.simulation(), path3));
    Simulation plane(Simulation::defaultSettings());
    REQUIRE_FALSE(saveStateFile(plane, path2));

    PanelRig rig;
    CHECK_FALSE(rig.session.loadState(path3));
    const SimulationState3 a = saved.session.simulation().state();
    const SimulationState3 b = rig.session.simulation().state();
    CHECK(b.position == a.position);
    CHECK(b.velocity == a.velocity);
    CHECK(rig.session.simulation().time() == saved.session.simulation().time());
    CHECK(rig.session.history().undoCount() == 1);
    const auto before = rig.session.simulation().particles().position;
    const std::optional<std::string> refused = rig.session.loadState(path2);
    REQUIRE(refused);
    CHECK(refused->find("pbd-panel3-state2.json") != std::string::npos);
    CHECK(std::vector<glm::dvec3>(rig.session.simulation().particles().position.begin(),
                                  rig.session.simulation().particles().position.end()) ==
          std::vector<glm::dvec3>(before.begin(), before.end()));
    std::filesystem::remove(path3);
    std::filesystem::remove(path2);
}
