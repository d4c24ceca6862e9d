#include "pbd/settings.h"

#include "input_text.h"
#include "pbd/settings_table.h"

namespace pbd {

std::string allowedValues(const std::string& field)
{
    const SettingField* f = findSettingField(field);
    return f ? allowedValues(*f) : std::string();
}

std::optional<SettingsError> validate(const Settings& s)
{
    for (const SettingField& f : settingFields()) {
        const double value = f.get(s);
        // The GPU solver takes cloths up to kMaxGpuClothSide a side.
        const std::string_view name = f.name;
        if (s.solver == Solver::Gpu && (name == "width" || name == "height")) {
            if (value >= 1 && value <= kMaxGpuClothSide)
                continue;
            return SettingsError{f.name, std::string(f.name) + " = " + formatNumber(value) +
                                             " is not allowed; allowed: a whole number from 1 "
                                             "to " + std::to_string(kMaxGpuClothSide) +
                                             " particles with the gpu solver"};
        }
        if (!allowedValue(f, value))
            return SettingsError{f.name, std::string(f.name) + " = " + formatNumber(value) +
                                             " is not allowed; " + allowedValues(f)};
    }
    return std::nullopt;
}

bool sameCloth(const Settings& a, const Settings& b)
{
    return a.width == b.width && a.height == b.height && a.fixedCount == b.fixedCount;
}

} // namespace pbd
