import type { AnyMachineSnapshot } from 'xstate';
import { advisorChatPathModel } from '../../machines/advisor-chat/advisor-chat.paths';
import { aiSuggestionPathModel } from '../../machines/ai-suggestion/ai-suggestion.paths';
import { aiTrainingPathModel } from '../../machines/ai-training-form/ai-training-form.paths';
import { analyticsPathModel } from '../../machines/analytics/analytics.paths';
import { checkoutPathModel } from '../../machines/checkout/checkout.paths';
import { renewalPathModel } from '../../machines/checkout/renewal.paths';
import { columnLoadMorePathModel } from '../../machines/column-load-more/column-load-more.paths';
import { companySwitchPathModel } from '../../machines/company-switch/company-switch.paths';
import { confirmDeletePathModel } from '../../machines/confirm-delete/confirm-delete.paths';
import { customerExportPathModel } from '../../machines/customer-export/customer-export.paths';
import { customerImportPathModel } from '../../machines/customer-import/customer-import.paths';
import { dealBoardPathModel } from '../../machines/deal-board/deal-board.paths';
import { emailVerificationPathModel } from '../../machines/email-verification/email-verification.paths';
import { entityFormPathModel } from '../../machines/entity-form/entity-form.paths';
import { followUpStatusPathModel } from '../../machines/follow-up-status/follow-up-status.paths';
import { followUpTemplatePathModel } from '../../machines/follow-up-template/follow-up-template.paths';
import { invitePagePathModel } from '../../machines/invite-page/invite-page.paths';
import { joinTeamPathModel } from '../../machines/join-team/join-team.paths';
import { loginPathModel } from '../../machines/login/login.paths';
import { onboardingPathModel } from '../../machines/onboarding/onboarding.paths';
import { paymentReturnPathModel } from '../../machines/payment-return/payment-return.paths';
import { phoneChangePathModel } from '../../machines/phone-change/phone-change.paths';
import { phoneChangeValidatePathModel } from '../../machines/phone-change/phone-change-validate.paths';
import { phoneVerificationPathModel } from '../../machines/phone-verification/phone-verification.paths';
import { quickTaskPathModel } from '../../machines/quick-task/quick-task.paths';
import { realtimeConnectionPathModel } from '../../machines/realtime/realtime-connection.paths';
import { remoteConfigPathModel } from '../../machines/remote-config/remote-config.paths';
import { replyBoxPathModel } from '../../machines/reply-box/reply-box.paths';
import { rootEntryPathModel } from '../../machines/root-entry/root-entry.paths';
import { searchBoxPathModel } from '../../machines/search-box/search-box.paths';
import { sessionPathModel } from '../../machines/session/session.paths';
import { stageEditorPathModel } from '../../machines/stage-editor/stage-editor.paths';
import { suggestMessagePathModel } from '../../machines/suggest-message/suggest-message.paths';
import { taskFormPathModel } from '../../machines/task-form/task-form.paths';
import { teamPathModel } from '../../machines/team/team.paths';
import { toastPathModel } from '../../machines/toasts/toast.paths';
import { toasterPathModel } from '../../machines/toasts/toaster.paths';
import { whatsappConnectionPathModel } from '../../machines/whatsapp/whatsapp-connection.paths';
import type { ChartPath, PathModel } from '../../tests/support/chart-paths';
import type { BrowserDriver } from './browser-driver';
import { advisorChatBrowserDriver } from './drivers/advisor-chat';
import { aiSuggestionBrowserDriver } from './drivers/ai-suggestion';
import { aiTrainingBrowserDriver } from './drivers/ai-training-form';
import { analyticsBrowserDriver } from './drivers/analytics';
import { checkoutDriver } from './drivers/checkout';
import { columnLoadMoreBrowserDriver } from './drivers/column-load-more';
import { companySwitchBrowserDriver } from './drivers/company-switch';
import { confirmDeleteBrowserDriver } from './drivers/confirm-delete';
import { customerExportBrowserDriver } from './drivers/customer-export';
import { customerImportBrowserDriver } from './drivers/customer-import';
import { dealBoardBrowserDriver } from './drivers/deal-board';
import { emailVerificationDriver } from './drivers/email-verification';
import { entityFormBrowserDriver } from './drivers/entity-form';
import { followUpStatusBrowserDriver } from './drivers/follow-up-status';
import { followUpTemplateBrowserDriver } from './drivers/follow-up-template';
import { invitePageBrowserDriver } from './drivers/invite-page';
import { joinTeamBrowserDriver } from './drivers/join-team';
import { loginDriver } from './drivers/login';
import { onboardingDriver } from './drivers/onboarding';
import { paymentReturnDriver } from './drivers/payment-return';
import { phoneChangeDriver } from './drivers/phone-change';
import { phoneChangeValidateDriver } from './drivers/phone-change-validate';
import { phoneVerificationDriver } from './drivers/phone-verification';
import { quickTaskBrowserDriver } from './drivers/quick-task';
import { realtimeBrowserDriver } from './drivers/realtime';
import { remoteConfigBrowserDriver } from './drivers/remote-config';
import { renewalDriver } from './drivers/renewal';
import { replyBoxBrowserDriver } from './drivers/reply-box';
import { rootEntryBrowserDriver } from './drivers/root-entry';
import { searchBoxBrowserDriver } from './drivers/search-box';
import { sessionDriver } from './drivers/session';
import { stageEditorBrowserDriver } from './drivers/stage-editor';
import { suggestMessageBrowserDriver } from './drivers/suggest-message';
import { taskFormBrowserDriver } from './drivers/task-form';
import { teamBrowserDriver } from './drivers/team';
import { toasterBrowserDriver } from './drivers/toaster';
import { toastsBrowserDriver } from './drivers/toasts';
import { whatsappConnectionDriver } from './drivers/whatsapp-connection';

