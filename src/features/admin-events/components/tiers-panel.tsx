/** The event's pricing tiers (lotes): a table with status and places, and a form to add or edit one. */
import { useState } from 'react';
import { formatBrDateTime, tierFormSchema } from '../../../domain/event-editor.ts';
import { paymentMethodLabels, editorMessages as t } from '../../../domain/messages/editor.ts';
import { waitlistMessages } from '../../../domain/messages/waitlist.ts';
import { formatPrice, maskMoneyInput } from '../../../domain/money.ts';
import { sortTiers, tierDisplay } from '../../../domain/tiers.ts';
import { PAYMENT_METHODS, type PaymentMethod, type PricingTier } from '../../../domain/types.ts';
import { ApiFailure } from '../../../lib/api.ts';
import { FormAlert } from '../../../ui/field.tsx';
import { Form, useSchemaForm } from '../../../ui/form.tsx';
import { notify } from '../../../ui/notices.tsx';
import { useTierWrites } from '../api/queries.ts';
import { CheckboxGroup, TextAreaField } from './choice-fields.tsx';
import { ConfirmDialog, Dialog } from './dialog.tsx';
import { WaitlistPanel } from './waitlist-dialog.tsx';

const DATE_MASK = '00/00/0000 00:00[:00]';
const methodOptions = PAYMENT_METHODS.map((value) => ({ value, label: paymentMethodLabels[value] }));

function TierForm({ eventId, tier, done }: { eventId: string; tier: PricingTier | null; done(): void }) {
  const { save } = useTierWrites(eventId);
  const [failure, setFailure] = useState<string>();
  const form = useSchemaForm({
    schema: tierFormSchema,
    defaultValues: {
      name: tier?.name ?? '',
      description: tier?.description ?? '',
      price: tier ? maskMoneyInput(String(tier.price)) : '',
      total: tier?.total === null || tier?.total === undefined ? '' : String(tier.total),
      starts_at: formatBrDateTime(tier?.starts_at),
      ends_at: formatBrDateTime(tier?.ends_at),
      restricted_payment_methods: tier?.restricted_payment_methods ?? ([] as PaymentMethod[]),
      custom_pix_key: tier?.custom_pix_key ?? '',
      payment_link: tier?.payment_link ?? '',
      staff_only: tier?.staff_only ?? false,
      door_only: tier?.door_only ?? false,
    },
    onSubmit: async (body) => {
      setFailure(undefined);
      try {
        await save.mutateAsync({ tierId: tier?.id ?? null, body });
        done();
      } catch (e) {
        setFailure(e instanceof ApiFailure ? e.message : String(e));
      }
    },
  });
  return (
    <Form form={form} className="editor-subform">
      {failure && <FormAlert>{failure}</FormAlert>}
      <form.AppField name="name">{(f) => <f.TextField label={t.tierName} />}</form.AppField>
      <div className="editor-row">
        <form.AppField name="price">{(f) => <f.MoneyField label={t.tierPrice} />}</form.AppField>
        <form.AppField name="total">
          {(f) => <f.TextField label={t.tierTotal} inputMode="numeric" />}
        </form.AppField>
      </div>
      <div className="editor-row">
        <form.AppField name="starts_at">
          {(f) => (
            <f.MaskedField
              label={t.tierStartsAt}
              mask={DATE_MASK}
              inputMode="numeric"
              placeholder="DD/MM/AAAA HH:mm"
            />
          )}
        </form.AppField>
        <form.AppField name="ends_at">
          {(f) => (
            <f.MaskedField
              label={t.tierEndsAt}
              mask={DATE_MASK}
              inputMode="numeric"
              placeholder="DD/MM/AAAA HH:mm"
            />
          )}
        </form.AppField>
      </div>
      <form.Field name="description">
        {(f) => (
          <TextAreaField label={t.tierDescription} value={f.state.value ?? ''} onChange={f.handleChange} />
        )}
      </form.Field>
      <form.Field name="restricted_payment_methods">
        {(f) => (
          <CheckboxGroup
            legend={t.tierRestricted}
            value={f.state.value ?? []}
            options={methodOptions}
            onChange={f.handleChange}
          />
        )}
      </form.Field>
      <form.AppField name="payment_link">
        {(f) => <f.TextField label={t.tierPaymentLink} type="url" />}
      </form.AppField>
      <form.AppField name="custom_pix_key">{(f) => <f.TextField label={t.tierPixKey} />}</form.AppField>
      <form.AppField name="staff_only">{(f) => <f.CheckboxField label={t.tierStaffOnly} />}</form.AppField>
      <form.AppField name="door_only">{(f) => <f.CheckboxField label={t.tierDoorOnly} />}</form.AppField>
      <form.SubmitButton>{t.saveTier}</form.SubmitButton>
    </Form>
  );
}

