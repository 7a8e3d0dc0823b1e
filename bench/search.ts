/**
 * The search benchmark of issue 16: GET /api/search's work (server/modules/search/service.ts `search`, called in
 * process: counts per type, the ranked page, the items and their highlights) at 200,000 posts, on PostgreSQL (and
 * PGlite with --pglite): p50/p95 latency of typical queries, and recall on a labelled set of queries in 12 scripts.
 *
 *   npm run bench:search -- [--posts 200000] [--runs 15] [--pglite] [--keep]
 *
 * PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL names a server; a throwaway database `bench_search_<random>`
 * is created there and dropped at the end (unless --keep). PGlite runs in a temporary data directory.
 *
 * The posts are generated here and written with SQL in batches (INSERT … SELECT FROM unnest), not through HTTP:
 * each post is three sentences of its language from a bank of everyday peer-support sentences, in 13 languages.
 * Their search words are what the service would store (core/search.ts searchText), written in the same batches;
 * the two GIN indexes are dropped for the load and built again after it, as a bulk load would.
 *
 * Labelled set: for each query word, PLANTED posts carry the word in varied places (start, middle, end, next to
 * punctuation, inside a run of a script written without spaces, with an Arabic article or a Korean particle
 * written onto it). Recall = planted posts found / planted posts, paging through every result of type=posts.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { searchText } from '../core/search.ts';
import { normalizeForDuplicate } from '../core/text.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { ensureReferenceData } from '../db/reference.ts';
import type { Viewer } from '../server/lib/viewer.ts';
import { search } from '../server/modules/search/service.ts';
import { throwawayDatabase } from '../tests/helpers/throwaway-database.ts';

const { values: args } = parseArgs({
  options: {
    posts: { type: 'string', default: '200000' },
    runs: { type: 'string', default: '15' },
    pglite: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const POSTS = Number(args.posts);
const RUNS = Number(args.runs);
const PLANTED = 30;

/** Everyday sentences per language, of the kind people write here; a post is three of them. */
// biome-ignore format: a table
const BANK: Record<string, { weight: number; sentences: string[] }> = {
  en: { weight: 36, sentences: [
    'I have not been able to sleep well for weeks.', 'Work has been really stressful lately and I feel tired all the time.',
    'My family does not understand what I am going through.', 'Some days I feel better, but the evenings are hard.',
    'I miss my friends from school and feel lonely.', 'Does anyone else feel anxious before exams?',
    'Thank you all for listening, it means a lot.', 'I started walking every morning and it helps a little.' ] },
  es: { weight: 10, sentences: [
    'No he podido dormir bien en semanas.', 'El trabajo me tiene muy estresado últimamente.', 'Mi familia no entiende lo que me pasa.',
    'Algunos días me siento mejor, pero las noches son difíciles.', 'Echo de menos a mis amigos y me siento solo.',
    'Gracias por escucharme, significa mucho para mí.' ] },
  ar: { weight: 8, sentences: [
    'لم أستطع النوم جيدًا منذ أسابيع.', 'العمل مرهق جدًا في الفترة الأخيرة وأشعر بالتعب دائمًا.', 'عائلتي لا تفهم ما أمر به.',
    'بعض الأيام أشعر بتحسن لكن المساء صعب.', 'أفتقد أصدقائي وأشعر بالوحدة.', 'شكرًا لكم على الاستماع، هذا يعني لي الكثير.' ] },
  hi: { weight: 7, sentences: [
    'मैं हफ्तों से ठीक से सो नहीं पा रहा हूँ।', 'काम की वजह से मैं बहुत थका हुआ महसूस करता हूँ।', 'मेरा परिवार नहीं समझता कि मैं किस दौर से गुजर रहा हूँ।',
    'कुछ दिन अच्छे होते हैं, पर शामें मुश्किल होती हैं।', 'मुझे अपने दोस्तों की याद आती है और मैं अकेला महसूस करता हूँ।', 'सुनने के लिए धन्यवाद।' ] },
  ru: { weight: 5, sentences: [
    'Я уже несколько недель не могу нормально спать.', 'Работа в последнее время очень выматывает.', 'Моя семья не понимает, что со мной происходит.',
    'Иногда мне лучше, но вечера даются тяжело.', 'Я скучаю по друзьям и чувствую себя одиноко.', 'Спасибо, что выслушали.' ] },
  zh: { weight: 5, sentences: [
    '我已经好几个星期睡不好了。', '最近工作压力很大，总是觉得很累。', '我的家人不理解我在经历什么。', '有些日子好一点，但晚上很难熬。',
    '我很想念以前的朋友，觉得很孤单。', '谢谢大家愿意听我说。' ] },
  ja: { weight: 5, sentences: [
    'ここ数週間、よく眠れていません。', '最近仕事がとても忙しくて、いつも疲れています。', '家族は私の気持ちを分かってくれません。',
    '調子のいい日もあるけれど、夜はつらいです。', '昔の友達に会いたくて、寂しいです。', '聞いてくれてありがとうございます。' ] },
  ko: { weight: 4, sentences: [
    '몇 주째 잠을 제대로 못 자고 있어요.', '요즘 일이 너무 힘들어서 항상 피곤해요.', '가족은 제가 겪는 일을 이해하지 못해요.',
    '괜찮은 날도 있지만 저녁은 힘들어요.', '친구들이 보고 싶고 외로워요.', '들어 주셔서 고마워요.' ] },
  th: { weight: 4, sentences: [
    'ฉันนอนไม่ค่อยหลับมาหลายสัปดาห์แล้ว', 'ช่วงนี้งานหนักมากและรู้สึกเหนื่อยตลอดเวลา', 'ครอบครัวไม่เข้าใจสิ่งที่ฉันกำลังเจอ',
    'บางวันก็รู้สึกดีขึ้นแต่ตอนเย็นยังยากอยู่', 'คิดถึงเพื่อนๆ และรู้สึกเหงา', 'ขอบคุณที่รับฟังนะ' ] },
  bn: { weight: 4, sentences: [
    'কয়েক সপ্তাহ ধরে আমি ঠিকমতো ঘুমাতে পারছি না।', 'কাজের চাপে আমি সবসময় ক্লান্ত থাকি।', 'আমার পরিবার বোঝে না আমি কী অনুভব করছি।',
    'কিছু দিন ভালো লাগে, কিন্তু সন্ধ্যাগুলো কঠিন।', 'বন্ধুদের খুব মনে পড়ে, একা লাগে।', 'শোনার জন্য ধন্যবাদ।' ] },
  ta: { weight: 3, sentences: [
    'பல வாரங்களாக எனக்கு சரியாக தூக்கம் வரவில்லை.', 'வேலை அழுத்தத்தால் எப்போதும் சோர்வாக இருக்கிறேன்.', 'என் குடும்பம் நான் படும் கஷ்டத்தை புரிந்துகொள்ளவில்லை.',
    'சில நாட்கள் நன்றாக இருக்கும், ஆனால் மாலை நேரம் கடினம்.', 'நண்பர்களை நினைத்து தனிமையாக உணர்கிறேன்.', 'கேட்டதற்கு நன்றி.' ] },
  my: { weight: 3, sentences: [
    'ရက်သတ္တပတ်တော်တော်ကြာအောင် ကောင်းကောင်း မအိပ်ရဘူး။', 'အလုပ်က အရမ်းပင်ပန်းပြီး အမြဲ မောနေတယ်။', 'မိသားစုက ကျွန်တော့်ခံစားချက်ကို နားမလည်ဘူး။',
    'တချို့နေ့တွေ နေကောင်းပေမယ့် ညနေတွေက ခက်တယ်။', 'သူငယ်ချင်းတွေကို လွမ်းပြီး အထီးကျန်တယ်။', 'နားထောင်ပေးလို့ ကျေးဇူးတင်ပါတယ်။' ] },
  am: { weight: 2, sentences: [
    'ለሳምንታት በደንብ መተኛት አልቻልኩም።', 'ሥራው በጣም አድካሚ ሆኗል፤ ሁልጊዜ ድካም ይሰማኛል።', 'ቤተሰቤ የማልፍበትን አይረዱም።',
    'አንዳንድ ቀናት ይሻለኛል፤ ምሽቶች ግን ከባድ ናቸው።', 'ጓደኞቼ ይናፍቁኛል፤ ብቸኝነት ይሰማኛል።', 'ስላዳመጣችሁኝ አመሰግናለሁ።' ] },
};

