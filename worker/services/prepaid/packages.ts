/**
 * Packages of prepaid sessions, as staff define them: a name, the treatments its
 * sessions pay for, how many sessions, the price and how many months it lasts from purchase,
 * shown or hidden. Visitors read the shown ones; selling and redeeming them come next.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Database, d1Statement, setClauses } from '../../db/client';
import {
  type NewPackage,
  type PackageChange,
  type PackageOffer,
  packageMessages,
} from '../../shared/prepaid/package-rules';

export type PackageView = PackageOffer;

export interface StaffPackageView extends PackageView {
  shown: boolean;
}

export type PackageResult =
  | { ok: true; package: StaffPackageView }
  | { ok: false; status: 400 | 404; message: string; field?: string };

type PackageRow = Omit<StaffPackageView, 'treatments' | 'shown'> & { treatments: string; shown: number };

const packageRows = (where: SQL) => sql`select p.id as _id, p.name, p.sessions, p.price, p.valid_months as validMonths,
    p.shown, (select json_group_array(json_object('_id', id, 'name', name, 'price', price)) from (
      select t.id, t.name, t.price from package_treatments pt join treatments t on t.id = pt.treatment_id
      where pt.package_id = p.id order by t.position, t.name)) as treatments
  from packages p where ${where} order by p.price, p.name`;

const staffView = (row: PackageRow): StaffPackageView => ({
  ...row,
  shown: Boolean(row.shown),
  treatments: JSON.parse(row.treatments) as PackageView['treatments'],
});

/** The packages visitors may buy (shown ones), cheapest first. */
export async function shownPackages(db: Database): Promise<PackageView[]> {
  const rows = await db.all<PackageRow>(packageRows(sql`p.shown = 1`));
  return rows.map((row) => {
    const { shown: _shown, ...view } = staffView(row);
    return view;
  });
}

/** Every package, hidden ones too (the Packages screen). */
export async function allPackages(db: Database): Promise<StaffPackageView[]> {
  return (await db.all<PackageRow>(packageRows(sql`1`))).map(staffView);
}

export async function findPackage(db: Database, id: string): Promise<StaffPackageView | undefined> {
  const [row] = await db.all<PackageRow>(packageRows(sql`p.id = ${id}`));
  return row ? staffView(row) : undefined;
}

/** The ids of `treatments` that are not on the menu. */
export async function unknownTreatments(db: Database, treatments: string[]): Promise<string[]> {
  const rows = await db.all<{ id: string }>(
    sql`select value as id from json_each(${JSON.stringify(treatments)})
      where value not in (select id from treatments)`,
  );
  return rows.map((row) => row.id);
}

const nameClash = (error: unknown): boolean =>
  error instanceof Error &&
  (/UNIQUE constraint failed: index 'packages_name'/.test(error.message) || nameClash(error.cause));

/** Runs the package's write; a name already used answers 400 on the name. */
async function saved(db: Database, id: string, name: string | undefined, write: () => Promise<unknown>) {
  try {
    await write();
  } catch (error) {
    if (name !== undefined && nameClash(error)) {
      return { ok: false as const, status: 400 as const, message: packageMessages.nameTaken(name), field: 'name' };
    }
    throw error;
  }
  const view = await findPackage(db, id);
  return view
    ? { ok: true as const, package: view }
    : { ok: false as const, status: 404 as const, message: packageMessages.notFound };
}

/** The tables that list what a package, or a membership plan, covers: the code's names, never input. */
const coverTables = {
  package: { table: 'package_treatments', owner: 'package_id' },
  plan: { table: 'membership_plan_treatments', owner: 'plan_id' },
} as const;

/** Statements that make the treatments a package (or a plan) covers exactly `treatments`. */
export function coverStatements(db: Database, of: keyof typeof coverTables, id: string, treatments: string[]) {
  const table = sql.raw(coverTables[of].table);
  const owner = sql.raw(coverTables[of].owner);
  return [
    d1Statement(db, sql`delete from ${table} where ${owner} = ${id}`),
    d1Statement(
      db,
      sql`insert into ${table} (${owner}, treatment_id)
        select ${id}, value from json_each(${JSON.stringify([...new Set(treatments)])})`,
    ),
  ];
}

const treatmentStatements = (db: Database, id: string, treatments: string[]) =>
  coverStatements(db, 'package', id, treatments);

export async function createPackage(db: Database, input: NewPackage): Promise<PackageResult> {
  if ((await unknownTreatments(db, input.treatments)).length > 0) {
    return { ok: false, status: 400, message: packageMessages.treatments, field: 'treatments' };
  }
  const id = crypto.randomUUID();
  return saved(db, id, input.name, () =>
    db.$client.batch([
      d1Statement(
        db,
        sql`insert into packages (id, name, sessions, price, valid_months, shown)
          values (${id}, ${input.name}, ${input.sessions}, ${input.price}, ${input.validMonths}, ${input.shown ? 1 : 0})`,
      ),
      ...treatmentStatements(db, id, input.treatments),
    ]),
  );
}

export async function updatePackage(db: Database, id: string, change: PackageChange): Promise<PackageResult> {
  if (!(await findPackage(db, id))) return { ok: false, status: 404, message: packageMessages.notFound };
  if (change.treatments && (await unknownTreatments(db, change.treatments)).length > 0) {
    return { ok: false, status: 400, message: packageMessages.treatments, field: 'treatments' };
  }
  const sets = setClauses(change, {
    name: 'name',
    sessions: 'sessions',
    price: 'price',
    validMonths: 'valid_months',
    shown: 'shown',
  });
  return saved(db, id, change.name, () =>
    db.$client.batch([
      ...(sets.length > 0
        ? [d1Statement(db, sql`update packages set ${sql.join(sets, sql`, `)} where id = ${id}`)]
        : []),
      ...(change.treatments ? treatmentStatements(db, id, change.treatments) : []),
      // A batch needs a statement: a change of nothing answers the package as it is.
      d1Statement(db, sql`select 1`),
    ]),
  );
}
