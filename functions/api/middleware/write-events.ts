import { requirePermission } from './auth.ts';

/** The permission every editor route checks on the server (product-spec.md §6, docs/architecture.md, 'API'): after requireUser. */
export const writeEvents = requirePermission('write_events');
