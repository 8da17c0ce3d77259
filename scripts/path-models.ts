import type { AnyMachineSnapshot } from 'xstate';
import { advisorChatPathModel } from '../machines/advisor-chat/advisor-chat.paths';
import { aiSuggestionPathModel } from '../machines/ai-suggestion/ai-suggestion.paths';
import { aiTrainingPathModel } from '../machines/ai-training-form/ai-training-form.paths';
import { analyticsPathModel } from '../machines/analytics/analytics.paths';
import { checkoutPathModel } from '../machines/checkout/checkout.paths';
import { renewalPathModel } from '../machines/checkout/renewal.paths';
import { columnLoadMorePathModel } from '../machines/column-load-more/column-load-more.paths';
import { companySwitchPathModel } from '../machines/company-switch/company-switch.paths';
import { confirmDeletePathModel } from '../machines/confirm-delete/confirm-delete.paths';
import { customerExportPathModel } from '../machines/customer-export/customer-export.paths';
import { customerImportPathModel } from '../machines/customer-import/customer-import.paths';
import { dealBoardPathModel } from '../machines/deal-board/deal-board.paths';
import { emailVerificationPathModel } from '../machines/email-verification/email-verification.paths';
import { entityFormPathModel } from '../machines/entity-form/entity-form.paths';
import { followUpStatusPathModel } from '../machines/follow-up-status/follow-up-status.paths';
import { followUpTemplatePathModel } from '../machines/follow-up-template/follow-up-template.paths';
import { invitePagePathModel } from '../machines/invite-page/invite-page.paths';
import { joinTeamPathModel } from '../machines/join-team/join-team.paths';
import { loginPathModel } from '../machines/login/login.paths';
import { onboardingPathModel } from '../machines/onboarding/onboarding.paths';
import { paymentReturnPathModel } from '../machines/payment-return/payment-return.paths';
import { phoneChangePathModel } from '../machines/phone-change/phone-change.paths';
import { phoneChangeValidatePathModel } from '../machines/phone-change/phone-change-validate.paths';
import { phoneVerificationPathModel } from '../machines/phone-verification/phone-verification.paths';
import { quickTaskPathModel } from '../machines/quick-task/quick-task.paths';
import { realtimeConnectionPathModel } from '../machines/realtime/realtime-connection.paths';
import { remoteConfigPathModel } from '../machines/remote-config/remote-config.paths';
import { replyBoxPathModel } from '../machines/reply-box/reply-box.paths';
import { rootEntryPathModel } from '../machines/root-entry/root-entry.paths';
import { searchBoxPathModel } from '../machines/search-box/search-box.paths';
import { sessionPathModel } from '../machines/session/session.paths';
import { stageEditorPathModel } from '../machines/stage-editor/stage-editor.paths';
import { suggestMessagePathModel } from '../machines/suggest-message/suggest-message.paths';
import { taskFormPathModel } from '../machines/task-form/task-form.paths';
import { teamPathModel } from '../machines/team/team.paths';
import { toastPathModel } from '../machines/toasts/toast.paths';
import { toasterPathModel } from '../machines/toasts/toaster.paths';
import { whatsappConnectionPathModel } from '../machines/whatsapp/whatsapp-connection.paths';
import type { PathModel } from '../tests/support/chart-paths';

function model<S extends AnyMachineSnapshot, I>(m: PathModel<S, I>): PathModel {
  return m as unknown as PathModel;
}

/**
 * Every chart with a path model, by the name `npm run paths -- <chart>` takes. Replaying one in
 * the browser also needs a driver in e2e/support/paths-registry.ts.
 */
