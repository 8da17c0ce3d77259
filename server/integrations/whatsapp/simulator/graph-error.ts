/** An error the simulated Graph API answers in Meta's shape: {error:{message, type, code, error_data, fbtrace_id}}. */
export class GraphError extends Error {
  override name = 'GraphError';

  constructor(
    readonly httpStatus: number,
    readonly code: number,
    message: string,
    readonly details?: string,
    readonly type = 'OAuthException',
    readonly subcode?: number,
  ) {
    super(message);
  }
}

export const invalidToken = () =>
  new GraphError(
    401,
    190,
    'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.',
    undefined,
    'OAuthException',
    460,
  );

export const invalidParameter = (details: string) =>
  new GraphError(400, 100, '(#100) Invalid parameter', details);

export const unknownObject = (id: string) =>
  new GraphError(
    400,
    100,
    `Unsupported post request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    undefined,
    'GraphMethodException',
    33,
  );
