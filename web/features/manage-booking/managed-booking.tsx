/**
 * A visitor's booking as its manage link shows it: what was booked and paid, and until 24 hours
 * before the start, Reschedule (the booking page's own slot picker) and Cancel (with the refund).
 * Inside the 24 hours the policy is shown instead, with the studio's WhatsApp and phone. A booking
 * paid into a slot that had filled meanwhile asks for another time, however near it is.
 */
import type { InferResponseType } from 'hono/client';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { formatVisit } from '../../../worker/shared/bookings/schedule';
import { formatNaira } from '../../../worker/shared/money';
import { addDays, formatAppointmentWat, formatDate, lagosDate, lagosToUtc } from '../../../worker/shared/time';
import { FormError, TextField } from '../../components/ui/field';
import { Link } from '../../components/ui/link';
import { PageHero } from '../../components/ui/page-hero';
import { paths } from '../../config/paths';
import { studio, studioPhoneHref } from '../../config/studio';
import { ApiError, api, request } from '../../lib/api-client';
import { whatsappLink } from '../../lib/whatsapp';
import { FreeDays } from '../booking/free-days';
import { TimeSlotPicker } from '../booking/time-slot-picker';
import { idsOfNames, useMenu } from '../catalogue/live-menu';
import { ConfirmationDetails, paidRows } from '../checkout-payment/confirmation-frames';

const manageApi = api['manage-booking'][':token'];

export type ManageView = InferResponseType<(typeof manageApi)['$get'], 200>;
type Refund = NonNullable<ManageView['refund']>;

const NOTICE_MS = 24 * 3_600_000;

const statusLabels: Record<ManageView['booking']['serviceStatus'], string> = {
  booked: 'Booked',
  arrived: 'Arrived',
  completed: 'Completed',
  'no-show': 'Missed',
  cancelled: 'Cancelled',
};

/** The refund in a visitor's words. */
function refundText(refund: Refund): string {
  const amount = formatNaira(refund.amount);
  if (refund.status === 'processed') return `${amount}, refunded`;
  if (refund.status === 'pending') {
    return `${amount}, on its way back to the card or account you paid with (usually within 5 to 10 working days)`;
  }
  return `${amount}, not yet accepted by Paystack: we are retrying automatically and our staff are following it`;
}

const when = formatAppointmentWat;

type Mode = 'view' | 'reschedule' | 'cancel';

/** The page's title: cancelled, missed, or still to manage. */
function pageTitle(booking: ManageView['booking']): string {
  if (booking.serviceStatus === 'cancelled') return 'Your booking is cancelled';
  if (booking.serviceStatus === 'no-show') return `We missed you on ${formatDate(booking.date)}`;
  return 'Manage your booking';
}

/**
 * While the booking may change: the slot-taken alert and the choices, or the rescheduling or
 * cancelling the visitor chose.
 */
function ChangePanels({
  token,
  view,
  mode,
  onChoose,
  onBack,
  onChanged,
}: {
  token: string;
  view: ManageView;
  mode: Mode;
  onChoose: (mode: Mode) => void;
  /** Back to the choices, no change made. */
  onBack: () => void;
  /** After a change, with what to tell the visitor. */
  onChanged: (message: string) => Promise<void>;
}) {
  const { booking } = view;
  return (
    <>
      {view.slotTaken && mode === 'view' ? <SlotTakenAlert /> : null}

      {view.canChange && mode === 'view' ? (
        <ChangeChoices booking={booking} slotTaken={view.slotTaken} onChoose={onChoose} />
      ) : null}

      {view.canChange && mode === 'reschedule' ? (
        <RescheduleForm
          token={token}
          current={booking}
          slotTaken={view.slotTaken}
          onDone={(date, time, therapistNotice) =>
            onChanged(`Your booking has moved to ${when(date, time)}.${therapistNotice ? ` ${therapistNotice}` : ''}`)
          }
          onBack={onBack}
        />
      ) : null}

      {view.canChange && mode === 'cancel' ? (
        <CancelConfirmation
          token={token}
          booking={booking}
          onDone={() => onChanged('Your booking is cancelled. We have sent you a confirmation.')}
          onBack={onBack}
        />
      ) : null}
    </>
  );
}

/** After the visit (or a cancelled or missed one): a word for a missed visit, and Book again. */
function AfterVisit({ booking, missed }: { booking: ManageView['booking']; missed: boolean }) {
  return (
    <>
      {missed ? (
        <p className="manage-booking__policy-line">
          We hope all is well. If something kept you away, message us on WhatsApp or call the studio; we would love to
          see you another time.
        </p>
      ) : null}

      {booking.serviceStatus !== 'booked' && booking.serviceStatus !== 'arrived' ? (
        <div className="confirmation__actions">
          <Link to={paths.booking} className="button button--primary">
            Book again
          </Link>
        </div>
      ) : null}
    </>
  );
}

