#include "trace.h"

#include <cerrno>
#include <cstring>

#include "pbd/energy.h"
#include "pbd/simulation.h"

namespace pbd::cli {

std::string traceHeader(const std::vector<std::size_t>& particles, int dimensions,
                        bool substeps)
{
    const bool space = dimensions == 3;
    std::string header =
        "step,time,kinetic,potential,max_strain,rms_strain,max_violation,com_x,com_y";
    if (space)
        header += ",com_z";
    if (substeps)
        header += ",substeps";
    for (std::size_t i : particles) {
        const std::string p = ",p" + std::to_string(i) + "_";
        header += p + "x" + p + "y" + (space ? p + "z" : "") + p + "vx" + p + "vy" +
                  (space ? p + "vz" : "");
    }
    return header;
}

TraceWriter::~TraceWriter()
{
    if (file_)
        std::fclose(file_);
}

std::optional<std::string> TraceWriter::open(const std::string& path,
                                             std::vector<std::size_t> particles, int dimensions,
                                             bool substeps)
{
    file_ = std::fopen(path.c_str(), "w");
    if (!file_)
        return std::string(std::strerror(errno));
    particles_ = std::move(particles);
    substeps_ = substeps;
    std::fprintf(file_, "%s\n", traceHeader(particles_, dimensions, substeps_).c_str());
    return std::nullopt;
}

template <glm::length_t D>
void TraceWriter::write(std::uint64_t step, const SimulationOf<D>& simulation)
{
    const Energy energy = clothEnergy(simulation);
    const Strain strain = constraintStrain(simulation);
    const ParticlesOf<D>& p = simulation.particles();
    Vec<D> moment(0.0);
    double mass = 0.0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        moment += p.mass[i] * p.position[i];
        mass += p.mass[i];
    }
    const Vec<D> com = mass > 0.0 ? moment / mass : Vec<D>(0.0);
    std::fprintf(file_, "%llu,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g",
                 static_cast<unsigned long long>(step), simulation.time(), energy.kinetic,
                 energy.potential(), strain.max, strain.rms, maxConstraintViolation(simulation));
    for (glm::length_t c = 0; c < D; ++c)
        std::fprintf(file_, ",%.17g", com[c]);
    if (substeps_) {
        const std::uint64_t taken = simulation.substepsTaken();
        std::fprintf(file_, ",%llu",
                     static_cast<unsigned long long>(step == 0 ? 0 : taken - substepsBefore_));
        substepsBefore_ = taken;
    }
    for (std::size_t i : particles_) {
        for (glm::length_t c = 0; c < 2 * D; ++c)
            if (i >= p.size())
                std::fputc(',', file_);
            else
                std::fprintf(file_, ",%.17g", c < D ? p.position[i][c] : p.velocity[i][c - D]);
    }
    std::fputc('\n', file_);
}

template void TraceWriter::write(std::uint64_t, const SimulationOf<2>&);
template void TraceWriter::write(std::uint64_t, const SimulationOf<3>&);

std::optional<std::string> TraceWriter::close()
{
    if (!file_)
        return std::nullopt;
    const bool failed = std::ferror(file_) != 0;
    const int closed = std::fclose(file_);
    file_ = nullptr;
    if (failed || closed != 0)
        return std::string("write failed: ") + std::strerror(errno);
    return std::nullopt;
}

} // namespace pbd::cli
