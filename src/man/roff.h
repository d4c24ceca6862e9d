#pragma once
/// \file
/// A man(7) page written line by line: the macros the pages use and the escaping of text.

#include <ostream>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

namespace pbd::man {

/// `text` escaped for roff: backslashes as \e, hyphens as \- (so that options copy as typed),
/// and a line that would start with '.' or '\'' (a request) guarded by \&.
std::string escape(std::string_view text);

/// Writes a page's parts to `out`.
class Roff {
public:
    explicit Roff(std::ostream& out) : out_(out) {}
    /// .TH NAME SECTION "" SOURCE MANUAL
    void title(std::string_view name, std::string_view source);
    /// .SH HEADING
    void section(std::string_view heading);
    /// .SS HEADING
    void subsection(std::string_view heading);
    /// A paragraph of text (.PP first unless it follows a heading).
    void paragraph(std::string_view text);
    /// A tagged paragraph: TAG in bold, then TEXT. With `placeholders`, the tag's words in
    /// UPPER CASE and its word lists are in italics (see tag()); without, it is bold whole
    /// (keys such as F1, variables such as XDG_STATE_HOME).
    void item(std::string_view tag, std::string_view text, bool placeholders = true);
    /// A line written as it is: a macro or text already escaped.
    void raw(std::string_view line);
    /// Every visible option of `app` (not its subcommands') as items: "--flag VALUE" and the
    /// option's description.
    void options(const CLI::App& app);

private:
    std::ostream& out_;
};

/// "\fB\-\-dt\fR \fIVALUE\fR": a tag's words in bold, those in UPPER CASE (placeholders) and
/// the value lists of choices ("sequential|colored|gpu") in italics.
std::string tag(std::string_view text);

} // namespace pbd::man
