import * as z from 'zod/mini';
import { sameOriginJson } from '../../middleware/admin-session';
import { recordHealthView } from '../../middleware/audit-trail';
import { scopeOf } from '../../middleware/scope';
import { staffMember } from '../../middleware/staff-access';
import { validate } from '../../middleware/validate';
import {
  announceMove,
  announceNoShow,
  announceStaffBooking,
  refundAndAnnounceCancel,
} from '../../services/bookings/booking-change-effects';
import { cancelBooking, changeMessages, moveBooking } from '../../services/bookings/booking-changes';
import { bookingListPage } from '../../services/bookings/booking-list-answers';
import { forViewer, therapistScopeOf } from '../../services/bookings/booking-visibility';
import { bookingView, findBooking } from '../../services/bookings/bookings';
import { createStaffBooking, markStudioPayment } from '../../services/bookings/staff-bookings';
import { changeVisitStatus } from '../../services/day/visit-status';
import { isTestMode } from '../../services/payments/gateway';
import { refundView } from '../../services/payments/refunds';
import { readScheduleSettings } from '../../services/schedule/schedule-settings';
import { anyStartTimes } from '../../shared/bookings/schedule';
import { isStatusChange, statusChanges } from '../../shared/bookings/visit-rules';
import { emailAddress, personName, phoneNumber } from '../../shared/contact-schema';
import { TOTAL_COUNT_HEADER } from '../../shared/pagination';
import { accessMessages, can } from '../../shared/permissions';
import { multiLine, singleLine } from '../../shared/plain-text';
import { serviceStatuses, studioPaymentMethods } from '../../shared/statuses';
import { isIsoDate, lagosToUtc } from '../../shared/time';
import { searchedListQuery } from '../list-query';
import { routeGroup } from '../route-group';

export const bookingMessages = {
  notFound: 'That booking no longer exists.',
  oneChange:
    'Send one change: mark arrived, completed, a no-show or booked again, cancel (with refund true or false), a new date and time (and therapist), or how what was left to pay was paid.',
  notUnpaid: 'Only a booking with something still to pay can be marked paid, and only once.',
  paymentAdvice: (name: string, noShows: number) =>
    `${name} has missed ${noShows} visits in the last 12 months: please take payment now.`,
  onlyOwnNextVisit:
    'You can book a visit with yourself, to be paid at the studio. Please ask reception for anything else.',
} as const;

/**
 * One change at a time: `{ serviceStatus }` of the visit's day (arrived, completed, no-show, booked
 * again), `{ serviceStatus: 'cancelled', refund }`, `{ date, time }` or `{ payment }`. Staff
 * have no 24-hour limit; the slot's room and closed days still hold.
 */
const updateBody = () =>
  z
    .object({
      serviceStatus: z.optional(
        z.enum([...statusChanges, 'cancelled'], {
          error: 'A booking can be marked arrived, completed, a no-show, booked again or cancelled',
        }),
      ),
      refund: z.optional(z.boolean({ error: 'Say whether to refund: true or false' })),
      date: z.optional(z.string().check(z.refine(isIsoDate, 'Please choose a date'))),
      time: z.optional(
        z.enum(anyStartTimes as [string, ...string[]], { error: 'Please choose one of the listed times' }),
      ),
      therapistId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
      payment: z.optional(z.enum(studioPaymentMethods, { error: 'Say how it was paid: cash, transfer or pos' })),
    })
    .check(
      z.refine((body) => {
        const keys = Object.keys(body).filter((key) => body[key as keyof typeof body] !== undefined);
        const only = (...allowed: string[]) => keys.every((key) => allowed.includes(key));
        return (
          (isStatusChange(body.serviceStatus) && only('serviceStatus')) ||
          (body.serviceStatus === 'cancelled' && body.refund !== undefined && only('serviceStatus', 'refund')) ||
          (Boolean(body.date && body.time) && only('date', 'time', 'therapistId')) ||
          (body.payment !== undefined && only('payment'))
        );
      }, bookingMessages.oneChange),
    );

/** A booking taken by phone, WhatsApp or at the door. */
const newBookingBody = () =>
  z.object({
    name: personName(),
    phone: phoneNumber(),
    email: z.optional(z.union([z.literal(''), emailAddress()])),
    // Names are checked against the menu (in D1) when the booking is priced.
    subservices: z
      .array(
        z
          .string({ error: 'Unknown service option' })
          .check(singleLine('Unknown service option'), z.minLength(1, 'Unknown service option'), z.maxLength(60)),
      )
      .check(z.minLength(1, 'Please choose at least one treatment.'), z.maxLength(20)),
    date: z.string({ error: 'Please choose a date' }).check(z.refine(isIsoDate, 'Please choose a date')),
    time: z.enum(anyStartTimes as [string, ...string[]], { error: 'Please choose one of the listed times' }),
    therapistId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
    payment: z.enum([...studioPaymentMethods, 'unpaid'], {
      error: 'Say how it is paid: cash, transfer, pos or unpaid',
    }),
    notes: z.optional(z.string().check(multiLine(), z.trim(), z.maxLength(1000))),
    /** The desk's: a visit that already happened today, recorded complete. */
    served: z.optional(z.boolean()),
    /** Book although the same client has a visit at an overlapping time (asked once, answered 409). */
    allowOverlap: z.optional(z.boolean()),
  });

