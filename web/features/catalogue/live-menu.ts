/**
 * The menu the booking page and the treatments page show: the page's embedded copy (or the
 * build's) at first, then GET /api/treatments (features/catalogue/live-data.ts).
 */

import type { InferResponseType } from 'hono/client';
import { atomWithLazy } from 'jotai/utils';
import { sameTreatment, type Treatment, treatmentGroups } from '../../../worker/shared/catalogue/treatments';
import type { api } from '../../lib/api-client';
import { getJson, useLiveAtom } from './live-data';
import { startingCatalogue } from './starting-catalogue';

export type MenuTreatment = Treatment;

/** Read first once the page's route has waited for catalogueReady() (web/app/router.tsx). */
export const menuAtom = atomWithLazy<readonly MenuTreatment[]>(() => startingCatalogue('treatments'));

/** The API's treatments (GET /api/treatments) as the pages hold them: `_id` is `id`. */
export const menuFromApi = (rows: InferResponseType<typeof api.treatments.$get, 200>): MenuTreatment[] =>
  rows.map(({ _id, group, ...treatment }) => ({ ...treatment, id: _id, group: group as Treatment['group'] }));

const loadMenu = async () => menuFromApi(await getJson('/api/treatments'));

/** The treatments on offer now, in page order. */
export const useMenu = () => useLiveAtom('treatments', menuAtom, loadMenu);

/** The menu's groups, each with its treatments (a group with none left is not shown). */
export const groupsOf = (menu: readonly MenuTreatment[]) =>
  treatmentGroups
    .map((group) => ({ ...group, treatments: menu.filter((treatment) => treatment.group === group.id) }))
    .filter((group) => group.treatments.length > 0);

/** The menu's treatments of names (bookings keep names; sameTreatment), a name not on it left out. */
const treatmentsOfNames = (menu: readonly MenuTreatment[], names: readonly string[]) =>
  names.flatMap((name) => menu.find((treatment) => sameTreatment(treatment.name, name)) ?? []);

/** Menu ids of treatment names; a name not on the menu is left out. */
export const idsOfNames = (menu: readonly MenuTreatment[], names: readonly string[]) =>
  treatmentsOfNames(menu, names).map((treatment) => treatment.id);

/** The names as the menu spells them now (a kept "Hotstone" reads "Hot Stone"); others left out. */
export const menuNamesOf = (menu: readonly MenuTreatment[], names: readonly string[]) =>
  treatmentsOfNames(menu, names).map((treatment) => treatment.name);
