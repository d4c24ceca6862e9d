// libFuzzer target: any bytes as pbd-sim's arguments (split at NUL bytes, at most 64 of them).
// CLI11 parses them with pbd-sim's real command line; then the run subcommand's values go
// through the same strict conversion and validation as `pbd-sim run` (nothing is simulated)
// and bench's numeric values through the same whole-number parser and settings flags. Every refusal must name an
// option and say what is allowed; every accepted run must yield valid settings.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "command_line.h"
#include "common/settings_flags.h"

namespace {

void require(bool condition)
{
    if (!condition)
        std::abort();
}

/// Silences std::cout and std::cerr (help and error text) for one input.
class Silence {
public:
    Silence() : out_(std::cout.rdbuf(sink_.rdbuf())), err_(std::cerr.rdbuf(sink_.rdbuf())) {}
    ~Silence()
    {
        std::cout.rdbuf(out_);
        std::cerr.rdbuf(err_);
    }

private:
    std::ostringstream sink_;
    std::streambuf* out_;
    std::streambuf* err_;
};

void checkRefusal(const std::optional<std::string>& error)
{
    if (error) {
        require(error->rfind("--", 0) == 0); // names the option
        require(error->find("allowed: ") != std::string::npos);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    std::vector<std::string> args{"pbd-sim"};
    std::string current;
    for (std::size_t i = 0; i < size; ++i) {
        if (data[i] == 0) {
            args.push_back(current);
            current.clear();
            if (args.size() > 64)
                return 0;
        } else {
            current += static_cast<char>(data[i]);
        }
    }
    if (size > 0)
        args.push_back(current);
    std::vector<char*> argv;
    for (std::string& arg : args)
        argv.push_back(arg.data());
    argv.push_back(nullptr);

    Silence silence;
    pbd::cli::CommandLine commandLine;
    const auto status =
        pbd::common::parseCommandLine(commandLine.app, static_cast<int>(args.size()), argv.data());
    if (status) {
        require(*status == 0 || *status == pbd::common::kExitUsage);
        return 0;
    }
    if (commandLine.runCommand->parsed()) {
        pbd::Settings settings;
        long long steps = 1000;
        const auto error = pbd::cli::checkRunOptions(commandLine.run, settings, steps);
        checkRefusal(error);
        if (!error) {
            require(!pbd::validate(settings));
            require(steps >= 0 && steps <= pbd::cli::kMaxRunSteps);
        } else {
            require(settings == pbd::Settings{}); // a refusal leaves the defaults
        }
    } else if (commandLine.scenesCommand->parsed()) {
        return 0; // takes no options: nothing to check
    } else {
        require(commandLine.benchCommand->parsed());
        const pbd::cli::BenchOptions& bench = commandLine.bench;
        long long value = 0;
        if (bench.stepsText)
            checkRefusal(pbd::common::parseWholeOption("--steps", *bench.stepsText, 1, 1'000'000, value));
        // The table's flags (--iterations, --stiffness, --substeps, ...): refused with the
        // option and the range, or valid settings.
        pbd::Settings settings;
        const auto error = bench.physicsFlags.applyTo(settings);
        checkRefusal(error);
        require(error ? settings == pbd::Settings{} : !pbd::validate(settings));
    }
    return 0;
}
