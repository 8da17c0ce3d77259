import {
  type ImportField,
  type ImportMapping,
  type ImportRow,
  importFields,
} from '../../contracts/customers';
import { searchText } from '../../contracts/search-text';
import type { ImportTable } from './import-table';

export { type ImportField, importFields } from '../../contracts/customers';

/** Each field → the index of the column that fills it, or null ("Não importar"). */
export type ColumnMapping = ImportMapping;

export const emptyMapping: ColumnMapping = { name: null, phone: null, email: null, notes: null, tags: null };

/** Column titles people use, in Portuguese and English, as headerKey() writes them. */
const headerWords: Record<ImportField, readonly string[]> = {
  name: ['nome', 'name', 'nomecompleto', 'fullname', 'cliente'],
  phone: [
    'telefone',
    'celular',
    'whatsapp',
    'phone',
    'fone',
    'tel',
    'mobile',
    'telefonecelular',
    'phonenumber',
  ],
  email: ['email', 'mail', 'emailaddress', 'enderecodeemail'],
  notes: ['observacoes', 'observacao', 'obs', 'notas', 'nota', 'notes', 'note', 'anotacoes'],
  tags: ['etiquetas', 'etiqueta', 'tags', 'tag', 'categorias', 'categories'],
};

/** A header as compared: accents, case, spaces and punctuation gone ("E-mail" → "email"). */
export function headerKey(header: string): string {
  return searchText(header).replace(/[^a-z0-9]/g, '');
}

/**
 * The mapping a file's headers suggest: an exact title first ("Telefone"), then one that starts
 * with a known word ("Telefone celular", "E-mail pessoal"). A column fills one field at most.
 */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  const keys = headers.map(headerKey);
  const mapping: ColumnMapping = { ...emptyMapping };
  const taken = new Set<number>();
  const pick = (field: ImportField, matches: (key: string, word: string) => boolean) => {
    if (mapping[field] !== null) return;
    const index = keys.findIndex(
      (key, i) => !taken.has(i) && key !== '' && headerWords[field].some((word) => matches(key, word)),
    );
    if (index >= 0) {
      mapping[field] = index;
      taken.add(index);
    }
  };
  for (const field of importFields) pick(field, (key, word) => key === word);
  for (const field of importFields) pick(field, (key, word) => word.length >= 3 && key.startsWith(word));
  return mapping;
}

/** Limits of one row's values in an import batch (contracts/customers importRowSchema). */
const VALUE_MAX = 1000;
const NOTES_MAX = 10_000;
const TAGS_MAX = 50;

/** "vip, atacado; 2024" → ["vip", "atacado", "2024"]. */
export function splitTags(text: string): string[] {
  return text
    .split(/[,;]/)
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '')
    .slice(0, TAGS_MAX)
    .map((tag) => tag.slice(0, VALUE_MAX));
}

/**
 * The rows to send: each mapped cell trimmed, empty ones left out, cut to what a batch accepts
 * (the server judges the rest and says why a row is skipped).
 */
export function mappedRows(table: ImportTable, mapping: ColumnMapping): ImportRow[] {
  return table.rows.map((record) => {
    const cell = (field: ImportField, max: number): string | undefined => {
      const index = mapping[field];
      const value = index === null ? '' : (record.cells[index] ?? '').trim();
      return value === '' ? undefined : value.slice(0, max);
    };
    const row: ImportRow = { line: record.line };
    const name = cell('name', VALUE_MAX);
    const phone = cell('phone', VALUE_MAX);
    const email = cell('email', VALUE_MAX);
    const notes = cell('notes', NOTES_MAX);
    const tags = splitTags(cell('tags', Number.POSITIVE_INFINITY) ?? '');
    if (name !== undefined) row.name = name;
    if (phone !== undefined) row.phone = phone;
    if (email !== undefined) row.email = email;
    if (notes !== undefined) row.notes = notes;
    if (tags.length > 0) row.tags = tags;
    return row;
  });
}
