import type { CallFailure } from '../../../machines/phone-verification/call-failure';
import { MISSING_USER_TEXT } from '../../ui/phone-verification/verification-texts';

/**
 * A failed step call, as the form shows it: a 400's issues beside the fields they name (envelope
 * `issues[].path`), the rest as one message.
 */
export interface StepFailureView {
  /** Field name → its message. */
  fields: Record<string, string>;
  /** What no field shows; null when every issue found its field. */
  message: string | null;
}

export function stepFailureView(failure: CallFailure | null, fieldNames: readonly string[]): StepFailureView {
  if (!failure) return { fields: {}, message: null };
  if (failure.kind === 'missingUser') return { fields: {}, message: MISSING_USER_TEXT };
  const fields: Record<string, string> = {};
  let unplaced = false;
  for (const issue of failure.issues ?? []) {
    const name = issue.path.split('.')[0] ?? '';
    if (fieldNames.includes(name) && !(name in fields)) fields[name] = issue.message;
    else unplaced = true;
  }
  const placedAll = Object.keys(fields).length > 0 && !unplaced;
  return { fields, message: placedAll ? null : failure.message };
}
