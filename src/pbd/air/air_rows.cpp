#include "air/air_rows.h"

#include <cstddef>
#include <utility>
#include <vector>

namespace pbd::detail {
namespace {

/// One row of particles as separate arrays, so that the force loops read neighbouring
/// particles with plain vector loads: positions, velocities (0 where the particle does not
/// move: it counts at rest) and, with gusts, the wind at each.
struct RowRecord {
    std::vector<double> x, y, vx, vy, windX, windY;
    const double* w = nullptr; ///< the row's inverse masses, in the particles' own array
};

/// The forces (x and y parts) of the constraints between row r and row r + 1: vertical at
/// j (particle j to j + width), and the cells' two diagonals, cell j's at j + 1 with a +0 at
/// both ends, so that a particle's up-left and down-right cells are at j and j + 1 whatever
/// its column.
struct BandForces {
    std::vector<double> vx, vy, d1x, d1y, d2x, d2y;
};

/// One thread's arrays, sized for the widest cloth it has seen.
struct Scratch {
    RowRecord rows[2];
    BandForces bands[2];
    BandForces none;              ///< +0 everywhere: the band beyond the top or bottom row
    std::vector<double> hx, hy;   ///< the row's horizontals, segment j at j + 1, +0 at the ends
    std::vector<glm::dvec2> wind; ///< gustWinds() of one row
    std::size_t width = 0;

    void fit(std::size_t w)
    {
        if (w == width)
            return;
        width = w;
        for (RowRecord& r : rows)
            for (std::vector<double>* a : {&r.x, &r.y, &r.vx, &r.vy, &r.windX, &r.windY})
                a->assign(w, 0.0);
        for (BandForces* b : {&bands[0], &bands[1], &none})
            for (std::vector<double>* a : {&b->vx, &b->vy, &b->d1x, &b->d1y, &b->d2x, &b->d2y})
                a->assign(w + 1, 0.0); // the padded diagonals' length
        hx.assign(w + 1, 0.0);
        hy.assign(w + 1, 0.0);
        wind.assign(w, glm::dvec2(0.0));
    }
};

/// One chunk's rows.
class ChunkRows {
public:
    ChunkRows(const AirGrid& grid, AirLanes lanes, Scratch& scratch)
        : grid_(grid), lanes_(lanes), s_(scratch),
          width_(static_cast<std::size_t>(grid.width)),
          height_(static_cast<std::size_t>(grid.height)), gusts_(grid.params.gusts > 0.0)
    {
        const glm::dvec2 wind = grid.params.wind;
        // airForcesOf's mean of the two ends' wind, for a steady wind.
        meanWindX_ = 0.5 * (wind.x + wind.x);
        meanWindY_ = 0.5 * (wind.y + wind.y);
    }

    void run(std::size_t rowBegin, std::size_t rowEnd, glm::dvec2* accel)
    {
        RowRecord* current = &s_.rows[0];
        RowRecord* next = &s_.rows[1];
        // Two buffers for the bands above and below the row; `up` is one of them or `none`.
        BandForces* storeAbove = &s_.bands[1];
        BandForces* storeBelow = &s_.bands[0];
        const BandForces* up = &s_.none;
        load(rowBegin, *current);
        if (rowBegin > 0) { // the band above: the neighbouring chunk's too, the same bits
            load(rowBegin - 1, *next);
            band(rowBegin - 1, *next, *current, *storeAbove);
            up = storeAbove;
        }
        for (std::size_t r = rowBegin; r < rowEnd; ++r) {
            if (width_ > 1) // the horizontals: H(r, j) = r (width - 1) + j
                forces(*current, 0, *current, 1, width_ - 1, r * (width_ - 1), 1,
                       s_.hx.data() + 1, s_.hy.data() + 1);
            const BandForces* below = &s_.none;
            if (r + 1 < height_) {
                load(r + 1, *next);
                band(r, *current, *next, *storeBelow);
                below = storeBelow;
            }
            sum(r, *up, *below, accel);
            // The next row's band above is this one's below, and its row is `next`.
            std::swap(current, next);
            std::swap(storeAbove, storeBelow);
            up = below;
        }
    }

private:
    /// Row r into `record`.
    void load(std::size_t r, RowRecord& record)
    {
        const std::size_t first = r * width_;
        const glm::dvec2* x = grid_.x + first;
        AirLoadRun run;
        run.x = x;
        run.v = grid_.v + first;
        run.w = grid_.w + first;
        record.w = run.w;
        run.n = width_;
        run.px = record.x.data();
        run.py = record.y.data();
        run.vx = record.vx.data();
        run.vy = record.vy.data();
        airLoadLanes(run, lanes_);
        if (!gusts_)
            return;
        std::size_t done = 0;
#if defined(__x86_64__)
        if (lanes_ == AirLanes::Avx2)
            done = airGustWindsAvx2(grid_.params, x, width_, record.windX.data(),
                                    record.windY.data());
#endif
        gustWinds(grid_.params, x, s_.wind.data(), done, width_);
        for (std::size_t j = done; j < width_; ++j) {
            record.windX[j] = s_.wind[j].x;
            record.windY[j] = s_.wind[j].y;
        }
    }

