import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { phoneChangeValidateMachine } from '../../machines/phone-change/phone-change-validate.machine';
import {
  phoneVerificationMachine,
  type VerifyCodeInput,
} from '../../machines/phone-verification/phone-verification.machine';

const NEW_PHONE = '5521998765432';

/** The validate chart with the SMS-code chart's calls answering at once; what it did, in order. */
function validate() {
  const happened: string[] = [];
  const actor = createActor(
    phoneChangeValidateMachine.provide({
      actors: {
        phoneVerification: phoneVerificationMachine.provide({
          actors: {
            verifyCode: fromPromise<unknown, VerifyCodeInput>(async () => ({ mobilePhone: NEW_PHONE })),
          },
        }),
      },
    }),
    { input: { phoneNumber: NEW_PHONE, sent: null } },
  );
  actor.on('phoneChanged', () => happened.push('phoneChanged'));
  actor.on('navigate', (event) => happened.push(`navigate ${event.to}${event.replace ? ' (replace)' : ''}`));
  actor.start();
  const verification = actor.getSnapshot().children.phoneVerification!;
  return { actor, verification, happened };
}

describe('"Valide seu telefone" of the phone change: where each end of the code leads', () => {
  it('a code that checks out: the app takes the new number, then /settings replaces the address', async () => {
    const { actor, verification, happened } = validate();
    expect(actor.getSnapshot().value).toBe('verifying');
    verification.send({ type: 'CHANGE_CODE', code: '123456' });
    verification.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('changed');
    expect(happened).toEqual(['phoneChanged', 'navigate /settings (replace)']);
  });

  it('"Alterar número": back to the form, nothing taken', async () => {
    const { actor, verification, happened } = validate();
    verification.send({ type: 'CHANGE_NUMBER' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('changingNumber');
    expect(happened).toEqual(['navigate /settings/access-security/phone-change']);
  });
});
