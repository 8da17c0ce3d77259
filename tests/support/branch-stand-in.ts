/**
 * Stands in for Branch's web API (api2.branch.io, and app.link's fingerprint script) the way
 * branch-sdk calls it: `/_r` (JSONP), `/v1/open` (the session, with the matched link's data),
 * `/v1/pageview`, `/v1/url` (a new link). Bodies are form-encoded, as the SDK sends them.
 */

/** A Branch key as the SDK accepts it (key_live_/key_test_ and 32 characters). */
export const BRANCH_TEST_KEY = 'key_test_fechaiE2Ereferral000000000000000';

export interface BranchCall {
  path: string;
  /** The call's fields (the form body, or the query of a GET). */
  fields: Record<string, string>;
}

export interface BranchAnswer {
  status: number;
  contentType: string;
  body: string;
}

/**
 * `linkData`: the data of the link Branch matched this visit to (null: none). `madeLink`: what
 * `/v1/url` answers.
 */
export function branchStandIn(linkData: Record<string, unknown> | null, madeLink: string) {
  const calls: BranchCall[] = [];
  const answer = (method: string, url: URL, body: string): BranchAnswer => {
    const fields = Object.fromEntries(method === 'GET' ? url.searchParams : new URLSearchParams(body));
    calls.push({ path: url.pathname, fields });
    const json = (value: unknown): BranchAnswer => ({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify(value),
    });
    switch (url.pathname) {
      case '/_r':
        return {
          status: 200,
          contentType: 'text/javascript',
          body: `${fields.callback}(${JSON.stringify('fp-standin')});`,
        };
      case '/v1/open':
        return json({
          session_id: '1111111111111111111',
          identity_id: '2222222222222222222',
          browser_fingerprint_id: '3333333333333333333',
          link: 'https://fechai.app.link?%24identity_id=2222222222222222222',
          has_app: false,
          data: JSON.stringify(linkData ? { '+clicked_branch_link': true, ...linkData } : {}),
        });
      case '/v1/pageview':
        return json({});
      case '/v1/url':
        return json({ url: madeLink });
      default:
        return { status: 404, contentType: 'application/json', body: '{"error":"not found"}' };
    }
  };
  return { calls, answer };
}

/** The link data a `/v1/url` call asked for (its `data` field, JSON). */
export function madeLinkPayload(call: BranchCall): Record<string, unknown> {
  const { data, ...rest } = call.fields;
  return { ...rest, data: data ? JSON.parse(data) : undefined };
}
