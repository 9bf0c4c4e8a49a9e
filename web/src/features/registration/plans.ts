import { type RegistrationMembership, TRIAL_DAYS } from '../../../../domain';

export type Plan = {
  id: RegistrationMembership;
  name: string;
  price: string;
  /** Shown on the pay button and the summary, e.g. '£1.99/month'. */
  total: string | null;
  blurb: string;
};

/** The registration prices the spec shows (§9); the other figures it mentions are not used. */
export const PLANS: Record<RegistrationMembership, Plan> = {
  trial: {
    id: 'trial',
    name: `${TRIAL_DAYS}-Day Free Trial`,
    price: 'FREE',
    total: null,
    blurb: `Full access for ${TRIAL_DAYS} days, no payment up front.`,
  },
  monthly: {
    id: 'monthly',
    name: 'Monthly',
    price: '£1.99',
    total: '£1.99/month',
    blurb: 'Billed every month. Cancel anytime.',
  },
  yearly: {
    id: 'yearly',
    name: 'Yearly',
    price: '£12.99',
    total: '£12.99/year',
    blurb: 'Save over 50% compared with monthly.',
  },
};

export const PLAN_ORDER: RegistrationMembership[] = ['trial', 'monthly', 'yearly'];
