import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import * as v from 'valibot';
import { badgeMessages as m } from '../../domain/messages/reports.ts';
import { badgeAnswer } from '../../domain/questions.ts';
import { badgeQrContent } from '../../domain/reports.ts';
import { uuidSchema } from '../../domain/validation.ts';
import { badgeAnswersQuery } from './api/registration-answers.ts';
import { BadgeCard, qrsDrawn } from './badge-card.tsx';
import './badges.css';

/**
 * `/admin/badge?name&temple&code`: one badge (100 × 70 mm) with the ticket's QR; once the QR is
 * drawn (and the registration's badge answer read, as on the event's sheets) it opens the print
 * dialog, and closes the tab after it (the registrations list opens it in a new tab).
 */
export function BadgeScreen({ name, temple, code }: { name: string; temple: string; code: string }) {
  const qr = badgeQrContent(code);
  const root = useRef<HTMLDivElement>(null);
  const printed = useRef(false);
  const ok = Boolean(name.trim() && qr);
  // the code is the registration's id: its answer to the event's badge question (a shirt size)
  const isRegistration = v.is(uuidSchema, code);
  const answers = useQuery({ ...badgeAnswersQuery(code), enabled: ok && isRegistration });
  const answerRead = !isRegistration || !answers.isPending;
  const answer = answers.data ? badgeAnswer(answers.data.questions, answers.data.answers) : null;

  useEffect(() => {
    if (!ok || !answerRead) return;
    let live = true;
    const timer = setInterval(() => {
      const el = root.current;
      if (!el || printed.current) return;
      void qrsDrawn(el, 1).then((drawn) => {
        if (!drawn || !live || printed.current) return;
        printed.current = true;
        clearInterval(timer);
        window.print();
        window.close();
      });
    }, 100);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [ok, answerRead]);

  if (!ok || !qr) {
    return (
      <main className="badge-print-root badge-missing">
        <h1>{m.title}</h1>
        <p role="alert">{m.missing}</p>
      </main>
    );
  }
  return (
    <main className="badge-print-root badge-single" ref={root}>
      <h1 className="visually-hidden">{m.title}</h1>
      <BadgeCard name={name.trim()} temple={temple.trim() || null} qr={qr} answer={answer ?? undefined} />
      <p className="badge-toolbar" role="status">
        {m.printing}
      </p>
    </main>
  );
}
