/**
 * How the public pages keep their catalogue current. A page first renders what its HTML was
 * rendered from (the copy embedded in the page, or the build's own modules), so hydration matches;
 * then it asks the API once per page load and shows what staff have changed since. The server
 * prices every payment from D1 whatever the page shows.
 */
import type { PrimitiveAtom } from 'jotai';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { EMBEDDED_CATALOGUE_ID } from '../../../worker/shared/site-pages';

/** The part of the catalogue a rendered page embedded, if it did (only in the browser). */
export function embedded<T>(part: 'treatments' | 'products'): T | undefined {
  const element = globalThis.document?.getElementById(EMBEDDED_CATALOGUE_ID);
  if (!element?.textContent) return undefined;
  try {
    return (JSON.parse(element.textContent) as Record<string, T | undefined>)[part];
  } catch {
    return undefined;
  }
}

/**
 * A public GET of the catalogue. Plain fetch rather than the typed client (lib/api-client.ts): it
 * runs on every catalogue page, and the client would add its weight to each; the answer's type is
 * the worker's own (services/catalogue.ts), imported as a type.
 */
export async function getJson<T>(path: `/api/${string}`): Promise<T> {
  const response = await fetch(path, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

const loads = new Map<string, Promise<unknown>>();

/**
 * The atom's value, refreshed from `load` once per page load (every component using it shares the
 * one request). A failed request keeps what the page has: the server refuses a stale price anyway.
 */
export function useLiveAtom<T>(key: string, target: PrimitiveAtom<T>, load: () => Promise<T>): T {
  const value = useAtomValue(target);
  const set = useSetAtom(target);
  useEffect(() => {
    let pending = loads.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = load();
      loads.set(key, pending);
      pending.catch(() => loads.delete(key));
    }
    let current = true;
    pending.then(
      (fresh) => current && set(fresh),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [key, load, set]);
  return value;
}

/** Forgets the last answer, so the next use asks again (after a payment refused a stale cart). */
export function reloadLive(key: string): void {
  loads.delete(key);
}
