import * as v from 'valibot';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** Maps valibot issues to per-field messages (first message per field) through a path → field map. */
export function fieldErrors<K extends string>(
  issues: readonly v.BaseIssue<unknown>[],
  fields: Record<string, K>,
): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of issues) {
    const path = v.getDotPath(issue);
    const field = path ? fields[path] : undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The first message of one field's schema for a value, or undefined when it is valid. */
export function checkField(schema: v.GenericSchema, value: unknown): string | undefined {
  const result = v.safeParse(schema, value);
  return result.success ? undefined : result.issues[0]?.message;
}

/** Moves the focus to the first invalid control of a form (after React has rendered the errors). */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
