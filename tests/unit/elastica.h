#pragma once
// The heavy elastica, shared by the bending test and the bending bench: a horizontal strip
// laid flat in the x-z plane (columns along +x, rows along +z), clamped by pinning its first
// two columns, drooping under its own weight on a 3D CPU solver; and the law it
// follows, B theta''(s) = -rho g (L - s) cos theta(s), theta(0) = 0, theta'(L) = 0 (theta
// the angle below the horizontal, s the arc length from the clamp's middle), solved by
// shooting on theta'(0) with RK4.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

#include "pbd/simulation.h"
#include "step/step_solver.h"

namespace pbd::test {

/// The law's tip for a strip of length L (m), areal density rho (kg/m^2), gravity g (m/s^2,
/// > 0) and rigidity B (N m): how far below and how far beyond the clamp's middle it ends.
struct ElasticaTip {
    double drop = 0.0;  ///< m below the clamp
    double reach = 0.0; ///< m along x from the clamp's middle
};

inline ElasticaTip elasticaLaw(double length, double rho, double g, double rigidity)
{
    const double q = rho * g / rigidity; // theta'' = -q (L - s) cos theta
    const int n = 4000;
    const double ds = length / n;
    // Integrates theta, theta', x, y from s = 0 with theta'(0) = k0; returns theta'(L).
    auto shoot = [&](double k0, ElasticaTip* tip) {
        double y[4] = {0.0, k0, 0.0, 0.0}; // theta, theta', x, drop
        auto f = [&](double s, const double* v, double* d) {
            d[0] = v[1];
            d[1] = -q * (length - s) * std::cos(v[0]);
            d[2] = std::cos(v[0]);
            d[3] = std::sin(v[0]);
        };
        for (int i = 0; i < n; ++i) {
            const double s = i * ds;
            double k1[4], k2[4], k3[4], k4[4], t[4];
            f(s, y, k1);
            for (int c = 0; c < 4; ++c)
                t[c] = y[c] + 0.5 * ds * k1[c];
            f(s + 0.5 * ds, t, k2);
            for (int c = 0; c < 4; ++c)
                t[c] = y[c] + 0.5 * ds * k2[c];
            f(s + 0.5 * ds, t, k3);
            for (int c = 0; c < 4; ++c)
                t[c] = y[c] + ds * k3[c];
            f(s + ds, t, k4);
            for (int c = 0; c < 4; ++c)
                y[c] += ds / 6.0 * (k1[c] + 2.0 * k2[c] + 2.0 * k3[c] + k4[c]);
        }
        if (tip != nullptr)
            *tip = {y[3], y[2]};
        return y[1];
    };
    // theta'(L) is below 0 for theta'(0) = 0 and at least 0 for theta'(0) = q L^2 / 2 (the
    // integral of theta'' lies between -q L^2 / 2 and 0 while |theta| <= pi / 2): bisect.
    double lo = 0.0, hi = 0.5 * q * length * length;
    for (int i = 0; i < 200 && hi - lo > 1e-15 * hi; ++i) {
        const double mid = 0.5 * (lo + hi);
        (shoot(mid, nullptr) < 0.0 ? lo : hi) = mid;
    }
    ElasticaTip tip;
    shoot(0.5 * (lo + hi), &tip);
    return tip;
}

/// The strip: `along` particles along x (the first two columns pinned), `across` along z,
/// of length `length` from the clamp's middle (halfway between columns 0 and 1) to the
/// tip, `width` across, with density rho and rigidity B, on the 3D sequential solver with
/// `substeps` substeps of h each and damping `damping` (1/s); use() takes another.
struct ElasticaStrip {
    Settings settings;
    std::unique_ptr<Simulation3> sim;
    ParticlesOf<3> particles;
    std::vector<DistanceConstraint> constraints;
    std::vector<double> lambda;
    std::vector<double> areaLambda;
    std::vector<std::uint8_t> alive;
    std::size_t liveCount = 0;
    std::uint64_t constraintsVersion = 0;
    std::vector<Residual> residuals;
    std::vector<Obstacle3> obstacles;
    std::vector<BallOf<3>> balls;
    std::unique_ptr<detail::StepSolverOf<3>> solver = detail::makeSequentialSolver<3>();
    double length = 0.0;
    double spacing = 0.0; ///< du along x

    ElasticaStrip(int along, int across, double length_, double width, double rho,
                  double rigidity, double h, int substeps, double damping)
        : length(length_)
    {
        // L = (along - 1.5) du: the cloth's width is (along - 1) du.
        spacing = length / (along - 1.5);
        settings.width = along;
        settings.height = across;
        settings.fixedCount = 1;
        settings.iterations = 1;
        settings.clothWidth = spacing * (along - 1);
        settings.clothHeight = width;
        settings.density = rho;
        settings.dimensions = 3;
        settings.bending = rigidity;
        settings.substeps = substeps;
        settings.timeStep = h * substeps;
        settings.damping = damping;
        sim = std::make_unique<Simulation3>(settings); // its cloth vertical, at z = 0
        const ParticlesOf<3>& p = sim->particles();
        for (std::size_t i = 0; i < p.size(); ++i) {
            // Laid flat at y = 0: x as in 2D, rows towards +z.
            const Vec<3> x(p.position[i].x, 0.0, -p.position[i].y);
            particles.position.push_back(x);
            particles.stepStart.push_back(x);
            particles.velocity.push_back(Vec<3>(0.0));
            const bool clamped = static_cast<int>(i) % along < 2;
            particles.mass.push_back(p.mass[i]);
            particles.flags.push_back(clamped ? kPinned : 0);
            particles.inverseMass.push_back(clamped ? 0.0 : 1.0 / p.mass[i]);
        }
        constraints.assign(sim->constraints().begin(), sim->constraints().end());
        lambda.assign(constraints.size(), 0.0);
        alive.assign(constraints.size(), 1);
        liveCount = constraints.size();
    }

    detail::StepStateOf<3> view()
    {
        return {settings,    particles,   constraints,        lambda,  areaLambda,
                alive,       liveCount,   constraintsVersion, false,   residuals,
                nullptr,     0,           obstacles,          balls,   0.0,
                &sim->topology()};
    }

    /// Steps on the CPU solver `kind` from now on (the colored one on two threads).
    void use(Solver kind)
    {
        settings.solver = kind;
        settings.threads = 2;
        solver = detail::makeStepSolver<3>(settings, {});
    }

    void step(int steps)
    {
        for (int i = 0; i < steps; ++i) {
            auto state = view();
            solver->step(state);
        }
    }

    /// The tip (the last column's mean) below and beyond the clamp's middle.
    ElasticaTip tip() const
    {
        const int w = settings.width;
        ElasticaTip t;
        for (int r = 0; r < settings.height; ++r) {
            const Vec<3> x = particles.position[static_cast<std::size_t>(r * w + w - 1)];
            t.drop -= x.y;
            t.reach += x.x - 0.5 * spacing;
        }
        t.drop /= settings.height;
        t.reach /= settings.height;
        return t;
    }

    /// The largest particle speed, m/s.
    double fastest() const
    {
        double v = 0.0;
        for (const Vec<3>& u : particles.velocity)
            v = std::max(v, std::sqrt(squaredLength(u)));
        return v;
    }
};

} // namespace pbd::test
