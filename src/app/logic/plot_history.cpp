#include "logic/plot_history.h"

#include <algorithm>
#include <cmath>

namespace pbd::app {

void PlotHistory::add(double time, const PlotSample& sample)
{
    if (!std::isfinite(time) || std::abs(time) > 1e15)
        return;
    const auto bin = static_cast<long long>(std::floor(time / kBinSeconds));
    if (bins_.empty() || bin < lastBin_) {
        bins_.clear();
        bins_.push(sample);
    } else if (bin == lastBin_) {
        bins_.back() = sample;
    } else {
        // Bins stepped over since the last sample repeat this one; more than a window's worth
        // would only push themselves out again.
        const auto gap = static_cast<std::size_t>(
            std::min<long long>(bin - lastBin_, static_cast<long long>(kCapacity)));
        for (std::size_t i = 0; i < gap; ++i)
            bins_.push(sample);
    }
    lastBin_ = bin;
}

void PlotHistory::clear()
{
    bins_.clear();
    lastBin_ = 0;
}

void PlotHistory::series(float PlotSample::*member, std::vector<float>& out) const
{
    out.resize(bins_.size());
    for (std::size_t i = 0; i < bins_.size(); ++i)
        out[i] = bins_[i].*member;
}

} // namespace pbd::app
