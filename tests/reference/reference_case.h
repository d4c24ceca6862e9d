#pragma once
// Reads the reference cases in tests/reference/cases (see README.md there).

#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>

#include "pbd/settings.h"

namespace pbd::test {

inline std::string readTextFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw std::runtime_error("cannot open " + path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

/// A case file: settings (stiffness and substeps optional), a step count and an optional drag
/// script.
struct ReferenceCase {
    Settings settings;
    long long steps = 0;
    std::string dragFile; ///< relative to the case folder, empty if none
};

inline ReferenceCase readReferenceCase(const std::string& path)
{
    std::map<std::string, std::string> values;
    std::istringstream in(readTextFile(path));
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string key, value;
        if ((fields >> key >> value) && key[0] != '#')
            values[key] = value;
    }
    ReferenceCase c;
    c.settings.width = std::stoi(values.at("width"));
    c.settings.height = std::stoi(values.at("height"));
    c.settings.fixedCount = std::stoi(values.at("fixed"));
    c.settings.timeStep = std::stod(values.at("dt"));
    c.settings.iterations = std::stoi(values.at("iterations"));
    c.settings.gravity = std::stod(values.at("gravity"));
    c.settings.mass = std::stod(values.at("mass"));
    if (values.count("stiffness"))
        c.settings.stiffness = std::stod(values.at("stiffness"));
    if (values.count("substeps"))
        c.settings.substeps = std::stoi(values.at("substeps"));
    c.steps = std::stoll(values.at("steps"));
    if (values.count("drag"))
        c.dragFile = values.at("drag");
    return c;
}

} // namespace pbd::test
