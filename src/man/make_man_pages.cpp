// make_man_pages: writes pbd-sim.1 and pbd-cloth.1 into the folder it is given, at build
// time. The options come from the programs' own CLI11 apps (every flag of the settings table,
// the preferences table and the programs' own, with the --help text), the event lines from
// the event script parser's table and the app's controls from its help table, so the pages
// list what the programs take. The prose around them is written here.
//   make_man_pages DIR [app]   ("app": pbd-cloth.1 too)

#include <fstream>
#include <iostream>
#include <string>
#include <string_view>

#include "command_line.h" // pbd-sim's (src/cli)
#include "pbd/drag_script.h"
#include "roff.h"
#ifdef PBD_MAN_APP
#include "logic/app_command_line.h"
#include "logic/controls_help.h"
#endif

namespace {

using pbd::man::Roff;

constexpr std::string_view kSource = "pbd-cloth " PBD_VERSION;
constexpr std::string_view kDocs = "/usr/share/doc/pbd-cloth";

void exitStatus(Roff& page)
{
    page.section("EXIT STATUS");
    page.item("0", "Success (also after --help and --version).");
    page.item("1", "An input or output failure: a file that cannot be read or written; for "
                   "pbd-cloth also no display, no OpenGL 3.3, a broken shader or a lost GPU; for "
                   "pbd-sim validate, a case outside its tolerance.");
    page.item("2", "A refused option or value; the message names the option, the value and "
                   "what is allowed.");
}

void eventScripts(Roff& page)
{
    page.section("EVENT SCRIPTS");
    page.paragraph("An event script (run --events FILE; the app's recordings are event scripts) "
                   "holds one event per line; blank lines and lines starting with # are "
                   "ignored. STEP, a whole number that never decreases, is the step before "
                   "which the event applies (0 = before the first). Coordinates are metres, "
                   "velocities m/s. An error names the line, the value and what is allowed.");
    for (const pbd::EventLine& line : pbd::eventLines())
        page.item(std::string("STEP ") + line.form,
                  line.form3 ? std::string(line.does) + " In 3D: STEP " + line.form3 + "."
                             : std::string(line.does));
    page.paragraph("A run of --dimensions 3 reads its script in 3D: each line above that takes "
                   "a point takes X Y Z (its 3D form follows \"In 3D\"); a line with the other "
                   "dimensions' count of values is refused naming the line, the verb and both "
                   "counts. In pbd-sim run a line 'STEP set dimensions N' to the other count "
                   "restarts the cloth in N dimensions from that step (the script's settings "
                   "so far, no obstacles or balls), and the lines after it are read in N "
                   "dimensions.");
}

void writeSimPage(std::ostream& out)
{
    pbd::cli::CommandLine commandLine;
    Roff page(out);
    page.title("pbd-sim", kSource);
    page.section("NAME");
    page.raw("pbd-sim \\- run, replay and benchmark position-based dynamics cloth simulations "
             "without a display");
    page.section("SYNOPSIS");
    page.raw(".B pbd-sim run\n[\\fIOPTION\\fR]...\n.br\n.B pbd-sim bench\n[\\fIOPTION\\fR]...\n"
             ".br\n.B pbd-sim validate\n[\\fIOPTION\\fR]...\n"
             ".br\n.B pbd-sim scenes\n.br\n.B pbd-sim\n\\fB\\-\\-help\\fR | "
             "\\fB\\-\\-version\\fR");
    page.section("DESCRIPTION");
    page.paragraph("pbd-sim simulates the cloth of pbd-cloth(1), a grid of particles joined by "
                   "distance constraints hanging from its corners, with the same settings, "
                   "solvers and event scripts, and prints the results.");
    page.paragraph("run prints the final positions, one 'x y' line per particle in index "
                   "order with 17 significant digits, to --out or stdout, and on stderr a "
                   "summary ending in 'constraints N, hash H': H is the 64-bit FNV-1a hash of "
                   "the positions' bytes, so equal hashes mean bit-identical runs, and a "
                   "recording made in pbd-cloth gives the app's hash.");
    page.paragraph("bench measures the time per step and the strain for each size and solver "
                   "and prints a row each (--json: one JSON object per line). validate runs the "
                   "simulation against closed-form laws (catenary, hanging strip, pendulum, "
                   "incline, rope in wind, string wave) and exits with status 1 when a case is "
                   "outside its tolerance. scenes lists the built-in scenes that --scene takes.");
    page.section("OPTIONS");
    page.options(commandLine.app);
    for (const CLI::App* command : {commandLine.runCommand, commandLine.benchCommand,
                                    commandLine.validateCommand, commandLine.scenesCommand}) {
        page.subsection("pbd-sim " + command->get_name());
        page.paragraph(command->get_description());
        page.options(*command);
    }
    eventScripts(page);
    exitStatus(page);
    page.section("SEE ALSO");
    page.paragraph("pbd-cloth(1); " + std::string(kDocs) + "/docs/pbd-sim.md (every flag, "
                   "the event scripts and the summary in full) and docs/file-formats.md "
                   "(positions, event scripts, state and scene files).");
}

#ifdef PBD_MAN_APP
void writeAppPage(std::ostream& out)
{
    Roff page(out);
    page.title("pbd-cloth", kSource);
    page.section("NAME");
    page.raw("pbd-cloth \\- interactive cloth simulator using position-based dynamics");
    page.section("SYNOPSIS");
    page.raw(".B pbd-cloth\n[\\fIOPTION\\fR]...");
    page.section("DESCRIPTION");
    page.paragraph("pbd-cloth opens a window with a cloth of particles joined by distance "
                   "constraints, hanging from its corners, beside a Controls panel. Drag it "
                   "with the mouse, pin it, cut it and tear it, and change its settings in the "
                   "panel while it runs. Every setting of the panel is also a flag, the same as "
                   "pbd-sim(1)'s; a recording (Ctrl+R, --record) replays in pbd-sim run "
                   "--events to the same hash.");
    page.paragraph("It needs a display and OpenGL 3.3 (4.3 for --solver gpu); without a "
                   "display it exits with status 1 and says so. --frames, --screenshot, "
                   "--state-out and --view-out are for scripts.");
    page.section("OPTIONS");
    pbd::app::describeAppCommandLine([&](const CLI::App& app) { page.options(app); });
    page.section("CONTROLS");
    for (const pbd::app::ControlHelp& control : pbd::app::controlsHelp())
        page.item(control.input, control.action, false);
    exitStatus(page);
    page.section("ENVIRONMENT");
    page.item("XDG_STATE_HOME",
              "The autosave goes to $XDG_STATE_HOME/pbd-cloth (else ~/.local/state/pbd-cloth) "
              "while the app runs and is removed on quitting; --no-autosave turns it off.",
              false);
    page.item("PBD_GL_DEBUG",
              "1: report OpenGL's debug messages on stderr (always on in a debug build).", false);
    page.section("FILES");
    page.item("pbd-cloth-state.json",
              "The panel's state file in the working folder (Ctrl+S, Ctrl+O).", false);
    page.item("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
              "The panel's font (fonts-dejavu-core); without it, Dear ImGui's built-in one.",
              false);
    page.section("SEE ALSO");
    page.paragraph("pbd-sim(1); " + std::string(kDocs) + "/docs/app.md (the window, every "
                   "panel row and flag in full).");
}
#endif

bool write(const std::string& path, void (*page)(std::ostream&))
{
    std::ofstream out(path, std::ios::binary);
    page(out);
    out.close();
    if (!out) {
        std::cerr << "make_man_pages: cannot write " << path << "\n";
        return false;
    }
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2 || argc > 3 || (argc == 3 && std::string_view(argv[2]) != "app")) {
        std::cerr << "usage: make_man_pages DIR [app]\n";
        return 2;
    }
    const std::string dir = argv[1];
    if (!write(dir + "/pbd-sim.1", writeSimPage))
        return 1;
#ifdef PBD_MAN_APP
    if (argc == 3 && !write(dir + "/pbd-cloth.1", writeAppPage))
        return 1;
#endif
    return 0;
}
