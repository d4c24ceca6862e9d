#include "pbd/settings.h"

#include "input_text.h"
#include "pbd/settings_table.h"

namespace pbd {

static_assert(kMaxThreads == 64, "the threads row of the settings table names 64");

std::string allowedValues(const std::string& field)
{
    const SettingField* f = findSettingField(field);
    return f ? allowedValues(*f) : std::string();
}

std::optional<SettingsError> validate(const Settings& s)
{
    for (const SettingField& f : settingFields()) {
        const double value = f.get(s);
        if (!allowedValue(f, value))
            return SettingsError{f.name, std::string(f.name) + " = " + formatNumber(value) +
                                             " is not allowed; " + allowedValues(f)};
    }
    return std::nullopt;
}

const char* solverName(Solver solver)
{
    return solver == Solver::Colored ? "colored" : "sequential";
}

std::optional<Solver> solverFromName(std::string_view name)
{
    if (name == "sequential")
        return Solver::Sequential;
    if (name == "colored")
        return Solver::Colored;
    return std::nullopt;
}

bool sameCloth(const Settings& a, const Settings& b)
{
    return a.width == b.width && a.height == b.height && a.fixedCount == b.fixedCount;
}

} // namespace pbd
