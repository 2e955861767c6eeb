/** Today's answer from the Worker (GET /api/today), and the calls the screen makes. */
import type { StatusChange } from '../../../worker/shared/bookings/visit-rules';
import { adminRequest, api } from '../frame/admin-api';

export const loadToday = (date: string, therapistId: string) =>
  adminRequest(api.today.$get({ query: { date, therapistId } }));

export type TodayAnswer = Awaited<ReturnType<typeof loadToday>>;
export type TodayVisit = TodayAnswer['visits'][number];

export const sendStatus = (bookingId: string, serviceStatus: StatusChange) =>
  adminRequest(api.bookings[':id'].$put({ param: { id: bookingId }, json: { serviceStatus } }));

export const sendNotes = (bookingId: string, text: string) =>
  adminRequest(api.bookings[':id'].notes.$post({ param: { id: bookingId }, json: { text } }));
