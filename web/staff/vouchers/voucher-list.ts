// The Gift Vouchers screen's data: a page of vouchers and the figures, and how staff name a code.
import { DEFAULT_PAGE_SIZE } from '../../../worker/shared/pagination';
import { adminPage, api } from '../frame/admin-api';

export async function loadVouchers(query: string, page: number) {
  const { rows, total } = await adminPage(
    api.vouchers.$get({ query: { q: query, page: String(page), pageSize: String(DEFAULT_PAGE_SIZE) } }),
  );
  return { rows: rows.vouchers, total, figures: rows.figures };
}

export type VoucherList = Awaited<ReturnType<typeof loadVouchers>>;
export type Voucher = VoucherList['rows'][number];

/** How staff name a voucher's code: its last 4 once sent (the code is made then), else that it has none yet. */
export const codeName = (voucher: Pick<Voucher, 'last4'>) => (voucher.last4 ? `…${voucher.last4}` : 'no code yet');
