import { createStore } from 'jotai';

/** The app's jotai store: shared by the React tree and by code outside it (and by tests). */
export const store = createStore();
