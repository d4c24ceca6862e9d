#include "common/settings_flags.h"

#include <cctype>
#include <charconv>
#include <iostream>
#include <type_traits>

#include "input_text.h"
#include "worker_pool.h"

namespace pbd::common {
namespace {

/// Why `text` could not be converted to T, for a message: a number too large (or too small)
/// for T reads differently from text that is not a number at all.
template <typename T>
const char* unreadable(const std::string& text)
{
    if (numberOutOfRange<T>(text))
        return " is out of range; ";
    return std::is_integral_v<T> ? " is not a whole number; " : " is not a number; ";
}

/// The command-line option that sets a Settings field.
std::string optionForField(const std::string& field)
{
    const SettingField* f = findSettingField(field);
    return f ? f->flag : field;
}

/// Solver and threads have flags of their own kind (a name; 1 to kMaxThreads): SolverFlags.
bool ownFlag(const SettingField& field) { return field.section == PanelSection::Performance; }

} // namespace

std::optional<std::string> parseWholeOption(const std::string& option, const std::string& text,
                                            long long lo, long long hi, long long& value)
{
    long long parsed = 0;
    const std::string allowed =
        "allowed: a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
    if (!parseNumber(text, parsed))
        return option + ": " + quoteInput(text) + unreadable<long long>(text) + allowed;
    if (parsed < lo || parsed > hi)
        return option + ": " + quoteInput(text) + " is out of range; " + allowed;
    value = parsed;
    return std::nullopt;
}

void SolverFlags::addTo(CLI::App& app)
{
    app.add_option("--solver", solver_, findSettingField("solver")->brief)->type_name("NAME");
    app.add_option("--gpu-precision", gpuPrecision_, findSettingField("gpuPrecision")->brief)
        ->type_name("NAME");
    app.add_option("--threads", threads_,
                   std::string(findSettingField("threads")->brief) +
                       " (default: one per core, here " + std::to_string(resolveThreadCount(0)) +
                       "; allowed: 1 to " + std::to_string(kMaxThreads) + ")")
        ->type_name("N");
}

std::optional<std::string> SolverFlags::check() const
{
    if (solver_ && !solverFromName(*solver_))
        return "--solver: " + quoteInput(*solver_) +
               " is not a solver; allowed: sequential, colored or gpu";
    if (gpuPrecision_ && !gpuPrecisionFromName(*gpuPrecision_))
        return "--gpu-precision: " + quoteInput(*gpuPrecision_) +
               " is not a precision; allowed: float or double";
    long long threads = 0;
    if (threads_)
        return parseWholeOption("--threads", *threads_, 1, kMaxThreads, threads);
    return std::nullopt;
}

std::optional<Solver> SolverFlags::solver() const
{
    return solver_ ? solverFromName(*solver_) : std::nullopt;
}

std::optional<int> SolverFlags::threads() const
{
    int threads = 0;
    if (threads_ && parseNumber(*threads_, threads))
        return threads;
    return std::nullopt;
}

std::optional<GpuPrecision> SolverFlags::gpuPrecision() const
{
    return gpuPrecision_ ? gpuPrecisionFromName(*gpuPrecision_) : std::nullopt;
}

void SolverFlags::applyTo(Settings& settings) const
{
    if (auto precision = gpuPrecision())
        settings.gpuPrecision = *precision;
    if (auto solver = this->solver())
        settings.solver = *solver;
    if (auto threads = this->threads())
        settings.threads = *threads;
}

SettingsFlags::SettingsFlags(FlagSet set) : set_(set)
{
    for (const SettingField& field : settingFields())
        if (!ownFlag(field) && (set == FlagSet::All || field.onBench))
            fields_.push_back(&field);
    values_.resize(fields_.size());
}

void SettingsFlags::addTo(CLI::App& app)
{
    const Settings defaults;
    for (std::size_t i = 0; i < fields_.size(); ++i) {
        const SettingField& f = *fields_[i];
        app.add_option(f.flag, values_[i],
                       std::string(f.brief) + " (default " + settingText(f, defaults) + "; " +
                           allowedValues(f) + ")")
            ->type_name("VALUE");
    }
    if (set_ == FlagSet::All)
        solverFlags_.addTo(app);
}

std::optional<std::string> SettingsFlags::applyTo(Settings& settings) const
{
    Settings next = settings;
    // Converts each flag's text into its field; an unreadable value is refused here, an
    // out-of-range one by validate() below.
    for (std::size_t i = 0; i < fields_.size(); ++i) {
        const SettingField& f = *fields_[i];
        const std::optional<std::string>& text = values_[i];
        if (!text)
            continue;
        std::optional<std::string> error;
        if (f.whole) {
            int value = 0;
            if (parseNumber(*text, value))
                f.set(next, value);
            else
                error = std::string(f.flag) + ": " + quoteInput(*text) + unreadable<int>(*text) +
                        allowedValues(f);
        } else {
            double value = 0.0;
            if (parseNumber(*text, value))
                f.set(next, value);
            else
                error = std::string(f.flag) + ": " + quoteInput(*text) +
                        unreadable<double>(*text) + allowedValues(f);
        }
        if (error)
            return error;
    }
    if (set_ == FlagSet::All) {
        if (auto error = solverFlags_.check())
            return error;
        solverFlags_.applyTo(next);
    }
    if (auto error = validate(next)) {
        // Show the value as typed ("-INF", "99999999999999999999") before the value as read.
        std::string typed;
        for (std::size_t i = 0; i < fields_.size(); ++i)
            if (error->field == fields_[i]->name && values_[i])
                typed = quoteInput(*values_[i]) + ": ";
        return optionForField(error->field) + ": " + typed + error->message;
    }
    settings = next;
    return std::nullopt;
}

std::optional<int> parseCommandLine(CLI::App& app, int argc, char** argv)
{
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        // Name the subcommand that refused, and quote the arguments it did not expect (CLI11
        // lists them unquoted and in reverse order).
        std::string command = app.get_name();
        const auto selected = app.get_subcommands();
        if (!selected.empty())
            command += " " + selected.front()->get_name();
        std::string extras;
        for (const std::string& arg : app.remaining(true))
            extras += " " + quoteInput(arg);
        std::cerr << command << ": ";
        if (selected.empty() && app.get_require_subcommand_min() > 0) {
            std::string names;
            for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
                names += (names.empty() ? "" : " or ") + sub->get_name();
            std::cerr << (extras.empty() ? "a subcommand is required"
                                         : "unknown subcommand or option" + extras)
                      << "; allowed: " << names << "\n";
        }
        else if (dynamic_cast<const CLI::ExtrasError*>(&e)) {
            std::cerr << "unexpected argument" << extras << "; allowed: the options of '"
                      << command << " --help'";
            // An option takes the next argument as its value even when it looks like an
            // option ("--width --height 5"); say so, since that is why "5" was unexpected.
            for (const CLI::Option* option : selected.empty() ? app.get_options()
                                                              : selected.front()->get_options())
                for (const std::string& value : option->results())
                    if (value.size() > 1 && value[0] == '-' &&
                        (value[1] == '-' || std::isalpha(static_cast<unsigned char>(value[1]))))
                        std::cerr << "; note: " << option->get_name() << " took " << quoteInput(value)
                                  << " as its value";
            std::cerr << "\n";
        }
        else
            std::cerr << e.what() << "\n";
        std::cerr << "Run '" << command << " --help' for usage.\n";
        return kExitUsage;
    }
    return std::nullopt;
}

} // namespace pbd::common
