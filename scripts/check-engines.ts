/**
 * `npm run lint` step: keeps `npm install` free of EBADENGINE warnings on the oldest Node the project
 * supports (package.json `engines.node`, `>=20.19`: the machines it runs on have Node 20).
 * - every package in package-lock.json must accept that Node (its `engines.node`);
 * - functions/api/deno.json's import map must pin the same versions as package.json, so the API runs
 *   the same libraries under Deno and in the browser/host.
 * Exits 1 listing what breaks either rule.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

const root = join(import.meta.dirname, '..');
const readJson = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8'));

const pkg = readJson('package.json');
const lock = readJson('package-lock.json');
const deno = readJson('functions/api/deno.json');

const problems: string[] = [];
const oldest = semver.minVersion(pkg.engines.node)?.version;
if (!oldest) throw new Error(`package.json engines.node is not a range: ${pkg.engines.node}`);

for (const [path, entry] of Object.entries<{ version?: string; engines?: unknown }>(lock.packages)) {
  const range = (entry.engines as { node?: unknown } | undefined)?.node;
  // a few old packages write engines as an array of strings; npm ignores those too
  if (!path || typeof range !== 'string') continue;
  if (!semver.satisfies(oldest, range)) {
    problems.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version} wants Node ${range}`);
  }
}

const declared = { ...pkg.dependencies, ...pkg.devDependencies } as Record<string, string>;
for (const spec of Object.values<string>(deno.imports)) {
  const match = /^npm:\/?(@?[^@]+)@([^/]+)/.exec(spec);
  if (match && declared[match[1]] !== match[2]) {
    problems.push(`functions/api/deno.json pins ${match[1]}@${match[2]}, package.json ${declared[match[1]]}`);
  }
}

if (problems.length) {
  console.error(`Dependencies that break Node ${oldest} or the Deno import map:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`every locked package supports Node ${oldest}; deno.json matches package.json`);
