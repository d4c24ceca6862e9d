#!/usr/bin/env node
// Times the page's own simulation step headless in node, for comparison with `pbd-sim bench`:
//
//   node tests/reference/page_bench.mjs ../shared/seed/pbd.html [WxH,...] [steps]
//
// Prints, per size, the median ms per step (after warm-up) and ns per constraint projection,
// with the page's default settings (2 iterations).
import { loadPageSimulation } from './page_sim.mjs';

const [pagePath, sizesText = '40x30,100x100,300x300', stepsText = '40'] = process.argv.slice(2);
const page = loadPageSimulation(pagePath);
for (const size of sizesText.split(',')) {
  const [width, height] = size.split('x').map(Number);
  const sim = page.create({ width, height, fixed: 2, iterations: 2, gravity: -9.81, dt: 0.005, mass: 0.5 });
  for (let i = 0; i < 10; i++) sim.simulationStep();
  const samples = [];
  for (let i = 0; i < Number(stepsText); i++) {
    const t0 = process.hrtime.bigint();
    sim.simulationStep();
    samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  samples.sort((a, b) => a - b);
  const ms = samples[Math.floor(samples.length / 2)];
  const ns = (ms * 1e6) / (sim.constraints.length * sim.numIterations);
  console.log(`page ${size}: ${sim.particles.length} particles, ${sim.constraints.length} constraints, ` +
              `${ms.toFixed(3)} ms/step, ${ns.toFixed(2)} ns/projection`);
}
