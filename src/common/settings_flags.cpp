#include "common/settings_flags.h"

#include <cctype>
#include <charconv>
#include <iostream>

#include "files/input_text.h"

namespace pbd::common {
namespace {

/// The command-line option that sets a Settings field.
std::string optionForField(const std::string& field)
{
    const SettingField* f = findSettingField(field);
    return f ? f->flag : field;
}

std::vector<const SettingField*> rowsOf(FlagSet set)
{
    std::vector<const SettingField*> rows;
    for (const SettingField& field : settingFields())
        if (set == FlagSet::All || field.onBench)
            rows.push_back(&field);
    return rows;
}

} // namespace

std::string flagHelp(const char* brief, const ValueRule& rule, bool bare,
                     const std::string& defaultText)
{
    if (bare)
        return brief;
    return std::string(brief) + " (default " + defaultText + "; " + allowedValues(rule) + ")";
}

std::string flagTypeName(const ValueRule& rule)
{
    if (rule.kind == SettingKind::Choice || rule.kind == SettingKind::OnOff) {
        std::string names;
        for (const auto& entry : rule.names)
            names += (names.empty() ? "" : "|") + std::string(entry.second);
        return names;
    }
    return rule.autoWord ? std::string(rule.autoWord) + "|VALUE" : std::string("VALUE");
}

std::optional<std::string> readFlag(const char* flag, const ValueRule& rule,
                                    const std::string& text, bool checkRange, double& value)
{
    std::string reason;
    const std::optional<double> read = readValue(rule, text, reason);
    if (!read)
        return std::string(flag) + ": " + quoteInput(text) + " " + reason + "; " +
               allowedValues(rule);
    if (checkRange && !allowedValue(rule, *read))
        return std::string(flag) + ": " + quoteInput(text) + " is not allowed; " +
               allowedValues(rule);
    value = *read;
    return std::nullopt;
}

std::optional<std::string> parseWholeOption(const std::string& option, const std::string& text,
                                            long long lo, long long hi, long long& value)
{
    long long parsed = 0;
    const std::string allowed =
        "allowed: a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
    if (!parseNumber(text, parsed))
        return option + ": " + quoteInput(text) +
               (numberOutOfRange<long long>(text) ? " is out of range; "
                                                  : " is not a whole number; ") +
               allowed;
    if (parsed < lo || parsed > hi)
        return option + ": " + quoteInput(text) + " is out of range; " + allowed;
    value = parsed;
    return std::nullopt;
}

SettingsFlags::SettingsFlags(FlagSet set) : flags_(rowsOf(set)) {}

void SettingsFlags::addTo(CLI::App& app) { flags_.addTo(app, Settings{}); }

std::optional<std::string> SettingsFlags::applyTo(Settings& settings) const
{
    Settings next = settings;
    // Unreadable values are refused here, out-of-range ones by validate() below: some limits
    // depend on other settings (the gpu solver's larger cloths).
    if (auto error = flags_.applyTo(next, false))
        return error;
    if (auto error = validate(next)) {
        // Show the value as typed ("-INF", "99999999999999999999") before the value as read.
        const std::optional<std::string> typed = flags_.text(error->field);
        return optionForField(error->field) + ": " + (typed ? quoteInput(*typed) + ": " : "") +
               error->message;
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
            // "run, bench or scenes"
            const auto subs = app.get_subcommands([](const CLI::App*) { return true; });
            std::string names;
            for (std::size_t i = 0; i < subs.size(); ++i)
                names += (i == 0 ? "" : i + 1 == subs.size() ? " or " : ", ") + subs[i]->get_name();
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
