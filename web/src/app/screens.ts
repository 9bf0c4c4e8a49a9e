import type { ReactNode } from 'react';
import { loadOnce } from '../lib/load-once';
import { lazyPage } from './lazy-page';

// Only the landing comes at once: every other screen, Sign In included, and the member layout
// (session gate, navigation, prompts) load on first use, so the landing's first load parses
// nothing it does not show (issue 19: Lighthouse performance and the landing's JS budget).
export const SignInPage = lazyPage(() => import('../pages/sign-in-page'), 'SignInPage');
export const MemberLayout = lazyPage(() => import('./member-layout'), 'MemberLayout');
export const FlightsSplit = lazyPage<'FlightsSplit', { list: ReactNode }>(
  () => import('./flights-split'),
  'FlightsSplit',
);
export const HomePage = lazyPage<'HomePage', { asPane?: boolean }>(
  () => import('../pages/home-page'),
  'HomePage',
);
// The admin screens share one module: loaded once, whichever of them comes first.
const adminRoutes = loadOnce(() => import('./admin-routes'));
export const AdminDashboard = lazyPage(adminRoutes, 'AdminDashboard');
export const AdminApprovals = lazyPage(adminRoutes, 'AdminApprovals');
export const AdminAudit = lazyPage(adminRoutes, 'AdminAudit');
export const AdminModeration = lazyPage(adminRoutes, 'AdminModeration');
export const PlatformStats = lazyPage(adminRoutes, 'PlatformStats');
export const GuidePage = lazyPage(() => import('../pages/guide-page'), 'GuidePage');
export const DemoPage = lazyPage(() => import('../pages/demo-page'), 'DemoPage');
export const CreatePasscodePage = lazyPage(
  () => import('../pages/create-passcode-page'),
  'CreatePasscodePage',
);
export const ResetPasscodePage = lazyPage(
  () => import('../pages/reset-passcode-page'),
  'ResetPasscodePage',
);
export const AppealPage = lazyPage(() => import('../pages/appeal-page'), 'AppealPage');
export const AwaitingApprovalPage = lazyPage(
  () => import('../pages/awaiting-approval-page'),
  'AwaitingApprovalPage',
);
export const PaymentPage = lazyPage(() => import('../pages/payment-page'), 'PaymentPage');
export const PaymentSuccessPage = lazyPage(
  () => import('../pages/payment-success-page'),
  'PaymentSuccessPage',
);
export const CheckoutPage = lazyPage(() => import('../pages/checkout-page'), 'CheckoutPage');
export const RenewPage = lazyPage(() => import('../pages/renew-page'), 'RenewPage');
export const ConvertTrialPage = lazyPage(
  () => import('../pages/convert-trial-page'),
  'ConvertTrialPage',
);
export const RegisterPage = lazyPage(() => import('../pages/register-page'), 'RegisterPage');
export const AddFlightPage = lazyPage(() => import('../pages/add-flight-page'), 'AddFlightPage');
export const ChatPage = lazyPage(() => import('../pages/chat-page'), 'ChatPage');
export const EditProfilePage = lazyPage(
  () => import('../pages/edit-profile-page'),
  'EditProfilePage',
);
export const FlightDetailPage = lazyPage(
  () => import('../pages/flight-detail-page'),
  'FlightDetailPage',
);
export const MessagesPage = lazyPage(() => import('../pages/messages-page'), 'MessagesPage');
export const MyFlightsPage = lazyPage(() => import('../pages/my-flights-page'), 'MyFlightsPage');
export const ProfilePage = lazyPage(() => import('../pages/profile-page'), 'ProfilePage');
export const ProfileSetupPage = lazyPage(
  () => import('../pages/profile-setup-page'),
  'ProfileSetupPage',
);
export const TestPushPage = lazyPage(() => import('../pages/test-push-page'), 'TestPushPage');
export const UploadRosterPage = lazyPage(
  () => import('../pages/upload-roster-page'),
  'UploadRosterPage',
);
