import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OUTCOME_LINK, OutcomePending, OutcomeScreen } from './outcome-screen';

afterEach(cleanup);

describe('OutcomeScreen', () => {
  it('a failure announces its title and message together as an alert, then the next steps', () => {
    const { container } = render(
      <OutcomeScreen
        tone="failure"
        title="Registration Failed"
        message="The payment was declined."
        actions={
          <a href="/register" className={OUTCOME_LINK.primary}>
            Back to Registration
          </a>
        }
      />,
    );
    const alert = screen.getByRole('alert');
    expect(
      within(alert).getByRole('heading', { level: 1, name: 'Registration Failed' }),
    ).toBeTruthy();
    expect(within(alert).getByText('The payment was declined.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Registration' })).toBeTruthy();
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('a wait is a status, not an alert', () => {
    render(<OutcomeScreen tone="waiting" title="Payment Processing" message="Still waiting." />);
    expect(within(screen.getByRole('status')).getByText('Still waiting.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('without a message the title stands alone and the detail is the children', () => {
    render(
      <OutcomeScreen tone="success" title="Payment Successful!">
        <p>Your account is awaiting admin approval.</p>
      </OutcomeScreen>,
    );
    expect(screen.getByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
    expect(screen.getByText('Your account is awaiting admin approval.')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('OutcomePending', () => {
  it('says what is happening as a status', () => {
    render(<OutcomePending label="Verifying your payment..." />);
    expect(screen.getByRole('status').textContent).toBe('Verifying your payment...');
  });
});
