#pragma once
// The strain budget's choice of substeps (Settings::maxStrain): pure functions of the
// substeps a step took and the strain it ended with, so that a run repeats exactly.
// Private to the core.
//
// The largest strain of a cloth under load is dynamic: a hanging 100 x 100 cloth bounces
// with a period of about 28 steps, its largest strain swinging between 0 and its peak. A
// count that follows the swing (more substeps when stretched, fewer when slack) pumps it as
// a child pumps a swing: a first version, which lowered the count whenever the strain fell,
// ran that cloth at 112 substeps on average where 19 fixed ones hold it; a second, starting
// at the setting's 1 substep, stretched the cloth in its first steps and then needed up to
// 105 substeps to hold the bouncing this left. So a budget starts high (kBudgetStart), is
// raised at once when a step ends above kBudgetAim of the budget, and is lowered only at
// the end of a window of kBudgetWindow steps whose largest strain stayed below kBudgetLow
// of it, as the 1 / substeps^2 law says (at most halved); a step that still ends beyond the
// budget is redone.

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace pbd::detail {

/// The substeps a budget starts with (or the setting, if more).
inline constexpr int kBudgetStart = 32;
/// The fraction of the budget above which the next step takes more substeps.
inline constexpr double kBudgetAim = 0.9;
/// The fraction of the budget below which a window's largest strain lets the count fall, and
/// which the lower count aims at.
inline constexpr double kBudgetLow = 0.75;
/// Steps in a window: a window ends after the steps whose number (Simulation::stepCount()
/// before the step) is one less than a multiple of it; about a hanging cloth's bounce.
inline constexpr std::uint64_t kBudgetWindow = 32;

/// After an attempt with `substeps` ended at `strain` beyond `budget`: the substeps of its
/// redo, strain / (kBudgetAim budget) times as many, at least half as many again, at most
/// `cap`.
inline int substepsForRedo(int substeps, double strain, double budget, int cap)
{
    const double want = substeps * (strain / (kBudgetAim * budget));
    if (!(want < cap)) // NaN too: a cloth gone wrong goes straight to the cap
        return cap;
    return std::clamp(static_cast<int>(std::ceil(want)), substeps + (substeps + 1) / 2, cap);
}

/// What the budget carries from step to step: the next step's substeps and the largest
/// strain of the window so far.
struct BudgetCount {
    int substeps = 0;
    double peak = 0.0;
};

/// After step number `step` (counted from 0) ended at `strain` with `substeps` (within the
/// budget, or at the cap) and the window's largest strain before it was `peak`: the next
/// step's substeps (from `lowest`, the setting, to `cap`) and the window's peak. Above
/// kBudgetAim of the budget the count grows as strain / (kBudgetAim budget), at least by
/// one (a moving cloth's strain does not fall at once, so more than the 1 / substeps^2 of a
/// cloth at rest says); at a window's end below kBudgetLow it falls to what that law says
/// holds kBudgetLow, at most halved.
inline BudgetCount substepsForNext(int substeps, double strain, double peak, double budget,
                                   int lowest, int cap, std::uint64_t step)
{
    BudgetCount next{substeps, std::max(peak, strain)};
    if (strain > kBudgetAim * budget) {
        const double want = substeps * (strain / (kBudgetAim * budget));
        next.substeps =
            want < cap ? std::clamp(static_cast<int>(std::ceil(want)), substeps + 1, cap) : cap;
    }
    if (step % kBudgetWindow == kBudgetWindow - 1) {
        if (next.peak < kBudgetLow * budget) {
            const double want = substeps * std::sqrt(next.peak / (kBudgetLow * budget));
            next.substeps = std::max({lowest, static_cast<int>(std::ceil(want)), substeps / 2});
        }
        next.peak = 0.0;
    }
    return next;
}

} // namespace pbd::detail
