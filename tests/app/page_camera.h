#pragma once
// A small builder shared by the app-logic tests.

#include "logic/camera.h"

namespace pbd::app::test {

/// The page's view of its 1050 x 960 canvas: origin (525, 280), 50 pixels per metre, so world
/// (x, y) is at window (525 + 50 x, 280 - 50 y).
inline Camera pageCamera()
{
    Camera camera;
    camera.resetToPage({1050.0, 960.0});
    return camera;
}

} // namespace pbd::app::test
