/**
 * What /packages sells: the packages and the memberships, the page's embedded copy at first, then
 * GET /api/packages and GET /api/memberships.
 */
import { atomWithLazy } from 'jotai/utils';
import type { MembershipOffer } from '../../../worker/shared/prepaid/membership-rules';
import type { PackageOffer } from '../../../worker/shared/prepaid/package-value';
import { getJson, useLiveAtom } from './live-data';
import { startingMemberships, startingPackages } from './starting-catalogue';

export const packagesAtom = atomWithLazy<readonly PackageOffer[]>(startingPackages);
export const membershipsAtom = atomWithLazy<readonly MembershipOffer[]>(startingMemberships);

const loadPackages = () => getJson<PackageOffer[]>('/api/packages');
const loadMemberships = () => getJson<MembershipOffer[]>('/api/memberships');

/** The packages on sale now, cheapest first. */
export const usePackages = () => useLiveAtom('packages', packagesAtom, loadPackages);

/** The memberships open to join now, cheapest first. */
export const useMemberships = () => useLiveAtom('memberships', membershipsAtom, loadMemberships);
