import { apiErrors } from '../domain/messages.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from './config.ts';
import { supabaseAuth } from './supabase.ts';

export const NETWORK_ERROR_MESSAGE = 'Sem conexão com o servidor. Verifique sua internet e tente novamente.';

/** A failed API call, with the API's code and pt-BR message (or NETWORK when it never answered). */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-encoded unless it is FormData. */
  body?: unknown;
  signal?: AbortSignal;
}

/** The one typed client of the `api` Edge Function. Sends the user's bearer token when signed in. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const { data } = await (await supabaseAuth()).getSession();
  const headers: Record<string, string> = { apikey: SUPABASE_ANON_KEY };
  if (data.session) headers.Authorization = `Bearer ${data.session.access_token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let res: Response;
  try {
    res = await fetch(`${SUPABASE_URL}/functions/v1/api${path}`, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiFailure(0, 'NETWORK', NETWORK_ERROR_MESSAGE);
  }
  const text = await res.text();
  const json: unknown = text ? safeJson(text) : null;
  if (!res.ok) {
    const err = (json ?? {}) as { code?: string; message?: string };
    throw new ApiFailure(res.status, err.code ?? 'INTERNAL', err.message ?? apiErrors.INTERNAL);
  }
  return json as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
