/** The moderation feature's public surface: reporting (members), the queue's hooks (admins), appeals. */

export {
  moderationKeys,
  useAppealInfo,
  useAppeals,
  useDecideAppeal,
  useDecideReport,
  useModerationQueue,
  useReport,
  useSendAppeal,
} from './api';
export { ReportButton } from './report-button';
export type { ReportTarget } from './report-dialog';
