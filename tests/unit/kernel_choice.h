#pragma once
// Which of the colored solver's kernels a test case compares, so that the AVX2 comparisons
// are test cases of their own: on a CPU without AVX2, Kernel::Best is the SSE2 kernels, and a
// comparison of "Best" would silently test SSE2 twice.

#include <cstdlib>

#include <catch2/catch.hpp>

#include "colored/colored_kernels.h"
#include "colored/colored_solver.h"

namespace pbd::test {

/// The message that marks a test case as skipped: CTest's SKIP_REGULAR_EXPRESSION for the
/// unit tests (tests/CMakeLists.txt) matches it, so that `ctest` lists the case as skipped.
inline const char* const kNoAvx2 = "SKIPPED: no AVX2 on this CPU";

/// Whether the AVX2 kernels can be compared here: the CPU has AVX2 (what Kernel::Best asks
/// of it) and PBD_TEST_PRETEND_NO_AVX2 is unset, which lets a machine with AVX2 show the
/// skip.
inline bool avx2KernelsRun()
{
    return cpuHasAvx2() && std::getenv("PBD_TEST_PRETEND_NO_AVX2") == nullptr;
}

/// In an AVX2 test case (whose Kernel::Best then takes the AVX2 kernels): where they cannot
/// run, reports the skip, saying why, and returns.
#define PBD_REQUIRE_AVX2_OR_SKIP()                                                              \
    do {                                                                                        \
        if (!pbd::test::avx2KernelsRun()) {                                                     \
            WARN(pbd::test::kNoAvx2 << ": the AVX2 kernels are not compared");                 \
            return;                                                                             \
        }                                                                                       \
    } while (false)

} // namespace pbd::test
