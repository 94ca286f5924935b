/**
 * What a stolen or shared door device gives about attendees' CPFs: `npm run bench -- door-cpf`
 * (tsx tests/bench/door-cpf.ts [--n=2000000]); `npm run bench` prints it too.
 *
 * The device holds, per event, the roster's CPF tags (src/domain/checkin.ts rosterCpfTag: 16 bits
 * of SHA-256(key ':' CPF)) and the event's key. The attacker enumerates valid CPFs (9 free digits,
 * the 2 check digits computed: 10^9 candidates) on one CPU thread with node:crypto, as fast as a
 * script goes, and counts the candidates that fit each stored tag. Measured on a sample of `--n`
 * CPFs and scaled to all 10^9:
 *   - candidates per stored value (the CPFs the device cannot tell apart);
 *   - time to enumerate every CPF once: what it took to recover a CPF with the former full salted
 *     SHA-256, and what it now takes to get a list of ~15,000 equally likely CPFs for each row.
 * The property is a bound, not a secret: it holds however fast the attacker hashes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { CPF_TAG_BITS, rosterCpfTag } from '../../src/domain/checkin.ts';

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const SAMPLE = Number(option('n') ?? 2_000_000);
const ALL_CPFS = 1e9;
const ROSTER = 13;

/** The 11 digits of the CPF whose first 9 are `base` (0 ≤ base < 10^9). */
function cpfOf(base: number): string {
  const digits = String(base).padStart(9, '0');
  let s1 = 0;
  for (let i = 0; i < 9; i++) s1 += Number(digits[i]) * (10 - i);
  const d1 = ((s1 * 10) % 11) % 10;
  let s2 = 0;
  for (let i = 0; i < 9; i++) s2 += Number(digits[i]) * (11 - i);
  s2 += d1 * 2;
  const d2 = ((s2 * 10) % 11) % 10;
  return `${digits}${d1}${d2}`;
}

const tagOf = (key: string, cpf: string) =>
  createHash('sha256')
    .update(`${key}:${cpf}`)
    .digest('hex')
    .slice(0, CPF_TAG_BITS / 4);

// a roster of 13 attendees (the number the earlier attack reversed in full)
const key = randomBytes(32).toString('hex');
const roster = Array.from({ length: ROSTER }, () => cpfOf(Math.floor(Math.random() * ALL_CPFS)));
const tags = roster.map((cpf) => tagOf(key, cpf));
// the bench's tag is the app's tag
if ((await rosterCpfTag(key, roster[0]!)) !== tags[0]) throw new Error('bench and app disagree on the tag');

const wanted = new Map<string, number>();
for (const t of tags) wanted.set(t, 0);
const start = performance.now();
const offset = Math.floor(Math.random() * (ALL_CPFS - SAMPLE));
for (let i = 0; i < SAMPLE; i++) {
  const t = tagOf(key, cpfOf(offset + i));
  const n = wanted.get(t);
  if (n !== undefined) wanted.set(t, n + 1);
}
const seconds = (performance.now() - start) / 1000;
const rate = SAMPLE / seconds;
const perTag = [...wanted.values()].map((n) => (n * ALL_CPFS) / SAMPLE);
const meanCandidates = perTag.reduce((a, b) => a + b, 0) / perTag.length;
const fullScan = ALL_CPFS / rate;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

console.log(`Door roster brute force (one CPU thread, node:crypto SHA-256, sample ${fmt(SAMPLE)} CPFs)`);
console.log(`  hashes per second: ${fmt(rate)}`);
console.log(
  `  candidates per stored value: ${fmt(meanCandidates)} measured (min ${fmt(Math.min(...perTag))}, max ${fmt(Math.max(...perTag))}, ${ROSTER} rows); ${fmt(ALL_CPFS / 2 ** CPF_TAG_BITS)} expected (10^9 / 2^${CPF_TAG_BITS})`,
);
console.log(
  `  time to enumerate every CPF: ${fullScan.toFixed(0)} s; recovers one CPF: never from the device alone (each row leaves ${fmt(meanCandidates)} equally likely CPFs, 1 chance in ${fmt(meanCandidates)} per guess)`,
);
console.log(
  `  for comparison, the former full salted SHA-256: one CPF in ${(fullScan / 2).toFixed(0)} s on average, the whole roster in ${fullScan.toFixed(0)} s`,
);
