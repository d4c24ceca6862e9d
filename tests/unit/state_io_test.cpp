#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "pbd/state_io.h"

namespace {

/// What writePositions() writes for `positions`.
template <glm::length_t D>
std::string writtenText(const std::vector<pbd::Vec<D>>& positions)
{
    std::FILE* file = std::tmpfile();
    REQUIRE(file);
    REQUIRE(pbd::writePositions(file, positions));
    std::rewind(file);
    std::string text;
    char buffer[256];
    while (std::fgets(buffer, sizeof buffer, file))
        text += buffer;
    std::fclose(file);
    return text;
}

} // namespace

TEST_CASE("positions written with 17 digits read back bit-identical", "[state_io]")
{
    const std::vector<glm::dvec2> positions = {{0.1, -0.2}, {1.0 / 3.0, -2.0 / 7.0},
                                               {std::numeric_limits<double>::denorm_min(), -1e300}};
    const std::string text = writtenText(positions);
    CHECK(text.substr(0, 27) == "0.10000000000000001 -0.2000");
    const auto back = pbd::parsePositions(text);
    REQUIRE(back);
    CHECK(*back == positions);
}

TEST_CASE("malformed position text is refused", "[state_io]")
{
    CHECK_FALSE(pbd::parsePositions("1 2\n3\n"));
    CHECK_FALSE(pbd::parsePositions("1 2 3\n"));
    CHECK_FALSE(pbd::parsePositions("1 nan\n"));
    CHECK(pbd::parsePositions("1 2\n\n3 4\n")->size() == 2);
}

TEST_CASE("3D positions written with 17 digits read back bit-identical, three to a line",
          "[state_io]")
{
    const std::vector<glm::dvec3> positions = {{0.1, -0.2, 1.0 / 3.0},
                                               {-2.0 / 7.0, 1e-300, -0.0}};
    const std::string text = writtenText(positions);
    const auto back = pbd::parsePositions<3>(text);
    REQUIRE(back);
    CHECK(*back == positions);
    CHECK(std::signbit((*back)[1].z));
    CHECK_FALSE(pbd::parsePositions<3>("1 2\n"));       // a 2D line
    CHECK_FALSE(pbd::parsePositions<3>("1 2 3 4\n"));   // one number too many
    CHECK_FALSE(pbd::parsePositions<3>("1 2 inf\n"));
    CHECK_FALSE(pbd::parsePositions("1 2 3\n"));        // a 3D line read as 2D
}

TEST_CASE("writing to a path that cannot be opened reports the path", "[state_io]")
{
    const auto error = pbd::writePositionsFile<2>("/nonexistent-dir/x.txt", {{0.0, 0.0}});
    REQUIRE(error);
    CHECK(error->find("/nonexistent-dir/x.txt") != std::string::npos);
}
