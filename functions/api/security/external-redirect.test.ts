import { describe, expect, it } from 'vitest';
import { validationMessages } from '../../../src/domain/messages/validation.ts';
import { isHttpUrl } from '../../../src/domain/urls.ts';
import { errorFromPg } from '../db/pg-errors.ts';
import { apiSuite } from '../testing/api-suite.ts';

// Browsers open an event's external_redirect: the database stores only http(s) URLs, the same rule
// as isHttpUrl in src/domain (the join flow refuses anything else too).
const { database } = apiSuite();

const insert = (redirect: string | null) =>
  database.db.query(
    `insert into public.events (title, starts_at, external_redirect) values ('Evento', now(), $1) returning id`,
    [redirect],
  );

describe('events.external_redirect', () => {
  it('stores http and https URLs (and null)', async () => {
    for (const ok of [
      'https://example.org/congresso?x=1#y',
      'http://example.org',
      'HTTPS://EXAMPLE.ORG',
      null,
    ]) {
      if (ok) expect(isHttpUrl(ok), ok).toBe(true);
      await expect(insert(ok)).resolves.toHaveLength(1);
    }
  });

  it('refuses any other scheme or shape with 400 and a pt-BR message', async () => {
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'ftp://example.org',
      '//example.org',
      '/events/1',
      'https://',
      'https://exa mple.org',
    ]) {
      expect(isHttpUrl(bad), bad).toBe(false);
      const error = await insert(bad).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, bad).toMatchObject({ code: '23514' });
      expect(errorFromPg(error)?.toBody()).toEqual({
        code: 'INVALID_DATA',
        message: validationMessages.externalRedirect,
      });
    }
  });
});
