import { type PriceTable, type RegistrationMembership, TRIAL_DAYS } from '../../../../domain';
import { yearlySavingText } from '../payments';

export type Plan = {
  id: RegistrationMembership;
  name: string;
};

/** The plans offered at registration. Prices are not here: they come from GET /api/prices. */
export const PLANS: Record<RegistrationMembership, Plan> = {
  trial: { id: 'trial', name: `${TRIAL_DAYS}-Day Free Trial` },
  monthly: { id: 'monthly', name: 'Monthly' },
  yearly: { id: 'yearly', name: 'Yearly' },
};

export const PLAN_ORDER: RegistrationMembership[] = ['trial', 'monthly', 'yearly'];

export function planBlurb(plan: RegistrationMembership, prices: PriceTable | undefined) {
  if (plan === 'trial') return `Full access for ${TRIAL_DAYS} days, no payment up front.`;
  if (plan === 'monthly') return 'Billed every month. Cancel anytime.';
  return prices ? yearlySavingText(prices) : 'Billed once a year.';
}
