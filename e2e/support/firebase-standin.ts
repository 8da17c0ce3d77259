import { randomBytes } from 'node:crypto';
import type { Page, Route } from 'playwright-core';

/**
 * A local stand-in for the Firebase hosts the modular remote-config SDK calls, answering through
 * `page.route` in their protocol (as read in @firebase/installations and @firebase/remote-config):
 *
 * - Installations: `POST https://firebaseinstallations.googleapis.com/v1/projects/<project>/installations`
 *   (header `x-goog-api-key`, body `{fid, authVersion: 'FIS_v2', appId, sdkVersion}`), answered
 *   with `{name, fid, refreshToken, authToken: {token, expiresIn: '604800s'}}`; a new auth token with
 *   `POST …/installations/<fid>/authTokens:generate` (`Authorization: FIS_v2 <refreshToken>`).
 * - Fetch: `POST https://firebaseremoteconfig.googleapis.com/v1/projects/<project>/namespaces/firebase:fetch?key=<api key>`,
 *   body `{sdk_version, app_instance_id, app_instance_id_token, app_id, language_code, custom_signals}`,
 *   `If-None-Match` the last ETag (or `*`); answered with `{entries, state: 'UPDATE', templateVersion}`
 *   and an `ETag` (exposed to the page, or the SDK cannot read it and never activates), or a 304
 *   when nothing changed since that ETag. The SDK retries 429, 500, 503 and 504 with a backoff
 *   until its fetch time-out, then reports the throttle.
 * - Realtime: `POST https://firebaseremoteconfigrealtime.googleapis.com/v1/projects/<project>/namespaces/firebase:streamFetchInvalidations?key=…`
 *   (headers `X-Goog-Api-Key`, `X-Goog-Firebase-Installations-Auth`, body `{appInstanceId, …}`):
 *   a long-lived stream. The stand-in holds it open; a publish sends
 *   `{"latestTemplateVersionNumber": …}` on it and ends it (the SDK then fetches that version and
 *   opens a new stream at once).
 *
 * Every request is recorded; one that does not carry what the real service checks (project, API key,
 * app id, a registered installation and its auth token) is refused as Google refuses it and listed in
 * `refusals`, so a spec can assert there were none.
 */

export interface FirebaseProject {
  apiKey: string;
  projectId: string;
  appId: string;
}

/** How the fetch endpoint answers. */
export type FetchAnswer =
  /** The parameters, as the service sends them. */
  | 'parameters'
  /** A 500 (the SDK retries it with a backoff). */
  | 'server-error'
  /** The connection dropped. */
  | 'dropped'
  /** A 200 whose body is not JSON. */
  | 'unparsable'
  /** A 429: fetching too often. */
  | 'throttled';

export type FirebaseEndpoint = 'installation' | 'auth-token' | 'fetch' | 'realtime';

export interface RecordedRequest {
  endpoint: FirebaseEndpoint;
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

export const FIREBASE_HOSTS = [
  'https://firebaseinstallations.googleapis.com',
  'https://firebaseremoteconfig.googleapis.com',
  'https://firebaseremoteconfigrealtime.googleapis.com',
];

/** Google's error body. */
function googleError(route: Route, code: number, status: string, message: string) {
  return route.fulfill({
    status: code,
    headers: cors(route),
    contentType: 'application/json',
    body: JSON.stringify({ error: { code, message, status } }),
  });
}

/** The page's origin allowed, and the ETag readable by the SDK (a cross-origin response hides it otherwise). */
function cors(route: Route): Record<string, string> {
  return {
    'access-control-allow-origin': route.request().headers().origin ?? '*',
    'access-control-expose-headers': 'ETag',
  };
}

const token = (prefix: string) => `${prefix}.${randomBytes(18).toString('base64url')}`;

export class FirebaseStandIn {
  /** The parameters the console holds (name → value as text). */
  parameters: Record<string, string>;
  fetchAnswer: FetchAnswer = 'parameters';
  readonly requests: RecordedRequest[] = [];
  /** Requests refused for not carrying what the service checks, with why. */
  readonly refusals: string[] = [];
  private templateVersion = 1;
  /** fid → its refresh token and the auth tokens handed out. */
  private readonly installations = new Map<string, { refreshToken: string; authTokens: Set<string> }>();

