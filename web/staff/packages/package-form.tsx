/**
 * Adding or changing a package of sessions: its name, the treatments it covers (the menu's shown
 * ones, by group), sessions, price, months valid and whether the site shows it. The server's rules
 * and words (shared/prepaid/package-rules.ts) are checked here first, so each field says what is wrong.
 */
import {
  type NewPackage,
  newPackageSchema,
  PACKAGE_SESSIONS,
  PACKAGE_VALID_MONTHS,
} from '../../../worker/shared/prepaid/package-rules';
import { adminRequest, api } from '../frame/admin-api';
import type { ItemFormProps } from '../menu/use-catalogue-form';
import { numberOf, SessionsFormDialog, useSessionsForm } from './sessions-form';

export type StaffPackage = Awaited<ReturnType<typeof loadPackages>>[number];
export const loadPackages = () => adminRequest(api.packages.staff.$get());

type Field = 'name' | 'treatments' | 'sessions' | 'price' | 'validMonths';

interface Draft {
  name: string;
  treatments: string[];
  sessions: string;
  price: string;
  validMonths: string;
  shown: boolean;
}

const draftOf = (pkg: StaffPackage | undefined): Draft =>
  pkg
    ? {
        name: pkg.name,
        treatments: pkg.treatments.map((treatment) => treatment._id),
        sessions: String(pkg.sessions),
        price: String(pkg.price),
        validMonths: String(pkg.validMonths),
        shown: pkg.shown,
      }
    : { name: '', treatments: [], sessions: '5', price: '', validMonths: '6', shown: true };

export function PackageForm({ editing, onClose, onSaved }: ItemFormProps<StaffPackage>) {
  const form = useSessionsForm<Draft, Field, NewPackage>({
    initial: () => draftOf(editing),
    check: (draft) =>
      newPackageSchema().safeParse({
        name: draft.name,
        treatments: draft.treatments,
        sessions: numberOf(draft.sessions),
        price: numberOf(draft.price),
        validMonths: numberOf(draft.validMonths),
        shown: draft.shown,
      } satisfies NewPackage),
    send: async (input) => {
      const saved = editing
        ? await adminRequest(api.packages[':id'].$put({ param: { id: editing._id }, json: input }))
        : await adminRequest(api.packages.$post({ json: input }));
      onSaved(editing ? `${saved.name} is saved.` : `${saved.name} is added.`);
    },
    failure: 'The package could not be saved',
  });

  return (
    <SessionsFormDialog
      form={form}
      title={editing ? `Edit ${editing.name}` : 'Add package'}
      checklist={{ legend: 'Treatments it covers', errorId: 'package-treatments-error' }}
      submitLabel={editing ? 'Save changes' : 'Add package'}
      onClose={onClose}
    >
      {form.numberField('sessions', 'Sessions', [PACKAGE_SESSIONS.min, PACKAGE_SESSIONS.max])}
      {form.numberField('price', 'Price (₦)')}
      {form.numberField('validMonths', 'Months valid from purchase', [
        PACKAGE_VALID_MONTHS.min,
        PACKAGE_VALID_MONTHS.max,
      ])}
    </SessionsFormDialog>
  );
}
