/**
 * The door's answer to the last scan or code, where the volunteer looks: one panel between the
 * event and the code field that sticks to the top of the screen (under the header) or to its bottom
 * while the page scrolls, so it is in view at 320 × 640 and 390 × 844, camera on or off. It holds
 * the answer until the next scan or code (or 'Fechar resposta'): the person's first name large, the
 * full name, the result; outside the event's check-in window, the question before admitting; after
 * a leader's group QR, the caravan's list (not sticky: it may be longer than the screen).
 */
import { useEffect, useRef } from 'react';
import type { DoorAnswer as Answer } from '../../data/door/engine.ts';
import type { CheckinSession } from '../../domain/checkin.ts';
import { resultMessage } from '../../domain/checkin.ts';
import { caravanMessages } from '../../domain/messages/caravans.ts';
import { checkinMessages as m } from '../../domain/messages/checkin.ts';
import { doorSalesMessages as s } from '../../domain/messages/door-sales.ts';
import { formatMoney } from '../../domain/money.ts';
import { firstName } from '../../domain/people.ts';
import { DoorGroup } from './door-group.tsx';

export type { Answer };

export function DoorAnswer({
  answer,
  eventId,
  device,
  session,
  outsideWindow,
  onConfirm,
  onClear,
  onGroup,
  onGroupAdmitted,
  onCash,
}: {
  answer: Answer | null;
  eventId: string;
  device: string;
  session?: CheckinSession;
  /** the notice when now is outside the event's check-in window, else null */
  outsideWindow: string | null;
  onConfirm(raw: string): void;
  onClear(): void;
  onGroup(groupId: string): void;
  onGroupAdmitted(count: number): void;
  /** a pending cash registration's 'Dinheiro recebido' (permission door_sales); absent: not offered */
  onCash?(registrationId: string): void;
}) {
  const panel = useRef<HTMLDivElement>(null);
  // a new answer is brought into view if the page was scrolled away from it (sticky covers the rest)
  useEffect(() => {
    if (answer) panel.current?.scrollIntoView?.({ block: 'nearest' });
  }, [answer]);

  if (answer?.kind === 'group') {
    return (
      <div ref={panel} className="door-answer door-answer-group">
        <DoorGroup
          key={answer.groupId}
          eventId={eventId}
          groupId={answer.groupId}
          device={device}
          session={session}
          outsideWindow={outsideWindow}
          onAdmitted={onGroupAdmitted}
          onClose={onClear}
        />
      </div>
    );
  }

  const feedback = answer?.kind === 'feedback' ? answer.feedback : null;
  const entry =
    answer?.kind === 'confirm' ? answer.entry : feedback && 'entry' in feedback ? feedback.entry : null;
  // a pending cash registration the door may take the cash of (door-sales)
  const due = onCash && feedback?.kind === 'not_paid' && feedback.entry.cash_due ? feedback.entry : null;
  const text = feedback
    ? feedback.kind === 'invalid'
      ? feedback.message
      : due
        ? s.cashDue(formatMoney(due.cash_due!))
        : feedback.kind === 'created' && feedback.paidCash
          ? s.cashAdmitted(
              firstName(feedback.entry.name) || feedback.entry.name,
              formatMoney(feedback.paidCash),
            )
          : resultMessage(feedback)
    : answer?.kind === 'confirm'
      ? outsideWindow
      : m.waitingCode;
  const tone = answer?.kind === 'confirm' ? 'confirm' : (feedback?.kind ?? 'none');

  return (
    <div ref={panel} className={`door-answer door-feedback-${tone}`} data-testid="door-answer">
      <output className="door-feedback" aria-live="assertive">
        {entry && (
          <span className="door-feedback-person">
            <strong className="door-feedback-first">{firstName(entry.name) || entry.name}</strong>
            <span data-testid="door-feedback-name">{entry.name}</span>
          </span>
        )}
        {text && <span className="door-feedback-message">{text}</span>}
      </output>
      {answer && (
        <div className="door-answer-actions">
          {due && (
            <button type="button" className="button" onClick={() => onCash?.(due.id)}>
              {s.cashReceived}
            </button>
          )}
          {answer.kind === 'confirm' && (
            <button type="button" className="button" onClick={() => onConfirm(answer.raw)}>
              {m.admitAnyway}
            </button>
          )}
          {feedback && 'entry' in feedback && feedback.entry.group_id && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => onGroup(feedback.entry.group_id!)}
            >
              {caravanMessages.doorSeeGroup}
            </button>
          )}
          <button type="button" className="button button-secondary" onClick={onClear}>
            {answer.kind === 'confirm' ? m.cancel : m.closeAnswer}
          </button>
        </div>
      )}
    </div>
  );
}