  constructor(
    readonly project: FirebaseProject,
    parameters: Record<string, string> = {},
  ) {
    this.parameters = { ...parameters };
  }

  /** Realtime streams held open, each to be told of the next publish. */
  private streams: Route[] = [];

  /** Publishes new parameters (a new template version, so a new ETag), told to open realtime streams. */
  publish(parameters: Record<string, string>): void {
    this.parameters = { ...parameters };
    this.templateVersion += 1;
    const open = this.streams;
    this.streams = [];
    for (const stream of open) {
      stream
        .fulfill({
          status: 200,
          headers: cors(stream),
          contentType: 'application/json',
          body: JSON.stringify({ latestTemplateVersionNumber: String(this.templateVersion) }),
        })
        // A stream whose page has gone meanwhile.
        .catch(() => {});
    }
  }

  /** The requests made to one endpoint. */
  requestsTo(endpoint: FirebaseEndpoint): RecordedRequest[] {
    return this.requests.filter((request) => request.endpoint === endpoint);
  }

  async attach(page: Page): Promise<void> {
    for (const host of FIREBASE_HOSTS) {
      await page.route(`${host}/**`, (route) => this.answer(route));
    }
  }

  private get eTag(): string {
    return `etag-${this.project.projectId}-${this.templateVersion}`;
  }

  private refuse(route: Route, code: number, status: string, message: string) {
    this.refusals.push(`${route.request().url()}: ${message}`);
    return googleError(route, code, status, message);
  }

  private answer(route: Route) {
    const request = route.request();
    const url = new URL(request.url());
    const headers = request.headers();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(request.postData() ?? '{}') as Record<string, unknown>;
    } catch {
      return this.refuse(route, 400, 'INVALID_ARGUMENT', 'the body is not JSON');
    }
    const projectPath = `/v1/projects/${this.project.projectId}/`;
    const record = (endpoint: FirebaseEndpoint) =>
      this.requests.push({ endpoint, url: request.url(), headers, body });

    if (url.host === 'firebaseinstallations.googleapis.com') {
      const installations = `${projectPath}installations`;
      if (request.method() !== 'POST' || !url.pathname.startsWith(installations)) {
        return this.refuse(route, 404, 'NOT_FOUND', `no such installations call: ${url.pathname}`);
      }
      if (headers['x-goog-api-key'] !== this.project.apiKey) {
        return this.refuse(route, 403, 'PERMISSION_DENIED', 'API key not valid');
      }
      if (url.pathname === installations) {
        record('installation');
        return this.register(route, body);
      }
      const generate = url.pathname.match(/\/installations\/([^/]+)\/authTokens:generate$/);
      if (generate) {
        record('auth-token');
        return this.generateAuthToken(route, generate[1], headers.authorization, body);
      }
      return this.refuse(route, 404, 'NOT_FOUND', `no such installations call: ${url.pathname}`);
    }

    if (url.host === 'firebaseremoteconfig.googleapis.com') {
      record('fetch');
      if (url.pathname !== `${projectPath}namespaces/firebase:fetch`) {
        return this.refuse(route, 404, 'NOT_FOUND', `no such project or namespace: ${url.pathname}`);
      }
      if (url.searchParams.get('key') !== this.project.apiKey) {
        return this.refuse(route, 400, 'INVALID_ARGUMENT', 'API key not valid');
      }
      const problem = this.fetchProblem(body);
      if (problem) return this.refuse(route, 403, 'PERMISSION_DENIED', problem);
      return this.fetch(route, headers['if-none-match']);
    }

    if (url.host === 'firebaseremoteconfigrealtime.googleapis.com') {
      record('realtime');
      if (url.pathname !== `${projectPath}namespaces/firebase:streamFetchInvalidations`) {
        return this.refuse(route, 404, 'NOT_FOUND', `no such project or namespace: ${url.pathname}`);
      }
      if (url.searchParams.get('key') !== this.project.apiKey) {
        return this.refuse(route, 400, 'INVALID_ARGUMENT', 'API key not valid');
      }
      if (!this.isAuthToken(String(body.appInstanceId), headers['x-goog-firebase-installations-auth'])) {
        return this.refuse(route, 401, 'UNAUTHENTICATED', 'not a valid installation auth token');
      }
      // The stream stays open until there is something to say.
      this.streams.push(route);
      return;
    }
    return this.refuse(route, 404, 'NOT_FOUND', `not a Firebase host: ${url.host}`);
  }

