/**
 * Leaves the app for a checkout (Stripe's hosted page or our local one) or its outcome page.
 * One function, so tests replace it instead of jsdom's unimplemented navigation.
 */
export function leaveFor(url: string) {
  window.location.assign(url);
}
