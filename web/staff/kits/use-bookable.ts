/**
 * What can be booked: the therapists, the menu and the start-time step, as the admin's booking
 * forms need them (New booking, Move). Loaded once per visit to the admin and shared, reloaded when
 * staff change the therapists or the settings.
 */
import { useEffect, useState } from 'react';
import { startTimes } from '../../../worker/shared/bookings/schedule';
import { adminRequest, api } from '../frame/admin-api';

const loadBookable = async () => {
  const [therapists, settings, catalogue] = await Promise.all([
    adminRequest(api.staff.$get()),
    adminRequest(api['schedule-settings'].$get()),
    adminRequest(api.catalogue.$get()),
  ]);
  // What can be booked now: the menu's shown treatments, by group (staff edit it on the Menu screen).
  const menu = catalogue.groups.map((group) => ({
    ...group,
    treatments: catalogue.treatments.filter((treatment) => treatment.active && treatment.group === group.id),
  }));
  return { therapists, settings, menu, times: startTimes(settings.startStepMinutes) };
};

export type Bookable = Awaited<ReturnType<typeof loadBookable>>;
export type BookableTherapist = Bookable['therapists'][number];

let shared: Promise<Bookable> | undefined;

/** Forgets the loaded bookable (after staff edit therapists or settings): the next form loads it again. */
export function forgetBookable(): void {
  shared = undefined;
}

export function useBookable(): Bookable | undefined {
  const [bookable, setBookable] = useState<Bookable>();
  useEffect(() => {
    let current = true;
    shared ??= loadBookable().catch((error: unknown) => {
      shared = undefined;
      throw error;
    });
    shared.then(
      (loaded) => current && setBookable(loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return bookable;
}
