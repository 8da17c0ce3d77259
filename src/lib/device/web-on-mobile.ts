/** Set once a phone user chose "Continuar no navegador" on /download-app. */
export const WEB_ON_MOBILE_KEY = 'fechai-web-on-mobile';

// With storage blocked the choice still holds until the page reloads, so the user is not bounced
// straight back to the download page.
let chosenThisPageLoad = false;

export function prefersWebOnMobile(): boolean {
  if (chosenThisPageLoad) return true;
  try {
    return localStorage.getItem(WEB_ON_MOBILE_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberWebOnMobile(): void {
  try {
    localStorage.setItem(WEB_ON_MOBILE_KEY, '1');
  } catch {
    chosenThisPageLoad = true;
  }
}
