import { useEffect, useRef } from 'react';
import { badgeMessages as m } from '../../domain/messages/reports.ts';
import { badgeQrContent } from '../../domain/reports.ts';
import { BadgeCard, qrsDrawn } from './badge-card.tsx';
import './badges.css';

/**
 * `/admin/badge?name&temple&code`: one badge (100 × 70 mm) with the ticket's QR; once the QR is
 * drawn it opens the print dialog, and closes the tab after it (the registrations list opens it in
 * a new tab).
 */
export function BadgeScreen({ name, temple, code }: { name: string; temple: string; code: string }) {
  const qr = badgeQrContent(code);
  const root = useRef<HTMLDivElement>(null);
  const printed = useRef(false);
  const ok = Boolean(name.trim() && qr);

  useEffect(() => {
    if (!ok) return;
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
  }, [ok]);

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
      <BadgeCard name={name.trim()} temple={temple.trim() || null} qr={qr} />
      <p className="badge-toolbar" role="status">
        {m.printing}
      </p>
    </main>
  );
}
