/**
 * The home's rows (product-spec.md §2): 'Acontecendo agora', then the general row — the events carrying the
 * tag flagged `is_general`, whatever it is called — or 'Sem eventos por enquanto...' when that row
 * is empty, even while 'Acontecendo agora' has events. The API answer is rewritten in the test to
 * set up each case on the demo data.
 */
import { expect, type Page, test } from '@playwright/test';
import { DEMO_EVENTS } from '../../server/seed/demo.ts';
import type { EventDetail } from '../../src/domain/types.ts';

test.use({ viewport: { width: 390, height: 844 } });

/** Serves GET /v1/events/upcoming as the real API answers it, passed through `edit`. */
async function editUpcoming(page: Page, edit: (events: EventDetail[]) => EventDetail[]) {
  await page.route('**/functions/v1/api/v1/events/upcoming', async (route) => {
    const response = await route.fetch();
    const events = (await response.json()) as EventDetail[];
    await route.fulfill({ response, json: edit(events) });
  });
}

test("only 'Acontecendo agora' has events: 'Sem eventos por enquanto...' shows below it", async ({
  page,
}) => {
  await editUpcoming(page, (events) => events.filter((e) => e.id === DEMO_EVENTS.happeningNow.id));
  await page.goto('/');
  const live = page.getByRole('region', { name: 'Acontecendo agora' });
  await expect(live.getByRole('heading', { name: DEMO_EVENTS.happeningNow.title })).toBeVisible();
  await expect(page.getByText('Sem eventos por enquanto...')).toBeVisible();
  await expect(page.getByRole('heading', { name: DEMO_EVENTS.conference.title })).toHaveCount(0);
});

test('the general row follows the is_general flag, not the tag name', async ({ page }) => {
  await editUpcoming(page, (events) =>
    events.map((e) => ({
      ...e,
      // the general tag renamed; a tag called 'Geral' that is not the general one
      tags: e.tags.map((t) =>
        t.is_general
          ? { ...t, name: 'Todos' }
          : t.name === 'Jovens'
            ? { ...t, name: 'Geral', is_general: false }
            : t,
      ),
    })),
  );
  await page.goto('/');
  const row = page.getByRole('region', { name: 'Próximos Eventos' });
  await expect(row.getByRole('heading', { name: DEMO_EVENTS.conference.title })).toBeVisible();
  await expect(row.getByText('Todos').first()).toBeVisible();
  await expect(page.getByText('Sem eventos por enquanto...')).toHaveCount(0);
});

test('no general tag at all: the row is empty and says so', async ({ page }) => {
  await editUpcoming(page, (events) =>
    events.map((e) => ({ ...e, tags: e.tags.map((t) => ({ ...t, is_general: false })) })),
  );
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Acontecendo agora' })).toBeVisible();
  await expect(page.getByText('Sem eventos por enquanto...')).toBeVisible();
  await expect(page.getByRole('heading', { name: DEMO_EVENTS.conference.title })).toHaveCount(0);
});
