import type { AdvisorRecordKind, AdvisorSource } from '../../../contracts/advisor';

/**
 * A record an answer may use: what the prompt shows of it (one line of fields) and how the chat links
 * it. `fields` written by the company's customers (names, notes, messages) are marked as such so the
 * prompt can fence them as data.
 */
export interface ContextRecord {
  kind: AdvisorRecordKind;
  id: string;
  label: string;
  href: string;
  /** Fields for the prompt, in order: `nome: "Maria"`. Values are quoted (JSON) so none breaks the line. */
  fields: [name: string, value: string][];
}

export const sourceOf = (record: ContextRecord): AdvisorSource => ({
  kind: record.kind,
  id: record.id,
  label: record.label,
  href: record.href,
});

/** Same record twice (two readers found it) counts once, the first place it was found. */
export function distinctRecords(records: ContextRecord[]): ContextRecord[] {
  const seen = new Set<string>();
  return records.filter((r) => {
    const key = `${r.kind}:${r.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** What one record's line may hold: the context stays bounded whatever customers wrote. */
export const RECORD_FIELD_MAX = 400;

/** `[#n] <kind>: campo: "valor", …` — one line per record, numbered from 1 in the given order. */
export function recordLines(records: ContextRecord[]): string[] {
  return records.map((record, index) => {
    const fields = record.fields
      .map(([name, value]) => `${name}: ${JSON.stringify(clip(value, RECORD_FIELD_MAX))}`)
      .join(', ');
    return `[#${index + 1}] ${record.kind}: ${fields}`;
  });
}

const clip = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

const MARKER = /\[#(\d{1,3})\]/g;

/** The records an answer cited with `[#n]`, in the order first cited; markers outside the list are ignored. */
export function citedRecords(text: string, records: ContextRecord[]): ContextRecord[] {
  const cited: ContextRecord[] = [];
  for (const match of text.matchAll(MARKER)) {
    const record = records[Number(match[1]) - 1];
    if (record && !cited.includes(record)) cited.push(record);
  }
  return cited;
}

/** The answer as kept and shown: without its `[#n]` markers (the cited records are its sources). */
export const withoutMarkers = (text: string): string => text.replace(MARKER, '');

/** Tidies what removing markers leaves (" ." , double spaces) once the whole answer is known. */
export const tidyAnswer = (text: string): string =>
  text
    .replace(/[ \t]+([.,;:!?])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .trim();

/**
 * Streams text without its markers: a marker cut between two pieces (`[#` then `3]`) is held back
 * until it is whole, so no piece ever shows part of one.
 */
export function markerStripper(emit: (text: string) => void): { push(piece: string): void; end(): void } {
  let held = '';
  return {
    push(piece) {
      const text = held + piece;
      const open = text.lastIndexOf('[');
      const tail = open >= 0 ? text.slice(open) : '';
      const partial = /^\[(#\d{0,3})?$/.test(tail);
      held = partial ? tail : '';
      const ready = withoutMarkers(partial ? text.slice(0, open) : text);
      if (ready) emit(ready);
    },
    end() {
      if (held) emit(held);
      held = '';
    },
  };
}
