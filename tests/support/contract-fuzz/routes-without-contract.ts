import { stripeSignature } from '../stripe-signature';
import type { Answers, FuzzCase } from './fuzz-case';
import { malformedJsonBodies, nulTexts, queryValues } from './malformed-values';

/**
 * The routes the server registers without a contract (not declared with route()), each with why,
 * and the malformed requests the fuzz sends them. A route added without a contract and without an
 * entry here fails the fuzz until it gets one. HEAD twins of GET routes share their handler and
 * are covered by the GET.
 */

export interface PageCaseContext {
  /** One hosted-login browser's CSRF cookie value, which is also the token its forms carry. */
  csrfToken: string;
  /** The token of a usable password-reset link. */
  resetToken: string;
  /** The embedded Stripe simulator's API key and webhook secret, and an open checkout session. */
  stripe: { secretKey: string; webhookSecret: string; checkoutSessionId: string };
  /** A number of the embedded WhatsApp simulator and its business token. */
  whatsapp: { phoneNumberId: string; wabaId: string; token: string };
}

export interface RouteWithoutContract {
  why: string;
  cases(context: PageCaseContext): FuzzCase[];
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const encodeForm = (fields: [string, string][]) =>
  fields.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');

/** Cases for a query: every parameter with every malformed value, twice, and an unknown one. */
function queryCases(
  route: string,
  path: string,
  params: Record<string, string>,
  answers: Answers,
  headers: Record<string, string> = {},
): FuzzCase[] {
  const method = route.split(' ')[0]!;
  const make = (name: string, query: [string, string][]): FuzzCase => ({
    route,
    name,
    method,
    path: `${path}?${query.map(([key, value]) => `${key}=${value}`).join('&')}`,
    headers,
    answers,
  });
  const valid = Object.entries(params).map(
    ([key, value]) => [key, encodeURIComponent(value)] as [string, string],
  );
  const cases = [make('a valid query', valid)];
  for (const key of Object.keys(params)) {
    const others = valid.filter(([name]) => name !== key);
    for (const value of queryValues)
      cases.push(make(`query.${key}=${value.slice(0, 40)}`, [...others, [key, value]]));
    cases.push(make(`query.${key} twice`, [...others, [key, 'a'], [key, 'b']]));
  }
  cases.push(make('an unknown parameter with NUL', [...valid, ['zz', '%00']]));
  cases.push(
    make('a malformed query string', [
      ['%', '%'],
      ['a', '%E0%A4%A'],
    ]),
  );
  return cases;
}

/** Cases for a path parameter: `url` with `:param` replaced by malformed values. */
function pathCases(
  route: string,
  url: string,
  param: string,
  answers: Answers,
  extra: Partial<FuzzCase> = {},
) {
  const method = route.split(' ')[0]!;
  return [
    '%00',
    encodeURIComponent(`x${nulTexts[1]}`),
    'x'.repeat(101),
    'x'.repeat(2000),
    '%E0%A4%A',
    '..%2F..%2Fpackage.json',
    '%20',
    encodeURIComponent('ação'),
    "'%20OR%201%3D1",
  ].map<FuzzCase>((value) => ({
    route,
    name: `params.${param}=${value.slice(0, 40)}`,
    method,
    path: url.replace(`:${param}`, value),
    answers,
    ...extra,
  }));
}

/**
 * Cases for a form: a valid submission, then each field with NUL, too long, empty, missing, twice
 * and badly encoded, then the body as a whole (empty, JSON, other types, thousands of fields).
 */
function formCases(
  route: string,
  fields: Record<string, string>,
  answers: Answers,
  headers: Record<string, string>,
): FuzzCase[] {
  const [method, path] = route.split(' ') as [string, string];
  const valid = Object.entries(fields);
  const make = (name: string, body: string, extraHeaders: Record<string, string> = {}): FuzzCase => ({
    route,
    name,
    method,
    path,
    headers: { ...FORM, ...headers, ...extraHeaders },
    body,
    answers,
  });
  const cases = [make('a valid form', encodeForm(valid))];
  for (const [field] of valid) {
    const others = valid.filter(([name]) => name !== field);
    for (const [what, value] of [
      ['NUL', nulTexts[1]!],
      ['too long', 'x'.repeat(20_000)],
      ['empty', ''],
    ] as const) {
      cases.push(make(`form.${field}: ${what}`, encodeForm([...others, [field, value]])));
    }
    cases.push(make(`form.${field}: a UTF-16 surrogate`, `${encodeForm(others)}&${field}=%ED%A0%80`));
    cases.push(make(`form.${field}: missing`, encodeForm(others)));
    cases.push(make(`form.${field}: twice`, encodeForm([...valid, [field, 'outro']])));
    cases.push(make(`form.${field}: bad percent-encoding`, `${encodeForm(others)}&${field}=%E0%A4%A`));
  }
  cases.push(make('form: empty body', ''));
  cases.push(make('form: a field name with NUL', `${encodeForm(valid)}&%00=1`));
  cases.push(
    make(
      'form: 3,000 fields',
      `${encodeForm(valid)}&${Array.from({ length: 3000 }, (_, i) => `f${i}=1`).join('&')}`,
    ),
  );
  cases.push(make('form: __proto__ fields', `${encodeForm(valid)}&__proto__=x&constructor=y`));
  for (const type of ['application/json', 'text/plain', 'multipart/form-data; boundary=x']) {
    cases.push(make(`form sent as ${type}`, JSON.stringify(fields), { 'content-type': type }));
  }
  return cases;
}

/** A hosted-login form, as a browser that opened the page submits it (CSRF cookie and field). */
function hostedForm(route: string, fields: Record<string, string>) {
  return (context: PageCaseContext) => [
    ...formCases(route, { csrf: context.csrfToken, ...fields, redirect: '/home' }, 'page', {
      cookie: `fechai_auth_csrf=${context.csrfToken}`,
    }),
    ...formCases(route, fields, 'page', {})
      .slice(0, 1)
      .map((c) => ({ ...c, name: 'without the CSRF cookie' })),
  ];
}

const hostedPage = (route: string, params: Record<string, string>) => () =>
  queryCases(route, route.split(' ')[1]!, params, 'page');

function stripeApi(route: string, fields: Record<string, string>) {
  return (context: PageCaseContext) => {
    const auth = { authorization: `Bearer ${context.stripe.secretKey}` };
    return [
      ...formCases(route, fields, 'stripe', auth),
      ...formCases(route, fields, 'stripe', { authorization: 'Bearer sk_test_errada' }).slice(0, 1),
      {
        route,
        name: 'brackets 20,000 deep',
        method: 'POST',
        path: route.split(' ')[1]!,
        headers: { ...FORM, ...auth },
        body: `metadata${'[a]'.repeat(20_000)}=1`,
        answers: 'stripe' as const,
      },
      {
        route,
        name: 'an index of 1,000,000',
        method: 'POST',
        path: route.split(' ')[1]!,
        headers: { ...FORM, ...auth },
        body: `${encodeForm(Object.entries(fields))}&line_items[1000000][price]=x`,
        answers: 'stripe' as const,
      },
    ];
  };
}

function webhookCases(context: PageCaseContext): FuzzCase[] {
  const route = 'POST /api/billing/stripe/webhook';
  const signed = (name: string, body: string): FuzzCase => ({
    route,
    name: `signed: ${name}`,
    method: 'POST',
    path: '/api/billing/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripeSignature(body, context.stripe.webhookSecret),
    },
    body,
    answers: 'envelope',
  });
  const event = (object: unknown, type = 'customer.subscription.updated') =>
    JSON.stringify({ id: 'evt_fuzz', object: 'event', type, created: 1_800_000_000, data: { object } });
  return [
    ...malformedJsonBodies.map<FuzzCase>(({ name, body }) => ({
      route,
      name: `unsigned: ${name}`,
      method: 'POST',
      path: '/api/billing/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body,
      answers: 'envelope',
    })),
    ...['{}', '[]', 'null', '{"id":"evt_x"}', event(null), event({}), event({ id: 'sub_x\u0000' })].map(
      (body, i) => signed(`payload ${i}`, body),
    ),
    signed(
      'a subscription with odd fields',
      event({
        id: 'sub_fuzz',
        object: 'subscription',
        status: 'active\u0000',
        customer: 'cus_x',
        current_period_end: 1e308,
        metadata: { company_id: 'nao-e-um-id' },
      }),
    ),
    signed(
      'a checkout session of no company',
      event(
        { id: 'cs_fuzz', object: 'checkout.session', client_reference_id: '\u0000' },
        'checkout.session.completed',
      ),
    ),
  ];
}

