import { formatMoney, type PaidPlan, type PriceTable, yearlySaving } from '../../../../domain';

/** Every price on every screen is written from the price table by these and the domain's helpers. */

export const PAID_PLAN_NAMES: Record<PaidPlan, string> = { monthly: 'Monthly', yearly: 'Yearly' };

/** '£1.99/month'. */
export function planTotal(prices: PriceTable, plan: PaidPlan) {
  const { amount, interval } = prices.plans[plan];
  return `${formatMoney(amount, prices.currency)}/${interval}`;
}

/**
 * The yearly plan's saving as the registration words it ('save over 50%'), computed from the
 * table: the percentage is rounded down, so 'over' holds unless it is exact.
 */
export function yearlySavingText(prices: PriceTable) {
  const { savedPercent, savedPerYear } = yearlySaving(prices);
  const twelveMonths = prices.plans.monthly.amount * 12;
  const exact = twelveMonths > 0 && (savedPerYear * 100) % twelveMonths === 0;
  return `Save ${exact ? '' : 'over '}${savedPercent}% compared with monthly`;
}

/** The convert page's annual card: 'Save 46%', 'Only £1.08/month' and 'Save £11/year'. */
export function annualCardTexts(prices: PriceTable) {
  const { perMonth, savedPerYear, savedPercentNearest } = yearlySaving(prices);
  return {
    percent: savedPercentNearest > 0 ? `Save ${savedPercentNearest}%` : null,
    perMonth: `Only ${formatMoney(perMonth, prices.currency)}/month`,
    saved: `Save ${formatMoney(savedPerYear, prices.currency, { whole: true })}/year`,
  };
}
