/**
 * The browser's note that staff are signed in. It only decides what to show first (the login or
 * the dashboard); the server decides what is allowed, and any 401 clears the note.
 */
import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';

const signedInAtom = atomWithStorage('spa.admin-signed-in', false, undefined, { getOnInit: true });

export const isSignedInAtom = atom((get) => get(signedInAtom));

export const markSignedInAtom = atom(null, (_get, set) => set(signedInAtom, true));

export const markSignedOutAtom = atom(null, (_get, set) => set(signedInAtom, false));

/** Bumped after every change staff make, so the figures and lists read afresh. */
const dataVersionAtom = atom(0);
export const adminDataVersionAtom = atom((get) => get(dataVersionAtom));
export const adminDataChangedAtom = atom(null, (get, set) => set(dataVersionAtom, get(dataVersionAtom) + 1));
