// The house's layers, held by a rule rather than by habit: the import graph of worker/ and web/
// (every import, re-export and dynamic import, type-only ones too), checked against the directions
// README's "Layout" names. A failure names the file, the import and the rule it breaks.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Edge, importGraph, importsOf, root } from './import-graph';

const edges = importGraph(['worker', 'web']);
const under = (path: string, ...folders: string[]) => folders.some((folder) => path.startsWith(`${folder}/`));
const lower = ['worker/services', 'worker/db', 'worker/shared', 'worker/providers', 'worker/messages'];
const edge = ['worker/middleware', 'worker/routes'];

/** A feature's folder under web/features, or undefined. */
const featureOf = (path: string) => /^web\/features\/([^/]+)\//.exec(path)?.[1];

/**
 * Where one feature may use another's modules (bulletproof-react's rule, with the house's named
 * exceptions): the payment flow booking and shop share, the live catalogue every page reads, the
 * booking's time picker that moving a booking reuses, and the reviews a product's page shows.
 */
const featureImports: Record<string, readonly string[]> = {
  booking: ['checkout-payment', 'catalogue'],
  shop: ['checkout-payment', 'catalogue', 'reviews'],
  'gift-vouchers': ['checkout-payment', 'catalogue'],
  'manage-booking': ['checkout-payment', 'catalogue', 'booking'],
};

/**
 * worker/services' wings, lowest floor first: a wing imports only wings below it (and the shared
 * helpers beside them), so each can be read with only what is under it in mind. The messages go
 * out from the bottom; sign-in, the client's records, the catalogue and the schedule are what
 * every sale stands on; the prepaid balances sit under the bookings that spend them; checkout
 * starts and records every kind of sale; the client's file, the pages the Worker renders and the
 * background's jobs read across the rest.
 */
const serviceWings = [
  'outbox',
  'staff',
  'clients',
  'catalogue',
  'schedule',
  'payments',
  'prepaid',
  'bookings',
  'shop',
  'reviews',
  'time-waitlist',
  'day',
  'checkout',
  'pages',
  'academy',
  'reports',
  'client-files',
  'jobs',
] as const;
/** The few helpers at services' top, beside the wings: they import no wing. */
const serviceHelpers = ['csv.ts', 'kept-answers.ts', 'scope.ts', 'secret-box.ts', 'signing.ts', 'site-config.ts'];

/** A module's wing under worker/services (its floor), or undefined: -1 for a helper at the top. */
const floorOf = (path: string): number | undefined => {
  const match = /^worker\/services\/(?:([^/]+)\/)?[^/]+$/.exec(path);
  if (!match) return undefined;
  return match[1] === undefined ? -1 : serviceWings.indexOf(match[1] as (typeof serviceWings)[number]);
};

const rules: Array<{ rule: string; breaks: (edge: Edge) => boolean }> = [
  {
    rule: 'services, db, shared, providers and messages never import middleware or routes',
    breaks: ({ from, to }) =>
      under(from, ...lower) && (under(to, ...edge) || to === 'worker/app' || to === 'worker/index'),
  },
  {
    rule: 'a service wing imports only wings on lower floors (serviceWings), a helper at the top none',
    breaks: ({ from, to }) => {
      const [mine, theirs] = [floorOf(from), floorOf(to)];
      return mine !== undefined && theirs !== undefined && theirs !== -1 && theirs > mine;
    },
  },
  {
    rule: 'no Hono below the edge: services take a plain scope (services/scope.ts)',
    breaks: ({ from, to }) => under(from, ...lower) && (to === 'hono' || to.startsWith('hono/')),
  },
  {
    rule: 'worker/shared is isomorphic: it imports only worker/shared and packages',
    breaks: ({ from, to }) => under(from, 'worker/shared') && to.startsWith('worker/') && !under(to, 'worker/shared'),
  },
  {
    rule: 'worker/env.ts imports only db/client and shared types',
    breaks: ({ from, to }) =>
      from === 'worker/env.ts' && to.startsWith('worker/') && to !== 'worker/db/client' && !under(to, 'worker/shared'),
  },
  {
    rule: 'the web imports the worker only from worker/shared (and the typed client its AppType)',
    breaks: ({ from, to }) =>
      under(from, 'web') &&
      to.startsWith('worker/') &&
      !under(to, 'worker/shared') &&
      !(from === 'web/lib/api-client.ts' && to === 'worker/app'),
  },
  {
    rule: 'a feature imports another feature only where featureImports names it',
    breaks: ({ from, to }) => {
      const [mine, theirs] = [featureOf(from), featureOf(to)];
      return !!mine && !!theirs && mine !== theirs && !(featureImports[mine] ?? []).includes(theirs);
    },
  },
  {
    rule: 'a screen (a -page file) is imported only by the router: what two screens share is a module of their group',
    breaks: ({ from, to }) => under(to, 'web') && /-page$/.test(to) && !under(from, 'web/app'),
  },
  {
    rule: 'shared web parts (components, lib) never import features, the staff app or app',
    breaks: ({ from, to }) =>
      under(from, 'web/components', 'web/lib') && under(to, 'web/features', 'web/staff', 'web/app'),
  },
  {
    rule: 'the public site and the staff app are rooms apart: neither imports the other',
    breaks: ({ from, to }) =>
      (under(from, 'web/features') && under(to, 'web/staff')) ||
      (under(from, 'web/staff') && under(to, 'web/features')),
  },
];

