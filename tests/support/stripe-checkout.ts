/** What a browser does on the (simulated) hosted checkout page, over HTTP. */

/** `url` with its origin replaced: the app's links use APP_URL, the test server listens elsewhere. */
export function onOrigin(url: string, origin: string): string {
  const parsed = new URL(url);
  return `${origin}${parsed.pathname}${parsed.search}`;
}

export interface CheckoutVisit {
  /** The page's status and HTML. */
  pageStatus: number;
  page: string;
  /** The POST's answer: 303 and Location after paying, or the page again (402) when declined. */
  status: number;
  location: string | null;
  body: string;
}

/**
 * Opens the checkout page, then submits its form as a browser would (the fields as the page filled
 * them, the card number replaced when given), without following the redirect.
 */
export async function payOnCheckoutPage(
  checkoutUrl: string,
  options: { origin?: string; cardNumber?: string } = {},
): Promise<CheckoutVisit> {
  const pageUrl = options.origin ? onOrigin(checkoutUrl, options.origin) : checkoutUrl;
  const pageResponse = await fetch(pageUrl);
  const page = await pageResponse.text();
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
  if (!action) throw new Error(`no payment form on the checkout page (HTTP ${pageResponse.status})`);
  const fields = new URLSearchParams();
  for (const match of page.matchAll(/<input id="[^"]+" name="([^"]+)"[^>]*value="([^"]*)"/g)) {
    fields.set(
      match[1]!,
      match[2]!.replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&'),
    );
  }
  if (options.cardNumber !== undefined) fields.set('cardNumber', options.cardNumber);
  const response = await fetch(new URL(action, pageUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
    redirect: 'manual',
  });
  return {
    pageStatus: pageResponse.status,
    page,
    status: response.status,
    location: response.headers.get('location'),
    body: await response.text(),
  };
}
