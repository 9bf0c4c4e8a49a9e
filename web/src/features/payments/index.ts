/** The payments feature's public surface: code outside features/payments/ imports only this file. */
export type { RenewalEligibility, TrialStatus } from './api';
export {
  paymentKeys,
  useCancelSubscription,
  useConvertTrial,
  useCreatePending,
  useLocalCheckout,
  useLocalCheckoutAct,
  usePrices,
  useRenewalCheckout,
  useRenewalEligibility,
  useTrialStatus,
  useVerifyPayment,
  VERIFY_RETRY_DELAYS_MS,
} from './api';
export { CancelSubscriptionButton } from './cancel-subscription-button';
export { checkoutStartFailure, checkoutTarget } from './checkout-start';
export type { PlanOption } from './plan-picker';
export { PlanPicker } from './plan-picker';
export { annualCardTexts, PAID_PLAN_NAMES, planTotal, yearlySavingText } from './price-text';
export { leaveFor } from './redirect';
export { StillProcessing } from './still-processing';
export { useLeaveFor } from './use-leave-for';
