/**
 * Meta's Embedded Signup popup, as the local Cloud API's page plays it, driven over HTTP: the form
 * posted as a tester would, and the messages the page hands to the window that opened it.
 */
export interface SignupMessages {
  event: string;
  data: { phone_number_id?: string; waba_id?: string; business_id?: string; current_step?: string };
  code: string | null;
}

function unescapeHtml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Posts the popup's form; answers the WA_EMBEDDED_SIGNUP event and FB.login's code. */
export async function completeSignup(
  serverUrl: string,
  fields: {
    mode?: 'cloud_api' | 'coexistence';
    action?: 'finish' | 'finish_only_waba' | 'cancel';
    businessName?: string;
    phone?: string;
    existing?: string;
    fault?: 'none' | 'pin_mismatch' | 'too_many_attempts' | 'pending_review';
  } = {},
): Promise<SignupMessages> {
  const form = new URLSearchParams({
    mode: fields.mode ?? 'cloud_api',
    origin: serverUrl,
    action: fields.action ?? 'finish',
    businessName: fields.businessName ?? 'Doces da Ana',
    phone: fields.phone ?? '5511988887777',
    existing: fields.existing ?? '',
    fault: fields.fault ?? 'none',
  });
  const response = await fetch(`${serverUrl}/dev/whatsapp/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  const page = await response.text();
  if (response.status !== 200) throw new Error(`signup page answered ${response.status}: ${page}`);
  const raw = /data-messages="([^"]*)"/.exec(page)?.[1];
  if (!raw) throw new Error('the signup page handed no messages');
  const messages = JSON.parse(unescapeHtml(raw)) as Array<Record<string, unknown>>;
  const signup = messages.find((message) => message.type === 'WA_EMBEDDED_SIGNUP') as
    | { event: string; data: SignupMessages['data'] }
    | undefined;
  const login = messages.find((message) => message.type === 'FB_LOGIN_RESULT') as
    | { authResponse: { code: string } | null }
    | undefined;
  if (!signup || !login) throw new Error('the signup page did not hand both messages');
  return { event: signup.event, data: signup.data, code: login.authResponse?.code ?? null };
}

/** The body of POST /api/whatsapp-connections for what the popup reported. */
export function connectBody(signup: SignupMessages, mode: 'cloud_api' | 'coexistence' = 'cloud_api') {
  return {
    code: signup.code,
    mode,
    finish: signup.event,
    wabaId: signup.data.waba_id,
    phoneNumberId: signup.data.phone_number_id ?? null,
    businessId: signup.data.business_id ?? null,
  };
}
