import type { ReactNode } from 'react';
import { create } from 'zustand';

export type NoticeType = 'positive' | 'negative' | 'info';

interface Notice {
  id: number;
  type: NoticeType;
  message: ReactNode;
}

const useNotices = create<{ notices: Notice[] }>(() => ({ notices: [] }));
let nextId = 1;

/** Shows a top notice for `seconds` (product-spec.md §9: 3 s successes, 5 s most errors). */
export function notify(type: NoticeType, message: ReactNode, seconds = type === 'negative' ? 5 : 3): void {
  const id = nextId++;
  useNotices.setState((s) => ({ notices: [...s.notices, { id, type, message }] }));
  setTimeout(
    () => useNotices.setState((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
    seconds * 1000,
  );
}

export function Notices() {
  const notices = useNotices((s) => s.notices);
  return (
    <div className="notices" aria-live="polite">
      {notices.map((n) => (
        <div
          key={n.id}
          className={`notice notice-${n.type}`}
          role={n.type === 'negative' ? 'alert' : 'status'}
        >
          {n.message}
        </div>
      ))}
    </div>
  );
}
