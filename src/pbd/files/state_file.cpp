#include "pbd/state_file.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "files/input_text.h"
#include "files/json_fields.h"
#include "files/text_file.h"
#include "world/ball_json.h"
#include "world/obstacle_json.h"
#include "settings/settings_json.h"
#include "pbd/settings_table.h"

namespace pbd {
namespace {

static_assert(std::endian::native == std::endian::little,
              "state files store doubles little-endian, as this machine does");

using Json = nlohmann::json;

constexpr const char* kFormat = "pbd-cloth-state";
constexpr int kVersion = 1;

constexpr char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

std::string encodeBase64(const void* data, std::size_t size)
{
    const auto* bytes = static_cast<const unsigned char*>(data);
    std::string out;
    out.reserve((size + 2) / 3 * 4);
    std::size_t i = 0;
    for (; i + 3 <= size; i += 3) {
        const unsigned v = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
        out.push_back(kBase64[v >> 18]);
        out.push_back(kBase64[(v >> 12) & 63]);
        out.push_back(kBase64[(v >> 6) & 63]);
        out.push_back(kBase64[v & 63]);
    }
    if (i < size) {
        const unsigned v = (bytes[i] << 16) | (i + 1 < size ? bytes[i + 1] << 8 : 0);
        out.push_back(kBase64[v >> 18]);
        out.push_back(kBase64[(v >> 12) & 63]);
        out.push_back(i + 1 < size ? kBase64[(v >> 6) & 63] : '=');
        out.push_back('=');
    }
    return out;
}

/// Decodes base64 (with padding) into `out`; false on any character or length that is not.
bool decodeBase64(std::string_view text, std::string& out)
{
    static const auto table = [] {
        std::array<int, 256> t{};
        t.fill(-1);
        for (int k = 0; k < 64; ++k)
            t[static_cast<unsigned char>(kBase64[k])] = k;
        return t;
    }();
    if (text.size() % 4 != 0)
        return false;
    out.clear();
    out.reserve(text.size() / 4 * 3);
    for (std::size_t i = 0; i < text.size(); i += 4) {
        int v[4];
        int pad = 0;
        for (int k = 0; k < 4; ++k) {
            const char c = text[i + static_cast<std::size_t>(k)];
            if (c == '=' && i + 4 == text.size() && k >= 2) {
                v[k] = 0;
                ++pad;
                continue;
            }
            if (pad > 0)
                return false;
            v[k] = table[static_cast<unsigned char>(c)];
            if (v[k] < 0)
                return false;
        }
        const unsigned bits = (static_cast<unsigned>(v[0]) << 18) |
                              (static_cast<unsigned>(v[1]) << 12) |
                              (static_cast<unsigned>(v[2]) << 6) | static_cast<unsigned>(v[3]);
        out.push_back(static_cast<char>(bits >> 16));
        if (pad < 2)
            out.push_back(static_cast<char>((bits >> 8) & 255));
        if (pad < 1)
            out.push_back(static_cast<char>(bits & 255));
    }
    return true;
}

/// The large members of a state file (base64 strings of millions of characters), which the
/// JSON library would read one character at a time.
constexpr std::array<std::string_view, 3> kBlobKeys{"position", "velocity", "mass"};

/// Skips JSON whitespace from `i`.
std::size_t skipSpace(std::string_view t, std::size_t i)
{
    while (i < t.size() && (t[i] == ' ' || t[i] == '\n' || t[i] == '\r' || t[i] == '\t'))
        ++i;
    return i;
}

/// The end (one past the closing quote) of the string starting at t[i] == '"', or npos.
std::size_t skipString(std::string_view t, std::size_t i)
{
    for (++i; i < t.size(); ++i) {
        if (t[i] == '\\')
            ++i;
        else if (t[i] == '"')
            return i + 1;
    }
    return std::string_view::npos;
}

/// The end of the JSON value starting at t[i] (strings and nested brackets followed, the
/// rest up to the next delimiter), or npos. Checks nothing else: the JSON library does.
std::size_t skipValue(std::string_view t, std::size_t i)
{
    if (i >= t.size())
        return std::string_view::npos;
    if (t[i] == '"')
        return skipString(t, i);
    if (t[i] == '{' || t[i] == '[') {
        int depth = 0;
        while (i < t.size()) {
            if (t[i] == '"') {
                i = skipString(t, i);
                if (i == std::string_view::npos)
                    return i;
                continue;
            }
            if (t[i] == '{' || t[i] == '[')
                ++depth;
            else if ((t[i] == '}' || t[i] == ']') && --depth == 0)
                return i + 1;
            ++i;
        }
        return std::string_view::npos;
    }
    while (i < t.size() && t[i] != ',' && t[i] != '}' && t[i] != ']' && t[i] != ' ' &&
           t[i] != '\n' && t[i] != '\r' && t[i] != '\t')
        ++i;
    return i;
}

/// A state file's text with the values of its top-level base64 members (kBlobKeys) taken out
/// (replaced by ""), and those values. Nothing when the text is not an object this scanner
/// can walk or a member holds an escape: then the whole text goes to the JSON library, which
/// reports what is wrong.
struct CarvedState {
    std::string rest;
    std::vector<std::pair<std::string, std::string_view>> blobs;
};

std::optional<CarvedState> carveBlobs(std::string_view t)
{
    CarvedState carved;
    std::size_t i = skipSpace(t, 0);
    if (i >= t.size() || t[i] != '{')
        return std::nullopt;
    std::size_t copied = 0;
    i = skipSpace(t, i + 1);
    while (i < t.size() && t[i] != '}') {
        if (t[i] != '"')
            return std::nullopt;
        const std::size_t keyEnd = skipString(t, i);
        if (keyEnd == std::string_view::npos)
            return std::nullopt;
        const std::string_view key = t.substr(i + 1, keyEnd - i - 2);
        i = skipSpace(t, keyEnd);
        if (i >= t.size() || t[i] != ':')
            return std::nullopt;
        i = skipSpace(t, i + 1);
        const std::size_t valueEnd = skipValue(t, i);
        if (valueEnd == std::string_view::npos)
            return std::nullopt;
        const bool blob = t[i] == '"' &&
                          std::find(kBlobKeys.begin(), kBlobKeys.end(), key) != kBlobKeys.end();
        if (blob) {
            const std::string_view value = t.substr(i + 1, valueEnd - i - 2);
            if (value.find('\\') != std::string_view::npos)
                return std::nullopt;
            carved.rest.append(t.substr(copied, i - copied)).append("\"\"");
            copied = valueEnd;
            carved.blobs.emplace_back(std::string(key), value);
        }
        i = skipSpace(t, valueEnd);
        if (i < t.size() && t[i] == ',')
            i = skipSpace(t, i + 1);
        else if (i >= t.size() || t[i] != '}')
            return std::nullopt;
    }
    carved.rest.append(t.substr(copied));
    return carved;
}

using detail::fieldError;

} // namespace

namespace detail {

/// The settings object: every field of the table by name, each value as its kind writes it:
/// whole and real numbers as JSON numbers, choices by their word ("colored", "double"), on/off
/// as true or false.
Json settingsToJson(const Settings& settings)
{
    Json out = Json::object();
    for (const SettingField& field : settingFields()) {
        const double value = field.get(settings);
        switch (field.value.kind) {
        case SettingKind::Whole:
            out[field.name] = static_cast<long long>(value);
            break;
        case SettingKind::Real:
            out[field.name] = value;
            break;
        case SettingKind::Choice:
            out[field.name] = valueText(field.value, value);
            break;
        case SettingKind::OnOff:
            out[field.name] = value != 0.0;
            break;
        }
    }
    return out;
}

/// The value of one setting in a state file, or the reason it is refused. A choice is read by
/// its word, or by its number, as earlier files wrote the GPU precision (0 float, 1 double).
std::optional<double> jsonValue(const SettingField& field, const Json& in, std::string& why)
{
    const SettingKind kind = field.value.kind;
    if ((kind == SettingKind::Choice || kind == SettingKind::OnOff) && in.is_string()) {
        std::string reason;
        if (auto value = readValue(field.value, in.get<std::string>(), reason))
            return value;
        why = quoteInput(in.dump()) + " " + reason + "; " + allowedValues(field);
        return std::nullopt;
    }
    if (kind == SettingKind::OnOff && in.is_boolean())
        return in.get<bool>() ? 1.0 : 0.0;
    if (!in.is_number()) {
        why = quoteInput(in.dump()) +
              (kind == SettingKind::Choice   ? " is not " + std::string(field.value.what)
               : kind == SettingKind::OnOff ? std::string(" is not true or false")
                                            : std::string(" is not a number")) +
              "; " + allowedValues(field);
        return std::nullopt;
    }
    const double value = in.get<double>();
    if (!allowedValue(field, value)) {
        why = formatNumber(value) + " is not allowed; " + allowedValues(field);
        return std::nullopt;
    }
    return value;
}

std::optional<StateError> settingsFromJson(const Json& in, Settings& settings)
{
    if (!in.is_object())
        return fieldError("settings", "is not an object; allowed: {\"width\": 40, ...}");
    for (const auto& [key, value] : in.items())
        if (!findSettingField(key))
            return fieldError("settings." + key, "is not a setting; allowed: the settings of "
                                                 "pbd-sim run's flags by name, e.g. timeStep");
    for (const SettingField& field : settingFields()) {
        const auto it = in.find(field.name);
        if (it == in.end())
            continue; // not in this file: the default
        std::string why;
        const std::optional<double> value = jsonValue(field, *it, why);
        if (!value)
            return fieldError(std::string("settings.") + field.name, why);
        field.set(settings, *value);
    }
    return std::nullopt;
}

} // namespace detail

namespace {

using detail::settingsFromJson;
using detail::settingsToJson;

template <glm::length_t D>
std::string doublesToBase64(const std::vector<Vec<D>>& values)
{
    static_assert(sizeof(Vec<D>) == D * sizeof(double));
    return encodeBase64(values.data(), values.size() * sizeof(Vec<D>));
}

/// Reads `count` doubles from the base64 string at `key`.
std::optional<StateError> doublesFromJson(const Json& in, const char* key, std::size_t count,
                                          double* out)
{
    const auto it = in.find(key);
    if (it == in.end())
        return fieldError(key, "is missing; allowed: base64 of " + std::to_string(count) +
                                   " little-endian doubles");
    if (!it->is_string())
        return fieldError(key, "is not a string; allowed: base64 of " + std::to_string(count) +
                                   " little-endian doubles");
    std::string bytes;
    if (!decodeBase64(it->get_ref<const std::string&>(), bytes))
        return fieldError(key, "is not base64; allowed: base64 of " + std::to_string(count) +
                                   " little-endian doubles");
    if (bytes.size() != count * sizeof(double))
        return fieldError(key, "holds " + std::to_string(bytes.size() / sizeof(double)) +
                                   " doubles; allowed: exactly " + std::to_string(count) +
                                   " for this cloth");
    std::memcpy(out, bytes.data(), bytes.size());
    return std::nullopt;
}

template <typename T>
std::optional<StateError> indicesFromJson(const Json& in, const char* key, std::vector<T>& out)
{
    const auto it = in.find(key);
    if (it == in.end())
        return std::nullopt; // none
    if (!it->is_array())
        return fieldError(key, "is not an array; allowed: an array of ascending indices");
    out.reserve(it->size());
    for (const Json& value : *it) {
        if (!value.is_number_unsigned())
            return fieldError(key, quoteInput(value.dump()) +
                                       " is not an index; allowed: whole numbers >= 0");
        out.push_back(static_cast<T>(value.get<std::uint64_t>()));
        if (static_cast<std::uint64_t>(out.back()) != value.get<std::uint64_t>())
            return fieldError(key, quoteInput(value.dump()) + " is too large an index");
    }
    return std::nullopt;
}

template <glm::length_t D>
Json areaGrabToJson(const AreaGrabOf<D>& grab)
{
    Json offsets = Json::array();
    for (const Vec<D> o : grab.offsets) {
        Json offset = Json::array();
        for (glm::length_t c = 0; c < D; ++c)
            offset.push_back(o[c]);
        offsets.push_back(std::move(offset));
    }
    Json out = {{"x", grab.point.x}, {"y", grab.point.y}};
    if constexpr (D == 3)
        out["z"] = grab.point.z;
    out["radius"] = grab.radius;
    out["particles"] = grab.particles;
    out["offsets"] = std::move(offsets);
    return out;
}

/// The "areaGrab" member: absent or null (none), else {"x", "y", "radius", "particles":
/// [indices], "offsets": [[dx, dy], ...]}. Ranges and order are restore()'s to check.
template <glm::length_t D>
std::optional<StateError> areaGrabFromJson(const Json& in, std::optional<AreaGrabOf<D>>& out)
{
    const auto it = in.find("areaGrab");
    if (it == in.end() || it->is_null())
        return std::nullopt;
    const char* shape = D == 2 ? "allowed: null or {\"x\", \"y\", \"radius\", "
                                 "\"particles\": [indices], \"offsets\": [[dx, dy], ...]}"
                               : "allowed: null or {\"x\", \"y\", \"z\", \"radius\", "
                                 "\"particles\": [indices], \"offsets\": [[dx, dy, dz], ...]}";
    if (!it->is_object())
        return fieldError("areaGrab", "is not an object; " + std::string(shape));
    AreaGrabOf<D> grab;
    std::vector<std::pair<const char*, double*>> numbers = {{"x", &grab.point.x},
                                                            {"y", &grab.point.y}};
    if constexpr (D == 3)
        numbers.push_back({"z", &grab.point.z});
    numbers.push_back({"radius", &grab.radius});
    for (auto [key, value] : numbers) {
        if (!it->contains(key) || !(*it)[key].is_number())
            return fieldError(std::string("areaGrab.") + key, std::string("is missing or not a number; ") +
                                                                  shape);
        *value = (*it)[key].template get<double>();
    }
    if (auto e = indicesFromJson(*it, "particles", grab.particles))
        return StateError{"areaGrab." + e->field, "areaGrab." + e->message};
    const auto offsets = it->find("offsets");
    if (offsets == it->end() || !offsets->is_array())
        return fieldError("areaGrab.offsets", "is missing or not an array; " +
                                                  std::string(shape));
    for (const Json& o : *offsets) {
        bool numbersOnly = o.is_array() && o.size() == D;
        for (std::size_t c = 0; numbersOnly && c < D; ++c)
            numbersOnly = o[c].is_number();
        if (!numbersOnly)
            return fieldError("areaGrab.offsets",
                              quoteInput(o.dump()) + " is not allowed; allowed: " +
                                  (D == 2 ? "[dx, dy]" : "[dx, dy, dz]") + " in m");
        Vec<D> offset;
        for (glm::length_t c = 0; c < D; ++c)
            offset[c] = o[static_cast<std::size_t>(c)].get<double>();
        grab.offsets.push_back(offset);
    }
    out = std::move(grab);
    return std::nullopt;
}

} // namespace

template <glm::length_t D>
std::string stateToJson(const SimulationStateOf<D>& state)
{
    Json out;
    out["format"] = kFormat;
    out["version"] = kVersion;
    out["settings"] = settingsToJson(state.settings);
    out["time"] = state.time;
    out["steps"] = state.steps;
    out["grabbed"] = state.grabbed ? Json(*state.grabbed) : Json(nullptr);
    out["particles"] = state.position.size();
    out["position"] = doublesToBase64(state.position);
    out["velocity"] = doublesToBase64(state.velocity);
    out["mass"] = encodeBase64(state.mass.data(), state.mass.size() * sizeof(double));
    out["pinned"] = state.pinned;
    out["removed"] = state.removed;
    if (state.areaGrab) // absent without one, so files without an area grab are as before
        out["areaGrab"] = areaGrabToJson(*state.areaGrab);
    if (!state.obstacles.empty()) // absent without any, so such files are as before
        out["obstacles"] = detail::obstaclesToJson(state.obstacles);
    if (!state.balls.empty()) // likewise
        out["balls"] = detail::ballsToJson(state.balls);
    if (state.budgetSubsteps != 0) { // the strain budget's: absent while it is off
        out["budgetSubsteps"] = state.budgetSubsteps;
        out["budgetPeak"] = state.budgetPeak;
    }
    return out.dump(1) + "\n";
}

int stateDimensions(std::string_view text)
{
    try {
        const std::optional<CarvedState> carved = carveBlobs(text);
        const Json in = carved ? Json::parse(carved->rest) : Json::parse(text.begin(), text.end());
        const Json& dimensions = in.at("settings").at("dimensions");
        if (dimensions.is_number_integer() && dimensions.get<long long>() == 3)
            return 3;
    } catch (const Json::exception&) {
    }
    return 2;
}

template <glm::length_t D>
StateParseOf<D> stateFromJson(std::string_view text)
{
    auto fail = [](StateError e) { return StateParseOf<D>{std::nullopt, std::move(e)}; };
    if (text.size() > kMaxStateFileBytes)
        return fail({"", "the file has " + std::to_string(text.size()) +
                             " bytes; allowed: at most " + std::to_string(kMaxStateFileBytes)});
    Json in;
    try {
        // The base64 members are taken out before parsing and put back as strings: the JSON
        // library would spend about a second on a 1000 x 1000 cloth's 48 MB of them.
        if (std::optional<CarvedState> carved = carveBlobs(text)) {
            in = Json::parse(carved->rest);
            if (in.is_object())
                for (const auto& [key, value] : carved->blobs)
                    in[key] = std::string(value);
        } else {
            in = Json::parse(text.begin(), text.end());
        }
    } catch (const Json::exception& e) {
        return fail({"", std::string("not a state file: not JSON (") + e.what() + ")"});
    }
    if (!in.is_object() || !in.contains("format") || in["format"] != kFormat)
        return fail(fieldError("format", std::string("is not \"") + kFormat +
                                             "\": not a pbd-cloth state file"));
    if (!in.contains("version") || !in["version"].is_number_integer() ||
        in["version"].get<long long>() != kVersion)
        return fail(fieldError("version", (in.contains("version") ? quoteInput(in["version"].dump())
                                                                    : std::string("missing")) +
                                              " is not supported; allowed: " +
                                              std::to_string(kVersion)));
    SimulationStateOf<D> state;
    if (!in.contains("settings"))
        return fail(fieldError("settings", "is missing"));
    if (auto e = settingsFromJson(in["settings"], state.settings))
        return fail(*e);
    if (auto e = validate(state.settings))
        return fail(fieldError("settings." + e->field, e->message));
    if (state.settings.dimensions != static_cast<int>(D))
        return fail(fieldError("settings.dimensions",
                               std::to_string(state.settings.dimensions) +
                                   " is not allowed here: this simulation is " +
                                   std::to_string(D) + "D; allowed: " + std::to_string(D)));
    const std::size_t n = static_cast<std::size_t>(state.settings.width) *
                          static_cast<std::size_t>(state.settings.height);
    if (!in.contains("time") || !in["time"].is_number())
        return fail(fieldError("time", "is missing or not a number; allowed: seconds >= 0"));
    state.time = in["time"].get<double>();
    if (!in.contains("steps") || !in["steps"].is_number_unsigned())
        return fail(fieldError("steps", "is missing or not a whole number >= 0"));
    state.steps = in["steps"].get<std::uint64_t>();
    if (!in.contains("particles") || !in["particles"].is_number_unsigned() ||
        in["particles"].get<std::uint64_t>() != n)
        return fail(fieldError("particles", (in.contains("particles") ? quoteInput(in["particles"].dump())
                                                                       : std::string("missing")) +
                                                " disagrees with the size " +
                                                std::to_string(state.settings.width) + " x " +
                                                std::to_string(state.settings.height) +
                                                "; allowed: " + std::to_string(n)));
    // Lengths first, so that a file claiming a huge cloth allocates nothing.
    for (const auto& [key, doubles] : {std::pair{"position", D * n}, {"velocity", D * n}, {"mass", n}}) {
        const std::size_t expected = (doubles * sizeof(double) + 2) / 3 * 4;
        if (in.contains(key) && in[key].is_string() && in[key].template get_ref<const std::string&>().size() != expected)
            return fail(fieldError(key, "holds " + std::to_string(in[key].template get_ref<const std::string&>().size()) +
                                            " base64 characters; allowed: exactly " +
                                            std::to_string(expected) + " (" +
                                            std::to_string(doubles) + " doubles) for this cloth"));
    }
    state.position.resize(n);
    state.velocity.resize(n);
    state.mass.resize(n);
    if (auto e = doublesFromJson(in, "position", D * n, &state.position[0].x))
        return fail(*e);
    if (auto e = doublesFromJson(in, "velocity", D * n, &state.velocity[0].x))
        return fail(*e);
    if (auto e = doublesFromJson(in, "mass", n, state.mass.data()))
        return fail(*e);
    if (auto e = indicesFromJson(in, "pinned", state.pinned))
        return fail(*e);
    if (auto e = indicesFromJson(in, "removed", state.removed))
        return fail(*e);
    if (in.contains("grabbed") && !in["grabbed"].is_null()) {
        if (!in["grabbed"].is_number_unsigned())
            return fail(fieldError("grabbed", quoteInput(in["grabbed"].dump()) +
                                                  " is not a particle index or null"));
        const auto g = in["grabbed"].get<std::uint64_t>();
        if (g >= n)
            return fail(fieldError("grabbed", std::to_string(g) +
                                                  " is not allowed; allowed: below " +
                                                  std::to_string(n)));
        state.grabbed = static_cast<Index>(g);
    }
    if (auto e = areaGrabFromJson(in, state.areaGrab))
        return fail(*e);
    if (auto e = detail::obstaclesFromJson(in, state.obstacles))
        return fail(*e);
    if (auto e = detail::ballsFromJson(in, state.balls))
        return fail(*e);
    if (in.contains("budgetSubsteps")) {
        const Json& b = in["budgetSubsteps"];
        if (!b.is_number_unsigned() || b.get<std::uint64_t>() > kMaxSubsteps)
            return fail(fieldError("budgetSubsteps",
                                   quoteInput(b.dump()) + " is not allowed; allowed: a whole "
                                   "number from 0 to " + std::to_string(kMaxSubsteps)));
        state.budgetSubsteps = static_cast<int>(b.get<std::uint64_t>());
    }
    if (in.contains("budgetPeak")) {
        const Json& b = in["budgetPeak"];
        if (!b.is_number() || !(b.get<double>() >= 0.0 && b.get<double>() <= kMaxTearStrain))
            return fail(fieldError("budgetPeak", quoteInput(b.dump()) + " is not allowed; "
                                   "allowed: a number from 0 to " + formatNumber(kMaxTearStrain)));
        state.budgetPeak = b.get<double>();
    }
    // The remaining checks (finite values, mass range, index order) are restore()'s; run them
    // on a scratch simulation so that the caller's stays untouched on a refusal.
    return {std::move(state), std::nullopt};
}

template <glm::length_t D>
std::optional<std::string> saveStateFile(const SimulationOf<D>& simulation,
                                         const std::string& path)
{
    return saveStateFile(simulation.state(), path);
}

template <glm::length_t D>
std::optional<std::string> saveStateFile(const SimulationStateOf<D>& state,
                                         const std::string& path)
{
    return replaceFileWith(path, stateToJson(state));
}

template <glm::length_t D>
std::optional<std::string> loadStateFile(SimulationOf<D>& simulation, const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return "cannot read " + path + ": " + std::generic_category().message(errno);
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    if (size < 0)
        return "cannot read " + path + ": not a regular file";
    if (static_cast<std::uint64_t>(size) > kMaxStateFileBytes)
        return path + ": " + std::to_string(size) + " bytes; allowed: at most " +
               std::to_string(kMaxStateFileBytes);
    in.seekg(0);
    std::string text(static_cast<std::size_t>(size), '\0');
    in.read(text.data(), size);
    if (!in)
        return "cannot read " + path;
    return loadStateText(simulation, text, path);
}

template <glm::length_t D>
std::optional<std::string> loadStateText(SimulationOf<D>& simulation, std::string_view text,
                                         const std::string& path)
{
    StateParseOf<D> parsed = stateFromJson<D>(text);
    if (parsed.error)
        return path + ": " + parsed.error->message;
    if (auto error = simulation.restore(*parsed.state))
        return path + ": " + *error;
    return std::nullopt;
}

#define PBD_STATE_FILE(D)                                                                   \
    template std::string stateToJson(const SimulationStateOf<D>&);                          \
    template StateParseOf<D> stateFromJson<D>(std::string_view);                            \
    template std::optional<std::string> saveStateFile(const SimulationOf<D>&,               \
                                                      const std::string&);                  \
    template std::optional<std::string> saveStateFile(const SimulationStateOf<D>&,          \
                                                      const std::string&);                  \
    template std::optional<std::string> loadStateFile(SimulationOf<D>&, const std::string&);   \
    template std::optional<std::string> loadStateText(SimulationOf<D>&, std::string_view,      \
                                                      const std::string&);
PBD_STATE_FILE(2)
PBD_STATE_FILE(3)
#undef PBD_STATE_FILE

} // namespace pbd
