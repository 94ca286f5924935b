import { requirePermission } from './auth.ts';

/** The permission every editor route checks on the server (spec §6, DESIGN §4): after requireUser. */
export const writeEvents = requirePermission('write_events');
