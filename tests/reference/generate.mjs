#!/usr/bin/env node
// Produces the reference positions in cases/*.expected by running the page's own simulation
// code headless in node. The page is read at run time (never copied into this repository):
//
//   node tests/reference/generate.mjs ../shared/seed/pbd.html tests/reference/cases
//   node tests/reference/generate.mjs ../shared/seed/xpbd.html tests/reference/xpbd_cases
//
// For each cases/NAME.case it writes cases/NAME.expected: the final positions, one "x y" line
// per particle, each number in JavaScript's shortest round-trip form (parses back to the same
// double). A case's drag script (same format as `pbd-sim run --drag`) is replayed the way the
// page's mouse handlers act: "drag" sets gui.selectedParticle and the particle's x, y;
// "release" sets gui.selectedParticle = -1.
import fs from 'node:fs';
import path from 'node:path';
import { loadPageSimulation } from './page_sim.mjs';

const [pagePath, caseDir] = process.argv.slice(2);
if (!pagePath || !caseDir) {
  console.error('usage: generate.mjs PAGE.html CASE_DIR');
  process.exit(2);
}

const page = loadPageSimulation(pagePath);

function parseCase(text) {
  const c = {};
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (!t || t.startsWith('#')) continue;
    const [key, value] = t.split(/\s+/);
    c[key] = value;
  }
  return c;
}

function parseDrag(text) {
  const events = [];
  for (const line of text.split('\n')) {
    const f = line.trim().split(/\s+/);
    if (!f[0] || f[0].startsWith('#')) continue;
    events.push({ step: Number(f[0]), kind: f[1], index: Number(f[2]), x: Number(f[3]), y: Number(f[4]) });
  }
  return events;
}

// A case with "substeps N" runs the page at dt / N for N times the steps (a drag event of
// step S applies before page step S N): what our step of N substeps must reproduce.
function runCase(c, dragEvents) {
  const substeps = c.substeps ? Number(c.substeps) : 1;
  const pageCase = { ...c, dt: String(parseFloat(c.dt) / substeps) };
  const sim = page.create(pageCase);
  page.gui.selectedParticle = -1;
  let next = 0;
  for (let step = 0; step < Number(c.steps) * substeps; step++) {
    for (; next < dragEvents.length && dragEvents[next].step * substeps <= step; next++) {
      const e = dragEvents[next];
      if (e.kind === 'release') {
        page.gui.selectedParticle = -1;
      } else {
        page.gui.selectedParticle = e.index;
        sim.particles[e.index].x = e.x;
        sim.particles[e.index].y = e.y;
      }
    }
    sim.simulationStep();
  }
  return sim.particles.map((p) => `${p.x} ${p.y}`).join('\n') + '\n';
}

for (const file of fs.readdirSync(caseDir).filter((f) => f.endsWith('.case')).sort()) {
  const c = parseCase(fs.readFileSync(path.join(caseDir, file), 'utf8'));
  const drag = c.drag ? parseDrag(fs.readFileSync(path.join(caseDir, c.drag), 'utf8')) : [];
  const out = path.join(caseDir, file.replace(/\.case$/, '.expected'));
  fs.writeFileSync(out, runCase(c, drag));
  console.log(`${out}: ${c.width}x${c.height}, ${c.steps} steps`);
}
