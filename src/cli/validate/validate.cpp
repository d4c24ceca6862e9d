#include "validate.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <stdexcept>
#include <vector>

#include "cases.h"
#include "common/settings_flags.h"
#include "pbd/settings.h"
#include "test_hook.h"

namespace pbd::cli {
namespace {

using validate::Case;
using validate::Measurement;
using validate::RunContext;

/// One setting's row of the table.
struct Row {
    int setting = 0;
    Measurement measured;
    double error = 0.0;
    double tolerance = 0.0;
    double order = NAN; ///< observed from the previous row; NaN for the first or at the floor
};

/// A case's series and its verdict.
struct Outcome {
    std::vector<Row> rows;
    bool pass = false;
};

/// Richardson's estimate of the error of the coarser of two settings `ratio` apart whose
/// results differ by `difference`, for convergence of order p: the coarser is off by
/// difference * r^p / (r^p - 1), the finer by difference / (r^p - 1).
Outcome judge(const Case& c, std::vector<Row> rows)
{
    const std::size_t n = rows.size();
    for (Row& row : rows)
        row.error = std::abs(row.measured.simulated - row.measured.law);
    for (std::size_t i = 0; i < n; ++i) {
        double estimate = 0.0;
        if (c.order > 0) {
            const std::size_t a = i + 1 < n ? i : i - 1; // the pair: this row and its neighbour
            const double r = static_cast<double>(rows[a + 1].setting) / rows[a].setting;
            const double rp = std::pow(r, c.order);
            const double difference =
                std::abs(rows[a].measured.simulated - rows[a + 1].measured.simulated);
            estimate = difference * (i == a ? rp : 1.0) / (rp - 1.0);
        }
        rows[i].tolerance = std::max(c.floor, validate::kSafety * estimate);
        if (i > 0 && rows[i - 1].error > c.floor && rows[i].error > c.floor)
            rows[i].order = std::log(rows[i - 1].error / rows[i].error) /
                            std::log(static_cast<double>(rows[i].setting) / rows[i - 1].setting);
    }
    const Row& last = rows.back();
    bool pass = std::isfinite(last.measured.simulated) && last.error <= last.tolerance;
    // Above the floor the finest error must also lie on the side the series comes from:
    // Richardson's signed estimate of it, (sim_coarser - sim) / (r^p - 1), and the error
    // (sim - law) may differ by at most the estimate (the extrapolated limit within one
    // estimate of the law). A law shifted against the convergence fails here even when the
    // shift is smaller than the discretisation error.
    if (c.order > 0 && last.error > c.floor) {
        const Row& coarser = rows[n - 2];
        const double r = static_cast<double>(last.setting) / coarser.setting;
        const double estimate = (coarser.measured.simulated - last.measured.simulated) /
                                (std::pow(r, c.order) - 1.0);
        const double signedError = last.measured.simulated - last.measured.law;
        pass = pass && std::abs(signedError - estimate) <= std::abs(estimate);
    }
    // Above the floor the series must also converge at (about) the expected order: a wrong
    // limit reached at that order fails the tolerance, a series that does not converge this.
    if (c.order > 0 && std::isfinite(last.order) && last.error > c.floor)
        pass = pass && last.order >= c.order - 0.5;
    return {std::move(rows), pass};
}

std::string orderText(double order)
{
    if (!std::isfinite(order))
        return "-";
    char text[16];
    std::snprintf(text, sizeof text, "%.2f", order);
    return text;
}

void printTableHeader(const char* solver)
{
    std::printf("pbd-sim validate (%s solver): error = |simulated - law|; tolerance = %g x "
                "Richardson's estimate for the expected order, or the case's floor\n",
                solver, validate::kSafety);
    std::printf("%-18s %-13s %-23s %-23s %-10s %-10s %-9s %s\n", "case", "setting", "simulated",
                "law", "error", "tolerance", "order", "pass");
}

void printTable(const Case& c, const Outcome& outcome)
{
    for (std::size_t i = 0; i < outcome.rows.size(); ++i) {
        const Row& row = outcome.rows[i];
        const bool last = i + 1 == outcome.rows.size();
        const std::string setting = std::string(c.settingName) + " " + std::to_string(row.setting);
        std::printf("%-18s %-13s %-23.17g %-23.17g %-10.3g %-10.3g %-9s %s\n",
                    std::string(c.name).c_str(), setting.c_str(), row.measured.simulated,
                    row.measured.law, row.error, row.tolerance,
                    (orderText(row.order) + (c.order > 0 ? "/" + std::to_string(c.order) : "/-"))
                        .c_str(),
                    last ? (outcome.pass ? "pass" : "FAIL") : "");
    }
}

std::string jsonNumber(double value)
{
    if (!std::isfinite(value))
        return "null";
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", value);
    return text;
}

std::string rowJson(const Case& c, const Row& row)
{
    return "\"setting\": " + std::to_string(row.setting) + ", \"parameter\": \"" +
           std::string(c.settingName) + "\", \"simulated\": " + jsonNumber(row.measured.simulated) +
           ", \"law\": " + jsonNumber(row.measured.law) + ", \"error\": " + jsonNumber(row.error) +
           ", \"tolerance\": " + jsonNumber(row.tolerance) + ", \"order\": " +
           jsonNumber(row.order);
}

void printJson(const Case& c, const Outcome& outcome, const char* solver, double seconds)
{
    std::string series;
    for (std::size_t i = 0; i + 1 < outcome.rows.size(); ++i)
        series += std::string(i ? ", " : "") + "{" + rowJson(c, outcome.rows[i]) + "}";
    std::printf("{\"case\": \"%s\", %s, \"expected_order\": %d, \"unit\": \"%s\", "
                "\"solver\": \"%s\", \"pass\": %s, \"seconds\": %.3f, \"series\": [%s]}\n",
                std::string(c.name).c_str(), rowJson(c, outcome.rows.back()).c_str(), c.order,
                std::string(c.unit).c_str(), solver, outcome.pass ? "true" : "false", seconds,
                series.c_str());
}

std::string caseNames()
{
    std::string out;
    for (const Case& c : validate::validateCases())
        out += (out.empty() ? "" : ", ") + std::string(c.name);
    return out;
}

} // namespace

int validateCommandMain(const ValidateOptions& options)
{
    RunContext context;
    if (options.solverText) {
        const auto solver = solverFromName(*options.solverText);
        if (!solver || *solver == Solver::Gpu) {
            std::cerr << "pbd-sim validate: --solver: '" << *options.solverText
                      << "' is not allowed; allowed: sequential or colored\n";
            return common::kExitUsage;
        }
        context.solver = *solver;
    }
    if (options.threadsText) {
        long long threads = 0;
        if (auto error = common::parseWholeOption("--threads", *options.threadsText, 0,
                                                  kMaxThreads, threads)) {
            std::cerr << "pbd-sim validate: " << *error << "\n";
            return common::kExitUsage;
        }
        context.threads = static_cast<int>(threads);
    }
    std::vector<const Case*> chosen;
    for (const Case& c : validate::validateCases())
        if (!options.caseName || *options.caseName == c.name)
            chosen.push_back(&c);
    if (chosen.empty()) {
        std::cerr << "pbd-sim validate: --case: '" << *options.caseName
                  << "' is not a case; allowed: " << caseNames() << "\n";
        return common::kExitUsage;
    }
    // Test hook: every law moved by this amount (in its case's unit), so that a test can see
    // cases fail and the exit status say so.
    double shift = 0.0;
    if (const char* hook = testHook("PBD_VALIDATE_SHIFT_LAW"))
        shift = std::strtod(hook, nullptr);
    const char* solver = solverName(context.solver);
    if (!options.json)
        printTableHeader(solver);
    int failed = 0;
    const auto begun = std::chrono::steady_clock::now();
    for (const Case* c : chosen) {
        const auto caseBegun = std::chrono::steady_clock::now();
        std::vector<Row> rows;
        for (int setting : options.quick ? c->quick : c->settings)
            rows.push_back({setting, c->run(setting, context)});
        for (Row& row : rows)
            row.measured.law += shift;
        const Outcome outcome = judge(*c, std::move(rows));
        const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - caseBegun;
        if (options.json)
            printJson(*c, outcome, solver, seconds.count());
        else
            printTable(*c, outcome);
        std::fflush(stdout);
        failed += outcome.pass ? 0 : 1;
    }
    const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - begun;
    std::fprintf(stderr, "pbd-sim validate: %zu cases, %d outside tolerance, %s solver, %.1f s\n",
                 chosen.size(), failed, solver, seconds.count());
    return failed == 0 ? 0 : 1;
}

} // namespace pbd::cli
