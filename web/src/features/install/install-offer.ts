/**
 * When and how the install dialog is offered (spec: 'Install-as-app dialog'). Pure functions:
 * the component passes what the browser and the waves cache say.
 */

export const INSTALL_OFFERED_KEY = 'jumpseat.installOffered';

export type InstallPlatform = 'ios' | 'android' | 'desktop';

/**
 * Offered once, after the member's first accepted connection (not at first sight: a new member
 * has not yet seen why they would want it), and never inside the installed app.
 */
export function shouldOfferInstall(state: {
  offeredBefore: boolean;
  standalone: boolean;
  hasConnection: boolean;
}): boolean {
  return !state.offeredBefore && !state.standalone && state.hasConnection;
}

/** A connection is a wave, sent or received, that has been accepted. */
export function hasAcceptedConnection(waves: readonly { status: string }[] | undefined): boolean {
  return waves?.some((wave) => wave.status === 'accepted') ?? false;
}

/**
 * Whose instructions come first. iPadOS reports itself as a Mac, told apart by its touch
 * screen; iOS has no install event, so its steps are the only way there.
 */
export function installPlatform(userAgent: string, maxTouchPoints = 0): InstallPlatform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'desktop';
}