/** Staff only: the bookings list (a page of one tab), New booking, Mark Complete, Cancel, Move and Mark paid. */
export const bookingRoutes = routeGroup()
  .get(
    '/bookings',
    validate('query', () => searchedListQuery(serviceStatuses)),
    async (c) => {
      const { status, page, pageSize, q } = c.req.valid('query');
      const member = staffMember(c);
      const { bookings, total } = await bookingListPage(c.var.db, status, { page, pageSize }, member, q);
      const shown = bookings.map((booking) => forViewer(booking, member));
      recordHealthView(c, shown);
      return c.json(shown, 200, { [TOTAL_COUNT_HEADER]: String(total) });
    },
  )
  .put('/bookings/:id', sameOriginJson, validate('json', updateBody), async (c) => {
    const body = c.req.valid('json');
    const id = c.req.param('id');
    const member = staffMember(c);
    if (isStatusChange(body.serviceStatus)) {
      const now = new Date();
      const to = body.serviceStatus;
      const result = await changeVisitStatus(c.var.db, id, to, {
        now,
        therapistId: therapistScopeOf(member),
        byDesk: can(member.role, 'bookings'),
      });
      if (!result.ok) {
        if (result.reason === 'not-found') return c.json({ message: bookingMessages.notFound }, 404);
        if (result.reason === 'not-theirs') return c.json({ message: accessMessages.forbidden }, 403);
        return c.json({ message: result.message }, 409);
      }
      // A therapist's unconfirmed visit may bear anyone's contact: no "We missed you" to them.
      if (to === 'no-show' && result.deskOrClientMade) {
        const booking = await findBooking(c.var.db, id);
        if (booking) await announceNoShow({ ...scopeOf(c), now }, booking);
      }
      return c.json({ success: true as const, serviceStatus: to });
    }
    // Moving, cancelling and payments are the desk's: a therapist's role stops here.
    if (!can(member.role, 'bookings')) return c.json({ message: accessMessages.forbidden }, 403);
    const booking = await findBooking(c.var.db, id);
    if (!booking) return c.json({ message: bookingMessages.notFound }, 404);
    const now = new Date();
    if (body.serviceStatus === 'cancelled') {
      const result = await cancelBooking(c.var.db, booking, {
        now,
        actor: 'staff',
        by: staffMember(c),
        refund: body.refund === true,
        testMode: isTestMode(c.env),
      });
      if (!result.ok) return c.json({ message: result.message }, 409);
      const refund = await refundAndAnnounceCancel(scopeOf(c), result, 'staff');
      return c.json({ success: true as const, serviceStatus: 'cancelled' as const, refund: refundView(refund) });
    }
    if (body.payment) {
      if (!(await markStudioPayment(c.var.db, booking.paymentReference, body.payment, now))) {
        return c.json({ message: bookingMessages.notUnpaid }, 409);
      }
      return c.json({ success: true as const, payment: body.payment });
    }
    const target = { date: body.date ?? '', time: body.time ?? '', therapistId: body.therapistId ?? 'any' };
    if (lagosToUtc(target.date, target.time).getTime() <= now.getTime()) {
      return c.json({ message: changeMessages.past }, 409);
    }
    const result = await moveBooking(c.var.db, booking, target, { now, actor: 'staff', by: staffMember(c) });
    if (!result.ok) return c.json({ message: result.message }, result.status ?? 409);
    await announceMove(scopeOf(c), result, 'staff');
    return c.json({ success: true as const, date: result.booking.date, time: result.booking.time });
  })
  .post('/bookings', sameOriginJson, validate('json', newBookingBody), async (c) => {
    const body = c.req.valid('json');
    const member = staffMember(c);
    // Without the desk's permission: a visit with oneself, to be paid at the studio.
    if (
      !can(member.role, 'bookings') &&
      (!member.therapistId || body.therapistId !== member.therapistId || body.payment !== 'unpaid' || body.served)
    ) {
      return c.json({ message: bookingMessages.onlyOwnNextVisit }, 403);
    }
    const now = new Date();
    const result = await createStaffBooking(
      c.var.db,
      {
        ...body,
        email: body.email || undefined,
        therapistId: body.therapistId === 'any' ? undefined : body.therapistId,
        // Not the desk's: the therapist's word until the desk or the client confirms it (visit-origin.ts).
        bookedByTherapist: can(member.role, 'bookings') ? undefined : member._id,
      },
      { now, linkSecret: c.env.MANAGE_LINK_SECRET },
    );
    if (!result.ok) {
      const overlap = 'overlap' in result ? result.overlap : undefined;
      return c.json({ message: result.message, ...(overlap ? { overlap } : {}) }, result.status);
    }
    // A visit recorded after it happened is not confirmed to the client: its review request follows.
    if (!body.served) announceStaffBooking(scopeOf(c), result.booking, result.manageToken);
    const booking = await bookingView(c.var.db, result.booking.id);
    // A client past the no-show rule, booked to pay later: the desk is told, and asked to take payment.
    const { noShowLimit } = await readScheduleSettings(c.var.db);
    const paymentAdvice =
      booking && body.payment === 'unpaid' && noShowLimit > 0 && booking.noShows >= noShowLimit
        ? bookingMessages.paymentAdvice(booking.name, booking.noShows)
        : null;
    return c.json({ booking: booking && forViewer(booking, member), paymentAdvice }, 201);
  });
