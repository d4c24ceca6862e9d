#pragma once
/// \file
/// The live plots' history: a fixed-capacity ring buffer, and the last ~10 s of simulated time
/// held in it as evenly spaced bins (ImGui plots assume evenly spaced values). GL-free.

#include <cstddef>
#include <stdexcept>
#include <vector>

namespace pbd::app {

/// The newest `capacity` items pushed, oldest first; a push into a full buffer overwrites the
/// oldest. Storage is allocated once, by the constructor.
template <typename T>
class RingBuffer {
public:
    /// Throws std::invalid_argument for a capacity of 0.
    explicit RingBuffer(std::size_t capacity) : items_(capacity)
    {
        if (capacity == 0)
            throw std::invalid_argument("RingBuffer: capacity 0; allowed: 1 or more");
    }

    void push(const T& item)
    {
        items_[(head_ + size_) % items_.size()] = item;
        if (size_ < items_.size())
            ++size_;
        else
            head_ = (head_ + 1) % items_.size();
    }
    /// Item i, 0 the oldest; i < size().
    const T& operator[](std::size_t i) const { return items_[(head_ + i) % items_.size()]; }
    /// The newest item; size() > 0.
    T& back() { return items_[(head_ + size_ - 1) % items_.size()]; }
    const T& back() const { return items_[(head_ + size_ - 1) % items_.size()]; }
    std::size_t size() const { return size_; }
    std::size_t capacity() const { return items_.size(); }
    bool empty() const { return size_ == 0; }
    void clear()
    {
        head_ = 0;
        size_ = 0;
    }

private:
    std::vector<T> items_;
    std::size_t head_ = 0; ///< slot of the oldest item
    std::size_t size_ = 0;
};

/// What the history plots show at one moment.
struct PlotSample {
    float kinetic = 0.0f;   ///< kinetic energy, J (pbd::Energy::kinetic)
    float potential = 0.0f; ///< gravitational plus elastic energy, J
    float strainRms = 0.0f; ///< RMS of |l - r| / r over the live constraints
    float strainMax = 0.0f; ///< largest |l - r| / r
    float msPerStep = 0.0f; ///< wall-clock milliseconds per step over the frame's steps
};

/// The last kWindowSeconds of simulated time in bins of kBinSeconds: each bin holds the newest
/// sample taken in it; bins no sample fell in (a frame stepped past them) repeat the next
/// sample. Time going backwards (restart, a loaded state) starts the history afresh.
class PlotHistory {
public:
    static constexpr double kWindowSeconds = 10.0; ///< simulated seconds shown
    static constexpr double kBinSeconds = 0.05;    ///< simulated seconds per plotted value
    /// Bins held: kWindowSeconds / kBinSeconds.
    static constexpr std::size_t kCapacity =
        static_cast<std::size_t>(kWindowSeconds / kBinSeconds + 0.5); // 200

    PlotHistory() : bins_(kCapacity) {}

    /// Records `sample` taken at simulated time `time` (seconds, finite; others are ignored).
    void add(double time, const PlotSample& sample);
    /// Forgets everything.
    void clear();
    /// Bins held, at most kCapacity; bin i covers kBinSeconds, 0 the oldest.
    std::size_t size() const { return bins_.size(); }
    const PlotSample& operator[](std::size_t i) const { return bins_[i]; }
    /// One member of every bin, oldest first, into `out` (resized; no allocation once grown).
    void series(float PlotSample::*member, std::vector<float>& out) const;
    /// Simulated seconds the bins cover (size() * kBinSeconds).
    double seconds() const { return static_cast<double>(size()) * kBinSeconds; }

private:
    RingBuffer<PlotSample> bins_;
    long long lastBin_ = 0; ///< bin index (time / kBinSeconds) of the newest bin
};

} // namespace pbd::app