/**
 * The labelled queries: the word searched for, its script, and how it is written into the planted posts (`{w}` is
 * the word; several contexts each). None of these words is in the bank, so the planted posts are the answer.
 */
// biome-ignore format: a table
const LABELLED: { script: string; lang: string; query: string; contexts: string[] }[] = [
  { script: 'Latin', lang: 'en', query: 'insomnia', contexts: ['My {w} is back.', 'Insomnia again, third night.', 'Does {w} ever go away?'] },
  { script: 'Latin', lang: 'es', query: 'ansiedad', contexts: ['La {w} no me deja en paz.', '¿Alguien más con {w}?', 'Ansiedad, otra vez.'] },
  { script: 'Arabic', lang: 'ar', query: 'القلق', contexts: ['أشعر {w} طوال اليوم.', 'أصابني بالقلق من جديد.', 'والقلق لا يتركني.'] },
  { script: 'Cyrillic', lang: 'ru', query: 'бессонница', contexts: ['Опять {w}.', 'Бессонница третью ночь подряд.', 'У меня {w}, что делать?'] },
  { script: 'Devanagari', lang: 'hi', query: 'अनिद्रा', contexts: ['मुझे {w} की समस्या है।', 'फिर से {w}।', 'क्या {w} ठीक होती है?'] },
  { script: 'Han (zh)', lang: 'zh', query: '失眠', contexts: ['我最近{w}很严重。', '{w}已经三个月了。', '有没有人也{w}？'] },
  { script: 'Han (zh, 1 char)', lang: 'zh', query: '焦', contexts: ['我很{w}虑。', '心里{w}急得很。', '{w}躁的一天。'] },
  { script: 'Japanese', lang: 'ja', query: '不眠', contexts: ['最近{w}が続いています。', '{w}症かもしれません。', 'ずっと{w}で困っています。'] },
  { script: 'Japanese (1 char)', lang: 'ja', query: '鬱', contexts: ['気分が{w}っぽいです。', '{w}の診断を受けました。', '毎日{w}々としています。'] },
  { script: 'Katakana', lang: 'ja', query: 'パニック', contexts: ['電車で{w}になりました。', '{w}発作が怖いです。', '急に{w}状態になる。'] },
  { script: 'Hangul', lang: 'ko', query: '불면증', contexts: ['{w}이 심해요.', '요즘 {w} 때문에 힘들어요.', '{w}을 고친 분 있나요?'] },
  { script: 'Thai', lang: 'th', query: 'ซึมเศร้า', contexts: ['ฉันเป็นโรค{w}', 'รู้สึก{w}มากช่วงนี้', 'อาการ{w}กลับมาอีกแล้ว'] },
  { script: 'Bengali', lang: 'bn', query: 'উদ্বেগ', contexts: ['আমার খুব {w} হয়।', '{w} কমানোর উপায় কী?', 'রাতে {w} বাড়ে।'] },
  { script: 'Tamil', lang: 'ta', query: 'மனச்சோர்வு', contexts: ['எனக்கு {w} இருக்கிறது.', '{w} எப்போது குறையும்?', 'மீண்டும் {w}.'] },
  { script: 'Myanmar', lang: 'my', query: 'စိတ်ဓာတ်ကျ', contexts: ['ကျွန်တော် {w}နေတယ်။', 'အရမ်း{w}တယ်။', '{w}ခြင်းက ပြန်လာပြီ။'] },
  { script: 'Ethiopic', lang: 'am', query: 'ጭንቀት', contexts: ['{w} በጣም ያስቸግረኛል።', 'የ{w} ስሜት አለኝ።', 'ዛሬም {w} ተሰማኝ።'] },
];

