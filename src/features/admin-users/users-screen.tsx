/**
 * `/admin/users` 'Buscar Usuários' (read_confirmations): any part of a name, e-mail, CPF or phone
 * (accents and case ignored), a congregation, 20 a page; the query waits 300 ms after the last
 * keystroke. The filters live in the address, so coming back from a person keeps them.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { templesQuery } from '../../data/temples-query.ts';
import { staffMessages as m } from '../../domain/messages/staff.ts';
import { USER_SEARCH_DEBOUNCE_MS } from '../../domain/staff.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { searchUsersQuery, type UserSearchParams } from './api/search-users.ts';
import './admin-users.css';

export interface UsersScreenProps {
  search: UserSearchParams;
  onSearch: (next: UserSearchParams) => void;
}

export function UsersScreen({ search, onSearch }: UsersScreenProps) {
  const [text, setText] = useState(search.q);
  const temples = useQuery(templesQuery);
  const result = useQuery(searchUsersQuery(search));

  // the typed text reaches the address (and the query) 300 ms after the last keystroke
  useEffect(() => {
    const q = text.trim();
    if (q === search.q) return;
    const timer = setTimeout(() => onSearch({ ...search, q, page: 1 }), USER_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search, onSearch]);

  const page = result.data;
  const pages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;

  return (
    <div className="admin-users">
      <h1>{m.usersTitle}</h1>
      <div className="users-filters">
        <div className="field">
          <label className="field-label" htmlFor="user-search">
            {m.searchLabel}
          </label>
          <input
            id="user-search"
            className="input"
            type="search"
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="user-temple">
            {m.templeFilter}
          </label>
          <select
            id="user-temple"
            className="input"
            value={search.temple}
            onChange={(e) => onSearch({ ...search, temple: e.target.value, page: 1 })}
          >
            <option value="">{m.templeAny}</option>
            {temples.data?.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
      </div>

      {result.isError && (
        <div className="form-alert form-alert-negative" role="alert">
          <p>{m.fetchFailedNotice}</p>
          <p className="form-alert-detail">{m.fetchFailed}</p>
          <button type="button" className="button button-small" onClick={() => void result.refetch()}>
            {m.retry}
          </button>
        </div>
      )}
      {result.isPending && <Spinner label={m.searching} />}
      {page && (
        <>
          <p className="users-count" aria-live="polite">
            {result.isFetching ? m.searching : m.total(page.total)}
          </p>
          {page.items.length === 0 ? (
            <p className="users-empty">{m.noUsers}</p>
          ) : (
            <ul className="users-list">
              {page.items.map((u) => (
                <li key={u.id}>
                  <Link to="/admin/users/$id" params={{ id: u.id }} className="users-row">
                    <span className="users-name">{u.name}</span>
                    <span className="users-meta">{u.email}</span>
                    <span className="users-meta">
                      {u.temple_name ?? m.noTemple}
                      {u.roles.length > 0 && ` · ${u.roles.join(', ')}`}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {pages > 1 && (
            <nav className="users-pager" aria-label={m.page(page.page, pages)}>
              <button
                type="button"
                className="button button-small button-secondary"
                disabled={page.page <= 1}
                onClick={() => onSearch({ ...search, page: page.page - 1 })}
              >
                {m.previous}
              </button>
              <span>{m.page(page.page, pages)}</span>
              <button
                type="button"
                className="button button-small button-secondary"
                disabled={page.page >= pages}
                onClick={() => onSearch({ ...search, page: page.page + 1 })}
              >
                {m.next}
              </button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
