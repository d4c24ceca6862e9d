#pragma once
/// \file
/// The box the app's view frames, measured on the GPU from the solver's own positions: what
/// following the cloth (Follow, a fit followed until the cloth rests) and the lost-cloth hint
/// read while the state lives in the GPU solver's buffers, 80 bytes a frame or so late
/// instead of the whole state.

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace pbd::gpu {

/// A measurement queued on the GPU and read when done, without waiting, as GpuPick's search:
/// request() dispatches the kernels of shaders/cloth_box.comp.glsl over the solver's position
/// buffer (GpuSolver::positionsBuffer, in its precision and dimensions) and sets a fence;
/// poll() reads the answer, 80 bytes, once the fence has signalled. One measurement is in
/// flight at a time. Needs the OpenGL 4.3 context it was made on.
///
/// The box is the app's rule to the bit (equal doubles, float positions taken as the doubles
/// they are): with `bulk` the rule of clothBulk (src/app/logic/cloth_bulk.h: quantiles of at
/// most maxSamples evenly spaced finite positions, then the box of the finite positions
/// within their reach), seven passes (nine with a position not finite), the quantiles selected
/// a byte a round on the GPU; without
/// it the box of every finite position (the 3D view's clothBox), two passes. Each of at most
/// 4096 invocations walks its share of the particles alone (no atomics, no barriers over the
/// particles), a work group adds their counts or boxes up.
class GpuClothBox {
public:
    /// The rule's parameters (cloth_bulk.h's names in brackets).
    struct Rule {
        bool bulk = false;             ///< the bulk rule; false: the box of every finite one
        double quantile = 0.05;        ///< the core's low quantile [kBulkQuantile]
        double quantileHigh = 0.95;    ///< its high one, as the host rounds 1 - quantile
        std::size_t minParticles = 20; ///< fewer candidates: their box [kBulkMinParticles]
        std::size_t maxSamples = 8192; ///< the most samples the quantiles read [kBulkSamples]
    };
    /// What a measurement found.
    struct Answer {
        bool empty = true;                ///< no finite position (within the reach)
        std::array<double, 3> min{};      ///< per axis (the first `dimensions`), metres
        std::array<double, 3> max{};
        std::size_t candidates = 0;       ///< finite positions (with `bulk`; else 0)
    };
    /// Bytes each answer reads back.
    static constexpr std::size_t kAnswerBytes = 80;

    /// Compiles the kernels for positions of `dimensions` (2 or 3) reals in double or float;
    /// null and `why` set when they do not compile.
    static std::unique_ptr<GpuClothBox> create(int dimensions, bool doublePrecision,
                                               std::string& why);
    ~GpuClothBox();
    GpuClothBox(const GpuClothBox&) = delete;
    GpuClothBox& operator=(const GpuClothBox&) = delete;

    int dimensions() const { return dimensions_; }
    bool doublePrecision() const { return double_; }

    /// Queues the measurement of `count` particles' positions in `positions` (a buffer of
    /// dimensions() reals each, packed, in this precision) by `rule`. Does nothing while an
    /// earlier one is in flight (returns false then).
    bool request(unsigned positions, std::size_t count, const Rule& rule);
    /// True while a measurement is queued and not yet read.
    bool pending() const { return fence_ != nullptr; }
    /// Reads the answer of the measurement in flight once the GPU has done it: returns true
    /// and sets `answer`; returns false, leaving it alone, while it is not done yet or when
    /// none is in flight. With `wait`, waits for it (tests).
    bool poll(Answer& answer, bool wait = false);
    /// Answers read so far.
    std::size_t answers() const { return answers_; }

private:
    GpuClothBox() = default;
    int dimensions_ = 2;
    bool double_ = true;
    std::array<unsigned, 9> stages_{}; ///< the programs of stages 0 to 8
    unsigned measure_ = 0;             ///< the Measure block
    unsigned samples_ = 0;             ///< stage 2's keys
    unsigned runs_ = 0;                ///< stage 0's counts per run, then first ranks
    unsigned runBoxes_ = 0;            ///< stage 5's box per run
    std::size_t sampleBytes_ = 0;      ///< samples_'s size
    std::size_t runBytes_ = 0;         ///< runs_'s size
    std::size_t runBoxBytes_ = 0;      ///< runBoxes_'s size
    void* fence_ = nullptr;            ///< GLsync of the measurement in flight
    std::size_t answers_ = 0;
};

} // namespace pbd::gpu
