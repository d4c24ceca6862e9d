// Loads the page's own simulation classes from the page itself (never copied here): the
// <script id="simulation_code"> of pbd.html (or of its XPBD sister page xpbd.html, which has
// the same structure plus a stiffness) up to its GUI class, evaluated as a global script
// (as the browser does; a vm context would slow every global lookup tenfold), with a global
// `gui` whose selectedParticle plays the page's grabbed particle.
import fs from 'node:fs';

export function loadPageSimulation(pagePath) {
  const html = fs.readFileSync(pagePath, 'utf8');
  const script = html.match(/<script id="simulation_code"[^>]*>([\s\S]*?)<\/script>/)[1];
  const simulationCode = script.slice(0, script.indexOf('class GUI'));
  globalThis.gui = { selectedParticle: -1 };
  const Simulation = (0, eval)(simulationCode + '\nSimulation;');
  // Settings as GUI.restart() applies them after construction.
  const create = (c) => {
    const sim = new Simulation(Number(c.width), Number(c.height), Number(c.fixed));
    sim.numIterations = parseInt(c.iterations);
    sim.gravity = parseFloat(c.gravity);
    sim.timeStepSize = parseFloat(c.dt);
    sim.mass = parseFloat(c.mass);
    if (c.stiffness !== undefined) sim.stiffness = parseFloat(c.stiffness); // the XPBD page
    return sim;
  };
  return { create, gui: globalThis.gui };
}
