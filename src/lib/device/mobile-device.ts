// iPadOS reports itself as a Mac: only devices that say they run iOS or Android count.
const MOBILE_USER_AGENT = /\b(Android|iPhone|iPad|iPod)\b/i;

/** Spec §2, §6: an iOS or Android device, which the app sends to the store download page. */
export function isMobileDevice(userAgent: string = navigator.userAgent): boolean {
  return MOBILE_USER_AGENT.test(userAgent);
}
