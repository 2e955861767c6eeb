/**
 * The packages on sale: the /packages page's embedded copy at first, then GET /api/packages.
 */
import { atomWithLazy } from 'jotai/utils';
import type { PackageOffer } from '../../../worker/shared/package-rules';
import { getJson, useLiveAtom } from './live-data';
import { startingPackages } from './starting-catalogue';

export const packagesAtom = atomWithLazy<readonly PackageOffer[]>(startingPackages);

const loadPackages = () => getJson<PackageOffer[]>('/api/packages');

/** The packages on sale now, cheapest first. */
export const usePackages = () => useLiveAtom('packages', packagesAtom, loadPackages);
