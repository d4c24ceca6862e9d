#pragma once
// A measurer for the view's tests (logic/view_follow.h's ClothMeasure): it measures, answers
// nothing on its first call and `box` on every later one (at simulated time 0), and notes
// whether the view followed when it was last asked.

#include "logic/view_follow.h"

namespace pbd::app::testing {

template <class Box>
struct FakeMeasure {
    Box box{};
    int calls = 0;
    bool following = false; ///< as of the last call

    ClothMeasure<Box> measurer()
    {
        return [this](bool follows) {
            following = follows;
            DeviceMeasure<Box> measure;
            measure.measures = true;
            if (calls++ > 0)
                measure.latest = MeasuredBox<Box>{box, 0.0};
            return measure;
        };
    }
};

} // namespace pbd::app::testing
