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
export { ReportButton, ReportDialog, type ReportTarget } from './report-dialog';
