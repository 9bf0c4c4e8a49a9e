import { PAID_PLANS, type PaidPlan } from '../constants';

/** The price table (configuration, served by GET /api/prices): amounts in minor units. */
export type PriceTable = {
  currency: string;
  plans: Record<PaidPlan, { amount: number; interval: 'month' | 'year' }>;
};

export const DEFAULT_PRICES: PriceTable = {
  currency: 'gbp',
  plans: {
    monthly: { amount: 199, interval: 'month' },
    yearly: { amount: 1299, interval: 'year' },
  },
};

const SYMBOLS: Record<string, string> = { gbp: '£', eur: '€', usd: '$' };

/** 199 -> '£1.99'; whole amounts drop the pence when `whole` is asked for (1100 -> '£11'). */
export function formatMoney(minor: number, currency: string, opts: { whole?: boolean } = {}) {
  const symbol = SYMBOLS[currency.toLowerCase()] ?? `${currency.toUpperCase()} `;
  const major = minor / 100;
  return opts.whole ? `${symbol}${Math.round(major)}` : `${symbol}${major.toFixed(2)}`;
}

/** 'Pay £1.99/month' / 'Pay £12.99/year': the register page's paid buttons. */
export function payButtonText(prices: PriceTable, plan: PaidPlan): string {
  const { amount, interval } = prices.plans[plan];
  return `Pay ${formatMoney(amount, prices.currency)}/${interval}`;
}

/**
 * What the yearly plan saves against twelve monthly payments, computed from the table (the
 * spec's figures disagree with each other, so none is hard-coded): per-month equivalent, the
 * saving per year (minor units), and the saving as a whole percentage — rounded down where a
 * text says 'over' it (`savedPercent`), to the nearest where it states it plainly
 * (`savedPercentNearest`: the convert page's 'Save 46%' for £1.99 and £12.99, which save 45.6%).
 */
export function yearlySaving(prices: PriceTable) {
  const twelveMonths = prices.plans.monthly.amount * 12;
  const yearly = prices.plans.yearly.amount;
  const saved = Math.max(0, twelveMonths - yearly);
  return {
    perMonth: Math.round(yearly / 12),
    savedPerYear: saved,
    savedPercent: twelveMonths > 0 ? Math.floor((saved / twelveMonths) * 100) : 0,
    savedPercentNearest: twelveMonths > 0 ? Math.round((saved / twelveMonths) * 100) : 0,
  };
}

/** The renewal call's 'annual' is the yearly plan. */
export function paidPlanOf(value: 'monthly' | 'yearly' | 'annual'): PaidPlan {
  return value === 'annual' ? 'yearly' : value;
}

export function isPaidPlan(value: string): value is PaidPlan {
  return (PAID_PLANS as readonly string[]).includes(value);
}
