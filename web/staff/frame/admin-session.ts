/**
 * The browser's note of who is signed in (the server's own answer, kept for the next visit). It
 * only decides what to show first: the login, or the screens the person's role offers; the server
 * decides what is allowed, answers the session check on every visit, and any 401 clears the note.
 * A plain atom and localStorage rather than jotai's atomWithStorage, which the public booking and
 * shop chunks use: sharing it with the admin would split it into a chunk of its own on their first
 * load.
 */
import { atom } from 'jotai';
import { type StaffRole, staffRoles } from '../../../worker/shared/permissions';
import { forgetTodayData } from '../today/offline-day';

/** The signed-in person, as GET /api/auth/session answers them. */
export interface StaffUser {
  _id: string;
  name: string;
  email: string | null;
  role: StaffRole;
}

const STORAGE_KEY = 'spa.admin-user';

function readNote(): StaffUser | null {
  try {
    const note = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<StaffUser> | null;
    const valid =
      typeof note?._id === 'string' && typeof note.name === 'string' && staffRoles.includes(note.role as StaffRole);
    return valid ? (note as StaffUser) : null;
  } catch {
    return null;
  }
}

function writeNote(user: StaffUser | null): void {
  try {
    if (user) localStorage.setItem(STORAGE_KEY, JSON.stringify(user));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage may be unavailable (private mode); the session cookie still works.
  }
}

/**
 * The Worker sends /admin with its login already rendered only to a browser that holds no staff
 * session (worker/routes/app-shell.ts): there, a note is out of date, and React adopts the login.
 */
function noteOfThisVisit(): StaffUser | null {
  const loginServed = typeof document !== 'undefined' && document.querySelector('#root > .admin-login') !== null;
  if (!loginServed) return readNote();
  writeNote(null);
  forgetTodayData();
  return null;
}

const userAtom = atom(noteOfThisVisit());

/** Who is signed in, or null. */
export const staffUserAtom = atom((get) => get(userAtom));

export const markSignedInAtom = atom(null, (get, set, user: StaffUser) => {
  // Another person on this browser: what the last one kept of Today is theirs, not this one's.
  if (get(userAtom)?._id !== user._id) forgetTodayData();
  writeNote(user);
  set(userAtom, user);
});

/** Any end of the session (signing out, a 401, a session check that finds none). */
export const markSignedOutAtom = atom(null, (_get, set) => {
  forgetTodayData();
  writeNote(null);
  set(userAtom, null);
  set(secondFactorSetupRequiredAtom, false);
});

/**
 * An owner or manager on a public site who has no passkey or authenticator app yet: until they
 * add one, the server opens only their own account, and so does the staff area.
 */
export const secondFactorSetupRequiredAtom = atom(false);

/** Bumped after every change staff make, so the figures and lists read afresh. */
const dataVersionAtom = atom(0);
export const adminDataVersionAtom = atom((get) => get(dataVersionAtom));
export const adminDataChangedAtom = atom(null, (get, set) => set(dataVersionAtom, get(dataVersionAtom) + 1));
