#include "tethers/tether_domain.h"

#include <algorithm>
#include <cstdlib>

namespace pbd::detail {
namespace {

/// A parameter t = n / d along a segment, d > 0, compared exactly.
struct Frac {
    long long n;
    long long d;
};

bool lessThan(Frac a, Frac b) { return a.n * b.d < b.n * a.d; }

long long floorDiv(long long a, long long b) // b > 0
{
    const long long q = a / b;
    return (a % b != 0 && a < 0) ? q - 1 : q;
}

/// The crossings of f(t) = f0 + t df with the lines f = k m after a given t, in increasing t.
class Crossings {
public:
    Crossings(long long f0, long long df, long long m, Frac from)
        : f0_(f0), df_(df), m_(m)
    {
        if (df == 0)
            return;
        // f(from) = num / den * m: the first k beyond it in the direction of df.
        const long long num = f0 * from.d + df * from.n;
        const long long den = m * from.d;
        k_ = df > 0 ? floorDiv(num, den) + 1 : -floorDiv(-num, den) - 1;
    }
    /// The next crossing, or none (df = 0: the segment runs parallel to the lines).
    bool any() const { return df_ != 0; }
    Frac t() const
    {
        const long long n = k_ * m_ - f0_;
        return df_ > 0 ? Frac{n, df_} : Frac{-n, -df_};
    }
    void next() { k_ += df_ > 0 ? 1 : -1; }

private:
    long long f0_;
    long long df_;
    long long m_;
    long long k_ = 0;
};

/// The point halfway between two parameters of the segment a + t (dx, dy), exactly:
/// (x / den, y / den).
struct ExactPoint {
    long long x;
    long long y;
    long long den;
};

ExactPoint midpoint(GridPoint a, long long dx, long long dy, Frac t0, Frac t1)
{
    const long long den = 2 * t0.d * t1.d;
    const long long num = t0.n * t1.d + t1.n * t0.d;
    return {a.x * den + dx * num, a.y * den + dy * num, den};
}

} // namespace

TetherDomain::TetherDomain(int width, int height, std::span<const std::uint8_t> alive)
    : width_(width), height_(height), cellColumns_(width > 1 && height > 1 ? width - 1 : 0),
      cellRows_(width > 1 && height > 1 ? height - 1 : 0), alive_(alive)
{
    quarters_.assign(static_cast<std::size_t>(cellRows_) * static_cast<std::size_t>(cellColumns_), 0);
    broken_.assign(static_cast<std::size_t>(cellRows_ + 1) * static_cast<std::size_t>(cellColumns_ + 1), 0);
    const auto stride = static_cast<std::size_t>(cellColumns_ + 1);
    for (int i = 0; i < cellRows_; ++i) {
        std::uint32_t rowSum = 0;
        for (int j = 0; j < cellColumns_; ++j) {
            const bool top = live(horizontal(i, j));
            const bool bottom = live(horizontal(i + 1, j));
            const bool left = live(vertical(i, j));
            const bool right = live(vertical(i, j + 1));
            const bool d1 = live(diagonal(i, j));
            const bool d2 = live(antiDiagonal(i, j));
            const bool upperRight = top && right && d1; // (TL, TR, BR)
            const bool lowerLeft = d1 && bottom && left; // (TL, BR, BL)
            const bool upperLeft = top && d2 && left;   // (TL, TR, BL)
            const bool lowerRight = right && bottom && d2; // (TR, BR, BL)
            const unsigned bits = (upperRight || upperLeft ? 1u << kTopQuarter : 0u) |
                                  (upperRight || lowerRight ? 1u << kRightQuarter : 0u) |
                                  (lowerLeft || lowerRight ? 1u << kBottomQuarter : 0u) |
                                  (lowerLeft || upperLeft ? 1u << kLeftQuarter : 0u);
            quarters_[static_cast<std::size_t>(i) * static_cast<std::size_t>(cellColumns_) +
                      static_cast<std::size_t>(j)] = static_cast<std::uint8_t>(bits);
            rowSum += bits == 0xFu ? 0u : 1u;
            broken_[static_cast<std::size_t>(i + 1) * stride + static_cast<std::size_t>(j + 1)] =
                broken_[static_cast<std::size_t>(i) * stride + static_cast<std::size_t>(j + 1)] + rowSum;
        }
    }
    if (cellRows_ > 0)
        intact_ = broken_.back() == 0;
    else
        intact_ = std::all_of(alive.begin(), alive.end(), [](std::uint8_t a) { return a != 0; });
}

std::size_t TetherDomain::horizontal(int i, int j) const
{
    return static_cast<std::size_t>(i) * static_cast<std::size_t>(width_ - 1) +
           static_cast<std::size_t>(j);
}

std::size_t TetherDomain::vertical(int i, int j) const
{
    return static_cast<std::size_t>(height_) * static_cast<std::size_t>(width_ - 1) +
           static_cast<std::size_t>(i) * static_cast<std::size_t>(width_) +
           static_cast<std::size_t>(j);
}

std::size_t TetherDomain::diagonal(int i, int j) const
{
    return static_cast<std::size_t>(height_) * static_cast<std::size_t>(width_ - 1) +
           static_cast<std::size_t>(height_ - 1) * static_cast<std::size_t>(width_) +
           2 * (static_cast<std::size_t>(i) * static_cast<std::size_t>(width_ - 1) +
                static_cast<std::size_t>(j));
}

std::size_t TetherDomain::antiDiagonal(int i, int j) const { return diagonal(i, j) + 1; }

std::uint32_t TetherDomain::brokenCells(int i0, int i1, int j0, int j1) const
{
    i0 = std::max(i0, 0);
    j0 = std::max(j0, 0);
    i1 = std::min(i1, cellRows_ - 1);
    j1 = std::min(j1, cellColumns_ - 1);
    if (i0 > i1 || j0 > j1)
        return 0;
    const auto stride = static_cast<std::size_t>(cellColumns_ + 1);
    auto at = [&](int r, int c) {
        return broken_[static_cast<std::size_t>(r) * stride + static_cast<std::size_t>(c)];
    };
    return at(i1 + 1, j1 + 1) - at(i0, j1 + 1) - at(i1 + 1, j0) + at(i0, j0);
}

bool TetherDomain::visible(GridPoint a, GridPoint b) const
{
    if (a == b)
        return true;
    const int dx = b.x - a.x;
    const int dy = b.y - a.y;
    if (dy == 0 && a.y % 2 == 0)
        return alongRow(a, b);
    if (dx == 0 && a.x % 2 == 0)
        return alongColumn(a, b);
    if (std::abs(dx) == std::abs(dy))
        return alongDiagonal(a, b);
    return across(a, b);
}

bool TetherDomain::alongRow(GridPoint a, GridPoint b) const
{
    // Along a row of particles: only its horizontal constraints hold it (the quarters on
    // either side need them too).
    const int i = a.y / 2;
    for (int j = std::min(a.x, b.x) / 2; j < std::max(a.x, b.x) / 2; ++j)
        if (!live(horizontal(i, j)))
            return false;
    return true;
}

bool TetherDomain::alongColumn(GridPoint a, GridPoint b) const
{
    const int j = a.x / 2;
    for (int i = std::min(a.y, b.y) / 2; i < std::max(a.y, b.y) / 2; ++i)
        if (!live(vertical(i, j)))
            return false;
    return true;
}

bool TetherDomain::alongDiagonal(GridPoint a, GridPoint b) const
{
    // Half a diagonal at a time, between a corner and a centre: in D when the diagonal is
    // live or a quarter on either side lies in D.
    const int sx = b.x > a.x ? 1 : -1;
    const int sy = b.y > a.y ? 1 : -1;
    for (GridPoint p = a; p != b; p = {p.x + sx, p.y + sy}) {
        const int i = std::min(p.y, p.y + sy) / 2;
        const int j = std::min(p.x, p.x + sx) / 2;
        if (i < 0 || j < 0 || i >= cellRows_ || j >= cellColumns_)
            return false;
        const GridPoint corner = p.x % 2 == 0 ? p : GridPoint{p.x + sx, p.y + sy};
        const bool right = corner.x == 2 * j + 2;
        const bool bottom = corner.y == 2 * i + 2;
        const bool mainDiagonal = right == bottom; // TL or BR: the diagonal TL-BR
        if (live(mainDiagonal ? diagonal(i, j) : antiDiagonal(i, j)))
            continue;
        const int side1 = bottom ? kBottomQuarter : kTopQuarter;
        const int side2 = right ? kRightQuarter : kLeftQuarter;
        if (!quarter(i, j, side1) && !quarter(i, j, side2))
            return false;
    }
    return true;
}

bool TetherDomain::across(GridPoint a, GridPoint b) const
{
    if (cellRows_ == 0)
        return false;
    const long long dx = b.x - a.x;
    const long long dy = b.y - a.y;
    // No broken cell near the segment's box: it stays in D.
    const int x0 = std::min(a.x, b.x);
    const int x1 = std::max(a.x, b.x);
    const int y0 = std::min(a.y, b.y);
    const int y1 = std::max(a.y, b.y);
    if (brokenCells(y0 / 2 - 1, y1 / 2, x0 / 2 - 1, x1 / 2) == 0)
        return true;

    // The quarters the part (t0, t1) inside cell (i, j) passes through, split by the cell's
    // two diagonals (x - y = 2 (j - i) and x + y = 2 (i + j + 1)).
    auto cellClear = [&](int i, int j, Frac t0, Frac t1) {
        Frac cuts[2];
        int count = 0;
        const long long ds = dx - dy;
        const long long dt = dx + dy;
        if (ds != 0) {
            const long long n = 2LL * (j - i) - (a.x - a.y);
            const Frac t = ds > 0 ? Frac{n, ds} : Frac{-n, -ds};
            if (lessThan(t0, t) && lessThan(t, t1))
                cuts[count++] = t;
        }
        if (dt != 0) {
            const long long n = 2LL * (i + j + 1) - (a.x + a.y);
            const Frac t = dt > 0 ? Frac{n, dt} : Frac{-n, -dt};
            // Through the centre both diagonals cut at the same t: once is enough.
            const bool same = count == 1 && !lessThan(cuts[0], t) && !lessThan(t, cuts[0]);
            if (lessThan(t0, t) && lessThan(t, t1) && !same)
                cuts[count++] = t;
        }
        if (count == 2 && lessThan(cuts[1], cuts[0]))
            std::swap(cuts[0], cuts[1]);
        Frac from = t0;
        for (int k = 0; k <= count; ++k) {
            const Frac to = k < count ? cuts[k] : t1;
            const ExactPoint m = midpoint(a, dx, dy, from, to);
            const long long u = m.x - (2LL * j + 1) * m.den;
            const long long v = m.y - (2LL * i + 1) * m.den;
            const long long au = u < 0 ? -u : u;
            const long long av = v < 0 ? -v : v;
            const int q = au < av ? (v < 0 ? kTopQuarter : kBottomQuarter)
                                  : (u < 0 ? kLeftQuarter : kRightQuarter);
            if (!quarter(i, j, q))
                return false;
            from = to;
        }
        return true;
    };

    // Walks (t0, t1) through the cells, calling cellClear on the broken ones. The first
    // cell comes from a midpoint, the next ones from which grid line each crossing is on.
    auto walkCells = [&](Frac t0, Frac t1) {
        Crossings cx(a.x, dx, 2, t0);
        Crossings cy(a.y, dy, 2, t0);
        auto nextCrossing = [&](Frac limit) {
            Frac next = limit;
            if (cx.any() && lessThan(cx.t(), next))
                next = cx.t();
            if (cy.any() && lessThan(cy.t(), next))
                next = cy.t();
            return next;
        };
        Frac t = t0;
        Frac next = nextCrossing(t1);
        const ExactPoint mid = midpoint(a, dx, dy, t, next);
        int row = static_cast<int>(floorDiv(mid.y, 2 * mid.den));
        int column = static_cast<int>(floorDiv(mid.x, 2 * mid.den));
        for (;;) {
            const int i = std::clamp(row, 0, cellRows_ - 1);
            const int j = std::clamp(column, 0, cellColumns_ - 1);
            if (!cellFull(i, j) && !cellClear(i, j, t, next))
                return false;
            if (!lessThan(next, t1))
                return true;
            if (cx.any() && !lessThan(next, cx.t())) {
                column += dx > 0 ? 1 : -1;
                cx.next();
            }
            if (cy.any() && !lessThan(next, cy.t())) {
                row += dy > 0 ? 1 : -1;
                cy.next();
            }
            t = next;
            next = nextCrossing(t1);
        }
    };

    // Halves the segment until each part's box holds no broken cell (it stays in D) or is a
    // few cells across (walked). Parameters n / 2^k keep the halving exact and cheap.
    auto clear = [&](auto&& self, long long n0, long long n1, int shift) -> bool {
        // floor(f0 + df n / 2^shift); C++20's >> of a negative number rounds down.
        auto floorAt = [shift](long long f0, long long df, long long n) {
            return ((f0 << shift) + df * n) >> shift;
        };
        const long long xa = floorAt(a.x, dx, n0);
        const long long xb = floorAt(a.x, dx, n1);
        const long long ya = floorAt(a.y, dy, n0);
        const long long yb = floorAt(a.y, dy, n1);
        const long long xlo = std::min(xa, xb);
        const long long xhi = std::max(xa, xb) + 1;
        const long long ylo = std::min(ya, yb);
        const long long yhi = std::max(ya, yb) + 1;
        if (brokenCells(static_cast<int>(ylo / 2 - 1), static_cast<int>(yhi / 2),
                        static_cast<int>(xlo / 2 - 1), static_cast<int>(xhi / 2)) == 0)
            return true;
        if ((xhi - xlo <= 8 && yhi - ylo <= 8) || shift >= 20)
            return walkCells(Frac{n0, 1LL << shift}, Frac{n1, 1LL << shift});
        return self(self, 2 * n0, n0 + n1, shift + 1) && self(self, n0 + n1, 2 * n1, shift + 1);
    };
    return clear(clear, 0, 1, 0);
}

} // namespace pbd::detail
