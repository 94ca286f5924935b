/**
 * `npm run lint`: Biome, tsc, dependency-cruiser, the database types check and the engines check.
 * They read the same files and write nothing, so they run at once: tsc alone is about half of the
 * total and single-threaded, and the others fit on the second core beside it. Each check's output is
 * printed whole when it ends (never interleaved); exit code 1 when any of them fails.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

const checks: [name: string, command: string][] = [
  ['biome', 'biome check .'],
  ['tsc', 'tsc --noEmit -p tsconfig.json'],
  ['dependency-cruiser', 'depcruise src functions server --config .dependency-cruiser.cjs'],
  ['db types', 'tsx scripts/gen-db-types.ts --check'],
  ['engines', 'tsx scripts/check-engines.ts'],
];

function run(name: string, command: string): Promise<boolean> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, {
      cwd: root,
      shell: true,
      env: {
        ...process.env,
        PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH}`,
        FORCE_COLOR: '1',
      },
    });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n── ${name}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s) ── ${command}\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(checks.map(([name, command]) => run(name, command)));
const failed = checks.filter((_, i) => !results[i]).map(([name]) => name);
if (failed.length > 0) {
  console.error(`\nlint failed: ${failed.join(', ')}`);
  process.exit(1);
}
