/**
 * `npm test`: every test, in three steps that stop at the first failure, each step's time printed.
 * 1. lint, the unit tests and the Deno check at once: tsc is single-threaded and the unit and Deno
 *    stages fill the second core beside it;
 * 2. the integration (PGlite) and postgres projects in one Vitest run: one start-up, and its two
 *    workers stay busy to the end instead of idling while each project's last file finishes;
 * 3. the e2e stage (the build, then Playwright), alone: it uses every core.
 * Each stage still runs on its own: `npm run lint`, `npm run test:unit`… (README, 'Test it').
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { projectEnv, runAtOnce } from './run-at-once.ts';

const root = join(import.meta.dirname, '..');
const started = performance.now();
const since = (from: number) => `${((performance.now() - from) / 1000).toFixed(0)} s`;

function stop(step: string): never {
  console.error(`\nnpm test failed at ${step} (after ${since(started)})`);
  process.exit(1);
}

let step = performance.now();
const failed = await runAtOnce([
  ['lint', 'tsx scripts/lint.ts'],
  ['unit', 'vitest run --project unit'],
  ['deno', 'tsx tests/deno/check-api.ts'],
]);
if (failed.length > 0) stop(failed.join(', '));
console.log(`\n══ lint, unit, deno: ${since(step)}`);

for (const [name, command] of [
  ['integration + postgres', 'vitest run --project integration --project postgres'],
  ['e2e', 'npm run test:e2e'],
]) {
  step = performance.now();
  const result = spawnSync(command, {
    cwd: root,
    shell: true,
    stdio: 'inherit',
    env: projectEnv(),
  });
  if (result.status !== 0) stop(name);
  console.log(`\n══ ${name}: ${since(step)}`);
}
console.log(`\n══ npm test: ${since(started)}`);
