/**
 * Toast defaults from spec §9. The chart owns the timing ones (duration, removal delay, how many
 * are visible); the view hands the layout ones to sonner, whose own built-in values are the same
 * (sonner takes no props for the swipe thresholds, so those two document what the user gets).
 */
export const TOAST_DURATION_MS = 4000;
export const TOAST_VISIBLE_MAX = 3;
export const TOAST_GAP_PX = 14;
export const TOAST_WIDTH_PX = 356;
export const TOAST_SWIPE_THRESHOLD_PX = 45;
export const TOAST_SWIPE_VELOCITY = 0.11;
export const TOAST_REMOVAL_DELAY_MS = 200;
export const TOAST_OFFSET_DESKTOP_PX = 24;
export const TOAST_OFFSET_MOBILE_PX = 16;

/** setTimeout fires at once for delays above 2^31 - 1 ms, so "never" is clamped to this (about 24 days). */
export const TOAST_LONGEST_TIMER_MS = 2_147_483_647;