/** Queries timed beside the labelled ones: common words (many matches), two words, a prefix, a misspelling. */
const TIMED: { script: string; query: string; note: string }[] = [
  { script: 'Latin', query: 'sleep', note: 'common word' },
  { script: 'Latin', query: 'work stressful', note: 'two words' },
  { script: 'Latin', query: 'lonel', note: 'prefix' },
  { script: 'Latin', query: 'insomnai', note: 'typo (pg_trgm fallback)' },
  { script: 'Latin', query: 'trabajo', note: 'common word' },
  { script: 'Arabic', query: 'العمل', note: 'common word' },
  { script: 'Cyrillic', query: 'работа', note: 'common word' },
  { script: 'Han (zh)', query: '工作', note: 'common word' },
  { script: 'Japanese', query: '仕事', note: 'common word' },
  { script: 'Japanese', query: '夜', note: '1 char, common' },
  { script: 'Thai', query: 'เหนื่อย', note: 'common word' },
  { script: 'Hangul', query: '친구들이', note: 'common word' },
];

/** mulberry32, seeded: the same rows on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Row {
  id: number;
  userId: number;
  content: string;
  language: string;
  /** The labelled query this post was written to be found by. */
  planted?: string;
}

function* generate(total: number, users: number): Generator<Row> {
  const rnd = random(16);
  const langs = Object.entries(BANK);
  const weightSum = langs.reduce((s, [, b]) => s + b.weight, 0);
  const pickLang = () => {
    let r = rnd() * weightSum;
    for (const [code, b] of langs) {
      r -= b.weight;
      if (r <= 0) return code;
    }
    return 'en';
  };
  const sentence = (lang: string) => BANK[lang].sentences[Math.floor(rnd() * BANK[lang].sentences.length)];
  const joiner = (lang: string) => (['zh', 'ja', 'th'].includes(lang) ? '' : ' ');
  // The planted posts are spread through the table, not all at one end.
  const plantedAt = new Map<number, { lang: string; text: string; query: string }>();
  const step = Math.floor(total / (LABELLED.length * PLANTED + 1));
  let slot = 1;
  for (const l of LABELLED) {
    for (let i = 0; i < PLANTED; i++) {
      plantedAt.set(slot * step, { lang: l.lang, text: l.contexts[i % l.contexts.length].replace('{w}', l.query), query: l.query });
      slot++;
    }
  }
  for (let id = 1; id <= total; id++) {
    const planted = plantedAt.get(id);
    const lang = planted?.lang ?? pickLang();
    const parts = [sentence(lang), sentence(lang), sentence(lang)];
    if (planted) parts.splice(Math.floor(rnd() * 3), 0, planted.text);
    yield {
      id,
      userId: 1 + Math.floor(rnd() * users),
      content: `${parts.join(joiner(lang))} #${id}`,
      language: lang,
      planted: planted?.query,
    };
  }
}

