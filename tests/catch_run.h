#pragma once
// Runs Catch's session over the command line (catch_impl.cpp, where Catch's implementation and
// its Session live): the test programs' mains call it.
namespace pbd::test {
int runCatch(int argc, char* argv[]);
}
