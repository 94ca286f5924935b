/**
 * `/admin/events`: the events staff manage (write_events). Upcoming (started within the last week
 * or later) or past, searchable by title; edit, duplicate (tiers, venues, speakers, tags; a week
 * later) and delete with confirmation.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../domain/dates.ts';
import { editorMessages as t } from '../../domain/messages/editor.ts';
import { notify } from '../../ui/notices.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useAdminEvents, useDeleteEvent, useDuplicateEvent } from './api/queries.ts';
import { ConfirmDialog } from './components/dialog.tsx';
import './admin-events.css';

export function EventsListScreen() {
  return <EventsList />;
}

function useDebounced(value: string, ms = 300): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function EventsList() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [when, setWhen] = useState<'upcoming' | 'past'>('upcoming');
  const q = useDebounced(text.trim());
  const list = useAdminEvents(q, when);
  const remove = useDeleteEvent();
  const duplicate = useDuplicateEvent();
  const [deleting, setDeleting] = useState<{ id: string; title: string } | null>(null);

  return (
    <div className="editor-page">
      <div className="page-title-row">
        <h1>{t.listTitle}</h1>
        <Link to="/admin/events/new" className="button">
          {t.newTitle}
        </Link>
      </div>
      <div className="editor-row editor-filters">
        <div className="field">
          <label className="field-label" htmlFor="event-search">
            {t.listSearch}
          </label>
          <input
            id="event-search"
            className="input"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <fieldset className="segmented">
          <legend className="visually-hidden">{t.listTitle}</legend>
          {(['upcoming', 'past'] as const).map((w) => (
            <button
              key={w}
              type="button"
              className={`button button-small${when === w ? '' : ' button-secondary'}`}
              aria-pressed={when === w}
              onClick={() => setWhen(w)}
            >
              {w === 'upcoming' ? t.upcoming : t.past}
            </button>
          ))}
        </fieldset>
      </div>

      {list.isPending && <Spinner label={t.loading} />}
      {list.error && (
        <p className="form-alert form-alert-negative" role="alert">
          {list.error.message}{' '}
          <button type="button" className="button-link" onClick={() => void list.refetch()}>
            {t.retry}
          </button>
        </p>
      )}
      {list.data && list.data.length === 0 && <p className="empty-state">{t.emptyList}</p>}
      {list.data && list.data.length > 0 && (
        <ul className="admin-event-list">
          {list.data.map((e) => (
            <li key={e.id} className="admin-event-row" data-testid="admin-event-row">
              <div>
                <Link to="/admin/events/$id" params={{ id: e.id }} className="admin-event-title">
                  {e.title}
                </Link>
                <p className="muted">
                  {formatDateTime(e.starts_at)}
                  {e.parent_title ? ` · ${e.parent_title}` : ''} · {e.tiers} lote(s) · {e.registrations}{' '}
                  inscrição(ões)
                </p>
              </div>
              <div className="editor-actions">
                <Link
                  to="/admin/events/$id"
                  params={{ id: e.id }}
                  className="button button-secondary button-small"
                  aria-label={`${t.edit} ${e.title}`}
                >
                  {t.edit}
                </Link>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  aria-label={`${t.duplicate} ${e.title}`}
                  disabled={duplicate.isPending}
                  onClick={() =>
                    duplicate.mutate(e.id, {
                      onSuccess: (r) => {
                        notify('positive', t.duplicated);
                        void navigate({ to: '/admin/events/$id', params: { id: r.id } });
                      },
                      onError: (err) => notify('negative', err.message),
                    })
                  }
                >
                  {t.duplicate}
                </button>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  aria-label={`${t.delete} ${e.title}`}
                  onClick={() => setDeleting({ id: e.id, title: e.title })}
                >
                  {t.delete}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        message={t.deleteConfirm(deleting?.title ?? '')}
        confirmLabel={t.delete}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => notify('positive', t.deleted),
            onError: (err) => notify('negative', err.message),
          })
        }
      />
    </div>
  );
}
