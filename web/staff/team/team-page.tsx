import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { roleLabels } from '../../../worker/shared/permissions';
import { formatShortDateTime } from '../../../worker/shared/time';
import { adminRequest, api, messageOf } from '../frame/admin-api';
import { staffUserAtom } from '../frame/admin-session';
import { AdminPageHeader, CardTable, HeaderAction, ListFrame, Notice, Panel, StatusBadge } from '../kits/admin-ui';
import { useAdminList } from '../kits/use-admin-list';
import { useScreenNotice } from '../kits/use-screen-notice';
import { TeamMemberForm, type TeamMemberValues } from './team-member-form';

const loadTeam = async () => {
  const [rows, therapists] = await Promise.all([adminRequest(api.team.$get()), adminRequest(api.staff.$get())]);
  return { rows, total: rows.length, therapists };
};
type Member = Awaited<ReturnType<typeof loadTeam>>['rows'][number];

export const teamPageMessages = {
  fetch: 'Error fetching the team',
  invite: 'The invitation could not be sent. Please try again.',
  update: 'The change could not be saved. Please try again.',
  onlyOwner: 'The only owner: make someone else an owner first to change this role or deactivate it.',
  confirmDeactivate: (name: string) =>
    `Deactivate ${name}? They are signed out at once and cannot sign in until you reactivate them.`,
  confirmReset: (name: string) =>
    `Reset the second factor of ${name}? Their passkeys and authenticator app are removed and they are signed out. They sign in with their password and add one again. Do this only when you are sure it is them asking (a lost phone).`,
} as const;

const statusBadge = (member: Member) =>
  member.status === 'invited' ? (
    <StatusBadge status="Invited" tone="warning" />
  ) : member.status === 'deactivated' ? (
    <StatusBadge status="Deactivated" tone="info" />
  ) : (
    <StatusBadge status="Active" tone="success" />
  );

/** Changes a member's role (and which therapist they are), or invites a new person. */
async function sendMember(editing: Member | undefined, values: TeamMemberValues) {
  if (editing) {
    await adminRequest(
      api.team[':id'].$put({
        param: { id: editing._id },
        json: { role: values.role, ...(values.therapistId ? { therapistId: values.therapistId } : {}) },
      }),
    );
  } else {
    await adminRequest(api.team.$post({ json: values }));
  }
}

/** A member as the form shows them when their role is changed. */
const valuesOf = (member: Member): TeamMemberValues => ({
  name: member.name,
  email: member.email ?? '',
  role: member.role,
  therapistId: member.therapist?._id,
});

/** What a member's row can do, each a button of its Actions cell. */
interface MemberActions {
  onChangeRole: (member: Member) => void;
  onResend: (member: Member) => void;
  onResetSecondFactor: (member: Member) => void;
  onSetActive: (member: Member, active: boolean) => void;
}

/** People who sign in: a row per member; `myId` is the signed-in owner (who cannot reset their own factor here). */
function TeamTable({ rows, myId, ...actions }: MemberActions & { rows: Member[]; myId?: string }) {
  const activeOwners = rows.filter((member) => member.role === 'owner' && member.active).length;
  return (
    <CardTable headings={['Name', 'Signs in with', 'Role', 'Status', 'Actions']}>
      {rows.map((member) => (
        <MemberRow
          key={member._id}
          member={member}
          isMe={member._id === myId}
          onlyOwner={member.role === 'owner' && member.active && activeOwners === 1}
          {...actions}
        />
      ))}
    </CardTable>
  );
}

/** One of a member's actions, named with the member for screen readers. */
function RowAction({ label, onClick, children }: { label: string; onClick: () => void; children: string }) {
  return (
    <button type="button" className="button button--secondary button--small" aria-label={label} onClick={onClick}>
      {children}
    </button>
  );
}

