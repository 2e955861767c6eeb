import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { formatNaira } from '../../../worker/shared/money';
import { TextField } from '../../components/ui/field';
import { CloseIcon } from '../../components/ui/icons';
import { adminRequest, api, messageOf } from '../frame/admin-api';
import { codeName, type Voucher } from './voucher-list';

/** Void a voucher, with the reason (kept in the activity log): it can no longer pay. */
export function VoidVoucherForm({
  voucher,
  onClose,
  onVoided,
}: {
  voucher: Voucher;
  onClose: () => void;
  onVoided: (text: string) => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const close = () => dialogRef.current?.close();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      await adminRequest(api.vouchers[':id'].void.$post({ param: { id: voucher._id }, json: { reason } }));
      onVoided(`The voucher for ${voucher.recipientName} (${codeName(voucher)}) is void.`);
      close();
    } catch (caught) {
      setError(messageOf(caught, 'Error voiding the voucher'));
      setSaving(false);
    }
  }

  return (
    <dialog ref={dialogRef} className="dialog" aria-labelledby={titleId} onClose={onClose}>
      <div className="dialog__header">
        <h2 id={titleId}>Void this voucher?</h2>
        <button type="button" className="dialog__close" onClick={close}>
          <CloseIcon size={22} />
          <span className="visually-hidden">Close</span>
        </button>
      </div>
      <p>
        The voucher for {voucher.recipientName} ({codeName(voucher)}) has {formatNaira(voucher.balance)} left. Once void
        it can no longer pay for anything. This cannot be undone.
      </p>
      <form onSubmit={submit} noValidate>
        <TextField
          label="Reason"
          name="reason"
          maxLength={300}
          hint="Kept in the activity log, e.g. Refunded in cash."
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
        />
        <div className="admin-coupon-form__buttons">
          <button type="button" className="button button--secondary" onClick={close}>
            Keep it
          </button>
          <button type="submit" className="button button--danger" disabled={saving}>
            {saving ? 'Voiding…' : 'Void voucher'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
