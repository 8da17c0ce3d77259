import { createHash } from 'node:crypto';
import { describe, expect, test, vi } from 'vitest';
import { decodeText } from '../../src/features/customers/import/decode-text';
import { importReportCsv } from '../../src/features/customers/import/import-report-csv';
import { detectSeparator, parseCsv, parseCsvRecords } from '../../src/features/customers/import/parse-csv';
import { parseVcard, parseVcardContacts } from '../../src/features/customers/import/parse-vcard';
import { readImportFile } from '../../src/features/customers/import/read-import-file';
import { sha256, sha256Hex } from '../../src/lib/sha256-hex';

const utf8 = (text: string) => new TextEncoder().encode(text);
/** Windows-1252 bytes for Latin-1 text (what Excel in pt-BR writes). */
const cp1252 = (text: string) => new Uint8Array([...text].map((char) => char.charCodeAt(0)));

describe('decoding the file', () => {
  test('UTF-8, with or without a BOM (the BOM is dropped)', () => {
    expect(decodeText(utf8('Nome\nJoão'))).toBe('Nome\nJoão');
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('Nome;Observações')]))).toBe(
      'Nome;Observações',
    );
  });

  test('bytes that are not UTF-8 are read as Windows-1252 (Excel in pt-BR)', () => {
    expect(decodeText(cp1252('Nome;Observações\nJoão;Não ligar às 8h'))).toBe(
      'Nome;Observações\nJoão;Não ligar às 8h',
    );
    // 0x80 is the euro sign in Windows-1252 (not in Latin-1).
    expect(decodeText(new Uint8Array([0x80, 0x20, 0x31, 0x30, 0x20, 0x93, 0x6f, 0x6b, 0x94]))).toBe(
      '€ 10 \u201cok\u201d',
    );
  });

  test('UTF-16 with its BOM ("Texto Unicode" in Excel)', () => {
    const text = 'Nome\tTelefone\nÂngela\t11987654321';
    const le = new Uint8Array(2 + text.length * 2);
    le.set([0xff, 0xfe]);
    [...text].forEach((char, i) => {
      le[2 + i * 2] = char.charCodeAt(0) & 0xff;
      le[3 + i * 2] = char.charCodeAt(0) >> 8;
    });
    expect(decodeText(le)).toBe(text);
  });
});

describe('CSV (RFC 4180)', () => {
  test.each([
    ['Nome;Telefone;E-mail\nAna;1;a', ';'],
    ['Nome,Telefone,E-mail\nAna,1,a', ','],
    ['Nome\tTelefone\nAna\t1', '\t'],
    ['"Nome; completo",Telefone,Email\nAna,1,a', ','],
    ['Nome\nAna', ','],
  ])('detects the separator of %j as %j', (text, separator) => {
    expect(detectSeparator(text)).toBe(separator);
  });

  test('quoted fields hold separators, line breaks and doubled quotes; CRLF, LF and CR end lines', () => {
    const text = 'nome,obs\r\n"Souza, Ana","linha 1\r\nlinha 2"\n"Bia ""Doces""",x\rCarlos,';
    expect(parseCsvRecords(text, ',')).toEqual([
      ['nome', 'obs'],
      ['Souza, Ana', 'linha 1\r\nlinha 2'],
      ['Bia "Doces"', 'x'],
      ['Carlos', ''],
    ]);
  });

  test('a quote inside an unquoted field is kept; an unclosed quote runs to the end', () => {
    expect(parseCsvRecords('a,b 5" tela,c\n"aberto,x', ',')).toEqual([['a', 'b 5" tela', 'c'], ['aberto,x']]);
  });

  test('a table: the first non-blank row is the header; blank rows are skipped but keep their number', () => {
    const table = parseCsv('\uFEFFNome;Telefone\n\nAna;11 98765-4321\n;\n"Bia";\n');
    expect(table).toEqual({
      format: 'csv',
      headers: ['Nome', 'Telefone'],
      rows: [
        { line: 2, cells: ['Ana', '11 98765-4321'] },
        { line: 4, cells: ['Bia', ''] },
      ],
    });
  });

  test('a file with only a header, or nothing, has no rows', () => {
    expect(parseCsv('Nome;Telefone\r\n').rows).toEqual([]);
    expect(parseCsv('').rows).toEqual([]);
  });
});