/** Meta's webhook: malformed bodies under a signature that does not match them (401, nothing stored). */
function whatsappWebhookCases(): FuzzCase[] {
  const route = 'POST /webhooks/whatsapp';
  return malformedJsonBodies.map<FuzzCase>(({ name, body }) => ({
    route,
    name: `unsigned: ${name}`,
    method: 'POST',
    path: '/webhooks/whatsapp',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${'0'.repeat(64)}` },
    body,
    answers: 'envelope',
  }));
}

export const routesWithoutContract: Record<string, RouteWithoutContract> = {
  'GET /healthz': {
    why: 'the load balancer’s bare probe: no input, answers "ok"',
    cases: () => queryCases('GET /healthz', '/healthz', {}, 'page'),
  },
  'GET /api/customers/export': {
    why: 'a CSV download, not the envelope (failures are)',
    cases: () => queryCases('GET /api/customers/export', '/api/customers/export', {}, 'file').slice(0, 8),
  },
  'GET /api/customers/:id/data-export': {
    why: "a customer's data as a JSON download, not the envelope (failures are)",
    cases: () => [
      ...queryCases(
        'GET /api/customers/:id/data-export',
        '/api/customers/00000000-0000-4000-8000-000000000000/data-export',
        {},
        'file',
      ).slice(0, 8),
      ...pathCases('GET /api/customers/:id/data-export', '/api/customers/:id/data-export', 'id', 'file'),
    ],
  },
  'GET /api/billing/checkout/return': {
    why: 'where Stripe sends the browser back: always a redirect',
    cases: (context) =>
      queryCases(
        'GET /api/billing/checkout/return',
        '/api/billing/checkout/return',
        { session_id: context.stripe.checkoutSessionId },
        'redirect',
      ),
  },
  'POST /api/billing/stripe/webhook': {
    why: 'Stripe’s signed raw body, checked before it is parsed',
    cases: webhookCases,
  },
  'GET /webhooks/whatsapp': {
    why: 'Meta’s verification handshake: the challenge as plain text (a wrong token is the envelope’s 403)',
    cases: () =>
      queryCases(
        'GET /webhooks/whatsapp',
        '/webhooks/whatsapp',
        { 'hub.mode': 'subscribe', 'hub.challenge': '1158201444', 'hub.verify_token': 'not-ours' },
        'envelope',
      ),
  },
  'POST /webhooks/whatsapp': {
    why: 'Meta’s signed raw body, checked before it is stored',
    cases: whatsappWebhookCases,
  },
  'GET /api/realtime': {
    why: 'the WebSocket upgrade; a plain GET is refused',
    cases: () => queryCases('GET /api/realtime', '/api/realtime', {}, 'envelope'),
  },
  'GET /dev/outbox': {
    why: 'a dev page (HTML)',
    cases: () => queryCases('GET /dev/outbox', '/dev/outbox', { to: 'ana@exemplo.com.br' }, 'page'),
  },
  'GET /dev/remote-config': {
    why: 'a dev page (HTML) editing the remote configuration',
    cases: () => queryCases('GET /dev/remote-config', '/dev/remote-config', { saved: 'mgm_page' }, 'page'),
  },
  'POST /dev/remote-config': {
    why: 'that page’s forms (its JSON twin, PUT /dev/remote-config, has a contract)',
    cases: () =>
      formCases('POST /dev/remote-config', { key: 'mgm_page', value: '{}', action: 'save' }, 'page', {}),
  },
  'GET /dev/ai-watcher': {
    why: 'a dev page (HTML) turning the conversation watcher on or off per company',
    cases: () => queryCases('GET /dev/ai-watcher', '/dev/ai-watcher', {}, 'page'),
  },
  'POST /dev/ai-watcher': {
    why: 'that page’s form',
    cases: () =>
      formCases(
        'POST /dev/ai-watcher',
        { companyId: '3f6c1d2e-8a4b-4c5d-9e0f-1a2b3c4d5e6f', enabled: '1' },
        'page',
        {},
      ),
  },
  'GET /dev/stripe': {
    why: 'the Stripe simulator’s control page',
    cases: () => queryCases('GET /dev/stripe', '/dev/stripe', {}, 'page'),
  },
  'GET /dev/stripe/assets/:name': {
    why: 'the simulator’s static files',
    cases: () => pathCases('GET /dev/stripe/assets/:name', '/dev/stripe/assets/:name', 'name', 'page'),
  },
  'GET /dev/stripe/checkout/:id': {
    why: 'the simulated hosted checkout page',
    cases: (context) => [
      ...pathCases('GET /dev/stripe/checkout/:id', '/dev/stripe/checkout/:id', 'id', 'page'),
      ...queryCases(
        'GET /dev/stripe/checkout/:id',
        `/dev/stripe/checkout/${context.stripe.checkoutSessionId}`,
        {},
        'page',
      ),
    ],
  },
  'POST /dev/stripe/checkout/:id/pay': {
    why: 'the simulated checkout’s payment form',
    cases: (context) => [
      ...formCases(
        `POST /dev/stripe/checkout/${context.stripe.checkoutSessionId}/pay`,
        {
          email: 'ana@exemplo.com.br',
          cardNumber: '4000000000000002',
          expiry: '12/34',
          cvc: '123',
          name: 'Ana',
        },
        'page',
        {},
      ).map((c) => ({ ...c, route: 'POST /dev/stripe/checkout/:id/pay' })),
      ...pathCases('POST /dev/stripe/checkout/:id/pay', '/dev/stripe/checkout/:id/pay', 'id', 'page', {
        headers: FORM,
        body: 'email=a',
      }),
    ],
  },
  'POST /dev/stripe/subscriptions/:id/:action': {
    why: 'the control page’s renew / fail / cancel buttons',
    cases: () => [
      ...pathCases(
        'POST /dev/stripe/subscriptions/:id/:action',
        '/dev/stripe/subscriptions/:id/renew',
        'id',
        'page',
      ),
      ...pathCases(
        'POST /dev/stripe/subscriptions/:id/:action',
        '/dev/stripe/subscriptions/sub_x/:action',
        'action',
        'page',
      ),
    ],
  },
  'POST /dev/stripe/events/:id/deliver': {
    why: 'the control page’s (re)send button',
    cases: () =>
      pathCases('POST /dev/stripe/events/:id/deliver', '/dev/stripe/events/:id/deliver', 'id', 'page'),
  },
  'POST /dev/stripe/v1/customers': {
    why: 'the simulated Stripe API (form bodies, Stripe’s errors)',
    cases: stripeApi('POST /dev/stripe/v1/customers', { email: 'ana@exemplo.com.br', name: 'Ana' }),
  },
  'POST /dev/stripe/v1/customers/:id/balance_transactions': {
    why: 'the simulated Stripe API (a customer balance credit, Idempotency-Key)',
    cases: (context) => [
      ...stripeApi('POST /dev/stripe/v1/customers/cus_fuzz/balance_transactions', {
        amount: '-500',
        currency: 'brl',
      })(context).map((c) => ({ ...c, route: 'POST /dev/stripe/v1/customers/:id/balance_transactions' })),
      ...pathCases(
        'POST /dev/stripe/v1/customers/:id/balance_transactions',
        '/dev/stripe/v1/customers/:id/balance_transactions',
        'id',
        'stripe',
        {
          headers: { ...FORM, authorization: `Bearer ${context.stripe.secretKey}` },
          body: 'amount=-500&currency=brl',
        },
      ),
    ],
  },
  'POST /dev/stripe/v1/checkout/sessions': {
    why: 'the simulated Stripe API',
    cases: stripeApi('POST /dev/stripe/v1/checkout/sessions', {
      mode: 'subscription',
      'line_items[0][price]': 'price_dev_monthly',
      'line_items[0][quantity]': '1',
      success_url: 'http://localhost/ok',
      cancel_url: 'http://localhost/no',
      'metadata[company_id]': 'x',
    }),
  },
  'GET /dev/stripe/v1/checkout/sessions/:id': {
    why: 'the simulated Stripe API',
    cases: (context) =>
      pathCases(
        'GET /dev/stripe/v1/checkout/sessions/:id',
        '/dev/stripe/v1/checkout/sessions/:id',
        'id',
        'stripe',
        {
          headers: { authorization: `Bearer ${context.stripe.secretKey}` },
        },
      ),
  },
  'GET /dev/stripe/v1/subscriptions/:id': {
    why: 'the simulated Stripe API',
    cases: (context) =>
      pathCases('GET /dev/stripe/v1/subscriptions/:id', '/dev/stripe/v1/subscriptions/:id', 'id', 'stripe', {
        headers: { authorization: `Bearer ${context.stripe.secretKey}` },
      }),
  },
  'POST /dev/stripe/v1/subscriptions/:id': {
    why: 'the simulated Stripe API',
    cases: (context) => [
      ...stripeApi('POST /dev/stripe/v1/subscriptions/sub_fuzz', { cancel_at_period_end: 'true' })(
        context,
      ).map((c) => ({ ...c, route: 'POST /dev/stripe/v1/subscriptions/:id' })),
      ...pathCases(
        'POST /dev/stripe/v1/subscriptions/:id',
        '/dev/stripe/v1/subscriptions/:id',
        'id',
        'stripe',
        {
          headers: { ...FORM, authorization: `Bearer ${context.stripe.secretKey}` },
          body: 'cancel_at_period_end=true',
        },
      ),
    ],
  },
  'DELETE /dev/stripe/v1/subscriptions/:id': {
    why: 'the simulated Stripe API',
    cases: (context) =>
      pathCases(
        'DELETE /dev/stripe/v1/subscriptions/:id',
        '/dev/stripe/v1/subscriptions/:id',
        'id',
        'stripe',
        {
          headers: { authorization: `Bearer ${context.stripe.secretKey}` },
        },
      ),
  },
  'GET,POST,DELETE,PUT,PATCH /dev/stripe/v1/*': {
    why: 'the simulated Stripe API’s 404 for calls it does not know',
    cases: (context) =>
      ['GET', 'POST', 'PATCH'].flatMap((method) =>
        pathCases(`${method} /dev/stripe/v1/*`, '/dev/stripe/v1/:rest', 'rest', 'stripe', {
          route: 'GET,POST,DELETE,PUT,PATCH /dev/stripe/v1/*',
          headers: { authorization: `Bearer ${context.stripe.secretKey}` },
        }),
      ),
  },
  'GET /api/conversation-media/:messageId': {
    why: 'a media file streamed from the Graph API, not the envelope (failures are)',
    cases: () =>
      pathCases(
        'GET /api/conversation-media/:messageId',
        '/api/conversation-media/:messageId',
        'messageId',
        'file',
      ),
  },
  'GET /dev/whatsapp/signup': {
    why: 'the local Cloud API’s Embedded Signup popup (HTML)',
    cases: () =>
      queryCases(
        'GET /dev/whatsapp/signup',
        '/dev/whatsapp/signup',
        { mode: 'coexistence', origin: 'http://localhost' },
        'page',
      ),
  },
  'POST /dev/whatsapp/signup': {
    why: 'the signup popup’s form',
    cases: () =>
      formCases(
        'POST /dev/whatsapp/signup',
        {
          mode: 'cloud_api',
          origin: 'http://localhost',
          businessName: 'Fuzz',
          phone: '5511988887777',
          fault: 'none',
          action: 'finish',
          existing: '',
        },
        'page',
        {},
      ),
  },
  'GET /dev/whatsapp/media/:id': {
    why: 'the local Cloud API’s media download (Bearer token)',
    cases: () => pathCases('GET /dev/whatsapp/media/:id', '/dev/whatsapp/media/:id', 'id', 'page'),
  },
  'GET /dev/whatsapp/graph/:version/oauth/access_token': {
    why: 'the local Cloud API’s code exchange',
    cases: () => [
      ...queryCases(
        'GET /dev/whatsapp/graph/:version/oauth/access_token',
        '/dev/whatsapp/graph/v23.0/oauth/access_token',
        { client_id: '1', client_secret: 'x', code: 'AQx' },
        'page',
      ),
      ...pathCases(
        'GET /dev/whatsapp/graph/:version/oauth/access_token',
        '/dev/whatsapp/graph/:version/oauth/access_token',
        'version',
        'page',
      ),
    ],
  },
  'POST /dev/whatsapp/graph/:version/:id/subscribed_apps': {
    why: 'the local Cloud API (Meta’s Graph API and its error objects)',
    cases: () =>
      pathCases(
        'POST /dev/whatsapp/graph/:version/:id/subscribed_apps',
        '/dev/whatsapp/graph/v23.0/:id/subscribed_apps',
        'id',
        'page',
      ),
  },
  'DELETE /dev/whatsapp/graph/:version/:id/subscribed_apps': {
    why: 'the local Cloud API (Meta’s Graph API and its error objects)',
    cases: () =>
      pathCases(
        'DELETE /dev/whatsapp/graph/:version/:id/subscribed_apps',
        '/dev/whatsapp/graph/v23.0/:id/subscribed_apps',
        'id',
        'page',
      ),
  },
  'GET /dev/whatsapp/graph/:version/:id/phone_numbers': {
    why: 'the local Cloud API (Meta’s Graph API and its error objects)',
    cases: () =>
      pathCases(
        'GET /dev/whatsapp/graph/:version/:id/phone_numbers',
        '/dev/whatsapp/graph/v23.0/:id/phone_numbers',
        'id',
        'page',
      ),
  },
  'GET /dev/whatsapp/graph/:version/:wabaId/message_templates': {
    why: 'the local Cloud API (Meta’s Graph API and its error objects)',
    cases: (context) => [
      ...queryCases(
        'GET /dev/whatsapp/graph/:version/:wabaId/message_templates',
        `/dev/whatsapp/graph/v23.0/${context.whatsapp.wabaId}/message_templates`,
        { fields: 'name,status', limit: '2', after: 'WyJhIiwiYiJd' },
        'graph',
        { authorization: `Bearer ${context.whatsapp.token}` },
      ),
      ...pathCases(
        'GET /dev/whatsapp/graph/:version/:wabaId/message_templates',
        '/dev/whatsapp/graph/v23.0/:wabaId/message_templates',
        'wabaId',
        'graph',
      ),
    ],
  },
  'POST /dev/whatsapp/graph/:version/:id/register': {
    why: 'the local Cloud API (Meta’s Graph API and its error objects)',
    cases: () =>
      pathCases(
        'POST /dev/whatsapp/graph/:version/:id/register',
        '/dev/whatsapp/graph/v23.0/:id/register',
        'id',
        'page',
      ),
  },
  'POST /dev/whatsapp/graph/:version/:id/smb_app_data': {
    why: 'the local Cloud API (Meta’s Graph API and its error objects)',
    cases: () =>
      pathCases(
        'POST /dev/whatsapp/graph/:version/:id/smb_app_data',
        '/dev/whatsapp/graph/v23.0/:id/smb_app_data',
        'id',
        'page',
      ),
  },
  'GET /dev/whatsapp/graph/:version/:id': {
    why: 'the local Cloud API (Meta’s Graph API and its error objects)',
    cases: () =>
      pathCases('GET /dev/whatsapp/graph/:version/:id', '/dev/whatsapp/graph/v23.0/:id', 'id', 'page'),
  },
  'GET /auth/assets/:name': {
    why: 'the hosted login’s static files',
    cases: () => pathCases('GET /auth/assets/:name', '/auth/assets/:name', 'name', 'page'),
  },
  'GET /auth/login': {
    why: 'a hosted-login page',
    cases: hostedPage('GET /auth/login', { returnTo: 'https://x.test', redirect: '/home' }),
  },
  'GET /auth/signup': {
    why: 'a hosted-login page',
    cases: hostedPage('GET /auth/signup', { redirect: '/home' }),
  },
  'GET /auth/forgot-password': {
    why: 'a hosted-login page',
    cases: hostedPage('GET /auth/forgot-password', { redirect: '/home' }),
  },
  'GET /auth/reset-password': {
    why: 'a hosted-login page (the e-mailed link)',
    cases: (context) =>
      queryCases('GET /auth/reset-password', '/auth/reset-password', { token: context.resetToken }, 'page'),
  },
  'GET /auth/logout': {
    why: 'ends the hosted login’s session: always a redirect',
    cases: () => [
      ...queryCases('GET /auth/logout', '/auth/logout', { redirect: '/home' }, 'page'),
      ...['%00', 'x'.repeat(4000), 'a=b=c', '%E0%A4%A'].map<FuzzCase>((value) => ({
        route: 'GET /auth/logout',
        name: `session cookie ${value.slice(0, 20)}`,
        method: 'GET',
        path: '/auth/logout',
        headers: { cookie: `fechai_auth_session=${value}` },
        answers: 'page',
      })),
    ],
  },
  'POST /auth/login': {
    why: 'the hosted sign-in form',
    cases: hostedForm('POST /auth/login', { email: 'ninguem@exemplo.com.br', password: 'senha-errada-123' }),
  },
  'POST /auth/signup': {
    why: 'the hosted sign-up form',
    cases: hostedForm('POST /auth/signup', {
      name: 'Pessoa Nova',
      email: 'pessoa.nova@exemplo.com.br',
      password: 'Senha-forte-2026',
    }),
  },
  'POST /auth/verification/resend': {
    why: 'the hosted "send the link again" form',
    cases: hostedForm('POST /auth/verification/resend', { email: 'pessoa.nova@exemplo.com.br' }),
  },
  'POST /auth/forgot-password': {
    why: 'the hosted "forgot my password" form',
    cases: hostedForm('POST /auth/forgot-password', { email: 'ninguem@exemplo.com.br' }),
  },
  'POST /auth/reset-password': {
    why: 'the hosted new-password form',
    cases: (context) =>
      hostedForm('POST /auth/reset-password', { token: context.resetToken, password: 'x' })(context),
  },
  'GET,HEAD,POST /auth/*': {
    why: 'the hosted login’s 404 page',
    cases: () => pathCases('GET /auth/*', '/auth/:rest', 'rest', 'page', { route: 'GET,HEAD,POST /auth/*' }),
  },
  'POST /dev/whatsapp/graph/:version/:phoneNumberId/messages': {
    why: 'the simulated WhatsApp Graph API (Meta’s JSON error objects)',
    cases: (context) => {
      const route = 'POST /dev/whatsapp/graph/:version/:phoneNumberId/messages';
      const path = `/dev/whatsapp/graph/v23.0/${context.whatsapp.phoneNumberId}/messages`;
      const auth = { 'content-type': 'application/json', authorization: `Bearer ${context.whatsapp.token}` };
      const valid = {
        messaging_product: 'whatsapp',
        to: '5511987650001',
        type: 'text',
        text: { body: 'Oi' },
      };
      const bodies: [string, string][] = [
        ['a valid send', JSON.stringify(valid)],
        ['a template', JSON.stringify({ ...valid, type: 'template', template: { name: 'x', language: {} } })],
        ...malformedJsonBodies
          .filter((one): one is { name: string; body: string } => typeof one.body === 'string')
          .map((one): [string, string] => [one.name, one.body]),
        ...[null, 1, 'x', [], {}, { body: nulTexts[1] }, { body: 'x'.repeat(5000) }].map(
          (text, i): [string, string] => [`text ${i}`, JSON.stringify({ ...valid, text })],
        ),
        ...[null, 1, '', '%00', 'x'.repeat(400), '+55 (11) 98765-4321'].map((to, i): [string, string] => [
          `to ${i}`,
          JSON.stringify({ ...valid, to }),
        ]),
        ['an unknown type', JSON.stringify({ ...valid, type: '__proto__' })],
      ];
      return [
        ...bodies.map(([name, body]) => ({
          route,
          name,
          method: 'POST',
          path,
          headers: auth,
          body,
          answers: 'graph' as const,
        })),
        {
          route,
          name: 'a bad token',
          method: 'POST',
          path,
          headers: { ...auth, authorization: 'Bearer x' },
          body: JSON.stringify(valid),
          answers: 'graph' as const,
        },
        ...pathCases(route, '/dev/whatsapp/graph/v23.0/:phoneNumberId/messages', 'phoneNumberId', 'graph', {
          headers: auth,
          body: JSON.stringify(valid),
        }),
      ];
    },
  },
  'GET /dev/whatsapp': {
    why: 'the WhatsApp simulator’s play-the-customer page',
    cases: (context) =>
      queryCases(
        'GET /dev/whatsapp',
        '/dev/whatsapp',
        { number: context.whatsapp.phoneNumberId, customer: '5511987650001', name: 'Maria', notice: 'ok' },
        'page',
      ),
  },
  'GET /dev/whatsapp/assets/:name': {
    why: 'the WhatsApp simulator pages’ static files (play page and signup popup)',
    cases: () => pathCases('GET /dev/whatsapp/assets/:name', '/dev/whatsapp/assets/:name', 'name', 'page'),
  },
  'GET /dev/whatsapp/preview/:mediaId': {
    why: 'the play page’s view of a photo',
    cases: () =>
      pathCases('GET /dev/whatsapp/preview/:mediaId', '/dev/whatsapp/preview/:mediaId', 'mediaId', 'page'),
  },
  'POST /dev/whatsapp/play/:action': {
    why: 'the play page’s forms (a redirect back to the page)',
    cases: (context) => [
      ...[
        'message',
        'duplicate',
        'batch',
        'read',
        'echo',
        'history',
        'contacts',
        'unreachable',
        'nope',
      ].flatMap((action) =>
        formCases(
          `POST /dev/whatsapp/play/${action}`,
          {
            number: context.whatsapp.phoneNumberId,
            customer: '5511987650001',
            name: 'Maria',
            text: 'Oi',
            count: '3',
          },
          'page',
          {},
        ).map((c) => ({ ...c, route: 'POST /dev/whatsapp/play/:action' })),
      ),
      {
        route: 'POST /dev/whatsapp/play/:action',
        name: 'a photo without a boundary',
        method: 'POST',
        path: '/dev/whatsapp/play/photo',
        headers: { 'content-type': 'multipart/form-data' },
        body: 'x',
        answers: 'page',
      },
      {
        route: 'POST /dev/whatsapp/play/:action',
        name: 'a truncated photo',
        method: 'POST',
        path: '/dev/whatsapp/play/photo',
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
        body: `--b\r\nContent-Disposition: form-data; name="number"\r\n\r\n${context.whatsapp.phoneNumberId}\r\n--b\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc`,
        answers: 'page',
      },
      ...pathCases('POST /dev/whatsapp/play/:action', '/dev/whatsapp/play/:action', 'action', 'page', {
        headers: FORM,
        body: 'text=oi',
      }),
    ],
  },
};
