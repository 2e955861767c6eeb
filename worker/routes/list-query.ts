import * as z from 'zod/mini';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../shared/pagination';

const wholeNumber = (label: string, max: number, fallback: number) =>
  z._default(
    z.pipe(
      z.string(),
      z.transform((value, context) => {
        const number = Number(value);
        if (!/^\d+$/.test(value) || number < 1 || number > max) {
          context.issues.push({
            code: 'custom',
            message: `${label} must be a whole number from 1 to ${max}`,
            input: value,
          });
        }
        return number;
      }),
    ),
    fallback,
  );

/** `?page=&pageSize=` of an admin list. */
export const pageQuery = () =>
  z.object({
    page: wholeNumber('The page', 100_000, 1),
    pageSize: wholeNumber('The page size', MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  });

/** `?status=` of an admin list or export; `statuses` are the record statuses it may filter by. */
export function statusQuery<const Statuses extends readonly [string, ...string[]]>(statuses: Statuses) {
  return z.object({
    status: z.optional(z.enum(statuses, { error: `The status must be one of: ${statuses.join(', ')}` })),
  });
}

/** `?status=&page=&pageSize=` of an admin list. */
export const listQuery = <const Statuses extends readonly [string, ...string[]]>(statuses: Statuses) =>
  z.extend(pageQuery(), statusQuery(statuses).shape);

/** `?q=`: what staff typed into a list's search (a name, an email, a phone, a reference). */
const searchText = () => ({
  q: z._default(z.string().check(z.maxLength(100, 'Please search with at most 100 characters')), ''),
});

/** `?q=&page=&pageSize=` of a searched admin list. */
export const searchQuery = () => z.extend(pageQuery(), searchText());

/** `?q=&status=&page=&pageSize=` of a searched admin list with tabs. */
export const searchedListQuery = <const Statuses extends readonly [string, ...string[]]>(statuses: Statuses) =>
  z.extend(listQuery(statuses), searchText());
