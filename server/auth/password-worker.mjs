// One bcrypt job at a time, off the host's event loop (see password-pool.ts). Plain JS: workers
// start without the TypeScript loader the host runs under.
import { parentPort } from 'node:worker_threads';
import bcrypt from 'bcryptjs';

parentPort.on('message', async ({ id, op, password, hash, cost }) => {
  try {
    const result = op === 'hash' ? await bcrypt.hash(password, cost) : await bcrypt.compare(password, hash);
    parentPort.postMessage({ id, result });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err?.message ?? err) });
  }
});
