#include "command_line.h"

#include "common/version.h"

namespace pbd::cli {

CommandLine::CommandLine()
    : app("pbd-sim: headless position-based dynamics cloth (runs, dumps, benchmarks)", "pbd-sim")
{
    app.set_version_flag("--version", common::versionText("pbd-sim"));
    app.require_subcommand(1);

    runCommand = app.add_subcommand(
        "run", "simulate and print the final positions, one 'x y' line per particle");
    run.flags.addTo(*runCommand);
    run.obstacles.addTo(*runCommand);
    run.balls.addTo(*runCommand);
    runCommand->add_option("--steps", run.stepsText, "steps to simulate (default 1000)")
        ->type_name("N");
    runCommand
        ->add_option("--events,--drag", run.dragFile,
                     "event script: drags, releases, pins, cuts, settings (see README)")
        ->type_name("FILE");
    runCommand->add_option("--load", run.loadFile, "start from a saved state (JSON, see README)")
        ->type_name("FILE");
    runCommand->add_option("--save", run.saveFile, "save the final state (JSON)")
        ->type_name("FILE");
    runCommand
        ->add_option("--save-obj", run.saveObjFile,
                     "write the final cloth's surface as a Wavefront OBJ file (2D: z = 0)")
        ->type_name("FILE");
    runCommand->add_option("--out", run.outFile, "write positions here instead of stdout")
        ->type_name("FILE");
    runCommand
        ->add_option("--trace", run.traceFile,
                     "write a CSV row per step: step, time, energies, strains, largest "
                     "violation, centre of mass, traced particles (docs/pbd-sim.md)")
        ->type_name("FILE");
    runCommand
        ->add_option("--trace-every", run.traceEveryText,
                     "a trace row every N steps (default 1; the start's row always)")
        ->type_name("N");
    runCommand
        ->add_option("--trace-particle", run.traceParticleTexts,
                     "add particle I's position and velocity to the trace (repeatable)")
        ->type_name("I")
        ->allow_extra_args(false)
        ->take_all();

    benchCommand = app.add_subcommand(
        "bench", "measure the time per step and the strain, per size and solver (default: both)");
    benchCommand
        ->add_option("--sizes", bench.sizesText,
                     "cloth sizes WxH[,WxH...] (default 40x30,100x100,300x300,1000x1000)")
        ->type_name("LIST");
    benchCommand
        ->add_option("--steps", bench.stepsText,
                     "measured steps per size (default: as many as fit in about half a second, "
                     "at least 10)")
        ->type_name("N");
    benchCommand
        ->add_option("--settle", bench.settleText,
                     "steps from rest before the strain is measured and the timing starts "
                     "(default 200, 1 s of simulated time)")
        ->type_name("N");
    benchCommand
        ->add_option("--remove", bench.removeText,
                     "fraction of the constraints to remove (as torn) before settling, spread "
                     "over the whole cloth by a fixed pseudo-random choice (default 0; allowed: "
                     "0 to 0.9); a list such as 0,0.3 measures one cloth per fraction, stepped "
                     "in turns so that their times compare on a busy machine")
        ->type_name("FRACTION[,...]");
    bench.physicsFlags.addTo(*benchCommand);
    bench.obstacles.addTo(*benchCommand);
    bench.balls.addTo(*benchCommand);
    benchCommand->add_flag("--json", bench.json, "one JSON object per line");

    scenesCommand = app.add_subcommand(
        "scenes", "list the built-in scenes (--scene NAME): one line each, its name, its "
                  "dimensions (2D or 3D) and what it "
                  "shows");

    validateCommand = app.add_subcommand(
        "validate", "run the simulation against closed-form laws (catenary, hanging strip, "
                    "pendulum, incline, rope in wind, string wave; in 3D the heavy elastica "
                    "and a falling sheet) at two or three resolutions "
                    "each; exit 1 when a case is outside its tolerance");
    validateCommand->add_flag("--quick", validate.quick,
                              "each case at fewer settings (under a minute in all)");
    validateCommand->add_flag("--json", validate.json,
                              "one JSON object per line and case (finest setting; coarser ones "
                              "in \"series\")");
    validateCommand->add_option("--case", validate.caseName, "run this case alone")
        ->type_name("NAME");
    validateCommand->add_option("--solver", validate.solverText,
                                "sequential (default) or colored")
        ->type_name("NAME");
    validateCommand->add_option("--threads", validate.threadsText,
                                "threads of the colored solver (0: one per core)")
        ->type_name("N");
}

} // namespace pbd::cli
