#include "common/ball_flags.h"

#include "common/spec_flags.h"

namespace pbd::common {

void BallFlags::addTo(CLI::App& app)
{
    addSpecOption(app, "--ball", specs_,
                  "a ball (dynamic disc, not rotating), repeatable, indexed from 0 in order: "
                  "X,Y,R,MASS (centre and radius in metres, R >= 0.1; mass in kg); with "
                  "--dimensions 3 a sphere X,Y,Z,R,MASS",
                  "X,Y,R,MASS");
}

std::optional<std::string> BallFlags::read(std::vector<Ball>& balls) const
{
    return readSpecs("--ball", specs_, kMaxBalls, "balls", parseBallSpec, balls);
}

std::optional<std::string> BallFlags::read(std::vector<BallOf<3>>& balls) const
{
    return readSpecs("--ball", specs_, kMaxBalls, "balls", parseBallSpecOf<3>, balls);
}

} // namespace pbd::common
