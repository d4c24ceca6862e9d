#pragma once
/// \file
/// The test hooks: environment variables that tests set to fake what they cannot arrange
/// otherwise (a lost GPU, a small storage block limit, a short autosave interval, a fixed step
/// budget, a shader folder). They are read only through testHook(), whose definition each
/// program chooses when it is linked: the tests and, with PBD_TEST_HOOKS (on with
/// PBD_BUILD_TESTS), the build folder's programs link test_hook_environment.cpp, which reads
/// the environment; the programs that are installed and packaged link test_hook_none.cpp,
/// which reads nothing, so that a release ignores these variables.
///
/// The hooks: PBD_GPU_FAKE_RESET_AFTER_FRAMES, PBD_GPU_MAX_STORAGE_BLOCK_BYTES,
/// PBD_GPU_SELF_COLLISION_GROUP_PAIRS, PBD_GPU_SELF_CONTACT_BOUND, PBD_GL_READ_LOG (src/gpu),
/// PBD_AUTOSAVE_SECONDS, PBD_STEP_BUDGET_MS, PBD_SHADER_DIR (src/app), PBD_VALIDATE_SHIFT_LAW
/// (src/cli/validate: every law moved by that amount, so that a test sees `pbd-sim validate`
/// fail).

namespace pbd {

/// The value of the test hook `name` (its environment variable), or nullptr when it is unset,
/// and always nullptr in the installed programs.
const char* testHook(const char* name);

} // namespace pbd