export function ManagedBooking({
  token,
  view,
  onChange,
}: {
  token: string;
  view: ManageView;
  onChange: (view: ManageView) => void;
}) {
  const { booking, refund } = view;
  const [mode, setMode] = useState<Mode>('view');
  const [notice, setNotice] = useState<string>();
  const noticeRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  function open(next: Mode) {
    setNotice(undefined);
    setMode(next);
  }

  /** After a change: the page shows the booking as the server now has it. */
  async function changed(message: string) {
    onChange(await request(manageApi.$get({ param: { token } })));
    setMode('view');
    setNotice(message);
  }

  const missed = booking.serviceStatus === 'no-show';
  const tooLate = booking.serviceStatus === 'booked' && !view.canChange;

  return (
    <>
      <PageHero
        eyebrow="Your booking"
        title={pageTitle(booking)}
        lead={`Hello ${booking.name.split(' ')[0]}, here is your appointment with ${studio.name}.`}
      />
      <section className="section">
        <div className="container confirmation manage-booking">
          <div className="confirmation__card card">
            <div className="card__body">
              <h2>Your booking</h2>
              <BookingDetails booking={booking} refund={refund} />

              {notice ? (
                <p className="manage-booking__notice" role="status" tabIndex={-1} ref={noticeRef}>
                  {notice}
                </p>
              ) : null}

              <ChangePanels
                token={token}
                view={view}
                mode={mode}
                onChoose={open}
                onBack={() => setMode('view')}
                onChanged={changed}
              />

              {tooLate ? <WithinNotice /> : null}

              <AfterVisit booking={booking} missed={missed} />
            </div>
          </div>
        </div>
      </section>
    </>
  );
}

/** Until 24 hours before: the deadline, Reschedule and Cancel booking. */
function ChangeChoices({
  booking,
  slotTaken,
  onChoose,
}: {
  booking: ManageView['booking'];
  slotTaken: boolean;
  onChoose: (mode: Mode) => void;
}) {
  return (
    <>
      {slotTaken ? null : (
        <p className="manage-booking__policy-line">
          You can reschedule or cancel online until {when(addDays(booking.date, -1), booking.time)}, 24 hours before
          your appointment.
        </p>
      )}
      <div className="confirmation__actions">
        <button type="button" className="button button--primary" onClick={() => onChoose('reschedule')}>
          Reschedule
        </button>
        <button type="button" className="button button--secondary" onClick={() => onChoose('cancel')}>
          Cancel booking
        </button>
      </div>
    </>
  );
}

/** What was booked and paid, its status and any refund. */
function BookingDetails({ booking, refund }: { booking: ManageView['booking']; refund: ManageView['refund'] }) {
  return (
    <ConfirmationDetails
      rows={[
        ['Treatments', booking.subservices.join(', ')],
        ['Date and time', `${formatVisit(booking.date, booking.time, booking.durationMinutes)} (WAT)`],
        ...(booking.therapist ? [['Therapist', booking.therapist.name] as [string, string]] : []),
        ...paidRows(booking),
        [
          'Status',
          <span key="status" className={`status-badge status-badge--${booking.serviceStatus}`}>
            {statusLabels[booking.serviceStatus]}
          </span>,
        ],
        refund
          ? [
              'Refund',
              <>
                {refundText(refund)}
                {refund.testMode ? <span className="test-mode-badge">TEST MODE</span> : null}
              </>,
            ]
          : false,
      ]}
    />
  );
}

/** Paid into a time that filled meanwhile: another time, or a full refund. */
function SlotTakenAlert() {
  return (
    <div className="manage-booking__slot-taken" role="alert">
      <h3>Please choose another time</h3>
      <p>
        We received your payment, but this time was taken by another client while you were paying. Your payment is safe:
        please reschedule to another time, or cancel for a full refund. We will also call you to help.
      </p>
    </div>
  );
}

/** What cancelling gives back: the card's part, the gift voucher's part, or only the time. */
function refundSentence(booking: { paidOnline: number; paidByVoucher: number }): string {
  const parts = [
    booking.paidOnline > 0 ? `${formatNaira(booking.paidOnline)} refunded to the card or account you paid with` : '',
    booking.paidByVoucher > 0 ? `${formatNaira(booking.paidByVoucher)} returned to your gift voucher` : '',
  ].filter(Boolean);
  return parts.length > 0 ? `${parts.join(', and ')}.` : 'its time freed for someone else.';
}

