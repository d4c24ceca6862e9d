// The man pages pbd-sim.1 and pbd-cloth.1 (generated at build time by src/man) against the
// tables they must list: every row of the settings table has a man line, its flag, in
// pbd-sim run's options and pbd-cloth's (and bench's when the row is onBench), and the text
// under it states the row's allowed values; pbd-cloth.1 lists every preference's flag and
// pbd-sim.1 every event line of the event scripts.

#include <catch2/catch.hpp>

#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "pbd/drag_script.h"
#include "pbd/settings_table.h"
#ifdef PBD_MAN_APP
#include "logic/preferences_table.h"
#endif

namespace {

/// The lines of the generated page `name` ("pbd-sim.1").
std::vector<std::string> page(const std::string& name)
{
    std::ifstream in(std::string(PBD_MAN_DIR) + "/" + name);
    REQUIRE(in);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

/// `text` as roff writes it: each '-' as "\-".
std::string roff(const std::string& text)
{
    std::string out;
    for (const char c : text)
        out += c == '-' ? std::string("\\-") : std::string(1, c);
    return out;
}

/// The lines from the heading line `heading` (".SS pbd\-sim run") up to the next heading.
std::vector<std::string> part(const std::vector<std::string>& lines, const std::string& heading)
{
    std::vector<std::string> out;
    bool in = false;
    for (const std::string& line : lines) {
        if (line == heading) {
            in = true;
            continue;
        }
        if (in && (line.rfind(".SH ", 0) == 0 || line.rfind(".SS ", 0) == 0))
            break;
        if (in)
            out.push_back(line);
    }
    return out;
}

/// The text of the item whose tag starts with `flag` in bold ("\fB\-\-dt\fR"), or nothing
/// when no item has that tag.
std::optional<std::string> item(const std::vector<std::string>& lines, const std::string& flag)
{
    const std::string tag = "\\fB" + roff(flag) + "\\fR";
    for (std::size_t i = 1; i < lines.size(); ++i) {
        const std::string& line = lines[i];
        if (lines[i - 1] == ".TP" && line.rfind(tag, 0) == 0 &&
            (line.size() == tag.size() || line[tag.size()] == ' ' || line[tag.size()] == ','))
            return i + 1 < lines.size() ? lines[i + 1] : std::string();
    }
    return std::nullopt;
}

/// Every settings row has an item in `lines` that states its allowed values.
void everySettingIn(const std::vector<std::string>& lines, bool benchOnly)
{
    REQUIRE_FALSE(lines.empty());
    for (const pbd::SettingField& row : pbd::settingFields()) {
        if (benchOnly && !row.onBench)
            continue;
        INFO(row.flag);
        const std::optional<std::string> text = item(lines, row.flag);
        REQUIRE(text);
        if (!row.bareFlag)
            CHECK(text->find(roff(pbd::allowedValues(row))) != std::string::npos);
    }
}

} // namespace

TEST_CASE("pbd-sim.1 lists every setting under run and bench's under bench", "[docs][man]")
{
    const std::vector<std::string> lines = page("pbd-sim.1");
    everySettingIn(part(lines, ".SS pbd\\-sim run"), false);
    everySettingIn(part(lines, ".SS pbd\\-sim bench"), true);
    CHECK(item(part(lines, ".SH OPTIONS"), "--version"));
}

TEST_CASE("pbd-sim.1 lists every event line of the event scripts", "[docs][man]")
{
    const std::vector<std::string> lines = part(page("pbd-sim.1"), ".SH EVENT SCRIPTS");
    REQUIRE(pbd::eventLines().size() >= 20);
    for (const pbd::EventLine& line : pbd::eventLines()) {
        const std::string form = line.form;
        const std::string verb = form.substr(0, form.find(' '));
        INFO(form);
        const std::string tag = "\\fISTEP\\fR \\fB" + roff(verb) + "\\fR";
        bool found = false;
        for (const std::string& text : lines)
            found = found || text.rfind(tag, 0) == 0;
        CHECK(found);
        if (line.form3) { // the 3D form, where it differs, in the same item
            const std::string in3 = roff(std::string("In 3D: STEP ") + line.form3 + ".");
            bool found3 = false;
            for (const std::string& text : lines)
                found3 = found3 || text.find(in3) != std::string::npos;
            CHECK(found3);
        }
    }
}

#ifdef PBD_MAN_APP
TEST_CASE("pbd-cloth.1 lists every setting and every preference", "[docs][man]")
{
    const std::vector<std::string> lines = part(page("pbd-cloth.1"), ".SH OPTIONS");
    everySettingIn(lines, false);
    for (const pbd::app::PreferenceField& row : pbd::app::preferenceFields()) {
        INFO(row.flag);
        const std::optional<std::string> text = item(lines, row.flag);
        REQUIRE(text);
        if (!row.bareFlag)
            CHECK(text->find(roff(pbd::allowedValues(row))) != std::string::npos);
    }
    CHECK(item(lines, "--version"));
}
#endif
