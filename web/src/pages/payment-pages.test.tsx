import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PriceTable, User } from '../../../domain';
import { Toaster } from '../components/ui/toast';
import { VERIFY_RETRY_DELAYS_MS } from '../features/payments';
import { MembershipBanner, TrialBanner } from '../features/profile';
import { createQueryClient } from '../lib/query-client';
import { ok, stubServer } from '../test/stub-server';
import { shownToast, shownToasts } from '../test/toasts';
import { AwaitingApprovalPage } from './awaiting-approval-page';
import { CheckoutPage } from './checkout-page';
import { ConvertTrialPage } from './convert-trial-page';
import { PaymentPage } from './payment-page';
import { PaymentSuccessPage } from './payment-success-page';
import { RegisterPage } from './register-page';
import { RenewPage } from './renew-page';

// Every payment screen against a stubbed network: the server side is built separately, so
// these pin the calls (method, path, body) the screens make and what they do with each answer.

// Leaving the app for a checkout is a full-page navigation, which jsdom cannot do (and whose
// window.location it does not let a test replace): the one module this file stands in for.
const leaveFor = vi.hoisted(() => vi.fn());
vi.mock('../features/payments/redirect', () => ({ leaveFor }));

/**
 * Not the default table: every figure a screen shows must come from GET /api/prices, so none
 * of the default's '£1.99', '£12.99', '£1.08' or '£11' may appear.
 */
const PRICES: PriceTable = {
  currency: 'eur',
  plans: {
    monthly: { amount: 250, interval: 'month' },
    yearly: { amount: 2400, interval: 'year' },
  },
};

const prices = { 'GET /api/prices': ok(PRICES) };

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

function renderAt(url: string, path: string, page: ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={page} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}
const where = () => screen.getByTestId('where').textContent;
const noDefaultPounds = () => expect(document.body.textContent).not.toMatch(/£/);

