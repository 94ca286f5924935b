/** The member's own check-ins (GET /v1/checkins). React-free. */
import type { MyCheckin } from '../../domain/checkin.ts';
import { fetchApi } from '../api.ts';

export function fetchMyCheckins(): Promise<MyCheckin[]> {
  return fetchApi((api) => api.v1.checkins.$get());
}