/** A chart testers can list and replay: its path model and how to act it out in the app. */
export interface PathChart<S extends AnyMachineSnapshot = AnyMachineSnapshot, I = unknown> {
  model: PathModel<S, I>;
  driver: BrowserDriver<ChartPath<S, I>>;
}

function chart<S extends AnyMachineSnapshot, I>(
  model: PathModel<S, I>,
  driver: BrowserDriver<ChartPath<S, I>>,
): PathChart {
  return { model, driver } as unknown as PathChart;
}

/**
 * Charts by the name `npm run paths -- <chart>` takes. Add one line per chart with paths
 * (session, onboarding, ... as they come).
 */
export const pathCharts: Readonly<Record<string, PathChart>> = {
  toasts: chart(toastPathModel, toastsBrowserDriver),
  toaster: chart(toasterPathModel, toasterBrowserDriver),
  checkout: chart(checkoutPathModel, checkoutDriver),
  renewal: chart(renewalPathModel, renewalDriver),
  'phone-change': chart(phoneChangePathModel, phoneChangeDriver),
  'phone-change-validate': chart(phoneChangeValidatePathModel, phoneChangeValidateDriver),
  'payment-return': chart(paymentReturnPathModel, paymentReturnDriver),
  'deal-board': chart(dealBoardPathModel, dealBoardBrowserDriver),
  'quick-task': chart(quickTaskPathModel, quickTaskBrowserDriver),
  'task-form': chart(taskFormPathModel, taskFormBrowserDriver),
  'customer-import': chart(customerImportPathModel, customerImportBrowserDriver),
  login: chart(loginPathModel, loginDriver),
  session: chart(sessionPathModel, sessionDriver),
  'email-verification': chart(emailVerificationPathModel, emailVerificationDriver),
  onboarding: chart(onboardingPathModel, onboardingDriver),
  'phone-verification': chart(phoneVerificationPathModel, phoneVerificationDriver),
  'confirm-delete': chart(confirmDeletePathModel, confirmDeleteBrowserDriver),
  'stage-editor': chart(stageEditorPathModel, stageEditorBrowserDriver),
  'column-load-more': chart(columnLoadMorePathModel, columnLoadMoreBrowserDriver),
  'customer-export': chart(customerExportPathModel, customerExportBrowserDriver),
  'invite-page': chart(invitePagePathModel, invitePageBrowserDriver),
  'entity-form': chart(entityFormPathModel, entityFormBrowserDriver),
  'search-box': chart(searchBoxPathModel, searchBoxBrowserDriver),
  'root-entry': chart(rootEntryPathModel, rootEntryBrowserDriver),
  'whatsapp-connection': chart(whatsappConnectionPathModel, whatsappConnectionDriver),
  realtime: chart(realtimeConnectionPathModel, realtimeBrowserDriver),
  'reply-box': chart(replyBoxPathModel, replyBoxBrowserDriver),
  'follow-up-template': chart(followUpTemplatePathModel, followUpTemplateBrowserDriver),
  'follow-up-status': chart(followUpStatusPathModel, followUpStatusBrowserDriver),
  team: chart(teamPathModel, teamBrowserDriver),
  'join-team': chart(joinTeamPathModel, joinTeamBrowserDriver),
  'company-switch': chart(companySwitchPathModel, companySwitchBrowserDriver),
  'remote-config': chart(remoteConfigPathModel, remoteConfigBrowserDriver),
  analytics: chart(analyticsPathModel, analyticsBrowserDriver),
  'advisor-chat': chart(advisorChatPathModel, advisorChatBrowserDriver),
  'suggest-message': chart(suggestMessagePathModel, suggestMessageBrowserDriver),
  'ai-training-form': chart(aiTrainingPathModel, aiTrainingBrowserDriver),
  'ai-suggestion': chart(aiSuggestionPathModel, aiSuggestionBrowserDriver),
};
