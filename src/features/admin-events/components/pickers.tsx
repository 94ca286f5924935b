/**
 * Venues, speakers and tags of the event: the chosen ones in order (the first venue is the one
 * the overlay shows), a select to add an existing one, and a button to create one inline.
 */
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { chipColors, DEFAULT_TAG_COLOR } from '../../../domain/colors.ts';
import { HEX_COLOR, speakerSchema, tagSchema, venueSchema } from '../../../domain/event-editor.ts';
import { mapEmbed } from '../../../domain/map.ts';
import { editorMessages as t } from '../../../domain/messages/editor.ts';
import type { Speaker, Tag, Venue } from '../../../domain/types.ts';
import { ApiFailure } from '../../../lib/api.ts';
import { FieldMessages, FormAlert } from '../../../ui/field.tsx';
import { Form, useFormState, useSchemaForm } from '../../../ui/form.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { searchAddress, useSaveSpeaker, useSaveTag, useSaveVenue } from '../api/queries.ts';
import { FormTextArea } from './choice-fields.tsx';
import { Dialog } from './dialog.tsx';
import { ImageField } from './image-field.tsx';

const CircleCropper = lazy(() => import('./circle-cropper.tsx'));

interface Item {
  id: string;
  name: string;
}

/** What differs between the pickers: the words, how a chosen one shows, the form that creates one. */
const KINDS: Record<
  'venue' | 'speaker' | 'tag',
  {
    legend: string;
    newLabel: string;
    chip?(item: Item): ReactNode;
    create(done: (item?: Item) => void): ReactNode;
  }
> = {
  venue: { legend: t.venues, newLabel: t.newVenue, create: (done) => <NewVenueForm done={done} /> },
  speaker: { legend: t.speakers, newLabel: t.newSpeaker, create: (done) => <NewSpeakerForm done={done} /> },
  tag: {
    legend: t.tags,
    newLabel: t.newTag,
    chip: (tag) => <TagChip tag={tag as Tag} />,
    create: (done) => <NewTagForm done={done} />,
  },
};

