/**
 * Runs commands at once (they read the project and write nothing the others read), each with the
 * project's binaries on PATH; a command's output is printed whole when it ends, never interleaved,
 * headed by its name, verdict and time. Answers the names of those that failed.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

export type Command = [name: string, command: string];

/** The environment a project command runs in: the project's binaries first on PATH. */
export function projectEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...process.env, PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH}`, ...extra };
}

function run([name, command]: Command): Promise<boolean> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, {
      cwd: root,
      shell: true,
      env: projectEnv({ FORCE_COLOR: '1' }),
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

export async function runAtOnce(commands: Command[]): Promise<string[]> {
  const results = await Promise.all(commands.map(run));
  return commands.filter((_, i) => !results[i]).map(([name]) => name);
}
