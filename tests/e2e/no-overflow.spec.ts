/**
 * Every screen fits a phone: at 320 px (WCAG 1.4.10 reflow) and 390 × 844, no route scrolls sideways
 * and no element is wider than the viewport (axe does not see this). Each route is visited as the
 * audience that uses it, with its dialogs and overlays opened where a tap opens them.
 *
 * A new screen: add one line to ROUTES (its path, who opens it, and what to wait for or open).
 */
import { expect, type Page, test } from '@playwright/test';
import { DEMO_ATTENDEES } from '../../server/seed/checkin.ts';
import { DEMO_EVENTS, DEMO_REGISTRATIONS, DEMO_TIERS, DEMO_USERS } from '../../server/seed/demo.ts';
import { signIn } from './login.ts';

type Audience = 'guest' | 'membro' | 'admin' | 'voluntario';

interface Screen {
  path: string;
  as: Audience;
  /** A name when the same path is checked more than once (e.g. with a dialog open). */
  name?: string;
  /** Waits for the screen's content, or opens what is to be checked (a dialog, a menu). */
  ready?: (page: Page) => Promise<unknown>;
}

const heading = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
const dialog = (page: Page, button: string | RegExp) => async () => {
  await page.getByRole('button', { name: button }).first().click();
  await expect(page.getByRole('dialog').last()).toBeVisible();
};

export const ROUTES: Screen[] = [
  // guests
  { path: '/', as: 'guest', ready: heading },
  { path: '/', as: 'guest', name: 'menu', ready: (p) => dialog(p, 'Abrir menu')() },
  { path: '/all', as: 'guest', ready: heading },
  { path: `/events/${DEMO_EVENTS.conference.id}`, as: 'guest', ready: heading },
  { path: `/events/${DEMO_EVENTS.external.id}`, as: 'guest', ready: heading },
  { path: '/auth/login', as: 'guest', ready: heading },
  { path: '/auth/login?method=email', as: 'guest', ready: heading },
  // the notice of a session the server ended
  { path: '/auth/login?reason=session-ended&redirectTo=%2Fprofile', as: 'guest', ready: heading },
  {
    path: '/auth/signup',
    as: 'guest',
    ready: (p) => expect(p.getByRole('button', { name: 'Começar' })).toBeVisible(),
  },
  { path: '/auth/forgot', as: 'guest', ready: heading },
  { path: '/auth/confirmation', as: 'guest' },
  { path: '/auth/reset-password', as: 'guest' },
  { path: '/auth/welcome', as: 'guest' },
  { path: '/auth/oauth', as: 'guest' },
  { path: '/fastpass', as: 'guest' },
  {
    path: '/privacidade',
    as: 'guest',
    ready: (p) => expect(p.getByText('privacidade@congrega.local').first()).toBeVisible(),
  },
  { path: '/no-such-page', as: 'guest', ready: heading },
  // members
  { path: '/', as: 'membro', ready: heading },
  {
    path: `/events/${DEMO_EVENTS.happeningNow.id}`,
    as: 'membro',
    name: 'check-in overlay',
    // the overlay until the member is checked in (checkin.spec.ts admits them), then the page's check-in section
    ready: (p) =>
      expect(
        p
          .getByRole('dialog', { name: 'Está na hora de fazer o Check-in...' })
          .or(p.getByText(/^Checkin feito às/)),
      ).toBeVisible(),
  },
  { path: '/my-registrations', as: 'membro', ready: heading },
  {
    path: `/my-registrations/${DEMO_REGISTRATIONS.membroConference.id}`,
    as: 'membro',
    ready: (p) => expect(p.getByTestId('manual-code')).toBeVisible(),
  },
  {
    path: '/profile',
    as: 'membro',
    ready: (p) => expect(p.getByRole('button', { name: 'Salvar alterações' })).toBeVisible(),
  },
  {
    path: '/profile',
    as: 'membro',
    name: 'delete',
    ready: async (p) => {
      await p.getByRole('button', { name: 'Excluir minha conta' }).click();
      await expect(p.getByRole('button', { name: 'Excluir definitivamente' })).toBeVisible();
    },
  },
  {
    path: `/checkout/${DEMO_EVENTS.conference.id}/${DEMO_TIERS.conferenceCaravan.id}`,
    as: 'membro',
    ready: heading,
  },
  {
    path: `/caravan/${DEMO_EVENTS.conference.id}/${DEMO_TIERS.conferenceCaravan.id}`,
    as: 'membro',
    ready: (p) => expect(p.getByRole('group', { name: 'Pessoa 2' })).toBeVisible(),
  },
  {
    path: `/checkout/${DEMO_EVENTS.openEvent.id}/${DEMO_TIERS.openEventFree.id}`,
    as: 'membro',
    ready: heading,
  },
  { path: '/event-welcome', as: 'membro' },
  // staff
  { path: '/admin/events', as: 'admin', ready: heading },
  { path: '/admin/events/new', as: 'admin', ready: heading },
  { path: `/admin/events/${DEMO_EVENTS.conference.id}`, as: 'admin', ready: heading },
  {
    path: `/admin/events/${DEMO_EVENTS.conference.id}`,
    as: 'admin',
    name: 'new tier dialog',
    ready: (p) => dialog(p, 'Adicionar lote')(),
  },
  {
    path: `/admin/events/${DEMO_EVENTS.conference.id}`,
    as: 'admin',
    name: 'new venue dialog',
    ready: (p) => dialog(p, 'Novo local')(),
  },
  {
    path: `/admin/events/${DEMO_EVENTS.conference.id}`,
    as: 'admin',
    name: 'new speaker dialog',
    ready: (p) => dialog(p, 'Novo palestrante')(),
  },
  {
    path: `/admin/events/${DEMO_EVENTS.conference.id}`,
    as: 'admin',
    name: 'new tag dialog',
    ready: (p) => dialog(p, 'Nova tag')(),
  },
  { path: '/admin/registrations', as: 'admin', ready: heading },
  {
    path: '/admin/registrations',
    as: 'admin',
    name: 'a row open, its receipt shown',
    ready: async (p) => {
      const row = p.locator('.review-name').first();
      await expect(row).toBeVisible();
      await p
        .getByRole('button', { name: (await row.textContent()) ?? '' })
        .first()
        .click();
      await dialog(p, 'Ver comprovante')();
    },
  },
  {
    path: '/admin/checkin',
    as: 'voluntario',
    name: 'event chosen',
    ready: async (p) => {
      await p.getByLabel('Escolha o evento').selectOption(DEMO_EVENTS.happeningNow.id);
      await expect(p.getByText(/^\d+ inscritos neste aparelho$/)).toBeVisible();
      // a long answer, with the full name (the not-paid attendee: nothing is queued for the server)
      const code = p.getByLabel('Código manual ou CPF');
      await code.fill(DEMO_ATTENDEES.at(-1)!.seq);
      await code.press('Enter');
      await expect(p.getByTestId('door-answer')).toContainText(/ainda não está paga/);
      await code.focus();
    },
  },
];

