type BadgeNavigator = Navigator & {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

let shown: number | null = null;

/**
 * The installed app's icon badge (where the browser has one): the unread count, cleared at 0.
 * Repeated counts are not sent again.
 */
export function updateAppBadge(count: number, nav: BadgeNavigator = navigator): void {
  if (count === shown) return;
  shown = count;
  try {
    if (count > 0) void nav.setAppBadge?.(count)?.catch(() => undefined);
    else void nav.clearAppBadge?.()?.catch(() => undefined);
  } catch {
    // Not allowed here (e.g. not installed): the badge is a nicety.
  }
}

/** Forget what was shown (sign-out clears the badge through updateAppBadge(0)). */
export function resetAppBadgeMemory(): void {
  shown = null;
}