/** Inside the 24 hours: no online change, and how to reach the studio instead. */
function WithinNotice() {
  return (
    <div className="manage-booking__within">
      <h3>Changes within 24 hours</h3>
      <p>
        Bookings can be rescheduled or cancelled online until 24 hours before they start. Your appointment is less than
        24 hours away, so please message us on WhatsApp or call the studio and we will help.
      </p>
      <div className="confirmation__actions">
        <a className="button button--primary" href={whatsappLink('Hello, I need help with my booking.')}>
          Message us on WhatsApp
        </a>
        <a className="button button--secondary" href={studioPhoneHref}>
          Call {studio.phone}
        </a>
      </div>
    </div>
  );
}

/** A change being saved: busy meanwhile, and what went wrong when it failed (the form stays). */
function useSave() {
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  async function save(run: () => Promise<void>) {
    setSaving(true);
    setError(undefined);
    try {
      await run();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
      setSaving(false);
    }
  }

  return { error, setError, saving, save };
}

/** Reschedule: a new date, then a free time on it (the booking page's slot picker). */
function RescheduleForm({
  token,
  current,
  slotTaken,
  onDone,
  onBack,
}: {
  token: string;
  current: ManageView['booking'];
  /** Its slot was full when paid: any later time with room will do, not only 24 hours on. */
  slotTaken: boolean;
  onDone: (date: string, time: string, notice?: string) => Promise<void>;
  onBack: () => void;
}) {
  const notice = slotTaken ? 0 : NOTICE_MS;
  // The earliest day with a slot far enough ahead: today's date in Lagos, `notice` on.
  const [earliest] = useState(() => lagosDate(new Date(Date.now() + notice)));
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const { error, setError, saving, save } = useSave();
  const menu = useMenu();
  const treatments = current.treatmentIds ?? idsOfNames(menu, current.subservices);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!date || date < earliest) {
      return setError(slotTaken ? 'Please choose a date.' : 'Please choose a date at least 24 hours from now.');
    }
    if (!time) return setError('Please choose a time.');
    await save(async () => {
      const moved = await request(manageApi.reschedule.$post({ param: { token }, json: { date, time } }));
      await onDone(date, time, 'notice' in moved ? moved.notice : undefined);
    });
  }

  return (
    <form className="manage-booking__panel" onSubmit={submit} noValidate aria-labelledby="reschedule-heading">
      <h3 id="reschedule-heading">Choose a new time</h3>
      <p className="field__hint">
        {slotTaken
          ? `You paid for ${when(current.date, current.time)}, which is now full. The price stays the same.`
          : `Currently ${when(current.date, current.time)}. The price stays the same. New times must be at least 24 hours away.`}
      </p>
      <TextField
        label="New date"
        name="date"
        type="date"
        min={earliest}
        max={addDays(earliest, 180)}
        value={date}
        onChange={(event) => {
          setDate(event.target.value);
          setTime('');
        }}
      />
      {/* The same month of free days as the booking page: where to look, at a glance. */}
      <FreeDays
        today={earliest}
        value={date}
        treatments={treatments}
        therapist="any"
        onChoose={(day) => {
          setDate(day);
          setTime('');
        }}
      />
      {date && date >= earliest ? (
        <TimeSlotPicker
          date={date}
          value={time}
          onChange={setTime}
          treatments={treatments}
          allowed={(slot, day = date) => lagosToUtc(day, slot).getTime() - notice > Date.now()}
          onPickFree={(free) => {
            setDate(free.date);
            setTime(free.time);
          }}
        />
      ) : null}
      <FormError message={error} />
      <div className="confirmation__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Moving your booking…' : 'Confirm new time'}
        </button>
        <button type="button" className="button button--secondary" onClick={onBack} disabled={saving}>
          {slotTaken ? 'Back' : 'Keep current time'}
        </button>
      </div>
    </form>
  );
}

/** Cancel: what cancelling gives back, to confirm. */
function CancelConfirmation({
  token,
  booking,
  onDone,
  onBack,
}: {
  token: string;
  booking: ManageView['booking'];
  onDone: () => Promise<void>;
  onBack: () => void;
}) {
  const { error, saving, save } = useSave();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const confirm = () =>
    save(async () => {
      await request(manageApi.cancel.$post({ param: { token }, json: {} }));
      await onDone();
    });

  return (
    <section className="manage-booking__panel manage-booking__panel--warning" aria-labelledby="cancel-heading">
      <h3 id="cancel-heading" tabIndex={-1} ref={headingRef}>
        Cancel this booking?
      </h3>
      <p>
        Your appointment on {when(booking.date, booking.time)} will be cancelled and {refundSentence(booking)} This
        cannot be undone.
      </p>
      <FormError message={error} />
      <div className="confirmation__actions">
        <button type="button" className="button button--danger" onClick={confirm} disabled={saving}>
          {saving ? 'Cancelling…' : 'Yes, cancel booking'}
        </button>
        <button type="button" className="button button--secondary" onClick={onBack} disabled={saving}>
          Keep my booking
        </button>
      </div>
    </section>
  );
}
