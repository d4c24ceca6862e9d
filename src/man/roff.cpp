#include "roff.h"

#include <cctype>
#include <sstream>

namespace pbd::man {
namespace {

/// A word of a tag that stands for a value: a placeholder (FILE, N, X,Y,R) or a list of
/// words to choose from (on|off).
bool placeholder(std::string_view word)
{
    bool upper = false;
    for (const char c : word) {
        if (std::islower(static_cast<unsigned char>(c)))
            return word.find('|') != std::string_view::npos && word.front() != '-';
        upper = upper || std::isupper(static_cast<unsigned char>(c));
    }
    return upper;
}

} // namespace

std::string escape(std::string_view text)
{
    std::string out;
    for (const char c : text) {
        if (c == '\\')
            out += "\\e";
        else if (c == '-')
            out += "\\-";
        else
            out += c;
    }
    if (!out.empty() && (out.front() == '.' || out.front() == '\''))
        out.insert(0, "\\&");
    return out;
}

std::string tag(std::string_view text)
{
    std::string out;
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t space = text.find(' ', i);
        const std::string_view word =
            text.substr(i, space == std::string_view::npos ? std::string_view::npos : space - i);
        if (!out.empty())
            out += ' ';
        out += (placeholder(word) ? "\\fI" : "\\fB") + escape(word) + "\\fR";
        if (space == std::string_view::npos)
            break;
        i = space + 1;
    }
    return out;
}

void Roff::title(std::string_view name, std::string_view source)
{
    std::string upper(name);
    for (char& c : upper)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    out_ << ".TH " << escape(upper) << " 1 \"\" \"" << escape(source)
         << "\" \"User Commands\"\n";
}

void Roff::section(std::string_view heading) { out_ << ".SH " << escape(heading) << "\n"; }

void Roff::subsection(std::string_view heading) { out_ << ".SS " << escape(heading) << "\n"; }

void Roff::paragraph(std::string_view text)
{
    out_ << ".PP\n";
    std::istringstream lines{std::string(text)};
    for (std::string line; std::getline(lines, line);)
        out_ << (line.empty() ? ".sp" : escape(line)) << "\n";
}

void Roff::item(std::string_view tagText, std::string_view text, bool placeholders)
{
    out_ << ".TP\n" << (placeholders ? tag(tagText) : "\\fB" + escape(tagText) + "\\fR") << "\n";
    std::istringstream lines{std::string(text)};
    bool first = true;
    for (std::string line; std::getline(lines, line); first = false)
        out_ << (first ? "" : ".br\n") << escape(line) << "\n";
}

void Roff::raw(std::string_view line) { out_ << line << "\n"; }

void Roff::options(const CLI::App& app)
{
    for (const CLI::Option* option : app.get_options()) {
        const std::string names = option->get_name(false, true); // "--events,--drag"
        if (names.empty())
            continue; // hidden
        std::string shown;
        std::istringstream split(names);
        for (std::string name; std::getline(split, name, ',');)
            shown += (shown.empty() ? "" : ", ") + name;
        if (option->get_expected_max() != 0 && !option->get_type_name().empty())
            shown += " " + option->get_type_name();
        item(shown, option->get_description());
    }
}

} // namespace pbd::man
