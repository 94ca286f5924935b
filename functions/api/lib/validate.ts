import type { Context } from 'hono';
import * as v from 'valibot';
import { firstMessage } from '../../../src/domain/validation.ts';
import { ApiHttpError, invalidData } from './errors.ts';

/** JSON bodies larger than this are refused before parsing. */
export const MAX_JSON_BYTES = 64 * 1024;

/**
 * Reads the request body as JSON (an empty body reads as `{}`), with a size limit.
 * Malformed JSON → 400 INVALID_DATA; too large → 413 TOO_LARGE.
 */
export async function readJson(c: Context, maxBytes = MAX_JSON_BYTES): Promise<unknown> {
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > maxBytes) throw new ApiHttpError(413, 'TOO_LARGE');
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    throw invalidData();
  }
  if (text.length > maxBytes) throw new ApiHttpError(413, 'TOO_LARGE');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw invalidData();
  }
}

/** Validates a value against a schema; the first issue's message becomes the 400 message. */
export function parseOrThrow<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (!result.success) throw invalidData(firstMessage(result.issues));
  return result.output;
}

/** True for a JSON object (not an array or null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads and validates a JSON object body (anything else is 400 'Dados inválidos'). */
export async function readBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  const body = await readJson(c);
  if (!isJsonObject(body)) throw invalidData();
  return parseOrThrow(schema, body);
}
