/**
 * Brazilian taxpayer numbers: CPF (people, 11 digits) and CNPJ (companies, 14 characters; since
 * 2026 the first 12 may be letters, the two check digits stay digits). Pure functions shared by the
 * client (masks, inline validation) and the server (the contract's refinement).
 */

export const documentTypes = ['cpf', 'cnpj'] as const;
export type DocumentType = (typeof documentTypes)[number];

/** What a person typed, kept to the characters that count: digits, and letters for a CNPJ. */
export function normalizeDocumentNumber(type: DocumentType, input: string): string {
  const kept = input.toUpperCase().replace(type === 'cpf' ? /[^0-9]/g : /[^0-9A-Z]/g, '');
  return kept.slice(0, type === 'cpf' ? 11 : 14);
}

/** Each character's value in the check-digit sums: digits 0–9, letters by ASCII code minus 48. */
function charValue(char: string): number {
  return char.charCodeAt(0) - 48;
}

function checkDigit(body: string, firstWeight: number, wrapAt?: number): number {
  let sum = 0;
  let weight = firstWeight;
  for (const char of body) {
    sum += charValue(char) * weight;
    weight -= 1;
    if (wrapAt !== undefined && weight < 2) weight = wrapAt;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCpf(input: string): boolean {
  const cpf = input.replace(/[^0-9]/g, '');
  if (!/^[0-9]{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const first = checkDigit(cpf.slice(0, 9), 10);
  const second = checkDigit(cpf.slice(0, 10), 11);
  return first === Number(cpf[9]) && second === Number(cpf[10]);
}

export function isValidCnpj(input: string): boolean {
  const cnpj = input.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(cnpj) || /^(.)\1{13}$/.test(cnpj)) return false;
  const first = checkDigit(cnpj.slice(0, 12), 5, 9);
  const second = checkDigit(cnpj.slice(0, 13), 6, 9);
  return first === Number(cnpj[12]) && second === Number(cnpj[13]);
}

export function isValidDocumentNumber(type: DocumentType, input: string): boolean {
  return type === 'cpf' ? isValidCpf(input) : isValidCnpj(input);
}

/** 000.000.000-00 and 00.000.000/0000-00, applied as far as the person has typed. */
export function formatDocumentNumber(type: DocumentType, input: string): string {
  const value = normalizeDocumentNumber(type, input);
  const cuts = type === 'cpf' ? [3, 6, 9] : [2, 5, 8, 12];
  const marks = type === 'cpf' ? ['.', '.', '-'] : ['.', '.', '/', '-'];
  let out = '';
  for (let i = 0; i < value.length; i += 1) {
    const cut = cuts.indexOf(i);
    if (cut !== -1) out += marks[cut];
    out += value[i];
  }
  return out;
}
