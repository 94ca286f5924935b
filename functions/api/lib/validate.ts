import { sValidator } from '@hono/standard-validator';
import type { ValidationTargets } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { apiErrors } from '../../../src/domain/messages.ts';
import { firstMessage } from '../../../src/domain/validation.ts';
import { ApiHttpError, invalidData } from './errors.ts';

/** JSON bodies larger than this are refused before parsing. */
export const MAX_JSON_BYTES = 64 * 1024;

/** 413 TOO_LARGE for a JSON body over MAX_JSON_BYTES; put it before a `valid('json', …)`. */
export const jsonLimit = bodyLimit({
  maxSize: MAX_JSON_BYTES,
  onError: () => {
    throw new ApiHttpError(413, 'TOO_LARGE');
  },
});

/**
 * The validator middleware of every route: `param`, `query` or `json` checked against a valibot
 * schema from src/domain, typed for `c.req.valid(target)` and for the browser's `hc` client.
 * A failure answers 400 `{code:'INVALID_DATA', message}` with the schema's pt-BR message; a check
 * declared without one reads 'Dados inválidos' (the local config message), never valibot's English.
 * `onFail` gives a route its own answer (e.g. 404 for an id that cannot exist).
 * A JSON array where the schema is not an array is refused on every route: valibot's `object`
 * reads an array's keys like an object's, so `[]` would pass for `{}`.
 */
export function valid<Target extends keyof ValidationTargets, Schema extends v.GenericSchema>(
  target: Target,
  schema: Schema,
  onFail?: () => ApiHttpError,
) {
  const fail = (message?: string) => onFail?.() ?? invalidData(message);
  const check = sValidator(target, v.config(schema, { message: apiErrors.INVALID_DATA }), (result) => {
    if (!result.success) throw fail(result.error[0]?.message);
  });
  if (target !== 'json' || schema.type === 'array') return check;
  const refuseArrays = async (...args: Parameters<typeof check>) => {
    // Hono caches the parsed body, so the validator reads the same value
    const body: unknown = await args[0].req.json().catch(() => undefined);
    if (Array.isArray(body)) throw fail();
    return check(...args);
  };
  return refuseArrays as unknown as typeof check;
}

/** Validates a value in a service (when the rule depends on the data); same answer as `valid`. */
export function parseOrThrow<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  if (Array.isArray(value) && schema.type !== 'array') throw invalidData();
  const result = v.safeParse(schema, value, { message: apiErrors.INVALID_DATA });
  if (!result.success) throw invalidData(firstMessage(result.issues));
  return result.output;
}
