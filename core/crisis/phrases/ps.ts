import type { PhraseList } from '../detect.ts';

/** Pashto. Data for detection only, never shown to anyone (safe-messaging practice). */
export default {
  explicit: [
    'مرګ غواړم',
    'غواړم چې مړ شم',
    'ځان ووژنم',
    'ځان وژنه',
    'ځانوژنه',
    'خپل ژوند پای ته ورسوم',
    'ځان ته زیان',
    'ځان ټپي',
    'ژوند نه غواړم',
    'کاش مړ وای',
  ],
  indirect: [
    'نور نه شم زغملی',
    'نور نشم کولی',
    'زما پرته به ښه وي',
    'د ژوند لپاره هیڅ دلیل',
    'له ژوند ستړی',
    'له ژوند ستړې',
    'بیا را ویښ نه شم',
    'د تل لپاره ورک',
    'په ټولو بار یم',
    'کاش زه نه وای پیدا شوی',
    'هیڅ لاره نشته',
  ],
  except: ['نه غواړم مړ شم'],
} satisfies PhraseList;
