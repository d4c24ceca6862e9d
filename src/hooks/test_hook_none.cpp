// The test hooks in the installed programs: none is read.

#include "test_hook.h"

namespace pbd {

const char* testHook(const char*) { return nullptr; }

} // namespace pbd
