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
