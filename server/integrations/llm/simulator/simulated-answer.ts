/** The `[#n]` markers of a prompt, each once, in the order they first appear. */
export function citedMarkers(texts: string[]): string[] {
  const seen = new Set<string>();
  for (const text of texts) for (const match of text.matchAll(/\[#\d+\]/g)) seen.add(match[0]);
  return [...seen];
}

/** `a`, `a e b`, `a, b e c`. */
function listed(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} e ${items.at(-1)}`;
}

/**
 * The stand-in's answer when no test scripted one: deterministic pt-BR text citing every record the
 * prompt listed, so a caller can check which records reached the prompt and how citations come back.
 */
export function defaultAnswer(texts: string[]): string {
  const markers = citedMarkers(texts);
  if (markers.length === 0) return 'Não encontrei registros sobre isso, então respondo sem citar nenhum.';
  const records = markers.length === 1 ? `o registro ${markers[0]}` : `os registros ${listed(markers)}`;
  return `Segundo ${records}, esta é a resposta do simulador com base nos dados da empresa.`;
}

/** Each token with the whitespace before it: a word (a `[#n]` marker is one) or a run of punctuation. */
const tokens = (text: string) => text.match(/\s*(?:[\p{L}\p{N}_#[\]]+|[^\s\p{L}\p{N}]+)/gu) ?? [];

/** The stand-in counts a token per word and per punctuation run: close enough to be tested against. */
export function countTokens(text: string): number {
  return tokens(text).length;
}

/** The first `max` tokens of `text` (the stand-in's answer cut at max_tokens), and whether it was cut. */
export function truncateToTokens(text: string, max: number): { text: string; cut: boolean } {
  const pieces = tokens(text);
  if (pieces.length <= max) return { text, cut: false };
  return { text: pieces.slice(0, max).join(''), cut: true };
}

/** The answer in pieces of a few words each, as a stream sends them. */
export function chunked(text: string, wordsPerChunk = 3): string[] {
  const words = text.match(/\S+\s*/g) ?? [];
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += wordsPerChunk)
    chunks.push(words.slice(i, i + wordsPerChunk).join(''));
  // Leading whitespace belongs to the first piece so the pieces join back to the text exactly.
  const lead = text.match(/^\s*/)?.[0] ?? '';
  if (lead && chunks.length > 0) chunks[0] = lead + chunks[0];
  return chunks.length > 0 ? chunks : [text];
}
