import { useQuery } from '@tanstack/react-query';
import { templesQuery } from './temples-query.ts';

/** The congregations (GET /v1/temples), sorted by name; the last list is kept for offline use. */
export function useTemples() {
  const query = useQuery(templesQuery);
  return {
    temples: query.data ?? null,
    loading: query.isFetching,
    error: query.isError && !query.data,
    reload: () => void query.refetch(),
  };
}
