#include <catch2/catch.hpp>

#include "logic/step_timer.h"

using pbd::app::StepTimer;

TEST_CASE("the step time shows 0 until the first 50 steps are done", "[timer]")
{
    StepTimer timer;
    CHECK(timer.meanMilliseconds() == 0.0);
    for (int i = 0; i < 49; ++i)
        timer.add(2.0);
    CHECK(timer.meanMilliseconds() == 0.0);
    timer.add(2.0);
    CHECK(timer.meanMilliseconds() == 2.0);
}

TEST_CASE("every 50 steps the mean of exactly those 50 steps is shown", "[timer]")
{
    StepTimer timer;
    for (int i = 1; i <= 50; ++i)
        timer.add(i); // 1 + 2 + ... + 50 = 1275
    CHECK(timer.meanMilliseconds() == Approx(25.5));
    // The next window starts from nothing: its mean does not include the first 50 steps.
    for (int i = 0; i < 49; ++i)
        timer.add(4.0);
    CHECK(timer.meanMilliseconds() == Approx(25.5));
    timer.add(4.0);
    CHECK(timer.meanMilliseconds() == Approx(4.0));
}

TEST_CASE("reset forgets the shown mean and the steps accumulated so far", "[timer]")
{
    StepTimer timer;
    for (int i = 0; i < 50; ++i)
        timer.add(3.0);
    for (int i = 0; i < 25; ++i)
        timer.add(100.0);
    timer.reset();
    CHECK(timer.meanMilliseconds() == 0.0);
    for (int i = 0; i < 50; ++i)
        timer.add(1.0);
    CHECK(timer.meanMilliseconds() == Approx(1.0));
}
