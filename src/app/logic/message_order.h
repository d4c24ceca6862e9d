#pragma once
/// \file
/// The order of the panel's messages: newest first, so that the message just caused (a
/// refusal, a saved file, a recording's end) is the first line of the message place and shows
/// whole, while older ones, still true, follow it. Each frame the panel hands over the
/// messages it has; a message is as new as the frame in which it appeared, its text changed
/// or its source said it again (a refusal typed twice).

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace pbd::app {

/// How a message reads: its colour in the panel.
enum class MessageTone {
    Refusal, ///< a refused value or a failed file operation: red
    Success, ///< an export saved: green
    News,    ///< a recording's or replay's status or outcome: the text's own colour
};

/// One message of the message place.
struct PanelMessage {
    std::string key;          ///< its source ("stiffness", "files", "export", ...)
    std::string text;
    MessageTone tone = MessageTone::News;
    std::uint64_t serial = 0; ///< grows when the source says it again (PanelModel's serials)
    /// A status line whose text counts on ("Recording to F: step 812") stays as old as its
    /// first frame; other messages become newest again when their text changes.
    bool counting = false;
};

class MessageOrder {
public:
    /// This frame's messages, in any order; returns them newest first (messages of the same
    /// age keep their order). Messages absent this frame are forgotten.
    std::vector<PanelMessage> order(std::vector<PanelMessage> messages);

private:
    struct Seen {
        std::string text;
        std::uint64_t serial = 0;
        std::uint64_t age = 0; ///< the clock when it last became news
    };
    std::map<std::string, Seen> seen_;
    std::uint64_t clock_ = 0;
};

} // namespace pbd::app
