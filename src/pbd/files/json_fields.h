#pragma once
// What the JSON readers of state and scene files share: a refusal that names its field, and
// the arrays of world items (obstacles, balls) whose objects hold named numbers. Private to
// the core.

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "pbd/ball.h"
#include "pbd/obstacle3.h"
#include "pbd/state_file.h"

namespace pbd::detail {

/// A refusal of `field`; its message starts with the field: "balls[0].mass: ...".
inline StateError fieldError(const std::string& field, const std::string& message)
{
    return {field, field + ": " + message};
}

/// The point type of an item's members: its velocity's, Vec<D> of the item's dimension.
template <class Item>
using JsonPoint = decltype(Item::velocity);

/// A number of an item's JSON object and where it goes in the item: a scalar member, or one
/// coordinate (0 = x, 1 = y, 2 = z) of a point member.
template <class Item>
struct JsonNumber {
    const char* key;
    double Item::*scalar;
    JsonPoint<Item> Item::*point;
    int coordinate;
};

/// Where `number` goes in `item`.
template <class Item>
double& numberSlot(Item& item, const JsonNumber<Item>& number)
{
    if (number.scalar)
        return item.*number.scalar;
    return (item.*number.point)[number.coordinate];
}

/// Writes `numbers` of `item` into `object`, in order.
template <class Item>
void numbersToJson(Item item, std::span<const JsonNumber<Item>> numbers, nlohmann::json& object)
{
    for (const JsonNumber<Item>& number : numbers)
        object[number.key] = numberSlot(item, number);
}

/// Refuses the first member of `object` that is neither one of `numbers` nor one of `others`:
/// "FIELD.KEY: is not a member of a WHAT".
template <class Item>
std::optional<StateError> checkMemberNames(const nlohmann::json& object, const std::string& field,
                                           std::span<const JsonNumber<Item>> numbers,
                                           std::initializer_list<const char*> others,
                                           const std::string& what)
{
    for (const auto& [key, value] : object.items()) {
        bool known = false;
        for (const char* other : others)
            known = known || key == other;
        for (const JsonNumber<Item>& number : numbers)
            known = known || key == number.key;
        if (!known)
            return fieldError(field + "." + key, "is not a member of a " + what);
    }
    return std::nullopt;
}

/// Reads every one of `numbers` from `object` into `item`; each is required:
/// "FIELD.KEY: is missing or not a number".
template <class Item>
std::optional<StateError> numbersFromJson(const nlohmann::json& object, const std::string& field,
                                          std::span<const JsonNumber<Item>> numbers, Item& item)
{
    for (const JsonNumber<Item>& number : numbers) {
        const auto v = object.find(number.key);
        if (v == object.end() || !v->is_number())
            return fieldError(field + "." + number.key, "is missing or not a number");
        numberSlot(item, number) = v->template get<double>();
    }
    return std::nullopt;
}

/// The keys of a velocity's components, x first: "vx", "vy" (, "vz").
inline constexpr const char* kVelocityKeys[] = {"vx", "vy", "vz"};

/// Reads the optional members "vx", "vy" (, "vz") of `object` into `velocity` (one absent
/// leaves its component as it is): "FIELD.vx: is not a number".
template <glm::length_t D>
std::optional<StateError> velocityFromJson(const nlohmann::json& object, const std::string& field,
                                           Vec<D>& velocity)
{
    for (glm::length_t c = 0; c < D; ++c) {
        const char* key = kVelocityKeys[c];
        const auto v = object.find(key);
        if (v == object.end())
            continue;
        if (!v->is_number())
            return fieldError(field + "." + key, "is not a number");
        velocity[c] = v->template get<double>();
    }
    return std::nullopt;
}

/// Writes the velocity's components as "vx", "vy" (, "vz") into `object`, only when one is not
/// 0, so that files of still items stay as they were.
template <glm::length_t D>
void velocityToJson(const Vec<D>& velocity, nlohmann::json& object)
{
    if (velocity == Vec<D>(0.0))
        return;
    for (glm::length_t c = 0; c < D; ++c)
        object[kVelocityKeys[c]] = velocity[c];
}

/// Reads the array member `key` ("obstacles", "balls": also the items' plural in messages) of
/// `in` into `out`: absent leaves `out` as it is (a file from before them); else an array of at
/// most `limit` objects, each read by `readItem(object, field, item)` (field "KEY[I]", returns
/// a refusal or nothing), then the whole by `checkAll(items)` (a refusal or nothing). Refusals
/// name the field and say what is allowed: `arrayForm` for the array, `objectForm` for an item.
template <class Item, class ReadItem, class CheckAll>
std::optional<StateError> itemsFromJson(const nlohmann::json& in, const std::string& key,
                                        std::size_t limit, const std::string& arrayForm,
                                        const std::string& objectForm, std::vector<Item>& out,
                                        ReadItem readItem, CheckAll checkAll)
{
    const auto it = in.find(key);
    if (it == in.end())
        return std::nullopt;
    if (!it->is_array())
        return fieldError(key, "is not an array; allowed: " + arrayForm);
    if (it->size() > limit)
        return fieldError(key, std::to_string(it->size()) + " " + key +
                                   " are not allowed; allowed: at most " + std::to_string(limit));
    std::vector<Item> read;
    for (std::size_t i = 0; i < it->size(); ++i) {
        const nlohmann::json& object = (*it)[i];
        const std::string field = key + "[" + std::to_string(i) + "]";
        if (!object.is_object())
            return fieldError(field, "is not an object; allowed: " + objectForm);
        Item item;
        if (auto e = readItem(object, field, item))
            return e;
        read.push_back(std::move(item));
    }
    if (auto e = checkAll(read))
        return e;
    out = std::move(read);
    return std::nullopt;
}

} // namespace pbd::detail