export function TiersPanel({ eventId, tiers }: { eventId: string; tiers: PricingTier[] }) {
  const { remove, reorder } = useTierWrites(eventId);
  const [editing, setEditing] = useState<PricingTier | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PricingTier | null>(null);
  const [waitlist, setWaitlist] = useState<PricingTier | null>(null);
  const sorted = sortTiers(tiers);
  const now = new Date();
  const move = (index: number, delta: number) => {
    const ids = sorted.map((x) => x.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + delta, 0, id!);
    reorder.mutate(ids, { onError: (e) => notify('negative', e.message) });
  };
  return (
    <section className="editor-section" aria-labelledby="tiers-title">
      <h2 id="tiers-title">{t.tiers}</h2>
      {sorted.length > 0 && (
        <div className="table-wrap">
          <table className="editor-table editor-table-stack">
            <thead>
              <tr>
                <th scope="col">{t.tierName}</th>
                <th scope="col">{t.tierPrice}</th>
                <th scope="col">{t.tierAvailable}</th>
                <th scope="col">Situação</th>
                <th scope="col">
                  <span className="visually-hidden">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sorted.map((tier, i) => (
                <tr key={tier.id} data-testid="tier-row">
                  <th scope="row">
                    {tier.name}
                    {tier.staff_only && <span> · {t.tierStaffOnlyTag}</span>}
                    {tier.door_only && <span> · {t.tierDoorOnlyTag}</span>}
                  </th>
                  <td data-label={t.tierPrice}>{formatPrice(tier.price)}</td>
                  <td data-label={t.tierAvailable}>
                    {tier.total === null ? t.unlimited : `${tier.available ?? 0} / ${tier.total}`}
                  </td>
                  <td data-label="Situação">{tierDisplay(tier, now).lines.join(' ') || 'Disponível'}</td>
                  <td className="editor-table-actions">
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                      aria-label={`${t.moveUp} ${tier.name}`}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      disabled={i === sorted.length - 1}
                      onClick={() => move(i, 1)}
                      aria-label={`${t.moveDown} ${tier.name}`}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      onClick={() => setEditing(tier)}
                      aria-label={`${t.edit} ${tier.name}`}
                    >
                      {t.edit}
                    </button>
                    {tier.total !== null && (
                      <button
                        type="button"
                        className="button button-secondary button-small"
                        onClick={() => setWaitlist(tier)}
                        aria-label={`${waitlistMessages.staffOpen}: ${tier.name}`}
                      >
                        {waitlistMessages.staffOpen}
                      </button>
                    )}
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      onClick={() => setDeleting(tier)}
                      aria-label={`${t.deleteTier} ${tier.name}`}
                    >
                      {t.delete}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <button type="button" className="button button-secondary" onClick={() => setEditing('new')}>
        {t.addTier}
      </button>
      <Dialog
        open={editing !== null}
        title={editing === 'new' ? t.addTier : t.edit}
        onClose={() => setEditing(null)}
      >
        {editing !== null && (
          <TierForm
            eventId={eventId}
            tier={editing === 'new' ? null : editing}
            done={() => setEditing(null)}
          />
        )}
      </Dialog>
      <Dialog
        open={waitlist !== null}
        title={waitlistMessages.staffTitle(waitlist?.name ?? '')}
        onClose={() => setWaitlist(null)}
      >
        {waitlist !== null && <WaitlistPanel eventId={eventId} tierId={waitlist.id} />}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        message={`${t.deleteTier}: ${deleting?.name ?? ''}?`}
        confirmLabel={t.deleteTier}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting && remove.mutate(deleting.id, { onError: (e) => notify('negative', e.message) })
        }
      />
    </section>
  );
}
