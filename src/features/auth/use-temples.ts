import { useCallback, useEffect, useState } from 'react';
import type { Temple } from '../../domain/types.ts';
import { apiClient, unwrap } from '../../lib/api.ts';

const CACHE_KEY = 'congrega-temples';

/** The kept list, checked rather than cast: storage may hold anything (another version, a user's edit). */
export function readCache(): Temple[] | null {
  try {
    const raw = localStorage.getItem(CACHE_KEY);
    const list: unknown = raw ? JSON.parse(raw) : null;
    return isTempleList(list) ? list : null;
  } catch {
    return null;
  }
}

function isTempleList(value: unknown): value is Temple[] {
  return Array.isArray(value) && value.every(isTemple);
}

function isTemple(t: unknown): t is Temple {
  return (
    typeof t === 'object' &&
    t !== null &&
    'id' in t &&
    typeof t.id === 'string' &&
    'name' in t &&
    typeof t.name === 'string' &&
    'regional' in t &&
    typeof t.regional === 'string'
  );
}

let inFlight: Promise<Temple[]> | null = null;

/** The congregations (GET /v1/temples), sorted by name; the last list is kept for offline use. */
export function useTemples() {
  const [temples, setTemples] = useState<Temple[] | null>(() => readCache());
  const [error, setError] = useState(false);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    setError(false);
    try {
      inFlight ??= unwrap(apiClient().v1.temples.$get());
      const list = [...(await inFlight)].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
      setTemples(list);
      try {
        localStorage.setItem(CACHE_KEY, JSON.stringify(list));
      } catch {
        // storage full or disabled: the list just is not kept
      }
    } catch {
      setError(true);
    } finally {
      inFlight = null;
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return { temples, loading, error: error && !temples, reload: load };
}
