/**
 * Where the Supabase surface lives: same origin locally, a Supabase project in production. Read on
 * use, not at import, so code that calls the API loads in node tests (no `window` there).
 */
export function supabaseUrl(): string {
  return (import.meta.env.VITE_SUPABASE_URL as string | undefined) || window.location.origin;
}

export function supabaseAnonKey(): string {
  return import.meta.env.VITE_SUPABASE_ANON_KEY as string;
}

/** Public URL of an image kept in the `images` storage bucket. */
export function imageUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^https?:\/\//.test(path)) return path;
  return `${supabaseUrl()}/storage/v1/object/public/images/${path}`;
}