/** Narrowest first: each screen is loaded at 320 px, checked, then widened to 390 × 844 and checked again. */
const NARROW = { width: 320, height: 640 };
const VIEWPORTS = [NARROW, { width: 390, height: 844 }];

/** Late layout: web fonts and the images being fetched, then two frames for what they move. */
function settled(page: Page) {
  return page.evaluate(async () => {
    await document.fonts.ready;
    const loading = [...document.images].filter((img) => !img.complete && img.loading !== 'lazy');
    await Promise.all(
      loading.map(
        (img) =>
          new Promise((done) => {
            img.addEventListener('load', done);
            img.addEventListener('error', done);
          }),
      ),
    );
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
}

/** What sticks out: the page's own scroll width, and every visible element wider than the viewport. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const width = root.clientWidth;
    const wide: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const box = el.getBoundingClientRect();
      if (box.width > width + 0.5) {
        const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(' ')[0]}` : '';
        wide.push(`${el.tagName.toLowerCase()}${cls} ${Math.round(box.width)} px`);
      }
    }
    return {
      scrollWidth: root.scrollWidth,
      clientWidth: width,
      scrollX: window.scrollX,
      wide: wide.slice(0, 5),
    };
  });
}

const AUDIENCES: Audience[] = ['guest', 'membro', 'admin', 'voluntario'];

// One test per audience: one sign-in and one load per screen, checked at both widths (a fresh
// context and sign-in per width doubled the suite's slowest spec for the same assertions).
for (const as of AUDIENCES) {
  test(`320 px and 390 px, ${as}: no screen scrolls sideways`, async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({
      baseURL,
      viewport: NARROW,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    try {
      if (as !== 'guest') await signIn(page, DEMO_USERS[as].email);
      for (const screen of ROUTES.filter((r) => r.as === as)) {
        await page.setViewportSize(NARROW);
        await page.goto(screen.path);
        await screen.ready?.(page);
        for (const viewport of VIEWPORTS) {
          const label = `${viewport.width} px: ${screen.path}${screen.name ? ` (${screen.name})` : ''}`;
          await page.setViewportSize(viewport);
          await settled(page);
          const found = await overflow(page);
          expect
            .soft(found, label)
            .toEqual({ ...found, scrollWidth: found.clientWidth, scrollX: 0, wide: [] });
        }
      }
    } finally {
      await context.close();
    }
  });
}
