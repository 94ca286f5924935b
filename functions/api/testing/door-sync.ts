import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { SyncOutcome } from '../../../src/domain/checkin.ts';
import { type createTestApp, TEST_NOW } from './test-app.ts';

/** One item a door queued: scanned at TEST_NOW unless it says when; in the event's session, if given. */
export interface DoorItem {
  registrationId: string;
  sessionId?: string;
  scannedAt?: string;
}

/**
 * A door's queue sent as the demo volunteer (`POST /v1/admin/checkin/sync`), each item with a fresh
 * client id; asserts the 200 and answers each item's outcome, in order.
 */
export async function doorSync(
  t: ReturnType<typeof createTestApp>,
  eventId: string,
  items: DoorItem[],
  device = 'Porta',
): Promise<SyncOutcome[]> {
  const res = await t.call('/v1/admin/checkin/sync', {
    json: {
      eventId,
      device,
      items: items.map((i) => ({ clientId: randomUUID(), scannedAt: TEST_NOW.toISOString(), ...i })),
    },
    token: t.tokenFor('voluntario'),
  });
  expect(res.status).toBe(200);
  return res.body.results as SyncOutcome[];
}
