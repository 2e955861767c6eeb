/**
 * The browser's note that staff are signed in. It only decides what to show first (the login or
 * the dashboard); the server decides what is allowed, and any 401 clears the note. A plain atom
 * and localStorage rather than jotai's atomWithStorage, which the public booking and shop chunks
 * use: sharing it with the admin would split it into a chunk of its own on their first load.
 */
import { atom } from 'jotai';

const STORAGE_KEY = 'spa.admin-signed-in';

function readNote(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

function writeNote(signedIn: boolean): void {
  try {
    localStorage.setItem(STORAGE_KEY, String(signedIn));
  } catch {
    // Storage may be unavailable (private mode); the session cookie still works.
  }
}

const signedInAtom = atom(readNote());

export const isSignedInAtom = atom((get) => get(signedInAtom));

export const markSignedInAtom = atom(null, (_get, set) => {
  writeNote(true);
  set(signedInAtom, true);
});

export const markSignedOutAtom = atom(null, (_get, set) => {
  writeNote(false);
  set(signedInAtom, false);
});

/** Bumped after every change staff make, so the figures and lists read afresh. */
const dataVersionAtom = atom(0);
export const adminDataVersionAtom = atom((get) => get(dataVersionAtom));
export const adminDataChangedAtom = atom(null, (get, set) => set(dataVersionAtom, get(dataVersionAtom) + 1));
