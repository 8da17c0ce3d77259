import type { AnyMachineSnapshot } from 'xstate';
import { checkoutPathModel } from '../machines/checkout/checkout.paths';
import { renewalPathModel } from '../machines/checkout/renewal.paths';
import { customerImportPathModel } from '../machines/customer-import/customer-import.paths';
import { dealBoardPathModel } from '../machines/deal-board/deal-board.paths';
import { emailVerificationPathModel } from '../machines/email-verification/email-verification.paths';
import { entityFormPathModel } from '../machines/entity-form/entity-form.paths';
import { loginPathModel } from '../machines/login/login.paths';
import { onboardingPathModel } from '../machines/onboarding/onboarding.paths';
import { phoneChangePathModel } from '../machines/phone-change/phone-change.paths';
import { phoneVerificationPathModel } from '../machines/phone-verification/phone-verification.paths';
import { quickTaskPathModel } from '../machines/quick-task/quick-task.paths';
import { sessionPathModel } from '../machines/session/session.paths';
import { taskFormPathModel } from '../machines/task-form/task-form.paths';
import { toastPathModel } from '../machines/toasts/toast.paths';
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
  session: model(sessionPathModel),
  login: model(loginPathModel),
  'email-verification': model(emailVerificationPathModel),
  onboarding: model(onboardingPathModel),
  'phone-verification': model(phoneVerificationPathModel),
  checkout: model(checkoutPathModel),
  renewal: model(renewalPathModel),
  'phone-change': model(phoneChangePathModel),
  'deal-board': model(dealBoardPathModel),
  'quick-task': model(quickTaskPathModel),
  'customer-import': model(customerImportPathModel),
  'task-form': model(taskFormPathModel),
  'entity-form': model(entityFormPathModel),
};
