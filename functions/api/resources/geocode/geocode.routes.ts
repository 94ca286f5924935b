import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../lib/context.ts';
import { ApiHttpError } from '../../lib/errors.ts';
import { valid } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/auth.ts';
import { writeEvents } from '../../middleware/write-events.ts';
import { GeocoderError } from '../../ports/geocoder.ts';

const searchQuery = v.object({ q: v.pipe(v.string(), v.trim(), v.minLength(3), v.maxLength(200)) });

/** GET /v1/admin/geocode?q=: addresses with coordinates for a venue (write_events). */
export const geocodeRoutes = new Hono<AppEnv>().get(
  '/v1/admin/geocode',
  requireUser,
  writeEvents,
  valid('query', searchQuery),
  async (c) => {
    try {
      return c.json(await c.get('ports').geocoder.search(c.req.valid('query').q), 200);
    } catch (error) {
      if (error instanceof GeocoderError) throw new ApiHttpError(502, 'GEOCODER_FAILED');
      throw error;
    }
  },
);