async function fill(database: Database, total: number, log: (s: string) => void): Promise<Map<string, number[]>> {
  const { db } = database;
  const users = 2000;
  await db.execute(sql`insert into users (username, nickname) select 'bench' || g, 'Bench ' || g from generate_series(1, ${users}) g`);
  await db.execute(sql`drop index if exists post_search_idx`);
  await db.execute(sql`drop index if exists post_search_trgm_idx`);
  const started = Date.now();
  const planted = new Map<string, number[]>();
  let batch: Row[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    const words = rows.map((r) => searchText(r.content));
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into posts (id, user_id, content, content_key, language, created_at, updated_at)
        select id, u, c, k, l, now() - (id * interval '1 minute'), now() - (id * interval '1 minute')
        from unnest(${sql.param(rows.map((r) => r.id))}::int[], ${sql.param(rows.map((r) => r.userId))}::int[],
          ${sql.param(rows.map((r) => r.content))}::text[], ${sql.param(rows.map((r) => normalizeForDuplicate(r.content)))}::text[],
          ${sql.param(rows.map((r) => r.language))}::text[]) as t(id, u, c, k, l)`);
      await tx.execute(sql`insert into post_search (id, search_text)
        select * from unnest(${sql.param(rows.map((r) => r.id))}::int[], ${sql.param(words)}::text[])`);
    });
  };
  for (const row of generate(total, users)) {
    if (row.planted) planted.set(row.planted, [...(planted.get(row.planted) ?? []), row.id]);
    batch.push(row);
    if (batch.length >= 5000) {
      await flush();
      if (row.id % 50_000 === 0) log(`  ${row.id} posts, ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
  }
  await flush();
  await db.execute(sql`select setval(pg_get_serial_sequence('posts', 'id'), (select max(id) from posts))`);
  log(`  building the indexes (${((Date.now() - started) / 1000).toFixed(0)} s so far)`);
  await db.execute(sql`create index post_search_idx on post_search using gin (search)`);
  await db.execute(sql`create index post_search_trgm_idx on post_search using gin (search_text gin_trgm_ops)`);
  await db.execute(sql`analyze`);
  log(`  filled in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return planted;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function timeQuery(db: Database['db'], viewer: Viewer, q: string, type: 'all' | 'posts') {
  const times: number[] = [];
  let total = 0;
  // Two warm-up runs: the first plans and reads pages into the cache.
  for (let i = 0; i < RUNS + 2; i++) {
    const t0 = performance.now();
    const page = await search(db, viewer, q, type, { page: 1, per_page: 10 });
    if (i >= 2) times.push(performance.now() - t0);
    total = page.meta.total;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), total };
}

async function recallOf(db: Database['db'], viewer: Viewer, q: string, expected: number[]) {
  const found = new Set<number>();
  for (let page = 1; page <= 40; page++) {
    const res = await search(db, viewer, q, 'posts', { page, per_page: 50 });
    for (const r of res.data) found.add(r.item.id);
    if (page >= res.meta.last_page) break;
  }
  const hit = expected.filter((id) => found.has(id)).length;
  return { hit, recall: expected.length === 0 ? 1 : hit / expected.length };
}

async function run(kind: 'postgres' | 'pglite', open: () => Promise<{ database: Database; done: () => Promise<void> }>) {
  const log = (s: string) => console.log(s);
  log(`\n${kind}: filling ${POSTS.toLocaleString('en')} posts`);
  const { database, done } = await open();
  try {
    await database.migrate();
    await ensureReferenceData(database.db);
    const planted = await fill(database, POSTS, log);
    const guest: Viewer = { id: null, locale: 'en', languages: null };
    // A signed-in reader: the blocks and hides conditions are in every query.
    const member: Viewer = { id: 1, locale: 'en', languages: null };
    const rows: string[][] = [];
    const p95s: number[] = [];
    let hits = 0;
    let expectedAll = 0;
    for (const l of LABELLED) {
      const expected = planted.get(l.query) ?? [];
      const r = await recallOf(database.db, guest, l.query, expected);
      hits += r.hit;
      expectedAll += expected.length;
      const t = await timeQuery(database.db, member, l.query, 'all');
      p95s.push(t.p95);
      rows.push([
        l.script,
        l.query,
        'labelled',
        String(t.total),
        t.p50.toFixed(1),
        t.p95.toFixed(1),
        `${r.hit}/${expected.length} (${(r.recall * 100).toFixed(0)} %)`,
      ]);
    }
    for (const q of TIMED) {
      const t = await timeQuery(database.db, member, q.query, 'all');
      p95s.push(t.p95);
      rows.push([q.script, q.query, q.note, String(t.total), t.p50.toFixed(1), t.p95.toFixed(1), '']);
    }
    p95s.sort((a, b) => a - b);
    const head = ['script', 'query', 'kind', 'results', 'p50 ms', 'p95 ms', 'recall'];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells: string[]) =>
      `| ${cells.map((c, i) => (i >= 3 && i <= 5 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
    console.log(
      `\n${kind}, ${POSTS.toLocaleString('en')} posts, type=all page 1 as a signed-in reader, ${RUNS} runs per query after 2 warm-ups`,
    );
    console.log(line(head));
    console.log(line(widths.map((w) => '-'.repeat(w))));
    for (const r of rows) console.log(line(r));
    console.log(`\nworst query p95: ${p95s.at(-1)?.toFixed(1)} ms; median of the queries' p95: ${percentile(p95s, 50).toFixed(1)} ms`);
    console.log(
      `recall over the labelled set (${LABELLED.length} queries, ${new Set(LABELLED.map((l) => l.script.split(' ')[0])).size} scripts): ${hits}/${expectedAll} = ${((hits / expectedAll) * 100).toFixed(1)} %`,
    );
    console.log(
      `load average (1, 5, 15 min): ${loadavg()
        .map((n) => n.toFixed(2))
        .join(', ')} on this machine`,
    );
  } finally {
    await done();
  }
}

const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (url) {
  await run('postgres', async () => {
    const target = await throwawayDatabase(url, 'bench_search');
    const database = await openDatabase({ url: target.url, poolSize: 4, timeouts: { connectMs: 10_000, statementMs: 600_000 } });
    return {
      database,
      done: async () => {
        await database.close();
        if (args.keep) return console.log(`kept ${target.url}`);
        await target.drop();
      },
    };
  });
} else console.log('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL');

if (args.pglite) {
  await run('pglite', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kindred-bench-search-'));
    const database = await openDatabase({ dataDir: dir });
    return {
      database,
      done: async () => {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  });
}
