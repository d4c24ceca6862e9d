// The search behind the tether lengths: from an anchor, a visibility pass (every node it
// sees gets the straight distance), then in its shadow an any-angle Dijkstra whose paths
// bend at particles and cell centres (Theta* [NDKF07], checked lazily as Lazy Theta*
// [NKT10]), then label-correcting passes. Every length found is that of a path inside the
// cloth: never shorter than the shortest one.

#include "tethers/tether_search.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <numeric>
#include <limits>
#include <queue>

namespace pbd::detail {
namespace {

constexpr double kUnreached = std::numeric_limits<double>::infinity();
/// Paths whose lengths differ by less than this fraction are as long as each other (rounding).
constexpr double kTie = 1e-12;
/// Label-correcting passes after the search, at most (AnchorSearch::refine).
constexpr int kRefinePasses = 2;
constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

} // namespace

/// One entry of the shadow search: a node reached with `key` through `parent`; `checked`
/// when the segment parent-node is known to lie in the cloth.
struct AnchorSearch::Entry {
    double key;
    std::uint32_t node;
    std::uint32_t parent;
    bool checked;
    /// Another parent as close to the anchor (to rounding) through which the node's
    /// neighbours may see farther, or kNone.
    std::uint32_t second = kNone;
    /// Smallest key first; ties by node and parent, so that the order never depends on the
    /// heap's implementation.
    bool operator>(const Entry& o) const
    {
        if (key != o.key)
            return key > o.key;
        if (node != o.node)
            return node > o.node;
        if (parent != o.parent)
            return parent > o.parent;
        return checked < o.checked;
    }
};

AnchorSearch::AnchorSearch(const TetherDomain& domain, const TetherNodes& nodes)
    : domain_(domain), nodes_(nodes)
{
}

const std::vector<double>& AnchorSearch::run(std::size_t anchor)
{
    const std::size_t count = nodes_.count();
    anchor_ = static_cast<std::uint32_t>(anchor);
    distance_.assign(count, kUnreached);
    parent_.assign(count, kNone);
    second_.assign(count, kNone);
    done_.assign(count, 0);
    seenByAnchor_.assign(count, 0);
    best_.assign(count, kUnreached);
    const GridPoint a = nodes_.point(anchor);
    // Everything the anchor sees: the straight rest distance.
    bool shadow = false;
    for (std::size_t v = 0; v < count; ++v) {
        const GridPoint p = nodes_.point(v);
        if (domain_.visible(a, p)) {
            settle(v, nodes_.length(a, p), anchor_);
            seenByAnchor_[v] = 1;
        } else {
            shadow = true;
        }
    }
    parent_[anchor] = anchor_; // the root is its own parent
    if (shadow) {
        searchShadow();
        refine();
    }
    return distance_;
}

void AnchorSearch::settle(std::size_t v, double d, std::uint32_t parent)
{
    distance_[v] = d;
    parent_[v] = parent;
    done_[v] = 1;
}

bool AnchorSearch::sees(std::uint32_t from, GridPoint p, std::size_t v) const
{
    if (from == anchor_)
        return seenByAnchor_[v] != 0; // known from the first pass
    return domain_.visible(nodes_.point(from), p);
}

bool AnchorSearch::better(double key, std::uint32_t parent, const Entry& best) const
{
    // Shorter, or as long to rounding and bending earlier (nearer the anchor), so that a bend
    // on the straight line of an earlier one does not hide that one from the nodes beyond.
    if (key < best.key * (1 - kTie))
        return true;
    return key <= best.key * (1 + kTie) && distance_[parent] < distance_[best.parent];
}

void AnchorSearch::searchShadow()
{
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> heap;
    std::array<std::uint32_t, TetherNodes::kMaxNeighbours> around{};
    const std::size_t count = nodes_.count();
    // Seeds: the unseen nodes next to seen ones, bending at the best of them.
    for (std::size_t v = 0; v < count; ++v) {
        if (done_[v] != 0)
            continue;
        const Entry e = bendAtNeighbour(v, kNone);
        if (e.key < kUnreached) {
            best_[v] = e.key;
            heap.push(e);
        }
    }
    while (!heap.empty()) {
        Entry e = heap.top();
        heap.pop();
        if (done_[e.node] != 0)
            continue;
        const GridPoint p = nodes_.point(e.node);
        bool bent = e.checked;
        if (!e.checked && !onlyParent(e, p)) {
            // The best of the neighbours' parents that the node sees (the pushed one among
            // them), or a bend at a neighbour.
            const Entry alternative = bendAtNeighbour(e.node, kNone);
            if (!(alternative.key <= e.key * (1 + kTie))) {
                if (alternative.key < kUnreached) {
                    best_[e.node] = alternative.key;
                    heap.push(alternative);
                }
                continue;
            }
            bent = alternative.parent != e.parent;
            e = alternative;
        }
        straighten(e, p);
        if (bent)
            slideBend(e, p);
        settle(e.node, e.key, e.parent);
        second_[e.node] = e.second == e.parent ? kNone : e.second;
        const int n = nodes_.moves(e.node, around);
        for (const std::uint32_t parent : {e.parent, second_[e.node]}) {
            if (parent == kNone)
                continue;
            const GridPoint pp = nodes_.point(parent);
            for (int k = 0; k < n; ++k) {
                const std::uint32_t q = around[static_cast<std::size_t>(k)];
                if (done_[q] != 0)
                    continue;
                const double candidate = distance_[parent] + nodes_.length(pp, nodes_.point(q));
                if (!(candidate < best_[q]))
                    continue;
                best_[q] = candidate;
                heap.push({candidate, q, parent, false});
            }
        }
    }
}

bool AnchorSearch::onlyParent(const Entry& e, GridPoint p) const
{
    // Where every settled neighbour goes straight to e.parent and the node sees it, nothing
    // bendAtNeighbour could offer is shorter (bending at a neighbour, or on its way there, is
    // a detour by the triangle inequality): the common case, decided without its searches.
    std::array<std::uint32_t, TetherNodes::kMaxNeighbours> around{};
    const int n = nodes_.moves(e.node, around);
    for (int k = 0; k < n; ++k) {
        const std::uint32_t q = around[static_cast<std::size_t>(k)];
        if (done_[q] != 0 && (parent_[q] != e.parent || second_[q] != kNone))
            return false;
    }
    return sees(e.parent, p, e.node);
}

void AnchorSearch::refine()
{
    // Label-correcting passes over the unseen nodes, forward and back: each takes the parent
    // of any neighbour that gives it a shorter way it sees, so that a good bend reaches nodes
    // that Dijkstra's order settled before their neighbours had it.
    std::array<std::uint32_t, TetherNodes::kMaxNeighbours> around{};
    const std::size_t count = nodes_.count();
    for (int pass = 0; pass < kRefinePasses; ++pass) {
        bool changed = false;
        for (std::size_t k = 0; k < count; ++k) {
            const std::size_t v = pass % 2 == 0 ? k : count - 1 - k;
            if (done_[v] == 0 || seenByAnchor_[v] != 0)
                continue;
            const GridPoint p = nodes_.point(v);
            Entry e{distance_[parent_[v]] + nodes_.length(nodes_.point(parent_[v]), p),
                    static_cast<std::uint32_t>(v), parent_[v], true};
            const int n = nodes_.moves(v, around);
            for (int i = 0; i < n; ++i) {
                const std::uint32_t up = parent_[around[static_cast<std::size_t>(i)]];
                if (up == kNone || up == v || up == e.parent)
                    continue;
                const double via = distance_[up] + nodes_.length(nodes_.point(up), p);
                if (via < e.key * (1 - kTie) && sees(up, p, v))
                    e = {via, static_cast<std::uint32_t>(v), up, true};
            }
            if (e.key < distance_[v] * (1 - kTie)) {
                distance_[v] = e.key;
                parent_[v] = e.parent;
                changed = true;
            }
        }
        if (!changed)
            break;
    }
}

AnchorSearch::Entry AnchorSearch::bendAtNeighbour(std::size_t v, std::uint32_t tried) const
{
    // The best way to v from a settled neighbour q: straight from q's parent where v sees it
    // (other than `tried`, which it does not), else bending at q or on q's last straight
    // stretch.
    std::array<std::uint32_t, TetherNodes::kMaxNeighbours> around{};
    std::array<std::uint32_t, 2 * TetherNodes::kMaxNeighbours> asked{};
    std::size_t askedCount = 0;
    Entry best{kUnreached, static_cast<std::uint32_t>(v), 0, true};
    const GridPoint p = nodes_.point(v);
    const int n = nodes_.moves(v, around);
    for (int k = 0; k < n; ++k) {
        const std::uint32_t q = around[static_cast<std::size_t>(k)];
        if (done_[q] == 0)
            continue;
        const double viaNeighbour = distance_[q] + nodes_.length(nodes_.point(q), p);
        if (best.key == kUnreached || better(viaNeighbour, q, best))
            best = {viaNeighbour, static_cast<std::uint32_t>(v), q, true};
        for (const std::uint32_t parent : {parent_[q], second_[q]}) {
            if (parent == kNone || parent == tried || parent == q ||
                std::find(asked.begin(), asked.begin() + static_cast<std::ptrdiff_t>(askedCount),
                          parent) != asked.begin() + static_cast<std::ptrdiff_t>(askedCount))
                continue;
            asked[askedCount++] = parent;
            const double viaParent = distance_[parent] + nodes_.length(nodes_.point(parent), p);
            if (!(viaParent <= best.key * (1 + kTie)) || !sees(parent, p, v))
                continue;
            if (better(viaParent, parent, best)) {
                // The old best stays on as the second way when it is as short.
                const std::uint32_t second = best.key <= viaParent * (1 + kTie) ? best.parent : kNone;
                best = {viaParent, static_cast<std::uint32_t>(v), parent, true, second};
            } else if (best.parent != parent) {
                best.second = parent; // as short as the best, to rounding
            }
        }
    }
    // Bending where q's last straight stretch grazes the corner: the earliest node of it that
    // v sees. Never shorter than straight from q's parent (the triangle inequality), so only
    // where that bound beats the best.
    for (int k = 0; k < n; ++k) {
        const std::uint32_t q = around[static_cast<std::size_t>(k)];
        const std::uint32_t parent = parent_[q];
        if (done_[q] == 0 || parent == q || parent == kNone ||
            !(distance_[parent] + nodes_.length(nodes_.point(parent), p) < best.key * (1 - kTie)))
            continue;
        const std::uint32_t bend = pullBack(parent, q, p, v);
        const double viaBend = distance_[bend] + nodes_.length(nodes_.point(bend), p);
        if (better(viaBend, bend, best))
            best = {viaBend, static_cast<std::uint32_t>(v), bend, true};
    }
    return best;
}

std::uint32_t AnchorSearch::pullBack(std::uint32_t from, std::uint32_t to, GridPoint p,
                                     std::size_t v) const
{
    // The nodes on the segment from -> to (straight, in the cloth) are reached through `from`
    // as well; the nearer to `from` the one v bends at, the shorter the way (the triangle
    // inequality), so take the first that v sees, by bisection (what v sees of a straight
    // stretch past a corner is the part beyond it).
    const GridPoint a = nodes_.point(from);
    const GridPoint b = nodes_.point(to);
    const int g = std::gcd(std::abs(b.x - a.x), std::abs(b.y - a.y));
    const int sx = (b.x - a.x) / std::max(g, 1);
    const int sy = (b.y - a.y) / std::max(g, 1);
    const int stride = (sx - sy) % 2 == 0 ? 1 : 2; // points with x, y of one parity are nodes
    auto at = [&](int t) {
        return static_cast<std::uint32_t>(nodes_.node({a.x + t * sx, a.y + t * sy}));
    };
    int lo = 1;          // in steps of `stride`: t = lo * stride
    int hi = g / stride; // t = g is `to` itself, which v sees
    if (hi <= 1)
        return to;
    while (lo < hi) {
        const int mid = lo + (hi - lo) / 2;
        const std::uint32_t c = at(mid * stride);
        if (done_[c] != 0 && sees(c, p, v))
            hi = mid;
        else
            lo = mid + 1;
    }
    const std::uint32_t c = at(lo * stride);
    return done_[c] != 0 && sees(c, p, v) ? c : to;
}

void AnchorSearch::straighten(Entry& e, GridPoint p) const
{
    // Skips bends the node does not need: while it sees its parent's parent, goes there.
    while (parent_[e.parent] != e.parent) {
        const std::uint32_t up = parent_[e.parent];
        const double via = distance_[up] + nodes_.length(nodes_.point(up), p);
        if (!(via <= e.key * (1 + kTie)) || !sees(up, p, e.node))
            break;
        e.key = via;
        e.parent = up;
        e.second = kNone;
    }
}

void AnchorSearch::slideBend(Entry& e, GridPoint p) const
{
    // Moves a new bend along the corner it wraps: while a settled node next to the parent
    // gives a shorter way that the node sees, bends there instead (then straightens again).
    std::array<std::uint32_t, TetherNodes::kMaxNeighbours> around{};
    for (int round = 0; round < 8; ++round) {
        Entry best = e;
        const int n = nodes_.moves(e.parent, around);
        for (int k = 0; k < n; ++k) {
            const std::uint32_t q = around[static_cast<std::size_t>(k)];
            if (done_[q] == 0 || q == e.node)
                continue;
            const double via = distance_[q] + nodes_.length(nodes_.point(q), p);
            if (via < best.key * (1 - kTie) && sees(q, p, e.node))
                best = {via, e.node, q, true, kNone};
        }
        if (best.parent == e.parent)
            return;
        e = best;
        straighten(e, p);
    }
}

} // namespace pbd::detail
