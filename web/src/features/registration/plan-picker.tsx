import type { PriceTable, RegistrationMembership } from '../../../../domain';
import { PlanPicker, planTotal } from '../payments';
import { PLAN_ORDER, PLANS, planBlurb } from './plans';

type Props = {
  value: RegistrationMembership | '';
  onChange: (plan: RegistrationMembership) => void;
  /** The price table; undefined while it loads (the paid prices show a placeholder). */
  prices: PriceTable | undefined;
};

/** The registration's plans (the free trial first) on the payments feature's plan cards. */
export function RegistrationPlanPicker({ value, onChange, prices }: Props) {
  const options = PLAN_ORDER.map((id) => ({
    id,
    name: PLANS[id].name,
    price: id === 'trial' ? 'FREE' : prices ? planTotal(prices, id) : null,
    blurb: planBlurb(id, prices),
  }));
  return (
    <PlanPicker
      legend="Membership"
      name="membership"
      options={options}
      value={value}
      onChange={onChange}
    />
  );
}
