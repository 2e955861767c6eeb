/**
 * How the public pages keep their catalogue current. A page first renders what its HTML was
 * rendered from (starting-catalogue.ts), so hydration matches; then it asks the API once per page
 * load and shows what staff have changed since. The server prices every payment from D1 whatever
 * the page shows.
 */
import type { PrimitiveAtom, SetStateAction } from 'jotai';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';

/**
 * A public GET of the catalogue. Plain fetch rather than the typed client (lib/api-client.ts): it
 * runs on every catalogue page, and the client would add its weight to each; the answer's type is
 * the worker's own (services/catalogue/catalogue.ts), imported as a type.
 */
export async function getJson<T>(path: `/api/${string}`): Promise<T> {
  const response = await fetch(path, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

const loads = new Map<string, Promise<unknown>>();

/**
 * The atom's value, refreshed from `load` once per page load (every component using it shares the
 * one request). `load` answers the new value, or how to make it from the page's. A failed request
 * keeps what the page has: the server refuses a stale price anyway.
 */
export function useLiveAtom<T>(key: string, target: PrimitiveAtom<T>, load: () => Promise<SetStateAction<T>>): T {
  const value = useAtomValue(target);
  const set = useSetAtom(target);
  useEffect(() => {
    let pending = loads.get(key) as Promise<SetStateAction<T>> | undefined;
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
