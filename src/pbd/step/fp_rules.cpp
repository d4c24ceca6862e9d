#include "step/fp_rules.h"

namespace pbd::detail {

double multiplyAdd(double a, double b, double c)
{
    return a * b + c;
}

} // namespace pbd::detail
