/** Text measures shared by validation on both sides: length is counted in user-perceived characters. */
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export function graphemeLength(text: string): number {
  let n = 0;
  for (const _ of segmenter.segment(text)) n++;
  return n;
}

/** The form used to compare two texts for duplicates: case, width and spacing do not make a text new. */
export function normalizeForDuplicate(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase('und').replace(/\s+/gu, ' ').trim();
}

/**
 * The positions of a poll's options that repeat an earlier one, compared as duplicate texts are: "Кофе" and " кофе "
 * would be two buttons that split one choice's votes. Empty options are left to the rule that requires them. The
 * server's schema and the composer both ask this, so the form refuses exactly what the server would.
 */
export function repeatedOptions(options: readonly string[]): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  options.forEach((option, i) => {
    const key = normalizeForDuplicate(option);
    if (key === '') return;
    if (seen.has(key)) repeated.push(i);
    else seen.add(key);
  });
  return repeated;
}

/** #hashtags in a text: letters, marks, digits and underscores in any script, 2–50 of them, each once. */
export function extractHashtags(text: string): string[] {
  const seen = new Map<string, string>();
  for (const m of text.matchAll(/(?:^|[^\p{L}\p{M}\p{N}_&#])#([\p{L}\p{M}\p{N}_]{2,50})(?![\p{L}\p{M}\p{N}_])/gu)) {
    const key = m[1].toLocaleLowerCase('und');
    if (!seen.has(key)) seen.set(key, m[1]);
  }
  return [...seen.values()].slice(0, 10);
}
