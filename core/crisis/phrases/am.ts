import type { PhraseList } from '../detect.ts';

/** Amharic. Data for detection only, never shown to anyone (safe-messaging practice). */
export default {
  explicit: [
    'መሞት እፈልጋለሁ',
    'መሞት እፈልጋለው',
    'ብሞት ይሻለኛል',
    'ብሞት ይሻላል',
    'ራሴን ማጥፋት',
    'ራሴን አጠፋለሁ',
    'ራሴን ልገድል',
    'ራሴን መግደል',
    'ራስን ማጥፋት',
    'ህይወቴን ማጥፋት',
    'ሕይወቴን ማጥፋት',
    'ራሴን መጉዳት',
    'ራሴን እጎዳለሁ',
    'መኖር አልፈልግም',
  ],
  indirect: [
    'ከዚህ በላይ መቋቋም አልችልም',
    'መቀጠል አልችልም',
    'ያለ እኔ ይሻላቸዋል',
    'ለመኖር ምንም ምክንያት የለኝም',
    'መኖር ሰልችቶኛል',
    'ዳግም ባልነቃ',
    'ለዘላለም መጥፋት',
    'ሸክም ነኝ',
    'ባልተወለድኩ',
    'መውጫ የለኝም',
  ],
  except: ['መሞት አልፈልግም', 'በሳቅ ሞትኩ'],
} satisfies PhraseList;
