/**
 * A tier's waiting list for staff (docs/product-spec.md §4, 'Lista de espera'): position, person,
 * since when, the offer and until when; move up/down, remove, 'Enviar oferta' by hand (a free place
 * of the tier, held for that person), and how many hours an offer holds a place.
 */
import { useState } from 'react';
import { formatDateTime } from '../../../domain/dates.ts';
import { waitlistMessages as w } from '../../../domain/messages/waitlist.ts';
import type { StaffWaitlistEntry } from '../../../domain/waitlist.ts';
import { FormAlert, TextField } from '../../../ui/field.tsx';
import { notify } from '../../../ui/notices.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useStaffWaitlist, useWaitlistWrites } from '../api/waitlist.ts';
import { ConfirmDialog } from './dialog.tsx';

export function WaitlistPanel({ eventId, tierId }: { eventId: string; tierId: string }) {
  const { data, error } = useStaffWaitlist(eventId, tierId);
  const writes = useWaitlistWrites(eventId, tierId);
  const [removing, setRemoving] = useState<StaffWaitlistEntry | null>(null);
  const [hours, setHours] = useState<string | null>(null);
  const failed = (e: Error) => notify('negative', e.message);
  if (error) return <FormAlert>{error.message}</FormAlert>;
  if (!data) return <Spinner label={w.staffOpen} />;
  const waiting = data.entries.filter((e) => e.status === 'waiting');
  return (
    <div className="waitlist-panel" data-testid="staff-waitlist">
      {data.entries.length === 0 ? (
        <p>{w.staffEmpty}</p>
      ) : (
        <div className="table-wrap">
          <table className="editor-table editor-table-stack">
            <thead>
              <tr>
                <th scope="col">{w.staffPosition}</th>
                <th scope="col">{w.staffPerson}</th>
                <th scope="col">{w.staffSince}</th>
                <th scope="col">{w.staffState}</th>
                <th scope="col">
                  <span className="visually-hidden">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((entry) => {
                const name = entry.name || entry.email || '—';
                const at = waiting.indexOf(entry);
                return (
                  <tr key={entry.id} data-testid="waitlist-row">
                    <td data-label={w.staffPosition}>{entry.position ?? '—'}</td>
                    <th scope="row" data-label={w.staffPerson}>
                      {name}
                      {entry.email && entry.name && <span className="waitlist-email"> · {entry.email}</span>}
                    </th>
                    <td data-label={w.staffSince}>{formatDateTime(entry.created_at)}</td>
                    <td data-label={w.staffState}>
                      {entry.status === 'offered' && entry.offer_expires_at
                        ? w.staffOffered(formatDateTime(entry.offer_expires_at))
                        : w.staffWaiting}
                    </td>
                    <td className="editor-table-actions">
                      {entry.status === 'waiting' && (
                        <>
                          <button
                            type="button"
                            className="button button-secondary button-small"
                            disabled={at <= 0 || writes.move.isPending}
                            onClick={() =>
                              writes.move.mutate({ entryId: entry.id, direction: 'up' }, { onError: failed })
                            }
                            aria-label={`${w.staffMoveUp} ${name}`}
                          >
                            ↑
                          </button>
                          <button
                            type="button"
                            className="button button-secondary button-small"
                            disabled={at === waiting.length - 1 || writes.move.isPending}
                            onClick={() =>
                              writes.move.mutate(
                                { entryId: entry.id, direction: 'down' },
                                { onError: failed },
                              )
                            }
                            aria-label={`${w.staffMoveDown} ${name}`}
                          >
                            ↓
                          </button>
                          <button
                            type="button"
                            className="button button-secondary button-small"
                            disabled={writes.offer.isPending}
                            onClick={() =>
                              writes.offer.mutate(entry.id, {
                                onError: failed,
                                onSuccess: () => notify('positive', w.staffOffered_),
                              })
                            }
                            aria-label={`${w.staffOffer}: ${name}`}
                          >
                            {w.staffOffer}
                          </button>
                        </>
                      )}
                      <button
                        type="button"
                        className="button button-secondary button-small"
                        onClick={() => setRemoving(entry)}
                        aria-label={`${w.staffRemove} ${name}`}
                      >
                        {w.staffRemove}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <form
        className="waitlist-hours"
        onSubmit={(e) => {
          e.preventDefault();
          const value = Number(hours ?? data.tier.offer_hours);
          writes.hours.mutate(value, { onSuccess: () => notify('positive', w.staffHoursSaved) });
        }}
      >
        <TextField
          label={w.staffHours}
          inputMode="numeric"
          value={hours ?? String(data.tier.offer_hours)}
          onValueChange={setHours}
          hint={w.staffHoursHint}
          error={writes.hours.error?.message}
        />
        <button type="submit" className="button button-secondary" disabled={writes.hours.isPending}>
          {w.staffHoursSave}
        </button>
      </form>
      <ConfirmDialog
        open={removing !== null}
        message={w.staffRemoveConfirm(removing?.name || removing?.email || '')}
        confirmLabel={w.staffRemove}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && writes.remove.mutate(removing.id, { onError: failed })}
      />
    </div>
  );
}