describe('vCard', () => {
  test('vCard 3: FN, the first mobile TEL, EMAIL, NOTE with escapes, CATEGORIES; folded lines', () => {
    const text = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Ana Souza',
      'N:Souza;Ana;;;',
      'TEL;TYPE=HOME,VOICE:+55 11 3333-4444',
      'TEL;TYPE=CELL:+55 11 98765-4321',
      'EMAIL;TYPE=INTERNET:ana@exemplo.com.br',
      'NOTE:Prefere contato à tarde\\, depois das 14h.\\nCliente desde 2020',
      'CATEGORIES:vip,atacado',
      'END:VCARD',
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Lima;Bruno;de;Dr.;',
      'TEL:11912345678',
      'NOTE:Uma observação muito longa que o telefone dobrou em',
      '  duas linhas',
      'END:VCARD',
    ].join('\r\n');
    expect(parseVcardContacts(text)).toEqual([
      {
        name: 'Ana Souza',
        phone: '+55 11 98765-4321',
        email: 'ana@exemplo.com.br',
        note: 'Prefere contato à tarde, depois das 14h.\nCliente desde 2020',
        categories: ['vip', 'atacado'],
      },
      {
        name: 'Dr. Bruno de Lima',
        phone: '11912345678',
        email: '',
        note: 'Uma observação muito longa que o telefone dobrou em duas linhas',
        categories: [],
      },
    ]);
  });

  test('vCard 4: TEL as a tel: URI with a quoted type list, grouped properties', () => {
    const text = [
      'BEGIN:VCARD',
      'VERSION:4.0',
      'FN:Carla Dias',
      'item1.TEL;VALUE=uri;TYPE="voice,cell":tel:+55-21-99876-5432',
      'item1.X-ABLabel:celular',
      'END:VCARD',
    ].join('\n');
    expect(parseVcardContacts(text)[0]).toMatchObject({ name: 'Carla Dias', phone: '+55-21-99876-5432' });
  });

  test('vCard 2.1 from older phones: bare types and quoted-printable UTF-8', () => {
    const text = [
      'BEGIN:VCARD',
      'VERSION:2.1',
      'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:;Jo=C3=A3o;;;',
      'FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Jo=C3=A3o Concei=C3=A7=',
      '=C3=A3o',
      'TEL;HOME:1133334444',
      'TEL;CELL:11987650000',
      'END:VCARD',
    ].join('\r\n');
    expect(parseVcardContacts(text)[0]).toMatchObject({ name: 'João Conceição', phone: '11987650000' });
  });

  test('as a table: fixed columns the mapping recognises, a row per contact', () => {
    const table = parseVcard('BEGIN:VCARD\nFN:Ana\nCATEGORIES:vip,novo\nEND:VCARD\nBEGIN:VCARD\nEND:VCARD\n');
    expect(table).toEqual({
      format: 'vcard',
      headers: ['Nome', 'Telefone', 'E-mail', 'Observações', 'Etiquetas'],
      rows: [{ line: 1, cells: ['Ana', '', '', '', 'vip, novo'] }],
    });
  });
});

describe('reading a chosen file', () => {
  test('a Windows-1252 CSV from Excel', async () => {
    const file = new File([cp1252('Nome;Observações\r\nJoão;Ótimo cliente\r\n')], 'clientes.csv');
    const { table } = await readImportFile(file, 'csv');
    expect(table.headers).toEqual(['Nome', 'Observações']);
    expect(table.rows).toEqual([{ line: 1, cells: ['João', 'Ótimo cliente'] }]);
  });

  test('a vCard file', async () => {
    const file = new File(
      [utf8('BEGIN:VCARD\r\nFN:Ângela\r\nTEL;TYPE=CELL:11987654321\r\nEND:VCARD\r\n')],
      'c.vcf',
    );
    const { table } = await readImportFile(file, 'vcard');
    expect(table.rows).toEqual([{ line: 1, cells: ['Ângela', '11987654321', '', '', ''] }]);
  });

  test('NUL characters are dropped from every cell and header (a UTF-16 file without its BOM, odd exporters)', async () => {
    const csv = new File(
      [utf8('N\u0000ome;Fone\r\nAna\u0000 Souza;\u000011 98765-4321\r\n')],
      'clientes.csv',
    );
    const { table } = await readImportFile(csv, 'csv');
    expect(table.headers).toEqual(['Nome', 'Fone']);
    expect(table.rows).toEqual([{ line: 1, cells: ['Ana Souza', '11 98765-4321'] }]);
    // UTF-16 saved without a BOM reads as UTF-8 with a NUL after every letter.
    const utf16 = new File(
      [new Uint8Array([...'Nome\nBia\n'].flatMap((c) => [c.charCodeAt(0), 0]))],
      'u.csv',
    );
    expect((await readImportFile(utf16, 'csv')).table).toMatchObject({
      headers: ['Nome'],
      rows: [{ line: 1, cells: ['Bia'] }],
    });
    const vcard = new File([utf8('BEGIN:VCARD\r\nFN:Cl\u0000eo\r\nEND:VCARD\r\n')], 'c.vcf');
    expect((await readImportFile(vcard, 'vcard')).table.rows[0]!.cells[0]).toBe('Cleo');
  });

  test('the hash of the file’s bytes recognises the same file chosen again', async () => {
    const bytes = utf8('Nome\nAna\n');
    const first = await readImportFile(new File([bytes], 'clientes.csv'), 'csv');
    const again = await readImportFile(new File([bytes], 'renomeado.csv'), 'csv');
    const other = await readImportFile(new File([utf8('Nome\nBia\n')], 'clientes.csv'), 'csv');
    expect(first.fileHash).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(again.fileHash).toBe(first.fileHash);
    expect(other.fileHash).not.toBe(first.fileHash);
  });
});

describe('SHA-256 where the page has no SubtleCrypto (a local network address)', () => {
  test.each([0, 1, 55, 56, 63, 64, 65, 1000])('%i bytes: the same digest as the standard one', (length) => {
    const bytes = Uint8Array.from({ length }, (_, i) => (i * 31 + 7) % 256);
    expect(Buffer.from(sha256(bytes)).toString('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  test('without crypto.subtle the hash is the same', async () => {
    const bytes = utf8('Nome\nAna\n');
    const withSubtle = await sha256Hex(bytes);
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    expect(await sha256Hex(bytes)).toBe(withSubtle);
  });
});

test('the report of skipped rows as CSV: BOM, ";" and quotes where needed', () => {
  expect(
    importReportCsv([
      { line: 3, name: 'Ana; filha', reason: 'Telefone já cadastrado (Ana Souza).' },
      { line: 7, name: '', reason: 'Sem nome.' },
    ]),
  ).toBe('\uFEFFlinha;nome;motivo\r\n3;"Ana; filha";Telefone já cadastrado (Ana Souza).\r\n7;;Sem nome.\r\n');
});
