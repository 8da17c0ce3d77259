import { fromPromise } from 'xstate';
import { validateEmailContract } from '../../../../contracts/session';
import { api } from '../../../api/client';
import { unwrapEnvelope } from '../../../api/unwrap-envelope';

/** The email-verification chart's `validateEmail`: POST /api/auth/validate-email (spec §7). */
export const validateEmail = fromPromise<{ validated: boolean }, { verificationToken: string }>(
  async ({ input, signal }) =>
    unwrapEnvelope(
      await api.post(validateEmailContract.url, {
        body: { verificationToken: input.verificationToken },
        schema: validateEmailContract.response,
        signal,
      }),
    ),
);
