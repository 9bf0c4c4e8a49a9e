import { RouterProvider, type RouterProviderProps } from 'react-router';

/**
 * The router as the app mounts it. Navigations are not React transitions: a transition keeps the
 * screen being left on show, and taking input, until the next screen's lazily loaded code has
 * arrived, although the address has already changed. On a slow link or a busy phone a member who
 * chose 'Sign In with Passcode' then typed their e-mail into the landing's own 'Work email'
 * field, and lost it when the sign-in form replaced the landing. Without the transition the
 * layout's Suspense fallback replaces the left screen at once, so typing waits for the new one.
 */
export function AppRouter({ router }: Pick<RouterProviderProps, 'router'>) {
  return <RouterProvider router={router} useTransitions={false} />;
}
