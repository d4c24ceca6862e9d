#pragma once
/// \file
/// The one exception type of the desktop app: a startup or runtime failure that ends the
/// program with a message and exit status 1 (no display, no OpenGL 3.3, a shader error).

#include <stdexcept>
#include <string>

namespace pbd::app {

/// A failure the user must read: main prints what() and exits with status 1.
class AppError : public std::runtime_error {
public:
    explicit AppError(const std::string& message) : std::runtime_error(message) {}
};

} // namespace pbd::app
