// The step's parameters that the cloth solver's kernels share: one block, declared on both
// sides from this list (src/gpu/gpu_step_block.h in C++, gpu_kernels.cpp's prelude as the
// uniform block `uStep` in GLSL), filled once per step from the core's substepParams() and
// uploaded whole. The reals first, then the whole numbers: every member then sits at a
// multiple of its own size, so std140 and the C++ struct agree, in float and in double.
STEP_REAL(h)              // substep in s
STEP_REAL(invH)           // 1 / h in 1/s
STEP_REAL(gravity)        // m/s^2 along y
STEP_REAL(alphaTilde)     // the distance constraints' compliance / h^2 (0: PBD)
STEP_REAL(edgeAlphaTilde) // the edge springs' on a sized cloth (twice alphaTilde), else 0
STEP_REAL(shearAlphaTilde) // the diagonals' when shear is 1
STEP_REAL(areaAlphaTilde) // the cells' signed-area compliance / h^2
STEP_REAL(dampFactor)     // max(0, 1 - d h)
STEP_REAL(tearStrain)     // strain beyond which a constraint tears
STEP_UINT(particles)      // particles in the cloth
STEP_UINT(air)            // 1: the prediction adds the air's accelerations
STEP_UINT(damp)           // 1 when damping d > 0
STEP_UINT(masked)         // 1 when some constraint may be removed
STEP_UINT(shear)          // 1: the diagonals (sets 4 to 7) have shearAlphaTilde
