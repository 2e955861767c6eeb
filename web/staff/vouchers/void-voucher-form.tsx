import { type FormEvent, useState } from 'react';
import { formatNaira } from '../../../worker/shared/money';
import { TextField } from '../../components/ui/field';
import { adminRequest, api, messageOf } from '../frame/admin-api';
import { ModalDialog, useModal } from '../kits/modal-dialog';
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
  const modal = useModal();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      await adminRequest(api.vouchers[':id'].void.$post({ param: { id: voucher._id }, json: { reason } }));
      onVoided(`The voucher for ${voucher.recipientName} (${codeName(voucher)}) is void.`);
      modal.close();
    } catch (caught) {
      setError(messageOf(caught, 'Error voiding the voucher'));
      setSaving(false);
    }
  }

  return (
    <ModalDialog modal={modal} className="dialog" title="Void this voucher?" onClose={onClose}>
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
          <button type="button" className="button button--secondary" onClick={modal.close}>
            Keep it
          </button>
          <button type="submit" className="button button--danger" disabled={saving}>
            {saving ? 'Voiding…' : 'Void voucher'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
