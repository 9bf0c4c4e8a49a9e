import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ApprovalsPage } from '../features/admin/approvals-page';
import { CreatePasscodePage } from '../features/auth/create-passcode-page';
import { ResetPasscodePage } from '../features/auth/reset-passcode-page';
import { SignInPage } from '../features/auth/sign-in-page';
import { AwaitingApprovalPage } from '../features/registration/awaiting-approval-page';
import { PaymentPage } from '../features/registration/payment-page';
import { RegisterPage } from '../features/registration/register-page';
import { AddFlightPage } from '../pages/add-flight-page';
import { ChatPage } from '../pages/chat-page';
import { ComingSoon } from '../pages/coming-soon';
import { EditProfilePage } from '../pages/edit-profile-page';
import { FlightDetailPage } from '../pages/flight-detail-page';
import { HomePage } from '../pages/home-page';
import { LandingPage } from '../pages/landing-page';
import { MessagesPage } from '../pages/messages-page';
import { MyFlightsPage } from '../pages/my-flights-page';
import { NotFoundPage } from '../pages/not-found';
import { ProfilePage } from '../pages/profile-page';
import { ProfileSetupPage } from '../pages/profile-setup-page';
import { TestPushPage } from '../pages/test-push-page';
import { UploadRosterPage } from '../pages/upload-roster-page';
import { MemberLayout, PublicLayout } from './layouts';
import { RequireAdmin } from './require-admin';

function AdminApprovals() {
  return (
    <RequireAdmin>
      <ApprovalsPage />
    </RequireAdmin>
  );
}

/** Every route of both specs; screens not built yet show their title and 'Coming soon'. */
type RouteEntry = [path: string, title: string, Page?: ComponentType];

const publicRoutes: RouteEntry[] = [
  ['/login', 'Sign In', SignInPage],
  ['/register', 'Create Account', RegisterPage],
  ['/payment', 'Payment', PaymentPage],
  ['/payment-success', 'Payment'],
  ['/renew', 'Renew Membership'],
  ['/renew-membership', 'Renew Membership'],
  ['/awaiting-approval', 'Awaiting Admin Approval', AwaitingApprovalPage],
  ['/passcode', 'Sign In', SignInPage],
  ['/verify-email', 'Create Passcode', CreatePasscodePage],
  ['/reset-passcode', 'Reset PIN', ResetPasscodePage],
  ['/guide', 'Quick-start Guide'],
  ['/demo', 'Demo'],
  ['/test-push', 'Push Test', TestPushPage],
];

const memberRoutes: RouteEntry[] = [
  ['/convert-trial', 'Convert Trial'],
  ['/profile-setup', 'Set Up Your Profile', ProfileSetupPage],
  ['/home', 'Flights', HomePage],
  ['/flight/:id', 'Flight', FlightDetailPage],
  ['/add-flight', 'Add Flight', AddFlightPage],
  ['/upload-roster', 'Upload Roster', UploadRosterPage],
  ['/my-flights', 'My Flights', MyFlightsPage],
  ['/messages', 'Messages', MessagesPage],
  ['/chat', 'Conversation', ChatPage],
  ['/profile', 'Profile', ProfilePage],
  ['/profile/edit', 'Edit Profile', EditProfilePage],
  ['/admin', 'Admin Dashboard'],
  ['/admin/approvals', 'Member Approvals', AdminApprovals],
  ['/platform-stats', 'Platform Statistics'],
];

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      ...publicRoutes.map(([path, title, Page]) => ({
        path,
        element: Page ? <Page /> : <ComingSoon title={title} />,
      })),
    ],
  },
  {
    element: <MemberLayout />,
    children: memberRoutes.map(([path, title, Page]) => ({
      path,
      element: Page ? <Page /> : <ComingSoon title={title} />,
    })),
  },
  { path: '*', element: <NotFoundPage /> },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
