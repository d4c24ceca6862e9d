#pragma once
// The validate cases' run functions (one per row of validateCases()), private to pbd-sim.

#include "cases.h"

namespace pbd::cli::validate {

Measurement runCatenaryCosh(int links, const RunContext& context);
Measurement runCatenaryDiscrete(int links, const RunContext& context);
Measurement runHangingStrip(int substeps, const RunContext& context);
Measurement runWindRope(int substeps, const RunContext& context);
Measurement runStringWave(int substeps, const RunContext& context);
Measurement runPendulumPeriod(int substeps, const RunContext& context);
Measurement runPendulumDecay(int substeps, const RunContext& context);
Measurement runInclineSliding(int substeps, const RunContext& context);
Measurement runInclineSticking(int substeps, const RunContext& context);
Measurement runElasticaSmall(int halfSpacings, const RunContext& context);
Measurement runElasticaLarge(int halfSpacings, const RunContext& context);
Measurement runFallingSheet(int substeps, const RunContext& context);
Measurement runSheetPlaneWind(int substeps, const RunContext& context);

} // namespace pbd::cli::validate
