// A client's receipt (web/features/my-page/my-page-receipt.tsx) dates a payment by the Lagos day it
// was paid on: one paid at 23:30 UTC was paid the next morning in Lagos.
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { MyPageReceipt, type Receipt } from '../../web/features/my-page/my-page-receipt';

afterEach(cleanup);

const paidAt = (instant: string) =>
  ({
    reference: 'BK-20261202-0001',
    paidAt: instant,
    description: 'Swedish',
    lines: [{ label: 'Swedish', amount: 25_000 }],
    packageSessions: null,
    discount: 0,
    voucher: 0,
    dueAtStudio: 0,
    paid: 25_000,
    method: 'paystack',
    studio: { address: 'Lekki Phase 1, Lagos, Nigeria' },
  }) as unknown as Receipt;

describe('a receipt', () => {
  it('names the Lagos day a payment was made on, across midnight there', () => {
    render(
      <MemoryRouter>
        <MyPageReceipt receipt={paidAt('2026-12-01T23:30:00.000Z')} />
      </MemoryRouter>,
    );
    expect(screen.getByText('BK-20261202-0001 · Wednesday, 2 December 2026')).toBeTruthy();
  });

  it('keeps the day of a payment made in the Lagos evening', () => {
    render(
      <MemoryRouter>
        <MyPageReceipt receipt={paidAt('2026-12-01T21:59:00.000Z')} />
      </MemoryRouter>,
    );
    expect(screen.getByText('BK-20261202-0001 · Tuesday, 1 December 2026')).toBeTruthy();
  });
});
