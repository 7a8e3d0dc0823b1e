/**
 * Writes the avatar set to public/avatars/: friendly round faces, each a different palette and expression.
 * Run once by hand (`node scripts/make-avatars.ts`); the SVG files are committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';

const palettes = [
  ['#F6C89F', '#E07A5F'],
  ['#A8DADC', '#457B9D'],
  ['#CDB4DB', '#6D597A'],
  ['#B7E4C7', '#2D6A4F'],
  ['#FFE8A3', '#E9C46A'],
  ['#FFC8DD', '#C9184A'],
  ['#BDE0FE', '#3A86FF'],
  ['#D8E2DC', '#6B705C'],
  ['#FEC89A', '#F4A261'],
  ['#E0AAFF', '#7B2CBF'],
  ['#CAF0F8', '#0077B6'],
  ['#F1FAEE', '#E63946'],
  ['#D4A373', '#7F5539'],
  ['#E9EDC9', '#588157'],
  ['#FFD6A5', '#FF8500'],
  ['#C1D3FE', '#5E60CE'],
];
const mouths = ['M38 66 Q50 76 62 66', 'M40 68 Q50 72 60 68', 'M38 64 Q50 80 62 64', 'M42 68 L58 68'];
const eyes = [
  (c: string) => `<circle cx="38" cy="48" r="4" fill="${c}"/><circle cx="62" cy="48" r="4" fill="${c}"/>`,
  (c: string) => `<path d="M33 49 Q38 44 43 49 M57 49 Q62 44 67 49" stroke="${c}" stroke-width="3" fill="none" stroke-linecap="round"/>`,
  (c: string) => `<ellipse cx="38" cy="48" rx="3.5" ry="5" fill="${c}"/><ellipse cx="62" cy="48" rx="3.5" ry="5" fill="${c}"/>`,
  (c: string) =>
    `<circle cx="38" cy="48" r="5" fill="#fff"/><circle cx="62" cy="48" r="5" fill="#fff"/><circle cx="39" cy="49" r="2.5" fill="${c}"/><circle cx="63" cy="49" r="2.5" fill="${c}"/>`,
];
const extras = [
  '',
  '<circle cx="30" cy="60" r="5" fill="#fff" opacity=".35"/><circle cx="70" cy="60" r="5" fill="#fff" opacity=".35"/>',
  '<path d="M22 30 Q50 2 78 30" stroke="#fff" stroke-width="4" fill="none" opacity=".5"/>',
  '<path d="M30 22 L36 30 M50 16 L50 26 M70 22 L64 30" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity=".6"/>',
];

mkdirSync('public/avatars', { recursive: true });
palettes.forEach(([bg, fg], i) => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" role="img"><rect width="100" height="100" rx="50" fill="${bg}"/><circle cx="50" cy="54" r="32" fill="${fg}" opacity=".9"/>${extras[i % 4]}${eyes[(i >> 2) % 4]('#1d1d1f')}<path d="${mouths[(i + (i >> 2)) % 4]}" stroke="#1d1d1f" stroke-width="3" fill="none" stroke-linecap="round"/></svg>\n`;
  writeFileSync(`public/avatars/avatar-${String(i + 1).padStart(2, '0')}.svg`, svg);
});
console.log(`${palettes.length} avatars written`);
