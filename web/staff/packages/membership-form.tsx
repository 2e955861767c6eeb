/**
 * Adding or changing a membership plan: its name, the treatments its sessions cover, sessions a
 * month, the monthly price, the shop discount and whether the site shows it. The server's rules
 * and words (shared/prepaid/membership-rules.ts) are checked here first, so each field says what is wrong;
 * what Paystack could not take yet comes back as a warning.
 */
import {
  MEMBERSHIP_SESSIONS,
  MEMBERSHIP_SHOP_PERCENT_MAX,
  type NewMembershipPlan,
  newMembershipPlanSchema,
} from '../../../worker/shared/prepaid/membership-rules';
import { adminRequest, api } from '../frame/admin-api';
import { numberOf, SessionsFormDialog, useSessionsForm } from './sessions-form';

export type StaffMembership = Awaited<ReturnType<typeof loadMemberships>>[number];
export const loadMemberships = () => adminRequest(api.memberships.staff.$get());

type Field = 'name' | 'treatments' | 'sessionsPerMonth' | 'price' | 'shopPercent';

interface Draft {
  name: string;
  treatments: string[];
  sessionsPerMonth: string;
  price: string;
  shopPercent: string;
  shown: boolean;
}

const draftOf = (plan: StaffMembership | undefined): Draft =>
  plan
    ? {
        name: plan.name,
        treatments: plan.treatments.map((treatment) => treatment._id),
        sessionsPerMonth: String(plan.sessionsPerMonth),
        price: String(plan.price),
        shopPercent: String(plan.shopPercent),
        shown: plan.shown,
      }
    : { name: '', treatments: [], sessionsPerMonth: '2', price: '', shopPercent: '0', shown: true };

export function MembershipForm({
  editing,
  onClose,
  onSaved,
}: {
  editing?: StaffMembership;
  onClose: () => void;
  onSaved: (notice: { tone: 'success' | 'error'; text: string }) => void;
}) {
  const form = useSessionsForm<Draft, Field, NewMembershipPlan>({
    initial: () => draftOf(editing),
    check: (draft) =>
      newMembershipPlanSchema().safeParse({
        name: draft.name,
        treatments: draft.treatments,
        sessionsPerMonth: numberOf(draft.sessionsPerMonth),
        price: numberOf(draft.price),
        shopPercent: numberOf(draft.shopPercent),
        shown: draft.shown,
      } satisfies NewMembershipPlan),
    send: async (input) => {
      const saved = editing
        ? await adminRequest(api.memberships[':id'].$put({ param: { id: editing._id }, json: input }))
        : await adminRequest(api.memberships.$post({ json: input }));
      const done = editing ? `${saved.name} is saved.` : `${saved.name} is added.`;
      onSaved(
        'warning' in saved && saved.warning
          ? { tone: 'error', text: `${done} ${saved.warning}` }
          : { tone: 'success', text: done },
      );
    },
    failure: 'The membership could not be saved',
  });

  return (
    <SessionsFormDialog
      form={form}
      title={editing ? `Edit ${editing.name}` : 'Add membership'}
      checklist={{ legend: 'Treatments its sessions cover', errorId: 'membership-treatments-error' }}
      submitLabel={editing ? 'Save changes' : 'Add membership'}
      onClose={onClose}
    >
      {form.numberField('sessionsPerMonth', 'Sessions a month', [MEMBERSHIP_SESSIONS.min, MEMBERSHIP_SESSIONS.max])}
      {form.numberField('price', 'Monthly price (₦)')}
      {form.numberField('shopPercent', 'Shop discount (%)', [0, MEMBERSHIP_SHOP_PERCENT_MAX])}
    </SessionsFormDialog>
  );
}
