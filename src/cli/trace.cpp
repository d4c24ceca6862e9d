#include "trace.h"

#include <cerrno>
#include <cstring>

#include "pbd/energy.h"
#include "pbd/simulation.h"

namespace pbd::cli {

std::string traceHeader(const std::vector<std::size_t>& particles)
{
    std::string header =
        "step,time,kinetic,potential,max_strain,rms_strain,max_violation,com_x,com_y";
    for (std::size_t i : particles) {
        const std::string p = ",p" + std::to_string(i) + "_";
        header += p + "x" + p + "y" + p + "vx" + p + "vy";
    }
    return header;
}

TraceWriter::~TraceWriter()
{
    if (file_)
        std::fclose(file_);
}

std::optional<std::string> TraceWriter::open(const std::string& path,
                                             std::vector<std::size_t> particles)
{
    file_ = std::fopen(path.c_str(), "w");
    if (!file_)
        return std::string(std::strerror(errno));
    particles_ = std::move(particles);
    std::fprintf(file_, "%s\n", traceHeader(particles_).c_str());
    return std::nullopt;
}

void TraceWriter::write(std::uint64_t step, const Simulation& simulation)
{
    const Energy energy = clothEnergy(simulation);
    const Strain strain = constraintStrain(simulation);
    const Particles& p = simulation.particles();
    glm::dvec2 moment(0.0);
    double mass = 0.0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        moment += p.mass[i] * p.position[i];
        mass += p.mass[i];
    }
    const glm::dvec2 com = mass > 0.0 ? moment / mass : glm::dvec2(0.0);
    std::fprintf(file_, "%llu,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g",
                 static_cast<unsigned long long>(step), simulation.time(), energy.kinetic,
                 energy.potential(), strain.max, strain.rms, maxConstraintViolation(simulation),
                 com.x, com.y);
    for (std::size_t i : particles_) {
        if (i >= p.size()) {
            std::fputs(",,,,", file_);
            continue;
        }
        std::fprintf(file_, ",%.17g,%.17g,%.17g,%.17g", p.position[i].x, p.position[i].y,
                     p.velocity[i].x, p.velocity[i].y);
    }
    std::fputc('\n', file_);
}

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
