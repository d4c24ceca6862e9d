#pragma once
/// \file
/// The buttons, keys and modifiers the app tells apart, free of GLFW (gui/app_input.cpp maps
/// GLFW's onto these): the words of Input (logic/input.h) and of the run files' Ctrl+R,
/// Ctrl+S and Ctrl+O (io/run_files.h).

namespace pbd::app {

/// Mouse buttons the app uses.
enum class MouseButton { Left, Right, Middle, Other };

/// Keys the app uses; everything else is Other.
enum class Key { Space, S, R, F, Q, O, Z, Home, Escape, F1, F12, Other };

/// Modifier keys held with an event.
struct Modifiers {
    bool shift = false;
    bool control = false;
    bool alt = false;
};

} // namespace pbd::app
