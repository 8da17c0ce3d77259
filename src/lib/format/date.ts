const shortDate = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' });
const dayAndMonth = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit' });
const hourAndMinute = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' });

function parsed(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An ISO 8601 instant as a Brazilian date in the browser's time zone: "15/02/2030". */
export function formatDate(iso: string): string {
  const date = parsed(iso);
  return date ? shortDate.format(date) : '';
}

/** A full date and time: "15/01/2030 às 14:00". */
export function formatDateTime(iso: string): string {
  const date = parsed(iso);
  return date ? `${shortDate.format(date)} às ${hourAndMinute.format(date)}` : '';
}

/** The day without the year: "15/01". */
export function formatDayMonth(date: Date): string {
  return dayAndMonth.format(date);
}

/** The time of day: "14:00". */
export function formatTime(date: Date): string {
  return hourAndMinute.format(date);
}
