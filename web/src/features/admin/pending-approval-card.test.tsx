import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PendingApproval } from './api';
import { PendingApprovalCard } from './pending-approval-card';

afterEach(cleanup);

const pending = (fields: Partial<PendingApproval>): PendingApproval => ({
  id: 7,
  name: 'Pat Payer',
  email: 'pat@ba.com',
  payment_email: null,
  role: 'IFL',
  created_at: '2030-06-01T00:00:00.000Z',
  membership_type: 'paid',
  effective_expiry_date: null,
  ...fields,
});

function renderCard(user: PendingApproval) {
  render(
    <PendingApprovalCard
      user={user}
      approving={false}
      onApprove={vi.fn()}
      onReject={vi.fn()}
      onEditEmail={vi.fn()}
    />,
  );
}

describe('a pending registration shown to the approving admin', () => {
  it('shows the payment e-mail, even when it is the login e-mail', () => {
    renderCard(pending({ payment_email: 'pat.payer@example.com' }));
    expect(screen.getByText('Payment email').nextElementSibling?.textContent).toBe(
      'pat.payer@example.com',
    );
    cleanup();
    renderCard(pending({ payment_email: 'pat@ba.com' }));
    expect(screen.getByText('Payment email').nextElementSibling?.textContent).toBe('pat@ba.com');
  });

  it('a trial (nothing paid) has no payment e-mail line', () => {
    renderCard(pending({ membership_type: 'trial' }));
    expect(screen.queryByText('Payment email')).toBeNull();
  });
});
