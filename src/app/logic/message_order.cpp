#include "logic/message_order.h"

#include <algorithm>
#include <utility>

namespace pbd::app {

std::vector<PanelMessage> MessageOrder::order(std::vector<PanelMessage> messages)
{
    ++clock_;
    std::map<std::string, Seen> now;
    std::vector<std::pair<std::uint64_t, std::size_t>> ages; // (age, index in messages)
    for (std::size_t i = 0; i < messages.size(); ++i) {
        const PanelMessage& message = messages[i];
        Seen seen{message.text, message.serial, clock_};
        if (const auto before = seen_.find(message.key); before != seen_.end()) {
            const bool said = before->second.serial != message.serial ||
                              (!message.counting && before->second.text != message.text);
            if (!said)
                seen.age = before->second.age;
        }
        ages.emplace_back(seen.age, i);
        now[message.key] = std::move(seen);
    }
    seen_ = std::move(now);
    std::stable_sort(ages.begin(), ages.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<PanelMessage> sorted;
    sorted.reserve(messages.size());
    for (const auto& [age, index] : ages)
        sorted.push_back(std::move(messages[index]));
    return sorted;
}

} // namespace pbd::app