export function Picker({
  kind,
  items,
  value,
  onChange,
  error,
}: {
  kind: keyof typeof KINDS;
  items: readonly Item[] | undefined;
  value: readonly string[];
  onChange(ids: string[]): void;
  error?: string | undefined;
}) {
  const { legend, newLabel, chip, create } = KINDS[kind];
  const [creating, setCreating] = useState(false);
  const byId = new Map((items ?? []).map((i) => [i.id, i]));
  const rest = (items ?? []).filter((i) => !value.includes(i.id));
  const id = `picker-${legend}`;
  return (
    <fieldset
      className={`choice-group picker${error ? ' field-invalid' : ''}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="field-label">{legend}</legend>
      {value.length > 0 && (
        <ul className="picker-chosen">
          {value.map((itemId) => {
            const item = byId.get(itemId);
            return (
              <li key={itemId} className="picker-chip">
                {item ? (chip?.(item) ?? item.name) : '…'}
                <button
                  type="button"
                  className="picker-remove"
                  aria-label={`${t.remove} ${item?.name ?? ''}`}
                  onClick={() => onChange(value.filter((x) => x !== itemId))}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="picker-add">
        <select
          className="input"
          aria-label={`${t.add}: ${legend}`}
          value=""
          onChange={(e) => e.target.value && onChange([...value, e.target.value])}
        >
          <option value="">{`${t.add}...`}</option>
          {rest.map((i) => (
            <option key={i.id} value={i.id}>
              {i.name}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => setCreating(true)}
        >
          {newLabel}
        </button>
      </div>
      <FieldMessages id={id} error={error} />
      <Dialog open={creating} title={newLabel} onClose={() => setCreating(false)}>
        {create((created) => {
          setCreating(false);
          if (created) onChange([...value, created.id]);
        })}
      </Dialog>
    </fieldset>
  );
}

const failureText = (e: unknown) => (e instanceof ApiFailure ? e.message : String(e));

/** A picker's create-one form: saves, hands the new one back to the picker, or says why not. */
function useCreate<TValue, TItem>(
  save: { mutateAsync(value: TValue): Promise<TItem> },
  done: (item: TItem) => void,
) {
  const [failure, setFailure] = useState<string>();
  const submit = async (value: TValue) => {
    setFailure(undefined);
    try {
      done(await save.mutateAsync(value));
    } catch (e) {
      setFailure(failureText(e));
    }
  };
  return { failure, submit };
}

// ───────────────────────────── venues ─────────────────────────────

function NewVenueForm({ done }: { done(v?: Venue): void }) {
  const { failure, submit } = useCreate(useSaveVenue(), done);
  const form = useSchemaForm({
    schema: venueSchema,
    defaultValues: { name: '', address: '', lat: '', lng: '', room: '' },
    onSubmit: submit,
  });
  const lat = useFormState(form.store, (s) => s.values.lat);
  const lng = useFormState(form.store, (s) => s.values.lng);
  const coords = { lat: Number(String(lat).replace(',', '.')), lng: Number(String(lng).replace(',', '.')) };
  const hasCoords =
    String(lat) !== '' && String(lng) !== '' && Number.isFinite(coords.lat) && Number.isFinite(coords.lng);

  return (
    <Form form={form} className="editor-subform">
      {failure && <FormAlert>{failure}</FormAlert>}
      <form.AppField name="name">{(f) => <f.TextField label={t.name} />}</form.AppField>
      <AddressSearch
        onPick={(place) => {
          form.setFieldValue('address', place.label);
          form.setFieldValue('lat', place.lat);
          form.setFieldValue('lng', place.lng);
        }}
      />
      <form.AppField name="address">{(f) => <f.TextField label={t.address} />}</form.AppField>
      <div className="editor-row">
        <form.AppField name="lat">{(f) => <f.TextField label={t.lat} inputMode="decimal" />}</form.AppField>
        <form.AppField name="lng">{(f) => <f.TextField label={t.lng} inputMode="decimal" />}</form.AppField>
      </div>
      <form.AppField name="room">{(f) => <f.TextField label={t.room} />}</form.AppField>
      {hasCoords && (
        <iframe
          className="editor-map"
          title={t.mapPreview}
          src={mapEmbed(coords, 480, 220).src}
          loading="lazy"
          referrerPolicy="no-referrer"
        />
      )}
      <form.SubmitButton>{t.add}</form.SubmitButton>
    </Form>
  );
}

function AddressSearch({ onPick }: { onPick(place: { label: string; lat: number; lng: number }): void }) {
  const [q, setQ] = useState('');
  const [state, setState] = useState<{
    busy: boolean;
    error?: string;
    results?: { label: string; lat: number; lng: number }[];
  }>({
    busy: false,
  });
  const run = async () => {
    if (q.trim().length < 3) return;
    setState({ busy: true });
    try {
      setState({ busy: false, results: await searchAddress(q.trim()) });
    } catch (e) {
      setState({ busy: false, error: failureText(e) });
    }
  };
  return (
    <div className="field address-search">
      <label className="field-label" htmlFor="address-search">
        {t.addressSearch}
      </label>
      <div className="picker-add">
        <input
          id="address-search"
          className="input"
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void run();
            }
          }}
        />
        <button type="button" className="button button-secondary button-small" onClick={() => void run()}>
          {state.busy ? <Spinner size={16} label={t.searching} /> : t.search}
        </button>
      </div>
      {state.error && (
        <p className="field-error" role="alert">
          {state.error}
        </p>
      )}
      {state.results && (
        <ul className="address-results" aria-live="polite">
          {state.results.length === 0 && <li>{t.noAddressFound}</li>}
          {state.results.map((p) => (
            <li key={`${p.lat},${p.lng},${p.label}`}>
              <button
                type="button"
                className="button-link"
                onClick={() => {
                  onPick(p);
                  setState({ busy: false });
                  setQ('');
                }}
              >
                {p.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

// ───────────────────────────── speakers ─────────────────────────────

function NewSpeakerForm({ done }: { done(s?: Speaker): void }) {
  const { failure, submit } = useCreate(useSaveSpeaker(), done);
  const [cropping, setCropping] = useState<{ src: string; resolve(f: File | null): void } | null>(null);
  const form = useSchemaForm({
    schema: speakerSchema,
    defaultValues: { name: '', details: '', image: null as string | null },
    onSubmit: submit,
  });
  const prepare = (file: File) =>
    new Promise<File | null>((resolve) => {
      const src = URL.createObjectURL(file);
      setCropping({
        src,
        resolve: (f) => {
          URL.revokeObjectURL(src);
          setCropping(null);
          resolve(f);
        },
      });
    });

  return (
    <Form form={form} className="editor-subform">
      {failure && <FormAlert>{failure}</FormAlert>}
      <form.AppField name="name">{(f) => <f.TextField label={t.name} />}</form.AppField>
      <form.Field name="details">{(f) => <FormTextArea field={f} label={t.speakerDetails} />}</form.Field>
      <form.Field name="image">
        {(f) => (
          <ImageField
            label={t.speakerImage}
            kind="speakerImage"
            value={f.state.value ?? null}
            onChange={f.handleChange}
            previewAlt={t.speakerImage}
            round
            prepare={prepare}
          />
        )}
      </form.Field>
      {cropping && (
        <section className="cropper-panel" aria-label={t.cropTitle}>
          <p className="field-label">{t.cropTitle}</p>
          <Suspense fallback={<Spinner label={t.loading} />}>
            <CircleCropper
              src={cropping.src}
              onDone={(f) => cropping.resolve(f)}
              onCancel={() => cropping.resolve(null)}
            />
          </Suspense>
        </section>
      )}
      <form.SubmitButton disabled={Boolean(cropping)}>{t.add}</form.SubmitButton>
    </Form>
  );
}

// ───────────────────────────── tags ─────────────────────────────

export function TagChip({ tag }: { tag: Pick<Tag, 'name' | 'color'> }) {
  return (
    <span className="tag-chip" style={chipColors(tag.color)}>
      {tag.name}
    </span>
  );
}

function NewTagForm({ done }: { done(t?: Tag): void }) {
  const { failure, submit } = useCreate(useSaveTag(), done);
  const form = useSchemaForm({
    schema: tagSchema,
    defaultValues: { name: '', color: DEFAULT_TAG_COLOR },
    onSubmit: submit,
  });
  const values = useFormState(form.store, (s) => s.values);
  return (
    <Form form={form} className="editor-subform">
      {failure && <FormAlert>{failure}</FormAlert>}
      <form.AppField name="name">{(f) => <f.TextField label={t.name} />}</form.AppField>
      <div className="editor-row">
        <form.AppField name="color">{(f) => <f.TextField label={t.color} />}</form.AppField>
        <form.Field name="color">
          {(f) => (
            <input
              type="color"
              className="color-swatch"
              aria-label={t.color}
              value={/^#[0-9a-f]{6}$/i.test(f.state.value ?? '') ? f.state.value : DEFAULT_TAG_COLOR}
              onChange={(e) => f.handleChange(e.target.value)}
            />
          )}
        </form.Field>
      </div>
      <p>
        <TagChip
          tag={{
            name: values.name || t.newTag,
            color: HEX_COLOR.test(values.color ?? '') ? (values.color as string) : DEFAULT_TAG_COLOR,
          }}
        />
      </p>
      <form.SubmitButton>{t.add}</form.SubmitButton>
    </Form>
  );
}
