#include <cstdio>
#include <limits>

#include <catch2/catch.hpp>

#include "pbd/state_io.h"

TEST_CASE("positions written with 17 digits read back bit-identical", "[state_io]")
{
    const std::vector<glm::dvec2> positions = {{0.1, -0.2}, {1.0 / 3.0, -2.0 / 7.0},
                                               {std::numeric_limits<double>::denorm_min(), -1e300}};
    std::FILE* file = std::tmpfile();
    REQUIRE(file);
    REQUIRE(pbd::writePositions(file, positions));
    std::rewind(file);
    std::string text;
    char buffer[256];
    while (std::fgets(buffer, sizeof buffer, file))
        text += buffer;
    std::fclose(file);
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

TEST_CASE("writing to a path that cannot be opened reports the path", "[state_io]")
{
    const auto error = pbd::writePositionsFile<2>("/nonexistent-dir/x.txt", {{0.0, 0.0}});
    REQUIRE(error);
    CHECK(error->find("/nonexistent-dir/x.txt") != std::string::npos);
}
