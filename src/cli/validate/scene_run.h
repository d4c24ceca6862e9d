#pragma once
/// \file
/// What the validate cases share: a simulation set up from a scene file's text, as
/// `pbd-sim run --scene FILE` sets one up, and numbers written for such text.

#include <string>
#include <vector>

#include "cases.h"
#include "pbd/simulation.h"

namespace pbd::cli::validate {

/// `value` with 17 significant digits: read back, the same double.
std::string number(double value);
/// The values as a JSON array's text: "[1, 2.5]".
std::string numbers(const std::vector<double>& values);

/// A Simulation made from a scene file's text (pbd/scene.h: sceneFromJson, applyScene), with
/// the context's solver and threads over the scene's settings. Throws std::logic_error with
/// the refusal when the text is refused (a case's own mistake).
Simulation sceneSimulation(const std::string& sceneText, const RunContext& context);
/// The same for a 3D scene (its settings' "dimensions": 3).
Simulation3 sceneSimulation3(const std::string& sceneText, const RunContext& context);

/// Linear interpolation of the time at which f crosses zero between (t0, f0) and (t1, f1).
double crossingTime(double t0, double f0, double t1, double f1);

} // namespace pbd::cli::validate
