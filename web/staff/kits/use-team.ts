/**
 * The therapists, the menu and the start-time step, as the admin's booking forms need them (New booking,
 * Move): loaded once per visit to the admin and shared, reloaded when staff change the team.
 */
import { useEffect, useState } from 'react';
import { startTimes } from '../../../worker/shared/bookings/schedule';
import { adminRequest, api } from '../frame/admin-api';

const loadTeam = async () => {
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

export type Team = Awaited<ReturnType<typeof loadTeam>>;
export type TeamTherapist = Team['therapists'][number];

let shared: Promise<Team> | undefined;

/** Forgets the loaded team (after staff edit therapists or settings): the next form loads it again. */
export function forgetTeam(): void {
  shared = undefined;
}

export function useTeam(): Team | undefined {
  const [team, setTeam] = useState<Team>();
  useEffect(() => {
    let current = true;
    shared ??= loadTeam().catch((error: unknown) => {
      shared = undefined;
      throw error;
    });
    shared.then(
      (loaded) => current && setTeam(loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return team;
}
