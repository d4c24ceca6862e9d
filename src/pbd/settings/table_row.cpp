#include "pbd/table_row.h"

#include <cmath>

#include "files/input_text.h"

namespace pbd {
namespace {

/// "a, b or c": the words of a choice, as messages list them.
std::string listOfNames(ChoiceNames names)
{
    std::string text;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0)
            text += i + 1 == names.size() ? " or " : ", ";
        text += names[i].second;
    }
    return text;
}

bool isName(ChoiceNames names, double value)
{
    for (const auto& entry : names)
        if (entry.first == value)
            return true;
    return false;
}

} // namespace

bool allowedValue(const ValueRule& rule, double value)
{
    switch (rule.kind) {
    case SettingKind::Choice:
    case SettingKind::OnOff:
        return isName(rule.names, value);
    case SettingKind::Whole:
    case SettingKind::Real:
        break;
    }
    if (rule.autoWord && value == 0.0)
        return true;
    if (!std::isfinite(value) || value < rule.lo || value > rule.hi)
        return false;
    if (rule.kind == SettingKind::Whole && value != std::floor(value))
        return false;
    return !rule.accepts || rule.accepts(value);
}

std::string allowedValues(const ValueRule& rule)
{
    if (rule.allowedText)
        return rule.allowedText;
    if (rule.kind == SettingKind::Choice || rule.kind == SettingKind::OnOff)
        return "allowed: " + listOfNames(rule.names);
    std::string text = "allowed: ";
    if (rule.autoWord)
        text += std::string(rule.autoWord) + " or ";
    text += std::string(rule.kind == SettingKind::Whole ? "a whole number" : "a finite number") +
            " from " + formatNumber(rule.lo) + " to " + formatNumber(rule.hi);
    if (*rule.unit)
        text += std::string(" ") + rule.unit;
    if (*rule.note)
        text += std::string(" (") + rule.note + ")";
    return text;
}

std::optional<double> readValue(const ValueRule& rule, std::string_view text, std::string& reason)
{
    switch (rule.kind) {
    case SettingKind::Choice:
    case SettingKind::OnOff:
        if (auto value = valueNamed(rule.names, text))
            return static_cast<double>(*value);
        reason = std::string("is not ") + rule.what;
        return std::nullopt;
    case SettingKind::Whole: {
        int value = 0;
        if (parseNumber(text, value))
            return static_cast<double>(value);
        reason = numberOutOfRange<int>(text) ? "is out of range" : "is not a whole number";
        return std::nullopt;
    }
    case SettingKind::Real:
        break;
    }
    if (rule.autoWord && text == rule.autoWord)
        return 0.0;
    double value = 0.0;
    if (!parseNumber(text, value)) {
        reason = numberOutOfRange<double>(text) ? "is out of range" : "is not a number";
        return std::nullopt;
    }
    if (!std::isfinite(value)) { // "nan", "inf": numbers, but never a setting's
        reason = "is not a finite number";
        return std::nullopt;
    }
    if (rule.autoWord && value == 0.0) { // 0 stands for the word, and is outside the range
        reason = "is not allowed";
        return std::nullopt;
    }
    return value;
}

std::string valueText(const ValueRule& rule, double value)
{
    switch (rule.kind) {
    case SettingKind::Choice:
    case SettingKind::OnOff:
        for (const auto& [entry, name] : rule.names)
            if (entry == value)
                return std::string(name);
        return formatNumber(value); // not one of the words: say what it is
    case SettingKind::Whole:
        return std::to_string(static_cast<long long>(value));
    case SettingKind::Real:
        break;
    }
    if (rule.autoWord && value == 0.0)
        return rule.autoWord;
    return formatNumber(value);
}

} // namespace pbd
