#pragma once
// The rule that keeps the bits equal across builds, instruction sets and solvers: every
// operation of the core is rounded on its own, in the order written (docs/core-api.md). A
// compiler may otherwise contract a * b + c into one fused multiply-add (GCC does by default
// in GNU mode wherever the target has FMA, as -march=native gives), which rounds once and so
// changes the bits. The core and the GPU's host code are built with -ffp-contract=off
// (CMakeLists.txt); the shaders mark their results `precise` where contraction could apply.
// multiplyAdd() is built with the core's flags, so a test can see the rule hold.

namespace pbd::detail {

/// a * b + c as the core computes it: the product rounded, then the sum rounded.
double multiplyAdd(double a, double b, double c);

} // namespace pbd::detail
