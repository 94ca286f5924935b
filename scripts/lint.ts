/**
 * `npm run lint`: Biome, tsc, dependency-cruiser, the database types check and the engines check.
 * They read the same files and write nothing, so they run at once: tsc alone is about half of the
 * total and single-threaded, and the others fit on the second core beside it. Exit code 1 when any
 * of them fails.
 */
import { runAtOnce } from './run-at-once.ts';

const failed = await runAtOnce([
  ['biome', 'biome check .'],
  ['tsc', 'tsc --noEmit -p tsconfig.json'],
  ['dependency-cruiser', 'depcruise src functions server --config .dependency-cruiser.cjs'],
  ['db types', 'tsx scripts/gen-db-types.ts --check'],
  ['engines', 'tsx scripts/check-engines.ts'],
]);
if (failed.length > 0) {
  console.error(`\nlint failed: ${failed.join(', ')}`);
  process.exit(1);
}
