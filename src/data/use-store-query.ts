/**
 * A live query of the browser store, for what the device itself is the source of truth of (the
 * door's rosters and outbox): undefined until the store has answered, then every answer after each
 * write that touches what it read. `open` loads the store (open-db.ts); a store that cannot open
 * (IndexedDB unavailable) never answers.
 */
import { type DependencyList, startTransition, useEffect, useState } from 'react';
import type { CongregaDb } from './db.ts';
import { openStore, type Store } from './open-db.ts';

export function useStoreQuery<T>(
  query: (db: CongregaDb) => Promise<T> | T,
  deps: DependencyList,
  open: () => Promise<Store> = openStore,
): T | undefined {
  // Wrapped, so that an answer that is itself undefined still counts as answered.
  const [answer, setAnswer] = useState<{ value: T }>();
  useEffect(() => {
    let subscription: { unsubscribe(): void } | undefined;
    let active = true;
    open().then(
      ({ db, liveQuery }) => {
        if (!active) return;
        subscription = liveQuery(() => query(db)).subscribe({
          // a transition: React renders what it fills in slices, not in one long task
          next: (value) => startTransition(() => setAnswer({ value })),
          error: (error: unknown) => console.error('[store]', error),
        });
      },
      (error: unknown) => console.error('[store]', error),
    );
    return () => {
      active = false;
      subscription?.unsubscribe();
    };
    // biome-ignore lint/correctness/useExhaustiveDependencies: `deps` are what `query` reads
  }, deps);
  return answer?.value;
}
