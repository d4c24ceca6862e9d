#pragma once
/// \file
/// `pbd-sim run --trace FILE`: one CSV row per step (or per N steps) of the cloth's energies,
/// strains, largest constraint violation, centre of mass and chosen particles.

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "pbd/simulation_fwd.h"

namespace pbd::cli {

/// Largest --trace-every.
inline constexpr long long kMaxTraceEvery = 1'000'000'000;

/// The trace's header line (without the newline): step,time,kinetic,potential,max_strain,
/// rms_strain,max_violation,com_x,com_y then pI_x,pI_y,pI_vx,pI_vy per traced particle I.
/// In 3D (`dimensions` 3) com_z follows com_y, and each particle's columns are
/// pI_x,pI_y,pI_z,pI_vx,pI_vy,pI_vz. With `substeps` (a strain budget, --max-strain), a
/// column `substeps` after the centre of mass.
std::string traceHeader(const std::vector<std::size_t>& particles, int dimensions = 2,
                        bool substeps = false);

/// Writes a trace file. Rows: `step` (steps taken since the start), `time` (s, simulated since
/// the last restart), `kinetic` and `potential` (J: clothEnergy(), potential = gravitational +
/// elastic), `max_strain` and `rms_strain` (|l - r| / r over the live constraints, fractions),
/// `max_violation` (m, largest |l - r|), `com_x`, `com_y` (m, the mass-weighted mean position of
/// every particle), with a strain budget `substeps` (the substeps the steps since the last
/// row computed, the budget's redone attempts included: with --trace-every 1 what that step
/// cost; 0 on the start's row), and per traced particle its position (m) and velocity (m/s). Numbers
/// with 17 significant digits; a traced particle beyond a cloth that an event made smaller
/// gets empty fields.
class TraceWriter {
public:
    TraceWriter() = default;
    TraceWriter(const TraceWriter&) = delete;
    TraceWriter& operator=(const TraceWriter&) = delete;
    ~TraceWriter();

    /// Opens (creates or truncates) `path` and writes the header. Returns the system's reason
    /// when it cannot.
    std::optional<std::string> open(const std::string& path, std::vector<std::size_t> particles,
                                    int dimensions = 2, bool substeps = false);
    /// Writes the row of `simulation` as it stands after `step` steps (its CPU copy: sync()
    /// first with a device solver).
    template <glm::length_t D>
    void write(std::uint64_t step, const SimulationOf<D>& simulation);
    /// Flushes and closes; returns the system's reason when the file could not be written.
    std::optional<std::string> close();

private:
    std::FILE* file_ = nullptr;
    std::vector<std::size_t> particles_;
    bool substeps_ = false;             ///< the `substeps` column
    std::uint64_t substepsBefore_ = 0;  ///< Simulation::substepsTaken() at the last row
};

} // namespace pbd::cli