  private register(route: Route, body: Record<string, unknown>) {
    const fid = String(body.fid ?? '');
    if (!/^[cdef][\w-]{21}$/.test(fid)) {
      return this.refuse(route, 400, 'INVALID_ARGUMENT', `not a valid FID: ${fid}`);
    }
    if (body.authVersion !== 'FIS_v2') {
      return this.refuse(route, 400, 'INVALID_ARGUMENT', `unknown auth version: ${body.authVersion}`);
    }
    if (body.appId !== this.project.appId) {
      return this.refuse(route, 400, 'INVALID_ARGUMENT', `unknown app id: ${body.appId}`);
    }
    const refreshToken = token('refresh');
    const authToken = token('auth');
    this.installations.set(fid, { refreshToken, authTokens: new Set([authToken]) });
    return route.fulfill({
      status: 200,
      headers: cors(route),
      contentType: 'application/json',
      body: JSON.stringify({
        name: `projects/${this.project.projectId}/installations/${fid}`,
        fid,
        refreshToken,
        authToken: { token: authToken, expiresIn: '604800s' },
      }),
    });
  }

  private generateAuthToken(
    route: Route,
    fid: string,
    authorization: string | undefined,
    body: Record<string, unknown>,
  ) {
    const installation = this.installations.get(fid);
    if (!installation || authorization !== `FIS_v2 ${installation.refreshToken}`) {
      return this.refuse(route, 401, 'UNAUTHENTICATED', 'not a valid refresh token');
    }
    if ((body.installation as { appId?: unknown } | undefined)?.appId !== this.project.appId) {
      return this.refuse(route, 400, 'INVALID_ARGUMENT', 'unknown app id');
    }
    const authToken = token('auth');
    installation.authTokens.add(authToken);
    return route.fulfill({
      status: 200,
      headers: cors(route),
      contentType: 'application/json',
      body: JSON.stringify({ token: authToken, expiresIn: '604800s' }),
    });
  }

  private isAuthToken(fid: string, authToken: unknown): boolean {
    return this.installations.get(fid)?.authTokens.has(String(authToken)) ?? false;
  }

  /** What the service would refuse in a fetch's body, or null. */
  private fetchProblem(body: Record<string, unknown>): string | null {
    if (body.app_id !== this.project.appId) return `unknown app id: ${body.app_id}`;
    if (!this.isAuthToken(String(body.app_instance_id), body.app_instance_id_token)) {
      return 'not a valid installation auth token';
    }
    if (typeof body.sdk_version !== 'string' || body.sdk_version === '') return 'no sdk_version';
    if (typeof body.language_code !== 'string') return 'no language_code';
    return null;
  }

  private fetch(route: Route, ifNoneMatch: string | undefined) {
    switch (this.fetchAnswer) {
      case 'dropped':
        return route.abort('connectionreset');
      case 'server-error':
        return googleError(route, 500, 'INTERNAL', 'Internal error encountered.');
      case 'throttled':
        return googleError(route, 429, 'RESOURCE_EXHAUSTED', 'Too many requests.');
      case 'unparsable':
        return route.fulfill({
          status: 200,
          headers: { ...cors(route), etag: this.eTag },
          contentType: 'application/json',
          body: '<html>Service Unavailable</html>',
        });
      case 'parameters':
        if (ifNoneMatch === this.eTag) {
          return route.fulfill({ status: 304, headers: { ...cors(route), etag: this.eTag } });
        }
        return route.fulfill({
          status: 200,
          headers: { ...cors(route), etag: this.eTag },
          contentType: 'application/json',
          body: JSON.stringify({
            entries: this.parameters,
            state: Object.keys(this.parameters).length > 0 ? 'UPDATE' : 'NO_TEMPLATE',
            templateVersion: String(this.templateVersion),
          }),
        });
    }
  }
}
