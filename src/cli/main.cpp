// pbd-sim: runs, dumps and benchmarks the cloth simulation without a display, and lists its
// built-in scenes.

#include <iostream>

#include "command_line.h"
#include "common/settings_flags.h"

int main(int argc, char** argv)
{
    using namespace pbd::cli;
    CommandLine commandLine;
    if (auto status = pbd::common::parseCommandLine(commandLine.app, argc, argv))
        return *status;
    if (commandLine.runCommand->parsed())
        return runCommandMain(commandLine.run);
    if (commandLine.validateCommand->parsed())
        return validateCommandMain(commandLine.validate);
    if (commandLine.scenesCommand->parsed())
        return scenesCommandMain(std::cout);
    return benchCommandMain(commandLine.bench);
}
