/**
 * `npm test`: every stage of the suite, in the order a failure is cheapest to see. Lint and the unit
 * tests first (under a minute: a broken build stops there). Then the API stages (integration,
 * postgres, deno, one after the other) run beside the browser tests: the e2e stage mostly waits on
 * its browsers, the host and the page clock, and left about one of the two cores idle while the API
 * stages waited their turn (docs/performance.md, "How long `npm test` takes").
 * The e2e output streams as it runs; each API stage's output is printed whole when it ends, so the
 * two never interleave line by line. Exits non-zero if any stage failed.
 */
import { spawn } from 'node:child_process';

interface Stage {
  script: string;
  ok: boolean;
  seconds: number;
}

const finished: Stage[] = [];

/** Runs `npm run <script>`; `stream` prints its output as it comes, else all of it at the end. */
function run(script: string, stream: boolean): Promise<Stage> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      const stage = { script, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) };
      if (!stream) {
        process.stdout.write(`\n── npm run ${script} ──\n`);
        process.stdout.write(Buffer.concat(output));
      }
      process.stdout.write(
        `\n── npm run ${script}: ${stage.ok ? 'passed' : 'FAILED'} in ${stage.seconds} s ──\n`,
      );
      finished.push(stage);
      resolve(stage);
    });
  });
}

/** The stages one after the other, stopping at the first that fails. */
async function inTurn(scripts: string[], stream: boolean): Promise<boolean> {
  for (const script of scripts) if (!(await run(script, stream)).ok) return false;
  return true;
}

const ok =
  (await inTurn(['lint', 'test:unit'], true)) &&
  (
    await Promise.all([
      inTurn(['test:integration', 'test:postgres', 'test:deno'], false),
      inTurn(['test:e2e'], true),
    ])
  ).every(Boolean);

process.stdout.write('\nnpm test:\n');
for (const s of finished)
  process.stdout.write(`  ${s.ok ? 'passed' : 'FAILED'}  ${s.script} (${s.seconds} s)\n`);
process.exit(ok ? 0 : 1);
