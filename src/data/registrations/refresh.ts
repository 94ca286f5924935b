/** Refreshing the member's registrations from GET /v1/registrations. React-free. */
import { fetchApi } from '../api.ts';
import { memberDataGeneration } from '../member-data.ts';
import { refresh, refreshAfterWrite } from '../sync.ts';
import { REGISTRATIONS_KEY, saveMyRegistrations } from './store.ts';

/**
 * GET /v1/registrations → replaces the stored set. An answer that arrives after the member signed
 * out (the store was wiped meanwhile) is dropped.
 */
export function refreshMyRegistrations(): Promise<void> {
  return refresh(REGISTRATIONS_KEY, fetchAndSave);
}

/** After the member changed a registration (checkout, receipt, voucher, cancel, a payment): their new state. */
export function refreshMyRegistrationsAfterWrite(): Promise<void> {
  return refreshAfterWrite(REGISTRATIONS_KEY, fetchAndSave);
}

async function fetchAndSave(): Promise<void> {
  const generation = memberDataGeneration();
  const registrations = await fetchApi((api) => api.v1.registrations.$get());
  if (generation !== memberDataGeneration()) return;
  await saveMyRegistrations(registrations);
}