beforeEach(() => {
  localStorage.clear();
  leaveFor.mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const PENDING = { email: 'pat@ba.com', name: 'Pat Crew', role: 'IFL', membership: 'yearly' };
const storePending = (value: unknown = PENDING) =>
  localStorage.setItem('pendingRegistration', JSON.stringify(value));

describe('/register, paid path', () => {
  async function fillIn(plan: RegExp) {
    fireEvent.change(screen.getByLabelText('Work email'), { target: { value: 'pat@ba.com' } });
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Pat Crew' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'IFL' } });
    fireEvent.click(screen.getByRole('radio', { name: plan }));
    fireEvent.click(screen.getByRole('checkbox', { name: /agree to the Terms/ }));
    await screen.findByText('This email is available.');
  }
  const checkEmail = {
    'POST /api/auth/verify-email': ok({ exists: false, canRenew: false }),
  };

  it('shows the plans with a placeholder until the prices arrive, then the table’s figures', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    stubServer({
      'GET /api/prices': async () => {
        await gate;
        return ok(PRICES);
      },
    });
    renderAt('/register', '/register', <RegisterPage />);
    const membership = screen.getByRole('group', { name: 'Membership' });
    expect(membership.getAttribute('aria-busy')).toBe('true');
    expect(within(membership).queryByText(/\/month/)).toBeNull();
    await act(async () => release());
    expect(await within(membership).findByText('€2.50/month')).toBeTruthy();
    expect(within(membership).getByText('€24.00/year')).toBeTruthy();
    expect(within(membership).getByText('Save 20% compared with monthly')).toBeTruthy();
    noDefaultPounds();
  });

  it('stores the registration, asks for a checkout and goes there; a double tap sends one request', async () => {
    const server = stubServer({
      ...prices,
      ...checkEmail,
      'POST /api/register/create-pending': ok({ sessionId: 'cs_1', url: '/checkout/cs_1' }),
    });
    renderAt('/register', '/register', <RegisterPage />);
    await fillIn(/Yearly/);
    const pay = screen.getByRole('button', { name: 'Pay €24.00/year' });
    noDefaultPounds();
    await act(async () => {
      fireEvent.click(pay);
      fireEvent.click(pay);
    });
    // The e-mail check is a POST too (verify-email); the checkout is asked for once.
    expect(server.writes().filter((c) => c.path !== '/api/auth/verify-email')).toEqual([
      {
        method: 'POST',
        path: '/api/register/create-pending',
        body: { email: 'pat@ba.com', name: 'Pat Crew', role: 'IFL', membership: 'yearly' },
      },
    ]);
    expect(JSON.parse(localStorage.getItem('pendingRegistration') ?? 'null')).toEqual(PENDING);
    expect(leaveFor).toHaveBeenCalledWith('/checkout/cs_1');
  });

  it("an existing account gets the trial's exists message and renewal offer", async () => {
    stubServer({
      ...prices,
      ...checkEmail,
      'POST /api/register/create-pending': {
        status: 409,
        body: { success: false, code: 'USER_EXISTS', canRenew: true, message: 'exists' },
      },
    });
    renderAt('/register', '/register', <RegisterPage />);
    await fillIn(/Monthly/);
    fireEvent.click(screen.getByRole('button', { name: 'Pay €2.50/month' }));
    expect(await screen.findByText(/An account with this email already exists/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'renew your membership' }).getAttribute('href')).toBe(
      '/renew?email=pat%40ba.com',
    );
    expect(await shownToast('Membership Renewal Available')).toMatchObject({
      type: 'info',
      description: expect.any(String),
      duration: 8000,
    });
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it("other failures toast 'Registration Error' with the server's message", async () => {
    stubServer({
      ...prices,
      ...checkEmail,
      'POST /api/register/create-pending': {
        status: 400,
        body: { error: 'Email must end with @ba.com' },
      },
    });
    renderAt('/register', '/register', <RegisterPage />);
    await fillIn(/Monthly/);
    fireEvent.click(screen.getByRole('button', { name: 'Pay €2.50/month' }));
    expect(await shownToast('Registration Error')).toMatchObject({
      type: 'error',
      description: 'Email must end with @ba.com',
    });
    expect(leaveFor).not.toHaveBeenCalled();
  });
});

describe('/payment', () => {
  it('without a stored registration goes to /register', () => {
    stubServer(prices);
    renderAt('/payment', '/payment', <PaymentPage />);
    expect(where()).toBe('/register');
  });

  it('shows the registration and the fee from the table; Subscribe goes to the checkout', async () => {
    storePending();
    const server = stubServer({
      ...prices,
      'POST /api/register/create-pending': ok({
        sessionId: 'cs_2',
        url: 'https://pay.example/cs_2',
      }),
    });
    renderAt('/payment', '/payment', <PaymentPage />);
    expect(screen.getByText('Pat Crew')).toBeTruthy();
    expect(screen.getByText('pat@ba.com')).toBeTruthy();
    expect(screen.getByText('Yearly')).toBeTruthy();
    expect(await screen.findByText('€24.00/year')).toBeTruthy();
    noDefaultPounds();
    const subscribe = screen.getByRole('button', { name: 'Subscribe' });
    await act(async () => {
      fireEvent.click(subscribe);
      fireEvent.click(subscribe);
    });
    expect(server.writes()).toEqual([
      { method: 'POST', path: '/api/register/create-pending', body: PENDING },
    ]);
    expect(leaveFor).toHaveBeenCalledWith('https://pay.example/cs_2');
    // Until the browser has left, the button stays off: no second checkout from a late tap.
    expect(screen.getByRole('button', { name: 'Processing...' })).toHaveProperty('disabled', true);
  });

  it("shows 'Processing...' while the checkout is being created", async () => {
    storePending();
    stubServer({ ...prices, 'POST /api/register/create-pending': () => new Promise(() => {}) });
    renderAt('/payment', '/payment', <PaymentPage />);
    await screen.findByText('€24.00/year');
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it("a refused checkout: toast 'Registration Error', then 'Registration Failed' with the way back", async () => {
    storePending();
    stubServer({
      ...prices,
      'POST /api/register/create-pending': { status: 500, body: {} },
    });
    renderAt('/payment', '/payment', <PaymentPage />);
    await screen.findByText('€24.00/year');
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('heading', { name: 'Registration Failed' })).toBeTruthy();
    expect(await shownToast('Registration Error')).toMatchObject({
      type: 'error',
      description: 'HTTP 500: ',
    });
    expect(screen.getByRole('link', { name: 'Back to Registration' }).getAttribute('href')).toBe(
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Try Login Instead' }).getAttribute('href')).toBe(
      '/login',
    );
  });

  it("back from the checkout: asks again while 'pending', then 'Registration Complete!' and /login after 3 s", async () => {
    vi.useFakeTimers();
    storePending();
    const answers = ['pending', 'pending', 'completed'];
    const server = stubServer({
      ...prices,
      'POST /api/stripe/verify-payment': () =>
        ok({
          success: answers[0] === 'completed',
          status: answers.shift(),
          isRenewal: false,
          purpose: 'registration',
          message: 'ok',
        }),
    });
    renderAt('/payment?session_id=cs_3', '/payment', <PaymentPage />);
    expect(screen.getByRole('status').textContent).toMatch(/Processing your payment/);
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    // The third answer lands at the end of that wait; the query publishes it a tick later.
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('heading', { name: 'Registration Complete!' })).toBeTruthy();
    expect(screen.getByText(/pending verification/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toBeTruthy();
    expect(server.writes().map((c) => c.body)).toEqual([
      { sessionId: 'cs_3' },
      { sessionId: 'cs_3' },
      { sessionId: 'cs_3' },
    ]);
    expect(localStorage.getItem('pendingRegistration')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(where()).toBe('/payment?session_id=cs_3');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(where()).toBe('/login');
  });

  it("still 'pending' after every retry: 'Payment Processing' and Check Again, not a failure", async () => {
    vi.useFakeTimers();
    const server = stubServer({
      ...prices,
      'POST /api/stripe/verify-payment': () =>
        ok({
          success: false,
          status: 'pending',
          isRenewal: false,
          message: 'Payment is being processed.',
        }),
    });
    renderAt('/payment?session_id=cs_11', '/payment', <PaymentPage />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    for (const delay of VERIFY_RETRY_DELAYS_MS) await act(() => vi.advanceTimersByTimeAsync(delay));
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(server.writes()).toHaveLength(VERIFY_RETRY_DELAYS_MS.length + 1);
    expect(screen.getByRole('heading', { name: 'Payment Processing' })).toBeTruthy();
    expect(screen.getByText('Payment is being processed.')).toBeTruthy();
    expect(screen.queryByText('Registration Failed')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Check Again' }));
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(server.writes()).toHaveLength(VERIFY_RETRY_DELAYS_MS.length + 2);
  });

  it("a failed payment without a reason: 'Failed to complete registration', toast 'Please try again or contact support.'", async () => {
    stubServer({
      ...prices,
      'POST /api/stripe/verify-payment': ok({ success: false, status: 'failed', isRenewal: false }),
    });
    renderAt('/payment?session_id=cs_5', '/payment', <PaymentPage />);
    expect(await screen.findByRole('heading', { name: 'Registration Failed' })).toBeTruthy();
    expect(screen.getByText('Failed to complete registration')).toBeTruthy();
    expect(await shownToast('Registration Failed')).toMatchObject({
      type: 'error',
      description: 'Please try again or contact support.',
    });
    expect((await shownToasts()).filter((t) => t.type === 'error')).toHaveLength(1);
  });

  it("a session without a page to open: 'Failed to initialize Stripe', and the browser stays", async () => {
    storePending();
    stubServer({
      ...prices,
      'POST /api/register/create-pending': ok({ sessionId: 'cs_6', url: 'javascript:alert(1)' }),
    });
    renderAt('/payment', '/payment', <PaymentPage />);
    await screen.findByText('€24.00/year');
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('heading', { name: 'Registration Failed' })).toBeTruthy();
    expect(await shownToast('Registration Error')).toMatchObject({
      type: 'error',
      description: 'Failed to initialize Stripe',
    });
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it("a failed payment: 'Registration Failed' with the server's message", async () => {
    stubServer({
      ...prices,
      'POST /api/stripe/verify-payment': ok({
        success: false,
        status: 'failed',
        isRenewal: false,
        message: 'The payment was declined.',
      }),
    });
    renderAt('/payment?session_id=cs_4', '/payment', <PaymentPage />);
    expect(await screen.findByRole('heading', { name: 'Registration Failed' })).toBeTruthy();
    // On the page, not only in the toast that says it too.
    expect(within(screen.getByRole('main')).getByText('The payment was declined.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try Login Instead' })).toBeTruthy();
  });
});

describe('/payment-success', () => {
  const verified = (extra: object) =>
    ok({
      success: true,
      status: 'completed',
      session: { amount_total: 2400, customer_email: 'pat@ba.com' },
      message: 'Payment verified',
      ...extra,
    });

  it("without a session id: 'No payment session found' and no request", () => {
    const server = stubServer(prices);
    renderAt('/payment-success', '/payment-success', <PaymentSuccessPage />);
    expect(screen.getByText('No payment session found')).toBeTruthy();
    expect(server.writes()).toEqual([]);
  });

  it('a renewal: spinner, then the amount from the table’s currency, e-mail and type', async () => {
    stubServer({
      ...prices,
      'POST /api/stripe/verify-payment': verified({ isRenewal: true, purpose: 'renewal' }),
    });
    renderAt('/payment-success?session_id=cs_5', '/payment-success', <PaymentSuccessPage />);
    expect(screen.getByRole('status').textContent).toMatch(/Verifying/);
    expect(await screen.findByText('€24.00')).toBeTruthy();
    expect(screen.getByText('pat@ba.com')).toBeTruthy();
    expect(screen.getByText('Membership Renewal')).toBeTruthy();
    expect(screen.queryByText(/awaiting admin approval/)).toBeNull();
    noDefaultPounds();
  });

  it('a registration: New Registration with the pending-approval notice', async () => {
    stubServer({
      ...prices,
      'POST /api/stripe/verify-payment': verified({ isRenewal: false, purpose: 'registration' }),
    });
    renderAt('/payment-success?session_id=cs_6', '/payment-success', <PaymentSuccessPage />);
    expect(await screen.findByText('New Registration')).toBeTruthy();
    expect(screen.getByText('Your account is awaiting admin approval.')).toBeTruthy();
  });

  it("a failed verification: 'Payment Verification Failed' with 'Try Again' and 'Go to Login'", async () => {
    stubServer({ ...prices, 'POST /api/stripe/verify-payment': { status: 400, body: {} } });
    renderAt('/payment-success?session_id=cs_7', '/payment-success', <PaymentSuccessPage />);
    expect(
      await screen.findByRole('heading', { name: 'Payment Verification Failed' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/renew');
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
  });
});

describe('/checkout/:sessionId (the local checkout)', () => {
  const session = {
    sessionId: 'cs_8',
    plan: 'monthly',
    amount: 250,
    currency: 'eur',
    customerEmail: 'pat@ba.com',
    status: 'open',
  };

  it('shows plan, amount and e-mail; Pay follows the server’s redirect, once', async () => {
    const server = stubServer({
      'GET /api/checkout/local/cs_8': ok(session),
      'POST /api/checkout/local/cs_8/pay': ok({ redirectUrl: '/payment?session_id=cs_8' }),
    });
    renderAt('/checkout/cs_8', '/checkout/:sessionId', <CheckoutPage />);
    expect(await screen.findByText('€2.50/month')).toBeTruthy();
    expect(screen.getByText('Monthly')).toBeTruthy();
    expect(screen.getByText('pat@ba.com')).toBeTruthy();
    const pay = screen.getByRole('button', { name: 'Pay' });
    await act(async () => {
      fireEvent.click(pay);
      fireEvent.click(pay);
    });
    expect(server.writes()).toEqual([
      { method: 'POST', path: '/api/checkout/local/cs_8/pay', body: {} },
    ]);
    expect(leaveFor).toHaveBeenCalledWith('/payment?session_id=cs_8');
  });

  it('Cancel follows the cancel redirect', async () => {
    stubServer({
      'GET /api/checkout/local/cs_8': ok(session),
      'POST /api/checkout/local/cs_8/cancel': ok({ redirectUrl: '/register' }),
    });
    renderAt('/checkout/cs_8', '/checkout/:sessionId', <CheckoutPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(leaveFor).toHaveBeenCalledWith('/register'));
  });

  it('an unknown session: not found, no Pay', async () => {
    stubServer({});
    renderAt('/checkout/nope', '/checkout/:sessionId', <CheckoutPage />);
    expect(await screen.findByText('Checkout not found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
  });

  it('a finished session cannot be paid again', async () => {
    stubServer({ 'GET /api/checkout/local/cs_8': ok({ ...session, status: 'completed' }) });
    renderAt('/checkout/cs_8', '/checkout/:sessionId', <CheckoutPage />);
    expect(await screen.findByText(/can no longer be paid/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
  });
});

describe('/renew', () => {
  const eligible = ok({
    success: true,
    userId: 42,
    name: 'Pat Crew',
    wasTestMember: false,
    membershipType: 'paid',
  });

  it("an empty e-mail toasts 'Email Required' and asks nothing", async () => {
    const server = stubServer(prices);
    renderAt('/renew', '/renew', <RenewPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await shownToast('Email Required')).toMatchObject({
      type: 'error',
      description: 'Please enter your BA email address.',
    });
    expect(server.writes()).toEqual([]);
  });

  it('prefilled from ?email=; eligible: welcome and two plan buttons priced from the table', async () => {
    const server = stubServer({
      ...prices,
      'POST /api/auth/renew-membership-form': eligible,
      'POST /api/stripe/create-checkout-session': ok({ sessionId: 'cs_9', url: '/checkout/cs_9' }),
    });
    renderAt('/renew?email=pat%40ba.com', '/renew', <RenewPage />);
    expect((screen.getByLabelText('Work email') as HTMLInputElement).value).toBe('pat@ba.com');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Pat Crew!' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Monthly: Pay €2.50/month' })).toBeTruthy();
    const yearly = screen.getByRole('button', { name: 'Yearly: Pay €24.00/year' });
    noDefaultPounds();
    await act(async () => {
      fireEvent.click(yearly);
      fireEvent.click(yearly);
    });
    expect(server.writes()).toEqual([
      { method: 'POST', path: '/api/auth/renew-membership-form', body: { email: 'pat@ba.com' } },
      {
        method: 'POST',
        path: '/api/stripe/create-checkout-session',
        body: {
          membershipType: 'yearly',
          customerEmail: 'pat@ba.com',
          userId: 42,
          isRenewal: true,
        },
      },
    ]);
    expect(leaveFor).toHaveBeenCalledWith('/checkout/cs_9');
  });

  it("an answer without a session id toasts 'No session ID received from server'", async () => {
    stubServer({
      ...prices,
      'POST /api/auth/renew-membership-form': eligible,
      'POST /api/stripe/create-checkout-session': ok({}),
    });
    renderAt('/renew?email=pat%40ba.com', '/renew', <RenewPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('button', { name: /Monthly/ }));
    expect(await shownToast('Payment Error')).toMatchObject({
      type: 'error',
      description: 'No session ID received from server',
    });
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it("a refused checkout toasts 'Payment Error'", async () => {
    stubServer({
      ...prices,
      'POST /api/auth/renew-membership-form': eligible,
      'POST /api/stripe/create-checkout-session': { status: 500, body: {} },
    });
    renderAt('/renew-membership?email=pat%40ba.com', '/renew-membership', <RenewPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('button', { name: /Monthly/ }));
    expect(await shownToast('Payment Error')).toMatchObject({
      type: 'error',
      description: 'Failed to create payment session. Please try again.',
    });
  });

  it("no answer at all toasts 'Failed to start payment process...'", async () => {
    stubServer({ ...prices, 'POST /api/auth/renew-membership-form': eligible });
    renderAt('/renew?email=pat%40ba.com', '/renew', <RenewPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const monthly = await screen.findByRole('button', { name: /Monthly/ });
    // The connection drops before the checkout is asked for.
    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fireEvent.click(monthly);
    expect(await shownToast('Payment Error')).toMatchObject({
      type: 'error',
      description: expect.stringMatching(/^Failed to start payment process/),
    });
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it("not eligible: the server's message, no plans", async () => {
    stubServer({
      ...prices,
      'POST /api/auth/renew-membership-form': ok({
        success: false,
        membershipType: 'paid',
        message: 'Only expired or cancelled memberships can be renewed.',
      }),
    });
    renderAt('/renew?email=pat%40ba.com', '/renew', <RenewPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('Only expired or cancelled memberships can be renewed.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Monthly/ })).toBeNull();
  });
});

describe('/convert-trial', () => {
  const onTrial = (extra: object = {}) =>
    ok({ onTrial: true, daysRemaining: 3, trialExpired: false, trialExpiresAt: null, ...extra });

  it('shows the days left and two plan cards; the annual figures are computed from the table', async () => {
    const server = stubServer({
      ...prices,
      'GET /api/trial-status': onTrial(),
      'POST /api/convert-trial-to-subscription': ok({
        checkoutUrl: '/checkout/cs_10',
        sessionId: 'cs_10',
      }),
    });
    renderAt('/convert-trial', '/convert-trial', <ConvertTrialPage />);
    expect(await screen.findByText('3 days remaining in your trial')).toBeTruthy();
    expect(screen.getByText('Only €2.00/month')).toBeTruthy();
    expect(screen.getByText('Save €6/year')).toBeTruthy();
    // The convert page's 'Save 46%' is this table's 20% (€24 a year against 12 × €2.50).
    expect(screen.getByText('Save 20%')).toBeTruthy();
    expect(screen.queryByText('Save 46%')).toBeNull();
    noDefaultPounds();
    const proceed = screen.getByRole('button', { name: 'Continue to Payment' });
    expect(proceed).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('radio', { name: /Annual/ }));
    await act(async () => {
      fireEvent.click(proceed);
      fireEvent.click(proceed);
    });
    expect(server.writes()).toEqual([
      {
        method: 'POST',
        path: '/api/convert-trial-to-subscription',
        body: { membershipType: 'yearly' },
      },
    ]);
    expect(leaveFor).toHaveBeenCalledWith('/checkout/cs_10');
  });

  it("an expired trial says 'Trial Expired'; a failure toasts 'Conversion Failed'", async () => {
    stubServer({
      ...prices,
      'GET /api/trial-status': onTrial({ daysRemaining: 0, trialExpired: true }),
      'POST /api/convert-trial-to-subscription': { status: 500, body: {} },
    });
    renderAt('/convert-trial', '/convert-trial', <ConvertTrialPage />);
    expect(await screen.findByText('Trial Expired')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Monthly/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await shownToast('Conversion Failed')).toMatchObject({
      type: 'error',
      description: 'Unable to convert trial to paid subscription',
    });
  });

  it("a member not on a trial sees 'Not on Trial' and a profile button", async () => {
    stubServer({
      ...prices,
      'GET /api/trial-status': onTrial({ onTrial: false, daysRemaining: 0 }),
    });
    renderAt('/convert-trial', '/convert-trial', <ConvertTrialPage />);
    expect(await screen.findByRole('heading', { name: 'Not on Trial' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Profile' }).getAttribute('href')).toBe(
      '/profile',
    );
  });
});

describe('/awaiting-approval', () => {
  const at = (entry: { pathname: string; state?: unknown }) =>
    render(
      <MemoryRouter initialEntries={[entry]}>
        <AwaitingApprovalPage />
      </MemoryRouter>,
    );

  it('claims a payment only when the payment flow sent the member', () => {
    at({ pathname: '/awaiting-approval', state: { paid: true } });
    expect(screen.getByText('Payment successful.')).toBeTruthy();
  });

  it('a trial or a direct visit claims none', () => {
    at({ pathname: '/awaiting-approval', state: { trial: true } });
    expect(screen.queryByText('Payment successful.')).toBeNull();
    cleanup();
    at({ pathname: '/awaiting-approval' });
    expect(screen.queryByText('Payment successful.')).toBeNull();
  });
});

describe('profile banners', () => {
  const NOW = new Date('2030-06-01T00:00:00.000Z');
  const member = (fields: Partial<User>) =>
    ({
      id: 1,
      email: 'pat@ba.com',
      membershipType: 'paid',
      subscriptionStatus: 'active',
      subscriptionExpiresAt: '2031-01-01T00:00:00.000Z',
      trialExpiresAt: null,
      trialStartedAt: null,
      ...fields,
    }) as User;
  const banner = (ui: ReactNode) =>
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>{ui}</MemoryRouter>
        <Toaster />
      </QueryClientProvider>,
    );

  it("Active: 'Cancel Subscription' asks first, then sends one request and shows the server's message", async () => {
    const server = stubServer({
      'POST /api/cancel-subscription': ok({
        success: true,
        message: 'Your request was sent. Allow 7 working days before your next payment.',
      }),
    });
    banner(<MembershipBanner user={member({})} now={NOW} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    expect(server.writes()).toEqual([]);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toMatch(/7 working days/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(await shownToast('Cancellation Request Submitted')).toMatchObject({
      type: 'success',
      description: 'Your request was sent. Allow 7 working days before your next payment.',
      duration: 10_000,
    });
    expect(server.writes()).toEqual([
      { method: 'POST', path: '/api/cancel-subscription', body: {} },
    ]);
  });

  it("Expired: 'Renew Membership' goes to /renew with the member's e-mail", () => {
    stubServer({});
    banner(
      <MembershipBanner
        user={member({
          subscriptionStatus: 'expired',
          subscriptionExpiresAt: '2030-05-01T00:00:00.000Z',
        })}
        now={NOW}
      />,
    );
    expect(screen.getByRole('link', { name: 'Renew Membership' }).getAttribute('href')).toBe(
      '/renew?email=pat%40ba.com',
    );
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
  });

  it("a tester without an expiry reads 'Active' (accounts spec §4), never expiring, nothing to cancel", () => {
    stubServer({});
    banner(
      <MembershipBanner
        user={member({ membershipType: 'tester', subscriptionExpiresAt: null })}
        now={NOW}
      />,
    );
    expect(screen.getByText('Membership: Active')).toBeTruthy();
    expect(screen.getByText('Your membership never expires.')).toBeTruthy();
    expect(screen.queryByText(/Lifetime/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
  });

  it("an expiry in 2099 or later reads 'Lifetime'", () => {
    stubServer({});
    banner(
      <MembershipBanner
        user={member({
          membershipType: 'lifetime',
          subscriptionExpiresAt: '2099-12-31T00:00:00.000Z',
        })}
        now={NOW}
      />,
    );
    expect(screen.getByText('Membership: Lifetime')).toBeTruthy();
  });

  it("the trial banner's action goes to /convert-trial ('Convert Now' once expired)", () => {
    stubServer({});
    banner(
      <TrialBanner
        user={member({
          membershipType: 'trial',
          trialStartedAt: '2030-05-20T00:00:00.000Z',
          trialExpiresAt: '2030-05-27T00:00:00.000Z',
        })}
        now={NOW}
      />,
    );
    expect(screen.getByRole('link', { name: 'Convert Now' }).getAttribute('href')).toBe(
      '/convert-trial',
    );
  });
});
