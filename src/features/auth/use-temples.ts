import { useCallback, useEffect, useState } from 'react';
import type { Temple } from '../../domain/types.ts';
import { apiClient, unwrap } from '../../lib/api.ts';

const CACHE_KEY = 'congrega-temples';

function readCache(): Temple[] | null {
  try {
    const raw = localStorage.getItem(CACHE_KEY);
    return raw ? (JSON.parse(raw) as Temple[]) : null;
  } catch {
    return null;
  }
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
