// Catch's implementation, compiled once for every test program (tests/CMakeLists.txt); the
// programs' mains (test_main.cpp, gpu/gpu_test_main.cpp) run it through runCatch.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "catch_run.h"

int pbd::test::runCatch(int argc, char* argv[])
{
    return Catch::Session().run(argc, argv);
}
