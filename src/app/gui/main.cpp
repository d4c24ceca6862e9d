// pbd-cloth: the interactive position-based dynamics cloth in a desktop window.

#include <cstdio>
#include <exception>

#include "common/settings_flags.h"
#include "gui/app.h"
#include "logic/app_error.h"
#include "logic/app_command_line.h"

int main(int argc, char** argv)
{
    using namespace pbd;
    app::AppOptions options;
    if (const auto status = app::readAppCommandLine(argc, argv, options))
        return *status; // --help, --version, or a refused flag (said why)
    try {
        app::App application(options);
        return application.run();
    } catch (const app::AppError& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return common::kExitIo;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "pbd-cloth: %s\n", e.what());
        return common::kExitIo;
    }
}
