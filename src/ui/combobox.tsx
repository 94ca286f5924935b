import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { FieldMessages } from './field.tsx';
import './ui.css';

export interface ComboboxOption {
  value: string;
  label: string;
  /** A second line (e.g. the regional of a congregation). */
  hint?: string | undefined;
}

export interface ComboboxProps {
  label: string;
  options: readonly ComboboxOption[];
  /** The chosen option's value, or null. */
  value: string | null;
  onChange(value: string | null): void;
  /** Called when the focus leaves the input (after an exact typed name was picked). */
  onBlur?(): void;
  error?: string | undefined;
  hint?: ReactNode;
  placeholder?: string;
  emptyText?: string;
  disabled?: boolean;
  name?: string;
}

/** Lower-case without accents, so "sao joao" finds "São João". */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('pt-BR')
    .trim();
}

/**
 * An accessible filterable select (ARIA 1.2 combobox with a listbox popup): type to filter,
 * arrows to move, Enter to choose, Esc to close. Only a listed option can be chosen.
 */
export function Combobox({
  label,
  options,
  value,
  onChange,
  onBlur: onLeave,
  error,
  hint,
  placeholder,
  emptyText = 'Nada encontrado',
  disabled,
  name,
}: ComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const selected = options.find((o) => o.value === value) ?? null;
  const [query, setQuery] = useState(selected?.label ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const typedNull = useRef(false);
  const prevValue = useRef(value);
  const listRef = useRef<HTMLDivElement>(null);

  // Follow outside changes of the value (e.g. cleared because 'Sou de outro ministério' was ticked).
  useEffect(() => {
    if (value !== null) {
      const option = options.find((o) => o.value === value);
      if (option) setQuery(option.label);
    } else if (prevValue.current !== null && !typedNull.current) {
      setQuery('');
    }
    typedNull.current = false;
    prevValue.current = value;
  }, [value, options]);

  const filtered = useMemo(() => {
    const q = normalizeForSearch(query);
    if (!q || (selected && selected.label === query)) return options;
    return options.filter((o) => normalizeForSearch(`${o.label} ${o.hint ?? ''}`).includes(q));
  }, [options, query, selected]);

  useEffect(() => {
    if (!open) return;
    listRef.current
      ?.querySelector<HTMLElement>(`[data-index="${active}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [active, open]);

  function choose(option: ComboboxOption) {
    setQuery(option.label);
    setOpen(false);
    onChange(option.value);
  }

  function onBlur() {
    setOpen(false);
    if (selected) {
      if (query !== selected.label) setQuery(selected.label);
    } else {
      // typed the exact name without picking it from the list
      const exact = options.find((o) => normalizeForSearch(o.label) === normalizeForSearch(query));
      if (exact) choose(exact);
    }
    onLeave?.();
  }

  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const activeOption = open ? filtered[active] : undefined;

  return (
    <div className={`field combobox${error ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="combobox-control">
        <input
          id={id}
          name={name}
          className="input"
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open && filtered.length > 0}
          aria-controls={listId}
          aria-activedescendant={activeOption ? `${id}-opt-${activeOption.value}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          placeholder={placeholder}
          disabled={disabled}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
            setActive(0);
            if (value !== null) {
              typedNull.current = true;
              onChange(null);
            }
          }}
          onClick={() => setOpen(true)}
          onBlur={onBlur}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              if (!open) setOpen(true);
              else setActive((i) => Math.min(i + 1, filtered.length - 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((i) => Math.max(i - 1, 0));
            } else if (e.key === 'Enter' && open) {
              const option = filtered[active];
              if (option) {
                e.preventDefault();
                choose(option);
              }
            } else if (e.key === 'Escape' && open) {
              e.preventDefault();
              e.stopPropagation();
              setOpen(false);
            }
          }}
        />
        <span className="combobox-arrow" aria-hidden="true">
          ▾
        </span>
      </div>
      {/* the listbox holds options only (axe aria-required-children): "nothing matches" is a status beside it */}
      <div ref={listRef} className="combobox-list" hidden={!open}>
        <div id={listId} role="listbox" aria-label={label} hidden={filtered.length === 0}>
          {filtered.map((o, i) => (
            <div
              key={o.value}
              tabIndex={-1}
              id={`${id}-opt-${o.value}`}
              data-index={i}
              role="option"
              aria-selected={o.value === value}
              className={`combobox-option${i === active ? ' is-active' : ''}`}
              // mousedown keeps the focus in the input, so blur does not close the list first
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(o)}
              onKeyDown={() => undefined}
            >
              <span>{o.label}</span>
              {o.hint && <span className="combobox-option-hint">{o.hint}</span>}
            </div>
          ))}
        </div>
        {open && filtered.length === 0 && (
          <div className="combobox-empty" role="status">
            {emptyText}
          </div>
        )}
      </div>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