export const pathModels: Readonly<Record<string, PathModel>> = {
  toasts: model(toastPathModel),
  toaster: model(toasterPathModel),
  session: model(sessionPathModel),
  login: model(loginPathModel),
  'email-verification': model(emailVerificationPathModel),
  onboarding: model(onboardingPathModel),
  'phone-verification': model(phoneVerificationPathModel),
  checkout: model(checkoutPathModel),
  renewal: model(renewalPathModel),
  'phone-change': model(phoneChangePathModel),
  'phone-change-validate': model(phoneChangeValidatePathModel),
  'payment-return': model(paymentReturnPathModel),
  'deal-board': model(dealBoardPathModel),
  'quick-task': model(quickTaskPathModel),
  'customer-import': model(customerImportPathModel),
  'task-form': model(taskFormPathModel),
  'customer-export': model(customerExportPathModel),
  'reply-box': model(replyBoxPathModel),
  'search-box': model(searchBoxPathModel),
  'entity-form': model(entityFormPathModel),
  'confirm-delete': model(confirmDeletePathModel),
  'stage-editor': model(stageEditorPathModel),
  'column-load-more': model(columnLoadMorePathModel),
  'root-entry': model(rootEntryPathModel),
  realtime: model(realtimeConnectionPathModel),
  'whatsapp-connection': model(whatsappConnectionPathModel),
  'follow-up-template': model(followUpTemplatePathModel),
  'follow-up-status': model(followUpStatusPathModel),
  team: model(teamPathModel),
  'join-team': model(joinTeamPathModel),
  'company-switch': model(companySwitchPathModel),
  'remote-config': model(remoteConfigPathModel),
  analytics: model(analyticsPathModel),
  'invite-page': model(invitePagePathModel),
  'advisor-chat': model(advisorChatPathModel),
  'suggest-message': model(suggestMessagePathModel),
  'ai-suggestion': model(aiSuggestionPathModel),
  'ai-training-form': model(aiTrainingPathModel),
};

/**
 * Where each chart's paths are replayed on the views in jsdom (tests/web, through the chart's
 * shared driver). The per-layer coverage expects every chart of `pathModels` here; one missing
 * shows as "no replay" in `npm run paths -- --coverage`.
 */
export const jsdomReplays: Readonly<Record<string, string>> = {
  toasts: 'tests/web/toasts.paths.test.tsx',
  toaster: 'tests/web/toaster.paths.test.tsx',
  session: 'tests/web/session.paths.test.tsx',
  login: 'tests/web/login.paths.test.tsx',
  'email-verification': 'tests/web/signup.paths.test.tsx',
  onboarding: 'tests/web/onboarding.paths.test.tsx',
  'phone-verification': 'tests/web/phone-verification.paths.test.tsx',
  checkout: 'tests/web/paywall.paths.test.tsx',
  renewal: 'tests/web/settings-renewal.paths.test.tsx',
  'phone-change': 'tests/web/settings-phone-change.paths.test.tsx',
  'phone-change-validate': 'tests/web/phone-change-validate.paths.test.tsx',
  'deal-board': 'tests/web/sales-board.paths.test.tsx',
  'quick-task': 'tests/web/home-quick-task.paths.test.tsx',
  'task-form': 'tests/web/tasks-form.paths.test.tsx',
  'customer-import': 'tests/web/customer-import.paths.test.tsx',
  'confirm-delete': 'tests/web/confirm-delete.paths.test.tsx',
  'stage-editor': 'tests/web/stage-editor.paths.test.tsx',
  'column-load-more': 'tests/web/column-load-more.paths.test.tsx',
  'payment-return': 'tests/web/payment-return.paths.test.tsx',
  'customer-export': 'tests/web/customer-export.paths.test.tsx',
  'reply-box': 'tests/web/reply-box.paths.test.tsx',
  'entity-form': 'tests/web/entity-form.paths.test.tsx',
  'search-box': 'tests/web/search-box.paths.test.tsx',
  'root-entry': 'tests/web/root-entry.paths.test.tsx',
  'whatsapp-connection': 'tests/web/whatsapp-connection.paths.test.tsx',
  realtime: 'tests/web/realtime.paths.test.tsx',
  'follow-up-template': 'tests/web/follow-up-template.paths.test.tsx',
  'follow-up-status': 'tests/web/follow-up-status.paths.test.tsx',
  team: 'tests/web/team.paths.test.tsx',
  'join-team': 'tests/web/join-team.paths.test.tsx',
  'company-switch': 'tests/web/company-switch.paths.test.tsx',
  analytics: 'tests/web/analytics.paths.test.tsx',
  'remote-config': 'tests/web/remote-config.paths.test.tsx',
  'invite-page': 'tests/web/invite-page.paths.test.tsx',
  'advisor-chat': 'tests/web/advisor-chat.paths.test.tsx',
  'ai-suggestion': 'tests/web/ai-suggestions.paths.test.tsx',
  'ai-training-form': 'tests/web/ai-training.paths.test.tsx',
};
