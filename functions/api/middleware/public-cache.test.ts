/**
 * Anonymous reads of the same URL share one answer (a crowd), but never across a write: a request
 * that arrives after a write does not get the answer of a read that began before it.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../lib/context.ts';
import { countWrites, publicRead } from './public-cache.ts';

/** An app whose read answers the value it saw once `releaseAll` is called (a slow query). */
function gatedApp() {
  let value = 'antes';
  let reads = 0;
  const gates: Array<() => void> = [];
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('ports', ports as never);
    await next();
  });
  const ports = {};
  app.use('*', countWrites);
  app.get('/v1/events/upcoming', publicRead, async (c) => {
    reads++;
    const seen = value; // what the database held when the query ran
    await new Promise<void>((resolve) => gates.push(resolve));
    return c.json({ value: seen });
  });
  app.delete('/v1/events/x', (c) => {
    value = 'depois';
    return c.json({ ok: true });
  });
  const read = async () => (await (await app.request('/v1/events/upcoming')).json()) as { value: string };
  const releaseAll = () => {
    for (const open of gates.splice(0)) open();
  };
  return { app, read, releaseAll, reads: () => reads };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('publicRead: one answer for a crowd, never across a write', () => {
  it('identical reads at the same moment share one query', async () => {
    const t = gatedApp();
    const first = t.read();
    await tick();
    const second = t.read();
    await tick();
    t.releaseAll();
    expect(await first).toEqual({ value: 'antes' });
    expect(await second).toEqual({ value: 'antes' });
    expect(t.reads()).toBe(1);
  });

  it('a read that arrives after a write reads on its own, and sees the write', async () => {
    const t = gatedApp();
    const before = t.read();
    await tick();
    expect((await t.app.request('/v1/events/x', { method: 'DELETE' })).status).toBe(200);
    const after = t.read();
    await tick();
    t.releaseAll();
    expect(await before).toEqual({ value: 'antes' });
    expect(await after).toEqual({ value: 'depois' });
    expect(t.reads()).toBe(2);
    // and the crowd after it shares its read again
    const again = [t.read(), t.read()];
    await tick();
    t.releaseAll();
    expect(await Promise.all(again)).toEqual([{ value: 'depois' }, { value: 'depois' }]);
    expect(t.reads()).toBe(3);
  });
});
