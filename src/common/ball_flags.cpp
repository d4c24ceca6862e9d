#include "common/ball_flags.h"

namespace pbd::common {

void BallFlags::addTo(CLI::App& app)
{
    app.add_option("--ball", specs_,
                   "a ball (dynamic disc, not rotating), repeatable, indexed from 0 in order: "
                   "X,Y,R,MASS (centre and radius in metres, R >= 0.1; mass in kg)")
        ->type_name("X,Y,R,MASS")
        ->allow_extra_args(false)
        ->take_all();
}

std::optional<std::string> BallFlags::read(std::vector<Ball>& balls) const
{
    if (specs_.size() > kMaxBalls)
        return "--ball: " + std::to_string(specs_.size()) +
               " balls are not allowed; allowed: at most " + std::to_string(kMaxBalls);
    std::vector<Ball> read;
    for (const std::string& spec : specs_) {
        std::string error;
        const auto ball = parseBallSpec(spec, error);
        if (!ball)
            return "--ball: " + error;
        read.push_back(*ball);
    }
    balls = std::move(read);
    return std::nullopt;
}

} // namespace pbd::common
