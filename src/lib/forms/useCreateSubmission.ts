import { useMutation } from '@tanstack/react-query';
import { type Submission, settledSubmission, submissionOf } from '../../../contracts/submission';
import { isRecord } from '../is-record';
import { randomId } from '../random-id';

interface Sent<P> {
  payload: P;
  submission: Submission;
}

/** An answer in the envelope that says the create failed (the calls that resolve with failures). */
const isFailure = (answer: unknown) => isRecord(answer) && answer.success === false;

/**
 * A create form's "Salvar", as a mutation whose variables are the payload and its submission (the
 * Idempotency-Key it goes with): pressed again with the same fields after a time-out or a network
 * error, it sends the same key, so a create that went through is answered instead of done twice;
 * changed fields, or another create after one succeeded, get a new key.
 */
export function useCreateSubmission<P, R>(send: (payload: P, idempotencyKey: string) => Promise<R>) {
  const mutation = useMutation({
    mutationFn: ({ payload, submission }: Sent<P>) => send(payload, submission.key),
  });
  return {
    pending: mutation.isPending,
    submit(payload: P): Promise<R> {
      const last = mutation.variables?.submission;
      const succeeded = mutation.isSuccess && !isFailure(mutation.data);
      const submission = submissionOf(payload, succeeded ? settledSubmission(last ?? null) : last, randomId);
      return mutation.mutateAsync({ payload, submission });
    },
  };
}