function MemberRow({
  member,
  isMe,
  onChangeRole,
  onResend,
  onResetSecondFactor,
  onSetActive,
  onlyOwner,
}: MemberActions & { member: Member; isMe: boolean; onlyOwner: boolean }) {
  return (
    <tr>
      <th scope="row" data-label="Name">
        {member.name}
      </th>
      <td data-label="Signs in with">{member.email ?? 'The install’s admin username'}</td>
      <td data-label="Role">
        {roleLabels[member.role]}
        {member.therapist ? ` (${member.therapist.name})` : ''}
      </td>
      <td data-label="Status">
        {statusBadge(member)}
        {member.invitationExpiresAt ? (
          <span className="admin-table__note">Link works until {formatShortDateTime(member.invitationExpiresAt)}</span>
        ) : null}
      </td>
      <td data-label="Actions">
        <div className="admin-table__actions">
          {/* The studio always keeps an owner: the only one can be neither demoted nor deactivated. */}
          {onlyOwner ? <span className="admin-table__note">{teamPageMessages.onlyOwner}</span> : null}
          {onlyOwner ? null : (
            <RowAction label={`Change role of ${member.name}`} onClick={() => onChangeRole(member)}>
              Change role
            </RowAction>
          )}
          {member.status === 'invited' ? (
            <RowAction label={`Resend invitation to ${member.name}`} onClick={() => onResend(member)}>
              Resend invitation
            </RowAction>
          ) : null}
          {member.active && member.secondFactor && !isMe ? (
            <RowAction label={`Reset second factor of ${member.name}`} onClick={() => onResetSecondFactor(member)}>
              Reset second factor
            </RowAction>
          ) : null}
          {onlyOwner ? null : (
            <button
              type="button"
              className={`button button--small ${member.active ? 'button--danger' : 'button--secondary'}`}
              aria-label={`${member.active ? 'Deactivate' : 'Reactivate'} ${member.name}`}
              onClick={() => onSetActive(member, !member.active)}
            >
              {member.active ? 'Deactivate' : 'Reactivate'}
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

/** What the owner is told once a role is changed or an invitation sent. */
const savedText = (editing: Member | undefined, values: TeamMemberValues) =>
  editing
    ? `${editing.name} is now ${roleLabels[values.role].toLowerCase()}.`
    : `Invitation sent to ${values.email.trim().toLowerCase()}. The link works for 72 hours.`;

/**
 * The row buttons that change a member at once (after a confirm where it matters); `act` sends
 * each and tells how it went.
 */
function memberActions(
  act: (run: () => Promise<unknown>, success: string) => Promise<void>,
): Omit<MemberActions, 'onChangeRole'> {
  return {
    onSetActive: (member, active) => {
      if (!active && !window.confirm(teamPageMessages.confirmDeactivate(member.name))) return;
      return act(
        () => adminRequest(api.team[':id'].$put({ param: { id: member._id }, json: { active } })),
        active ? `${member.name} can sign in again.` : `${member.name} is deactivated and signed out.`,
      );
    },
    onResend: (member) =>
      act(
        () => adminRequest(api.team[':id'].invitation.$post({ param: { id: member._id } })),
        `A new invitation is on its way to ${member.email}. The earlier link no longer works.`,
      ),
    onResetSecondFactor: (member) => {
      if (!window.confirm(teamPageMessages.confirmReset(member.name))) return;
      return act(
        () => adminRequest(api.team[':id']['second-factor'].reset.$post({ param: { id: member._id } })),
        `${member.name}’s passkeys and authenticator app are removed, and they are signed out. They have an email saying so.`,
      );
    },
  };
}

/** Team (owners): who signs in, with which role; invite, change a role, deactivate, resend. */
export default function TeamPage() {
  const [therapists, setTherapists] = useState<Array<{ _id: string; name: string }>>([]);
  const { state, retry } = useAdminList(async () => {
    const loaded = await loadTeam();
    setTherapists(loaded.therapists.filter((therapist) => therapist.active));
    return loaded;
  }, 'team');
  const [form, setForm] = useState<{ open: boolean; editing?: Member }>({ open: false });
  const screen = useScreenNotice();
  const { notice, setNotice, dataChanged } = screen;
  const me = useAtomValue(staffUserAtom);

  async function save(values: TeamMemberValues) {
    const editing = form.editing;
    setNotice(undefined);
    try {
      await sendMember(editing, values);
    } catch (error) {
      throw new Error(messageOf(error, editing ? teamPageMessages.update : teamPageMessages.invite));
    }
    setNotice({ tone: 'success', text: savedText(editing, values) });
    dataChanged();
  }

  const act = (run: () => Promise<unknown>, success: string) => screen.act(run, success, teamPageMessages.update);

  return (
    <div className="admin-page">
      <AdminPageHeader title="Team">
        <HeaderAction onClick={() => setForm({ open: true })}>Invite a person</HeaderAction>
      </AdminPageHeader>
      <Notice notice={notice} />
      <Panel id="team-members" title="People who sign in">
        <ListFrame state={state} errorMessage={teamPageMessages.fetch} emptyMessage="No one yet" onRetry={retry}>
          {(rows) => (
            <TeamTable
              rows={rows}
              myId={me?._id}
              onChangeRole={(member) => setForm({ open: true, editing: member })}
              {...memberActions(act)}
            />
          )}
        </ListFrame>
      </Panel>
      {form.open ? (
        <TeamMemberForm
          key={form.editing?._id ?? 'new'}
          editing={form.editing ? valuesOf(form.editing) : undefined}
          therapists={therapists}
          onClose={() => setForm({ open: false })}
          onSave={save}
        />
      ) : null}
    </div>
  );
}