    /// n constraints from particle a + j of row A to b + j of row B, the first of them
    /// constraint `first` of the cloth and the others every `stride`, into fx, fy.
    void forces(const RowRecord& A, std::size_t a, const RowRecord& B, std::size_t b,
                std::size_t n, std::size_t first, std::size_t stride, double* fx, double* fy)
    {
        AirForceRun run{A.x.data() + a, A.y.data() + a, A.vx.data() + a, A.vy.data() + a,
                        A.windX.data() + a, A.windY.data() + a, B.x.data() + b,
                        B.y.data() + b, B.vx.data() + b, B.vy.data() + b,
                        B.windX.data() + b, B.windY.data() + b};
        run.alive = grid_.alive != nullptr ? grid_.alive + first : nullptr;
        run.stride = stride;
        run.n = n;
        run.aw = A.w + a;
        run.bw = B.w + b;
        run.drag = grid_.params.drag;
        run.cap = grid_.params.cap;
        run.meanWindX = meanWindX_;
        run.meanWindY = meanWindY_;
        run.gusts = gusts_;
        run.fx = fx;
        run.fy = fy;
        airForceLanes(run, lanes_);
    }

    /// The band of constraints between rows r (`upper`) and r + 1 (`lower`), indexed as
    /// buildClothGrid() orders them: V(r, j) after all horizontals, D1 and D2 of cell (r, j)
    /// side by side after all verticals.
    void band(std::size_t r, const RowRecord& upper, const RowRecord& lower, BandForces& out)
    {
        const std::size_t w = width_;
        const std::size_t vertical = height_ * (w - 1) + r * w;
        const std::size_t diagonal = height_ * (w - 1) + (height_ - 1) * w + 2 * r * (w - 1);
        forces(upper, 0, lower, 0, w, vertical, 1, out.vx.data(), out.vy.data());
        if (w < 2)
            return;
        forces(upper, 0, lower, 1, w - 1, diagonal, 2, out.d1x.data() + 1, out.d1y.data() + 1);
        forces(upper, 1, lower, 0, w - 1, diagonal + 1, 2, out.d2x.data() + 1,
               out.d2y.data() + 1);
    }

    /// Row r's accelerations from its horizontals and the bands above and below it, in
    /// ascending constraint order (see the file comment of air_rows.h).
    void sum(std::size_t r, const BandForces& up, const BandForces& down, glm::dvec2* accel)
    {
        AirSumRun run{{s_.hx.data(), s_.hx.data() + 1, up.vx.data(), down.vx.data(),
                       up.d1x.data(), up.d2x.data() + 1, down.d2x.data(), down.d1x.data() + 1},
                      {s_.hy.data(), s_.hy.data() + 1, up.vy.data(), down.vy.data(),
                       up.d1y.data(), up.d2y.data() + 1, down.d2y.data(), down.d1y.data() + 1},
                      grid_.w + r * width_, accel + r * width_, width_};
        airSumLanes(run, lanes_);
    }

    const AirGrid& grid_;
    AirLanes lanes_;
    Scratch& s_;
    std::size_t width_;
    std::size_t height_;
    bool gusts_;
    double meanWindX_ = 0.0;
    double meanWindY_ = 0.0;
};

} // namespace

void airRows(const AirGrid& grid, int rowBegin, int rowEnd, glm::dvec2* accel, AirLanes lanes)
{
    if (rowBegin >= rowEnd)
        return;
    // Each thread's own arrays: chunks run on any thread, and a chunk's rows need only these.
    thread_local Scratch scratch;
    scratch.fit(static_cast<std::size_t>(grid.width));
    ChunkRows(grid, lanes, scratch)
        .run(static_cast<std::size_t>(rowBegin), static_cast<std::size_t>(rowEnd), accel);
}

} // namespace pbd::detail
