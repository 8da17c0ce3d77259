import { describe, expect, it } from 'vitest';
import {
  formatDocumentNumber,
  isValidCnpj,
  isValidCpf,
  isValidDocumentNumber,
  normalizeDocumentNumber,
} from '../../contracts/brazil/document-number';
import {
  formatBrazilianPhone,
  isBrazilianMobile,
  nationalNumber,
  normalizePhoneNumber,
  withCountryCode,
} from '../../contracts/brazil/mobile-phone';

describe('CPF', () => {
  it('accepts valid numbers, with or without the mask', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
  });

  it('refuses a wrong check digit, repeated digits and wrong lengths', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('529.982.247-15')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('000.000.000-00')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('529982247250')).toBe(false);
    expect(isValidCpf('')).toBe(false);
  });
});

describe('CNPJ', () => {
  it('accepts valid numeric and alphanumeric numbers, masked or not, in any letter case', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12abc34501de35')).toBe(true);
  });

  it('refuses wrong check digits, letters where the check digits go and repeated characters', () => {
    expect(isValidCnpj('11.222.333/0001-80')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DE-36')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DE-3A')).toBe(false);
    expect(isValidCnpj('00.000.000/0000-00')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
  });

  it('is chosen by the document type', () => {
    expect(isValidDocumentNumber('cpf', '529.982.247-25')).toBe(true);
    expect(isValidDocumentNumber('cnpj', '529.982.247-25')).toBe(false);
    expect(isValidDocumentNumber('cnpj', '11.222.333/0001-81')).toBe(true);
    expect(isValidDocumentNumber('cpf', '11.222.333/0001-81')).toBe(false);
  });
});

describe('document masks and normalisation', () => {
  it('keeps digits (and a CNPJ’s letters, upper case) and nothing else', () => {
    expect(normalizeDocumentNumber('cpf', '529.982.247-25')).toBe('52998224725');
    expect(normalizeDocumentNumber('cnpj', '12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(normalizeDocumentNumber('cpf', '12.ABC')).toBe('12');
  });

  it('masks as far as the person has typed', () => {
    expect(formatDocumentNumber('cpf', '52998224725')).toBe('529.982.247-25');
    expect(formatDocumentNumber('cpf', '5299')).toBe('529.9');
    expect(formatDocumentNumber('cnpj', '11222333000181')).toBe('11.222.333/0001-81');
    expect(formatDocumentNumber('cnpj', '12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatDocumentNumber('cnpj', '112223')).toBe('11.222.3');
  });
});

describe('Brazilian mobile numbers', () => {
  it('normalise to digits, keeping a leading plus (spec §5)', () => {
    expect(normalizePhoneNumber(' (11) 91234-5678 ')).toBe('11912345678');
    expect(normalizePhoneNumber('+55 (11) 91234-5678')).toBe('+5511912345678');
  });

  it('get the country code 55 once, whether or not it was typed', () => {
    expect(withCountryCode('(11) 91234-5678')).toBe('5511912345678');
    expect(withCountryCode('+55 11 91234-5678')).toBe('5511912345678');
    expect(nationalNumber('5511912345678')).toBe('11912345678');
  });

  it('are a valid DDD and nine digits starting with 9', () => {
    expect(isBrazilianMobile('11912345678')).toBe(true);
    expect(isBrazilianMobile('+5521987654321')).toBe(true);
    expect(isBrazilianMobile('1133334444')).toBe(false);
    expect(isBrazilianMobile('11812345678')).toBe(false);
    expect(isBrazilianMobile('20912345678')).toBe(false);
    expect(isBrazilianMobile('119123456')).toBe(false);
  });

  it('display as (DD) 12345-6789 or (DD) 1234-5678, as typed so far', () => {
    expect(formatBrazilianPhone('5511912345678')).toBe('(11) 91234-5678');
    expect(formatBrazilianPhone('1133334444')).toBe('(11) 3333-4444');
    expect(formatBrazilianPhone('119')).toBe('(11) 9');
    expect(formatBrazilianPhone('1')).toBe('(1');
    expect(formatBrazilianPhone('')).toBe('');
  });
});
