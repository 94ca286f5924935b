/**
 * A walk-in at the door (permission door_sales): name, CPF or phone, a tier of the event (with its
 * price), and for a paid tier the cash received confirmed; 'Registrar e admitir' admits at once,
 * offline too (the door engine queues it). The answer shows in the door's answer panel.
 */
import { useState } from 'react';
import type { Door } from '../../data/door/engine.ts';
import type { WalkInInput } from '../../data/door/roster.ts';
import type { DoorTier } from '../../domain/checkin.ts';
import { cpfOrPhone } from '../../domain/door-sales.ts';
import { doorSalesMessages as m } from '../../domain/messages/door-sales.ts';
import { formatMoney } from '../../domain/money.ts';
import { signal } from './feedback.ts';

/** 'Venda na porta' and, once pressed, the walk-in's form; a sale closes it (the answer shows above). */
export function DoorSales({
  tiers,
  open,
  onOpen,
  door,
}: {
  tiers: DoorTier[];
  open: boolean;
  onOpen(open: boolean): void;
  door: Door;
}) {
  if (!open) {
    return (
      <button type="button" className="button button-secondary door-sell" onClick={() => onOpen(true)}>
        {m.open}
      </button>
    );
  }
  return (
    <DoorWalkIn
      tiers={tiers}
      onClose={() => onOpen(false)}
      onSell={(input) => {
        onOpen(false);
        void door.walkIn(input).then((a) => signal(a?.kind === 'feedback' && a.feedback.kind === 'created'));
      }}
    />
  );
}

export function DoorWalkIn({
  tiers,
  onSell,
  onClose,
}: {
  tiers: DoorTier[];
  onSell(input: WalkInInput): void;
  onClose(): void;
}) {
  const [name, setName] = useState('');
  const [contact, setContact] = useState('');
  const [tierId, setTierId] = useState(tiers[0]?.id ?? '');
  const [cash, setCash] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const tier = tiers.find((t) => t.id === tierId);
  if (tiers.length === 0) return <p role="alert">{m.noTiers}</p>;

  const submit = () => {
    const clean = name.replace(/\s+/g, ' ').trim();
    const who = cpfOrPhone(contact);
    if (!/\S\s+\S/.test(clean) || clean.length > 120) return setError(m.nameInvalid);
    if (!who) return setError(m.cpfOrPhoneInvalid);
    if (!tier) return setError(m.tierInvalid);
    if (tier.price > 0 && !cash) return setError(m.cashNotConfirmed);
    setError(null);
    onSell({ name: clean, ...who, tierId: tier.id, amount: tier.price });
  };

  return (
    <form
      className="door-walk-in"
      aria-label={m.title}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label className="door-field">
        <span>{m.name}</span>
        <input value={name} maxLength={120} autoComplete="off" onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="door-field">
        <span>{m.cpfOrPhone}</span>
        <input
          value={contact}
          inputMode="numeric"
          maxLength={20}
          autoComplete="off"
          onChange={(e) => setContact(e.target.value)}
        />
      </label>
      <label className="door-field">
        <span>{m.tier}</span>
        <select value={tierId} onChange={(e) => setTierId(e.target.value)}>
          {tiers.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name} — {t.price > 0 ? formatMoney(t.price) : m.free}
            </option>
          ))}
        </select>
      </label>
      {tier && tier.price > 0 && (
        <label className="door-check">
          <input type="checkbox" checked={cash} onChange={(e) => setCash(e.target.checked)} />
          <span>{m.cashReceivedAmount(formatMoney(tier.price))}</span>
        </label>
      )}
      {error && <p role="alert">{error}</p>}
      <div className="door-answer-actions">
        <button type="submit" className="button">
          {m.submit}
        </button>
        <button type="button" className="button button-secondary" onClick={onClose}>
          {m.cancel}
        </button>
      </div>
    </form>
  );
}
