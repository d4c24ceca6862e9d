// docs/pbd-sim.md is written by hand; these tests hold it to the settings table
// (include/pbd/settings_table.h), from which pbd-sim's flags and their --help are derived:
// every row's flag is in the synopsis of each command that takes it, has a line in the
// "Allowed values" table that states the row's range (or its words), and bench's flags
// (the rows marked onBench) are in the bench section.

#include <catch2/catch.hpp>

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "pbd/settings_table.h"

namespace {

/// docs/pbd-sim.md, whole.
std::string pbdSimDoc()
{
    std::ifstream in(PBD_SOURCE_DIR "/docs/pbd-sim.md");
    REQUIRE(in);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::vector<std::string> linesOf(const std::string& text)
{
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

/// The lines of the section under the heading `heading` ("## bench"), up to the next heading
/// of that level or higher.
std::vector<std::string> section(const std::vector<std::string>& lines, const std::string& heading)
{
    std::vector<std::string> out;
    bool in = false;
    for (const std::string& line : lines) {
        if (line == heading) {
            in = true;
            continue;
        }
        if (in && line.rfind("# ", 0) == 0)
            break;
        if (in && line.rfind("## ", 0) == 0)
            break;
        if (in)
            out.push_back(line);
    }
    return out;
}

/// The synopsis of `command` ("pbd-sim run"): its line, indented by four spaces, and the
/// lines that continue it (indented further).
std::string synopsis(const std::vector<std::string>& lines, const std::string& command)
{
    std::string out;
    for (const std::string& line : lines) {
        if (out.empty()) {
            if (line.rfind("    " + command, 0) == 0)
                out = line;
        } else if (line.rfind("            ", 0) == 0) {
            out += " " + line;
        } else {
            break;
        }
    }
    return out;
}

/// The cells of a Markdown table row ("| a | b \| c |" gives "a", "b | c").
std::vector<std::string> cells(const std::string& line)
{
    std::vector<std::string> out;
    std::string cell;
    for (std::size_t i = 1; i < line.size(); ++i) {
        if (line[i] == '\\' && i + 1 < line.size() && line[i + 1] == '|') {
            cell += '|';
            ++i;
        } else if (line[i] == '|') {
            out.push_back(cell);
            cell.clear();
        } else {
            cell += line[i];
        }
    }
    return out;
}

/// Every number written in `text` ("1e-6 to 1 s" gives 1e-6 and 1): an optional minus,
/// digits, an optional fraction and exponent, not preceded by a letter, digit, '_' or '.'.
/// (Scanned by hand: std::regex trips GCC 12's -Wmaybe-uninitialized under the sanitizers.)
std::vector<double> numbersIn(const std::string& text)
{
    auto digit = [&text](std::size_t k) {
        return k < text.size() && std::isdigit(static_cast<unsigned char>(text[k])) != 0;
    };
    auto word = [&text](std::size_t k) {
        const char c = text[k];
        return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '.';
    };
    std::vector<double> out;
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t start = i;
        std::size_t k = text[i] == '-' ? i + 1 : i;
        if (!digit(k) || (start > 0 && word(start - 1))) {
            ++i;
            continue;
        }
        while (digit(k))
            ++k;
        if (k < text.size() && text[k] == '.' && digit(k + 1))
            for (++k; digit(k); ++k) {
            }
        if (k < text.size() && text[k] == 'e') {
            std::size_t e = k + 1;
            if (e < text.size() && (text[e] == '+' || text[e] == '-'))
                ++e;
            if (digit(e))
                for (k = e; digit(k); ++k) {
                }
        }
        out.push_back(std::strtod(text.substr(start, k - start).c_str(), nullptr));
        i = k;
    }
    return out;
}

bool mentions(const std::vector<double>& numbers, double value)
{
    for (double n : numbers)
        if (n == value || std::abs(n - value) <= 1e-12 * std::abs(value))
            return true;
    return false;
}

/// Whether `text` quotes `flag` as the docs do: "`--flag`", or with a value "`--flag N`".
bool quotes(const std::string& text, const char* flag)
{
    std::string open(flag);
    open.insert(open.begin(), '`');
    for (std::size_t at = text.find(open); at != std::string::npos;
         at = text.find(open, at + 1)) {
        const std::size_t next = at + open.size();
        if (next < text.size() && (text[next] == '`' || text[next] == ' '))
            return true;
    }
    return false;
}

} // namespace

TEST_CASE("every setting's flag has a line in pbd-sim.md's allowed values with its range",
          "[docs]")
{
    const std::vector<std::string> allowed = section(linesOf(pbdSimDoc()), "## Allowed values");
    REQUIRE_FALSE(allowed.empty());
    for (const pbd::SettingField& row : pbd::settingFields()) {
        INFO("the row " << row.name << ", " << row.flag);
        // The table's line whose flag cell quotes the flag.
        std::vector<std::string> found;
        for (const std::string& line : allowed) {
            if (line.rfind("|", 0) != 0)
                continue;
            const std::vector<std::string> c = cells(line);
            if (c.size() >= 3 && quotes(c[1], row.flag))
                found = c;
        }
        REQUIRE(found.size() >= 3); // no line of "Allowed values" names the flag
        const std::string& values = found[2];
        INFO("its allowed values in the doc: " << values);
        if (row.value.kind == pbd::SettingKind::Whole || row.value.kind == pbd::SettingKind::Real) {
            const std::vector<double> numbers = numbersIn(values);
            CHECK(mentions(numbers, row.value.lo));
            CHECK(mentions(numbers, row.value.hi));
        } else {
            for (const auto& [value, word] : row.value.names) {
                std::string text(word); // `word`, as the docs quote a value
                text.insert(text.begin(), '`');
                text.push_back('`');
                CHECK(values.find(text) != std::string::npos);
            }
        }
    }
}

TEST_CASE("every setting's flag is in pbd-sim.md's synopses, and bench's in its section",
          "[docs]")
{
    const std::vector<std::string> lines = linesOf(pbdSimDoc());
    const std::string run = synopsis(lines, "pbd-sim run ");
    const std::string bench = synopsis(lines, "pbd-sim bench ");
    const std::vector<std::string> benchSection = section(lines, "## bench");
    REQUIRE_FALSE(run.empty());
    REQUIRE_FALSE(bench.empty());
    REQUIRE_FALSE(benchSection.empty());
    std::string benchText;
    for (const std::string& line : benchSection)
        benchText += line + "\n";
    for (const pbd::SettingField& row : pbd::settingFields()) {
        INFO("the row " << row.name << ", " << row.flag);
        const std::string option = std::string("[") + row.flag + (row.bareFlag ? "]" : " ");
        CHECK(run.find(option) != std::string::npos);
        if (row.onBench) {
            CHECK(bench.find(option) != std::string::npos);
            CHECK(quotes(benchText, row.flag));
        } else {
            CHECK(bench.find(option) == std::string::npos);
        }
    }
}
