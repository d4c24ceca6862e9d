// A cloth with a size in the app: a 2 m x 2 m cloth of 41 x 41 particles (0.05 m cells) is
// fitted by F, its particles are picked one by one, and its discs keep the page's proportion.

#include <catch2/catch.hpp>

#include "controller_rig.h"
#include "logic/picking.h"
#include "logic/view_culling.h"

using namespace pbd;
using namespace pbd::app;
using namespace pbd::app::testing;

namespace {

Settings smallCloth()
{
    Settings s = restingCloth(41, 41);
    s.clothWidth = 2.0;
    s.clothHeight = 2.0;
    s.density = 0.2;
    return s;
}

} // namespace

TEST_CASE("a particle's disc keeps the page's proportion of a cell", "[size][culling]")
{
    CHECK(discRadius(clothRestLengths()) == kPageDiscRadius); // the page's, exactly
    CHECK(discRadius(clothRestLengths(smallCloth())) == Approx(0.00625));
    Settings wide = smallCloth();
    wide.clothHeight = 4.0; // 0.05 m across, 0.1 m down: the smaller spacing decides
    CHECK(discRadius(clothRestLengths(wide)) == Approx(0.00625));
}

TEST_CASE("F fits a 2 m cloth, and a click then picks the particle under it", "[size][fit]")
{
    Rig rig(smallCloth());
    rig.tap(Key::F);
    const Camera& camera = rig.camera();
    // 2 m square into 1010 x 920 free pixels: 460 px per metre, cells of 23 px.
    CHECK(camera.zoom() == Approx(920.0 / 2.0));
    requireNear(camera.worldToScreen({1.0, -1.0}), {525.0, 480.0}, 1e-9);
    // Discs of 0.00625 m are 5.75 px across there: drawn.
    CHECK(discsVisible(discRadius(clothRestLengths(smallCloth())), camera.zoom(), 1.0));
    // The pick radius (10 px) is under half a cell: each click finds its own particle, and
    // a point between four particles picks the nearest.
    const auto& x = rig.simulation.particles().position;
    for (const Index i : {Index{0}, Index{40}, Index{20 * 41 + 20}, Index{41 * 41 - 1}})
        CHECK(pickParticle(camera, x, camera.worldToScreen(x[i])) == i);
    const glm::dvec2 nearCorner = x[20 * 41 + 20] + glm::dvec2(0.01, -0.015);
    CHECK(pickParticle(camera, x, camera.worldToScreen(nearCorner)) == Index{20 * 41 + 20});
    CHECK_FALSE(pickParticle(camera, x, camera.worldToScreen({1.0, 0.5})));
}
