import type { Db } from '../ports/db.ts';

/**
 * Counts a hit of `key` in its fixed window (public.api_throttles, one upsert: safe under
 * concurrency and shared by every instance of the function). Answers the seconds until the window
 * ends when the key was already at `max`, else null.
 */
export async function takeHit(
  db: Db,
  key: string,
  max: number,
  windowSeconds: number,
  now: Date,
): Promise<number | null> {
  const windowMs = windowSeconds * 1000;
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  const [row] = await db.query<{ hits: number }>(
    `insert into public.api_throttles (key, window_start, hits) values ($1, $2, 1)
     on conflict (key, window_start) do update set hits = public.api_throttles.hits + 1
     returning hits`,
    [key, new Date(start).toISOString()],
  );
  // old windows are dropped now and then (about one hit in a hundred)
  if (Math.random() < 0.01) {
    await db.query(`delete from public.api_throttles where window_start < $1`, [
      new Date(now.getTime() - 86_400_000).toISOString(),
    ]);
  }
  if ((row?.hits ?? 0) <= max) return null;
  return Math.max(1, Math.ceil((start + windowMs - now.getTime()) / 1000));
}
