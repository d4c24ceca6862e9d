// The GPU tests' main: makes the headless OpenGL 4.3 context that every test uses, or exits
// with 77 (CTest's SKIP_RETURN_CODE for these tests) saying why there is none.
#include "../catch_run.h"

#include <cstdio>
#include <string>

#include "headless_gl.h"

int main(int argc, char* argv[])
{
    std::string why;
    const auto gl = pbd::gpu::HeadlessGl::create(why);
    if (!gl) {
        std::printf("skipped: the GPU tests need an OpenGL 4.3 context: %s\n", why.c_str());
        return 77;
    }
    std::printf("GPU tests on %s\n", gl->description().c_str());
    return pbd::test::runCatch(argc, argv);
}
