/**
 * The API client for the refreshers, loaded on demand so that the first paint from the store does
 * not wait for it (nor for supabase-js behind it). React-free.
 */
export async function fetchApi<T>(path: string): Promise<T> {
  const { api } = await import('../lib/api.ts');
  return api<T>(path);
}
