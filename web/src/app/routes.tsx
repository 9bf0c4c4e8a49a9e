import { createBrowserRouter, type RouteObject } from 'react-router';
import { ComingSoon } from '../pages/coming-soon';
import { LandingPage } from '../pages/landing-page';
import { NotFoundPage } from '../pages/not-found';
import { MemberLayout, PublicLayout } from './layouts';

/** Every route of both specs; screens not built yet show their title and 'Coming soon'. */
const publicRoutes: [path: string, title: string][] = [
  ['/login', 'Sign In'],
  ['/register', 'Create Account'],
  ['/payment', 'Payment'],
  ['/payment-success', 'Payment'],
  ['/renew', 'Renew Membership'],
  ['/renew-membership', 'Renew Membership'],
  ['/awaiting-approval', 'Awaiting Admin Approval'],
  ['/passcode', 'Sign In'],
  ['/verify-email', 'Create Passcode'],
  ['/guide', 'Quick-start Guide'],
  ['/demo', 'Demo'],
  ['/test-push', 'Push Test'],
];

const memberRoutes: [path: string, title: string][] = [
  ['/convert-trial', 'Convert Trial'],
  ['/profile-setup', 'Set Up Your Profile'],
  ['/home', 'Flights'],
  ['/flight/:id', 'Flight'],
  ['/add-flight', 'Add Flight'],
  ['/upload-roster', 'Upload Roster'],
  ['/my-flights', 'My Flights'],
  ['/messages', 'Messages'],
  ['/chat', 'Conversation'],
  ['/profile', 'Profile'],
  ['/profile/edit', 'Edit Profile'],
  ['/admin', 'Admin Dashboard'],
  ['/admin/approvals', 'Member Approvals'],
  ['/platform-stats', 'Platform Statistics'],
];

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      ...publicRoutes.map(([path, title]) => ({ path, element: <ComingSoon title={title} /> })),
    ],
  },
  {
    element: <MemberLayout />,
    children: memberRoutes.map(([path, title]) => ({
      path,
      element: <ComingSoon title={title} />,
    })),
  },
  { path: '*', element: <NotFoundPage /> },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
