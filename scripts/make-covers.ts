/**
 * Writes the preset topic covers to public/covers/: calm abstract landscapes (hills, sun or moon, waves),
 * each its own palette. Run by hand (`node scripts/make-covers.ts`); the SVG files are committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';

const palettes: [sky1: string, sky2: string, far: string, near: string, orb: string][] = [
  ['#FDE2E4', '#FAD2E1', '#E2ECE9', '#BEE1E6', '#FFF1E6'],
  ['#CAF0F8', '#90E0EF', '#48CAE4', '#0096C7', '#FFFFFF'],
  ['#FFE5D9', '#FFCAD4', '#F4ACB7', '#9D8189', '#FFF8E7'],
  ['#E9F5DB', '#CFE1B9', '#B5C99A', '#718355', '#FEFAE0'],
  ['#22223B', '#4A4E69', '#9A8C98', '#C9ADA7', '#F2E9E4'],
  ['#FEC5BB', '#FCD5CE', '#FAE1DD', '#E8E8E4', '#F8EDEB'],
  ['#03045E', '#023E8A', '#0077B6', '#00B4D8', '#CAF0F8'],
  ['#FFF3B0', '#E09F3E', '#9E2A2B', '#540B0E', '#FFFBEA'],
  ['#D8F3DC', '#B7E4C7', '#74C69D', '#2D6A4F', '#F1FAEE'],
  ['#F8F7FF', '#B8B8FF', '#9381FF', '#5E548E', '#FFEEDD'],
  ['#FFDDD2', '#E29578', '#83C5BE', '#006D77', '#EDF6F9'],
  ['#10002B', '#3C096C', '#7B2CBF', '#C77DFF', '#E0AAFF'],
  ['#FEFAE0', '#FAEDCD', '#E9EDC9', '#CCD5AE', '#D4A373'],
  ['#EDE7E3', '#FFA62B', '#DB6C79', '#489FB5', '#FFFFFF'],
];

function hills(seed: number, base: number, amp: number): string {
  const points: string[] = [];
  for (let x = 0; x <= 800; x += 100) {
    const y = base + Math.round(Math.sin((x / 800) * Math.PI * 2 + seed) * amp + Math.cos((x / 300) * (seed + 1)) * amp * 0.4);
    points.push(`${x},${y}`);
  }
  return `M0,400 L${points.join(' L')} L800,400 Z`;
}

mkdirSync('public/covers', { recursive: true });
palettes.forEach(([sky1, sky2, far, near, orb], i) => {
  const orbX = 120 + ((i * 97) % 560);
  const orbY = 80 + ((i * 37) % 80);
  const waves = i % 3 === 1;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 400" role="img"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky1}"/><stop offset="1" stop-color="${sky2}"/></linearGradient></defs><rect width="800" height="400" fill="url(#s)"/><circle cx="${orbX}" cy="${orbY}" r="${36 + (i % 4) * 8}" fill="${orb}" opacity=".9"/><path d="${hills(i, 250, 30)}" fill="${far}" opacity=".85"/><path d="${hills(i + 2.5, 300, waves ? 12 : 40)}" fill="${near}"/>${waves ? `<path d="${hills(i + 4, 345, 8)}" fill="${far}" opacity=".6"/>` : ''}</svg>\n`;
  writeFileSync(`public/covers/cover-${String(i + 1).padStart(2, '0')}.svg`, svg);
});
console.log(`${palettes.length} covers written`);
