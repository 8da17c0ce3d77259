/** 90 → "1h 30min", 60 → "1h", 45 → "45min". */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}min`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}min`;
}

/** What the hours and minutes fields hold, as minutes; null when both are empty, NaN when not whole numbers. */
export function minutesFromFields(hours: string, minutes: string): number | null {
  if (hours.trim() === '' && minutes.trim() === '') return null;
  const whole = (text: string) =>
    text.trim() === '' ? 0 : /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;
  return whole(hours) * 60 + whole(minutes);
}