/** The import graph's circles (each a sorted list of modules, without extension), by Tarjan's algorithm. */
function circlesOf(graph: Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of graph) {
    if (!to.startsWith('worker/') && !to.startsWith('web/')) continue;
    const node = from.replace(/\.tsx?$/, '');
    next.set(node, [...(next.get(node) ?? []), to]);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) circles.push(component.sort());
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return circles;
}

describe('the staff app', () => {
  it('is a room of its own: its frame, its kits, its one table of sections, and one folder per screen group', () => {
    const entries = readdirSync(join(root, 'web/staff'), { withFileTypes: true });
    const files = entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
    expect(files).toEqual(['sections.ts']);
    const folders = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(folders).toEqual(expect.arrayContaining(['frame', 'kits', 'bookings', 'today', 'team']));
  });
});

describe('the services', () => {
  it('are wings on the floors serviceWings names, with only the shared helpers beside them', () => {
    const entries = readdirSync(join(root, 'worker/services'), { withFileTypes: true });
    const folders = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    const files = entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
    expect(folders.sort()).toEqual([...serviceWings].sort());
    expect(files.sort()).toEqual(serviceHelpers);
  });
});

describe('the layers', () => {
  it('read every kind of import, and none in a comment', () => {
    const source = [
      "import { a, type B } from './one';",
      "import type {\n  C,\n  D,\n} from '../two';",
      "export { e } from './three';",
      "export * from 'four';",
      "import './five.css';",
      "const lazy = () => import('./six');",
      "// import { no } from './comment';",
      "/* import { no } from './block'; */",
      "const url = 'https://example.com'; import x from 'seven';",
    ].join('\n');
    expect(importsOf(source)).toEqual(['./one', '../two', './three', 'four', './five.css', './six', 'seven']);
  });

  it('read a graph that has the imports it should', () => {
    expect(edges.length).toBeGreaterThan(1_000);
    expect(edges).toContainEqual({ from: 'worker/middleware/errors.ts', to: 'worker/shared/loggable' });
    expect(edges).toContainEqual({ from: 'web/lib/api-client.ts', to: 'hono/client' });
  });

  it.each(rules)('$rule', ({ rule, breaks }) => {
    const broken = edges.filter(breaks).map(({ from, to }) => `${from} imports ${to}`);
    expect(broken, rule).toEqual([]);
  });

  it('make no circle, type-only imports included (Biome’s noImportCycles leaves those out)', () => {
    expect(circlesOf(edges)).toEqual([]);
    // A type-only import back from a file the other one imports: the calendar's grid and its day column.
    const planted = {
      from: 'web/staff/bookings/day-column.tsx',
      to: 'web/staff/bookings/calendar-grid',
    };
    expect(circlesOf([...edges, planted])).toEqual([
      ['web/staff/bookings/calendar-grid', 'web/staff/bookings/day-column'],
    ]);
    expect(
      circlesOf([
        { from: 'web/a.ts', to: 'web/b' },
        { from: 'web/b.ts', to: 'web/a' },
      ]),
    ).toEqual([['web/a', 'web/b']]);
  });

  it('catch a planted import against each rule', () => {
    const planted: Edge[] = [
      { from: 'worker/services/checkout/settle.ts', to: 'worker/middleware/errors' },
      { from: 'worker/services/bookings/booking-changes.ts', to: 'worker/services/time-waitlist/time-waitlist-offers' },
      { from: 'worker/services/outbox/outbox.ts', to: 'hono' },
      { from: 'worker/shared/money.ts', to: 'worker/db/schema' },
      { from: 'worker/env.ts', to: 'worker/services/staff/staff-accounts' },
      { from: 'web/features/booking/booking-form.tsx', to: 'worker/services/catalogue/catalogue' },
      { from: 'web/features/catalogue/live-shop.ts', to: 'web/features/shop/cart' },
      { from: 'web/staff/bookings/calendar-page.tsx', to: 'web/staff/bookings/bookings-page' },
      { from: 'web/components/ui/field.tsx', to: 'web/features/booking/booking-draft' },
      { from: 'web/staff/bookings/new-booking-form.tsx', to: 'web/features/booking/slot-picker' },
    ];
    expect(planted.map((each, index) => rules[index]?.breaks(each))).toEqual(planted.map(() => true));
  });
});
