/** A request Stripe would refuse: answered as Stripe's error object. */
export class SimulatorRequestError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'card_error',
    message: string,
    readonly param?: string,
    readonly code?: string,
  ) {
    super(message);
  }
}
