#pragma once
/// \file
/// Reading numbers that people type, quoting what they typed in error messages, and reading a
/// file people name whole. Shared by the drag-script parser, the command line and the app.

#include <charconv>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <iterator>
#include <type_traits>
#include <utility>

namespace pbd {

/// `text` without the spaces and tabs at its ends (what a panel field's number is read from).
inline std::string_view trimSpaces(std::string_view text)
{
    const auto isSpace = [](char c) { return c == ' ' || c == '\t'; };
    while (!text.empty() && isSpace(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && isSpace(text.back()))
        text.remove_suffix(1);
    return text;
}

/// Strict conversion: true only when the whole of `text` is one number of type T (no spaces,
/// no trailing characters, no leading '+', within T's range). For doubles, "nan" and "inf"
/// convert; callers that need finite values check them.
template <typename T>
bool parseNumber(std::string_view text, T& value)
{
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    return !text.empty() && ec == std::errc() && ptr == end;
}

/// True when `text` is a number of type T's syntax that is too large (or too small) for T,
/// such as "1e400" for a double or "99999999999999999999" for an int.
template <typename T>
bool numberOutOfRange(std::string_view text)
{
    T value{};
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    return !text.empty() && ec == std::errc::result_out_of_range && ptr == end;
}

/// The words of a choice typed as a word ("colored", "strain"): one (value, name) pair per
/// value, names given as string literals. One table serves both directions.
template <typename T, std::size_t N>
using NameTable = std::array<std::pair<T, std::string_view>, N>;

/// The value that `names` calls `name`, or nothing: how a choice typed as a word is read.
/// `names` is a NameTable or any range of (value, name) pairs (a settings row's words).
template <typename Names>
auto valueNamed(const Names& names, std::string_view name)
    -> std::optional<std::remove_cvref_t<decltype(std::begin(names)->first)>>
{
    for (const auto& [value, valueName] : names)
        if (valueName == name)
            return value;
    return std::nullopt;
}

/// The name `names` gives `value` (null-terminated: the names are literals); the first
/// entry's for a value the table lacks.
template <typename T, std::size_t N>
const char* nameOf(const NameTable<T, N>& names, T value)
{
    for (const auto& [entry, entryName] : names)
        if (entry == value)
            return entryName.data();
    return names[0].second.data();
}

/// The shortest text that reads back as the same double ("0.005", "-9.81", "1e-06", "nan"):
/// the one number formatter of messages, the panel's fields and dumps.
std::string formatNumber(double value);

/// A point or vector as "(x, y)" or "(x, y, z)", each as formatNumber() writes it.
template <typename V>
std::string formatPoint(const V& v)
{
    std::string text = "(";
    for (int c = 0; c < static_cast<int>(v.length()); ++c)
        text += (c > 0 ? ", " : "") + formatNumber(v[c]);
    return text + ")";
}

/// `text` in single quotes for a message: at most 40 characters ("..." when cut), every byte
/// outside printable ASCII shown as '?', so that binary junk cannot garble a terminal.
std::string quoteInput(std::string_view text);

/// Why readWholeFile() failed: the system's reason (strerror), and whether the file opened.
struct FileReadError {
    bool opened;
    std::string reason;
};
/// Reads the file at `path` whole into `text` (left as it was on failure). A directory is a
/// failure too (it opens, but reading it fails), unlike with std::ifstream. Reading stops
/// after `maxBytes` (so that a device such as /dev/zero ends): the caller refuses a text that
/// long.
std::optional<FileReadError> readWholeFile(const std::string& path, std::string& text,
                                           std::size_t maxBytes = SIZE_MAX);

} // namespace pbd
