/**
 * Thrown by a handler when trying again cannot help (the payload is invalid, the record is gone):
 * the job is marked failed at once instead of being retried.
 */
export class PermanentJobError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}
