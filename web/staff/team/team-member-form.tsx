import { type FormEvent, useId, useState } from 'react';
import { roleLabels, type StaffRole, staffRoles } from '../../../worker/shared/permissions';
import { FieldFrame, ItemOptions, TextField } from '../../components/ui/field';
import { DialogButtons } from '../kits/admin-ui';
import { ModalDialog, useModal } from '../kits/modal-dialog';

export interface TeamMemberValues {
  name: string;
  email: string;
  role: StaffRole;
  therapistId?: string;
}

/** What each role opens, said where the owner chooses it. */
export const roleSummaries: Record<StaffRole, string> = {
  owner: 'Everything, including the team, settings and money.',
  manager: 'Everything but the team.',
  reception: 'Calendar, bookings, new bookings and orders. No revenue, exports, coupons, campaigns or settings.',
  therapist: 'Their own calendar and the bookings they give, with those clients’ health answers.',
};

interface TeamMemberFormProps {
  /** The person whose role is changed; undefined to invite a new one. */
  editing?: TeamMemberValues;
  /** The therapists on the schedule, to link a therapist's account to. */
  therapists: Array<{ _id: string; name: string }>;
  onClose: () => void;
  /** Saves; throws with the message to show when the server refuses. */
  onSave: (values: TeamMemberValues) => Promise<void>;
}

/** A new person's name and email (an invitation only: a role change keeps them). */
function NameAndEmailFields({
  values,
  set,
}: {
  values: TeamMemberValues;
  set: (change: Partial<TeamMemberValues>) => void;
}) {
  return (
    <>
      <TextField
        label="Name"
        name="name"
        autoComplete="off"
        maxLength={60}
        value={values.name}
        onChange={(event) => set({ name: event.target.value })}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        hint="They sign in with it. We email them a link to choose their password; it works for 72 hours."
        value={values.email}
        onChange={(event) => set({ email: event.target.value })}
      />
    </>
  );
}

/** The role, with what it opens said beneath it. */
function RoleField({ id, role, onChange }: { id: string; role: StaffRole; onChange: (role: StaffRole) => void }) {
  return (
    <FieldFrame id={id} label="Role">
      <select
        id={id}
        className="field__control field__control--select"
        aria-describedby={`${id}-hint`}
        value={role}
        onChange={(event) => onChange(event.target.value as StaffRole)}
      >
        {staffRoles.map((option) => (
          <option key={option} value={option}>
            {roleLabels[option]}
          </option>
        ))}
      </select>
      <p className="field__hint" id={`${id}-hint`}>
        {roleSummaries[role]}
      </p>
    </FieldFrame>
  );
}

/** Which therapist on the schedule a therapist's account is (undefined: none chosen yet). */
function TherapistField({
  id,
  therapists,
  value,
  onChange,
}: {
  id: string;
  therapists: TeamMemberFormProps['therapists'];
  value?: string;
  onChange: (therapistId: string | undefined) => void;
}) {
  return (
    <FieldFrame id={id} label="Therapist on the schedule">
      <select
        id={id}
        className="field__control field__control--select"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value="">Choose a therapist</option>
        <ItemOptions items={therapists} />
      </select>
    </FieldFrame>
  );
}

/** Invite a person / Change role, in a modal dialog open for as long as it is mounted. */
export function TeamMemberForm({ editing, therapists, onClose, onSave }: TeamMemberFormProps) {
  const modal = useModal();
  const roleId = useId();
  const therapistId = useId();
  const [values, setValues] = useState<TeamMemberValues>(
    () => editing ?? { name: '', email: '', role: 'reception', therapistId: undefined },
  );
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const set = (change: Partial<TeamMemberValues>) => {
    setValues((current) => ({ ...current, ...change }));
    setError(undefined);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!editing && (!values.name.trim() || !values.email.trim())) {
      setError('Please give the person’s name and email.');
      return;
    }
    if (values.role === 'therapist' && !values.therapistId) {
      setError('Please choose which therapist on the schedule this person is.');
      return;
    }
    setSaving(true);
    try {
      await onSave({ ...values, therapistId: values.role === 'therapist' ? values.therapistId : undefined });
      modal.close();
    } catch (failure) {
      setError((failure as Error).message);
      setSaving(false);
    }
  }

  const title = editing ? `Change ${editing.name}’s role` : 'Invite a person';
  return (
    <ModalDialog modal={modal} className="dialog admin-coupon-form" title={title} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        {editing ? null : <NameAndEmailFields values={values} set={set} />}
        <RoleField id={roleId} role={values.role} onChange={(role) => set({ role })} />
        {values.role === 'therapist' ? (
          <TherapistField
            id={therapistId}
            therapists={therapists}
            value={values.therapistId}
            onChange={(chosen) => set({ therapistId: chosen })}
          />
        ) : null}
        <DialogButtons onCancel={modal.close} disabled={saving} error={error}>
          {saving ? 'Saving...' : editing ? 'Save role' : 'Send invitation'}
        </DialogButtons>
      </form>
    </ModalDialog>
  );
}
