// The test programs' main.
#include "catch_run.h"

int main(int argc, char* argv[])
{
    return pbd::test::runCatch(argc, argv);
}
