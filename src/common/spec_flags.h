#pragma once
/// \file
/// What the repeatable item flags share (`--obstacle SPEC`, `--ball X,Y,R,MASS`): one text
/// per occurrence, read in order into items by the core's spec parser, at most a limit.

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

namespace pbd::common {

/// Registers the repeatable option `flag` on `app`: each occurrence takes one text (no extra
/// arguments), appended to `specs` in order.
inline void addSpecOption(CLI::App& app, const std::string& flag, std::vector<std::string>& specs,
                          const std::string& help, const std::string& typeName)
{
    app.add_option(flag, specs, help)->type_name(typeName)->allow_extra_args(false)->take_all();
}

/// Reads `specs` in order with `parse(spec, error)` (returning std::optional<Item>) into
/// `items`. At most `limit` ("FLAG: N PLURAL are not allowed; allowed: at most LIMIT"); a
/// refused spec gives "FLAG: " and parse's error. On a refusal `items` is unchanged.
template <class Item, class Parse>
std::optional<std::string> readSpecs(const std::string& flag, const std::vector<std::string>& specs,
                                     std::size_t limit, const std::string& plural, Parse parse,
                                     std::vector<Item>& items)
{
    if (specs.size() > limit)
        return flag + ": " + std::to_string(specs.size()) + " " + plural +
               " are not allowed; allowed: at most " + std::to_string(limit);
    std::vector<Item> read;
    for (const std::string& spec : specs) {
        std::string error;
        const std::optional<Item> item = parse(spec, error);
        if (!item)
            return flag + ": " + error;
        read.push_back(*item);
    }
    items = std::move(read);
    return std::nullopt;
}

} // namespace pbd::common
