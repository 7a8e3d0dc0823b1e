/**
 * Labelled texts for bench/crisis.ts: how people might write here, in 12 languages, by category. Written as whole
 * posts in people's own words, separately from the phrase lists (core/crisis/phrases), so the bench measures how
 * the lists generalise rather than whether they contain themselves. Data for measurement only, never shown.
 *
 * explicit: wanting to die, to kill or to harm oneself. indirect: no way on, others better off, no reason to live.
 * sad: ordinary sadness, grief, stress, with no risk stated. idiom: everyday expressions with death words in them.
 */
export type Category = 'explicit' | 'indirect' | 'sad' | 'idiom';
export type Samples = Record<string, Record<Category, string[]>>;

export const SAMPLES: Samples = {
  en: {
    explicit: [
      'I honestly just want to die, nothing is getting better',
      'Some nights I think about killing myself and it scares me',
      'I started cutting myself again after months clean',
      "I don't want to live anymore. I'm so tired.",
      "I've been planning to end my life and I don't know who to tell",
      'i wanna die so bad rn',
      'Thinking about suicide every single day lately',
    ],
    indirect: [
      'Everyone would honestly be better off without me',
      "I can't go on like this much longer",
      'There is no reason to live anymore, I just exist',
      'I wish I could go to sleep and never wake up again',
      "I'm just a burden to everyone around me",
    ],
    sad: [
      'My dog died last week and the house feels so empty',
      'I failed my driving test again and I feel useless today',
      'Breakups are hard. I keep checking my phone for messages that never come',
      'I miss my grandmother so much, it has been a year',
      'Work has been exhausting and I cry in the car sometimes',
      "I'm lonely since I moved to a new city",
    ],
    idiom: [
      'This exam is killing me, three more chapters to go',
      "I'm dying of laughter at this video",
      'My feet are killing me after that hike',
      'I would kill for a cup of coffee right now',
      'I nearly died of embarrassment when I tripped on stage',
    ],
  },
  es: {
    explicit: [
      'Ya no quiero vivir, de verdad',
      'Pienso en matarme casi todas las noches',
      'Quiero morirme, no aguanto este dolor',
      'He vuelto a cortarme los brazos',
      'Estoy pensando en suicidarme y no sé qué hacer',
    ],
    indirect: [
      'Mi familia estaría mejor sin mí',
      'No puedo más con esta vida',
      'No tengo ninguna razón para vivir',
      'Ojalá no hubiera nacido',
    ],
    sad: [
      'Hoy me siento muy triste porque mi mejor amiga se mudó',
      'Suspendí el examen y estoy decepcionado conmigo mismo',
      'Echo de menos a mi padre cada día',
      'Me siento solo en esta ciudad nueva',
      'El trabajo me tiene agotada y lloro mucho',
    ],
    idiom: [
      'Me muero de risa con este vídeo',
      'Este examen me va a matar',
      'Me muero de hambre, ¿comemos ya?',
      'Mi jefe me va a matar si llego tarde',
    ],
  },
  de: {
    explicit: [
      'Ich will einfach nur noch sterben',
      'Ich denke jeden Tag daran, mich umzubringen',
      'Ich habe mich wieder geritzt',
      'Ich möchte nicht mehr leben',
      'Manchmal wünschte ich, ich wäre tot',
    ],
    indirect: [
      'Alle wären besser dran ohne mich',
      'Ich kann nicht mehr weiter so',
      'Ich habe keinen Grund mehr zu leben',
      'Ich bin nur eine Last für meine Familie',
    ],
    sad: [
      'Mein Opa ist gestorben und ich vermisse ihn sehr',
      'Ich bin heute so traurig und weiß nicht warum',
      'Die Trennung tut immer noch weh',
      'Ich habe die Prüfung nicht bestanden und schäme mich',
      'Seit dem Umzug fühle ich mich einsam',
    ],
    idiom: [
      'Ich lach mich tot über dieses Video',
      'Meine Mutter wird mich umbringen, wenn sie das sieht',
      'Diese Hitze bringt mich noch um',
      'Ich sterbe vor Hunger',
    ],
  },
  fr: {
    explicit: [
      "J'ai envie de mourir, je n'en peux plus",
      'Je pense à me suicider depuis des semaines',
      'Je ne veux plus vivre comme ça, je veux plus vivre du tout',
      'Je me suis encore scarifiée hier soir',
      'Parfois je voudrais être morte',
    ],
    indirect: [
      'Tout le monde serait mieux sans moi',
      "Je n'ai plus aucune raison de vivre",
      'Je suis fatigué de vivre',
      'Je ne veux plus me réveiller le matin, plus jamais me réveiller',
    ],
    sad: [
      'Mon chat est mort et je suis triste',
      "J'ai raté mon examen, je suis déçue",
      'Je me sens seul depuis la rentrée',
      'Ma grand-mère me manque beaucoup',
      'Le travail me fatigue énormément en ce moment',
    ],
    idiom: [
      'Je suis mort de rire',
      'Ce boulot va me tuer',
      'Je meurs de faim, on mange quand ?',
      'Mes parents vont me tuer quand ils verront ma note',
    ],
  },
  pt: {
    explicit: [
      'Eu quero morrer, não aguento mais',
      'Tenho pensado em me matar todos os dias',
      'Voltei a me cortar essa semana',
      'Não quero mais viver',
      'Estou pensando em suicídio',
    ],
    indirect: [
      'Todo mundo ficaria melhor sem mim',
      'Não tenho nenhum motivo para viver',
      'Estou cansada de viver',
      'Queria nunca ter nascido',
    ],
    sad: [
      'Minha avó faleceu e sinto muita falta dela',
      'Hoje estou triste sem motivo',
      'Levei um fora e dói muito',
      'Reprovei na prova e me sinto burro',
      'Me sinto sozinho nessa cidade nova',
    ],
    idiom: [
      'Tô morrendo de rir com esse meme',
      'Minha mãe vai me matar quando ver isso',
      'Estou morrendo de fome',
      'Esse calor vai me matar',
    ],
  },
  it: {
    explicit: [
      'Voglio morire, davvero',
      'Penso spesso di uccidermi',
      'Non voglio più vivere così, non voglio più vivere',
      'Ho ricominciato a farmi del male',
      'Vorrei essere morta',
    ],
    indirect: [
      'Starebbero tutti meglio senza di me',
      'Non ce la faccio più ad andare avanti',
      'Non ho nessun motivo per vivere',
      'Sono stanco di vivere',
    ],
    sad: [
      'Mi manca tanto mio nonno',
      'Oggi sono triste e non so perché',
      'Ho litigato con la mia migliore amica',
      'Non ho passato l’esame e mi sento un fallito',
      'Mi sento solo da quando mi sono trasferito',
    ],
    idiom: ['Muoio dal ridere', 'Mia madre vorrà uccidermi quando lo saprà', 'Sto morendo di fame', 'Questo caldo mi uccide'],
  },
  ar: {
    explicit: [
      'أريد أن أموت، لم أعد أحتمل',
      'أفكر في الانتحار كل ليلة',
      'بدي موت والله تعبت',
      'جرحت نفسي مرة ثانية',
      'لا أريد أن أعيش بعد الآن',
    ],
    indirect: ['الكل سيكون أحسن بدوني', 'لا سبب للعيش بعد اليوم', 'تعبت من الحياة كلها', 'ياريتني ما اتولدت'],
    sad: [
      'توفيت جدتي وأفتقدها كثيرا',
      'أنا حزين اليوم ولا أعرف السبب',
      'رسبت في الامتحان وأشعر بالخيبة',
      'أشعر بالوحدة منذ انتقلت إلى مدينة جديدة',
      'العمل متعب جدا هذه الأيام',
    ],
    idiom: ['موت من الضحك على هذا المقطع', 'هموت من الجوع', 'أمي ستقتلني إذا عرفت', 'الحر قاتل اليوم'],
  },
  fa: {
    explicit: ['دیگه نمیخوام زنده باشم', 'به خودکشی فکر می‌کنم', 'دلم میخواد بمیرم', 'دوباره به خودم آسیب زدم', 'کاش مرده بودم'],
    indirect: ['همه بدون من بهتر زندگی می‌کنن', 'هیچ دلیلی برای زندگی ندارم', 'از زندگی خسته شدم', 'کاش هیچوقت به دنیا نیومده بودم'],
    sad: [
      'پدربزرگم فوت کرد و خیلی دلم براش تنگه',
      'امروز خیلی غمگینم',
      'تو امتحان رد شدم و حالم بده',
      'از وقتی اومدم این شهر تنهام',
      'کار خیلی خسته‌ام کرده',
    ],
    idiom: ['از خنده مردم', 'دارم از گرسنگی می‌میرم', 'مامانم منو می‌کشه اگه بفهمه', 'این گرما منو کشت'],
  },
  ja: {
    explicit: [
      'もう死にたい。何もかも嫌になった',
      '自殺したいと毎日考えてる',
      'またリスカしてしまった',
      '生きていたくない',
      '消えてしまいたい、本当に',
    ],
    indirect: [
      '私がいない方がみんな幸せだと思う',
      '生きる意味がわからない、生きる意味がない',
      'もう限界、何も考えられない',
      '生まれてこなければよかった',
    ],
    sad: [
      '祖母が亡くなって寂しい',
      '今日はなんだか悲しい',
      '試験に落ちて落ち込んでる',
      '引っ越してから友達がいなくて孤独',
      '仕事がつらくて泣いてしまった',
    ],
    idiom: ['死ぬほど笑った', 'お腹すいて死にそう', '暑すぎて死ぬ', '恥ずかしくて死ぬかと思った'],
  },
  zh: {
    explicit: ['我真的不想活了', '最近一直想自杀', '我又开始割腕了', '好想死，什么都没意思', '我想结束自己的生命'],
    indirect: ['没有我大家会更好', '我真的撑不下去了', '活着没有意义', '我只是大家的负担'],
    sad: ['奶奶去世了，我很想她', '今天心情很低落', '考试没考好，很难过', '搬到新城市以后很孤独', '工作太累了，晚上常常哭'],
    idiom: ['笑死我了', '饿死了，快吃饭吧', '今天热死了', '我妈知道会气死的'],
  },
  ru: {
    explicit: [
      'Я хочу умереть, больше ничего не хочу',
      'Думаю о самоубийстве каждый день',
      'Я снова режу себя',
      'Не хочу больше жить',
      'Хочу покончить с собой',
    ],
    indirect: ['Всем будет лучше без меня', 'Я больше не могу так жить', 'Нет смысла жить дальше', 'Я обуза для своей семьи'],
    sad: [
      'Умерла моя бабушка, очень скучаю',
      'Мне сегодня грустно',
      'Провалил экзамен и чувствую себя глупо',
      'После переезда мне одиноко',
      'Работа выматывает, плачу по вечерам',
    ],
    idiom: ['Умираю со смеху', 'Мама меня убьёт, если узнает', 'Умираю с голоду', 'Эта жара меня доконает'],
  },
  hi: {
    explicit: [
      'मैं मरना चाहता हूँ, अब और नहीं',
      'मैं आत्महत्या के बारे में सोच रही हूँ',
      'मैंने फिर से खुद को चोट पहुँचाई',
      'मैं अब जीना नहीं चाहता',
      'yaar main marna chahta hoon',
    ],
    indirect: ['मेरे बिना सब बेहतर रहेंगे', 'जीने की कोई वजह नहीं बची', 'मैं ज़िंदगी से थक गया हूँ', 'मैं सब पर बोझ हूँ'],
    sad: [
      'मेरी दादी गुज़र गईं, उनकी बहुत याद आती है',
      'आज मन बहुत उदास है',
      'परीक्षा में फेल हो गया, बुरा लग रहा है',
      'नए शहर में अकेलापन लगता है',
      'काम से बहुत थक गई हूँ',
    ],
    idiom: ['हँसते हँसते पेट दर्द हो गया', 'भूख से मर रहा हूँ', 'मम्मी मुझे मार डालेंगी', 'इस गर्मी ने जान निकाल दी'],
  },
  tr: {
    explicit: [
      'Ölmek istiyorum artık',
      'Her gece intihar etmeyi düşünüyorum',
      'Yine kendime zarar verdim',
      'Yaşamak istemiyorum',
      'Keşke ölsem',
    ],
    indirect: ['Herkes bensiz daha iyi olur', 'Artık dayanamıyorum', 'Yaşamak için bir neden yok', 'Keşke hiç doğmasaydım'],
    sad: [
      'Babaannem vefat etti, çok özlüyorum',
      'Bugün çok mutsuzum',
      'Sınavdan kaldım, kendimi kötü hissediyorum',
      'Yeni şehirde çok yalnızım',
      'İş beni çok yoruyor',
    ],
    idiom: ['Gülmekten öldüm', 'Açlıktan ölüyorum', 'Annem beni öldürecek', 'Bu sıcak beni öldürüyor'],
  },
};

/**
 * Written after the phrase lists were last changed, and not used to change them: how the lists do on words they
 * were not fitted to. (SAMPLES above was used once to find missing inflected forms; see decision 016.)
 */
export const HELD_OUT: Samples = {
  en: {
    explicit: ['I keep wishing I were dead', 'I want to end it all tonight', 'Been self harming again and hiding it'],
    indirect: ['Honestly nobody would miss me if I was gone', 'I feel like there is no way out of this'],
    sad: ['Rough week, my cat is sick and I am worried', 'I feel invisible at school lately'],
    idiom: ['That joke killed me', 'I could murder a pizza'],
  },
  es: {
    explicit: ['Me quiero matar, ya no aguanto', 'A veces pienso en quitarme la vida', 'Ojalá me muriera mañana'],
    indirect: ['Soy una carga para todos', 'Quiero desaparecer para siempre'],
    sad: ['Estoy de bajón desde que perdí el trabajo', 'Hoy lloré mucho por mi abuela'],
    idiom: ['Me mata la curiosidad', 'Casi me muero del susto'],
  },
  de: {
    explicit: ['Ich möchte sterben, ehrlich', 'Ich will mir das Leben nehmen', 'Ich denke an Suizid'],
    indirect: ['Ich bin nur eine Last für alle', 'Ich sehe keinen Ausweg mehr'],
    sad: ['Ich vermisse meine Freundin so sehr', 'Heute war ein grauer Tag'],
    idiom: ['Ich hätte mich totlachen können', 'Der Stau bringt mich um'],
  },
  fr: {
    explicit: ['Je veux mourir, vraiment', 'Je pense à mettre fin à mes jours', 'Je veux me tuer'],
    indirect: ['Je suis un fardeau pour ma famille', 'Je veux disparaître pour toujours'],
    sad: ['Je me sens triste depuis la rupture', 'Ma meilleure amie a déménagé'],
    idiom: ['Tu me tues avec tes blagues', 'Je suis mort de fatigue'],
  },
  pt: {
    explicit: ['Tenho vontade de morrer', 'Vou me matar', 'Quero tirar minha vida'],
    indirect: ['Sou um peso pra todo mundo', 'Queria sumir pra sempre'],
    sad: ['Tô chateada com a minha família', 'Perdi meu emprego e estou triste'],
    idiom: ['Morri de vergonha na apresentação', 'Essa novela me mata'],
  },
  it: {
    explicit: ['Voglio farla finita', 'Penso al suicidio', 'Vorrei morire stanotte'],
    indirect: ['Sono un peso per tutti', 'Vorrei sparire per sempre'],
    sad: ['Sono giù di morale oggi', 'Mi manca la mia città'],
    idiom: ['Mi hai fatto morire dal ridere', 'Questa salita mi ammazza'],
  },
  ar: {
    explicit: ['أفكر أن أنهي حياتي', 'عايز اموت', 'اتمنى اموت وارتاح'],
    indirect: ['أنا عبء على الكل', 'مش قادر اكمل خلاص'],
    sad: ['زعلان لأن صديقي سافر', 'اليوم كان صعبا في العمل'],
    idiom: ['الامتحان قتلني', 'ميت من التعب'],
  },
  fa: {
    explicit: ['می‌خواهم خودم را بکشم', 'فکر خودکشی از سرم بیرون نمیره', 'آرزوی مرگ دارم'],
    indirect: ['سربار همه شدم', 'دیگه نمیتونم ادامه بدم'],
    sad: ['دلم برای مادرم تنگ شده', 'امروز حال خوبی ندارم'],
    idiom: ['از خستگی مردم', 'این فیلم منو کشت از خنده'],
  },
  ja: {
    explicit: ['死んでしまいたい', '自殺を考えている', '手首を切ってしまった'],
    indirect: ['消えたい、誰にも会いたくない', '生きるのに疲れた'],
    sad: ['失恋して落ち込んでいる', '仕事で怒られて悲しい'],
    idiom: ['笑い死にしそう', '疲れて死んだように眠った'],
  },
  zh: {
    explicit: ['我想死', '真想一死了之', '我又伤害自己了'],
    indirect: ['我撑不下去了', '想永远消失'],
    sad: ['最近心情不好', '和朋友吵架了很难过'],
    idiom: ['累死我了', '吓死我了'],
  },
  ru: {
    explicit: ['Хочется умереть', 'Хочу уйти из жизни', 'Я не хочу жить'],
    indirect: ['Я устала жить', 'Хочу исчезнуть навсегда'],
    sad: ['Грустно без друзей', 'Поссорилась с мамой'],
    idiom: ['Я чуть не умер от смеха', 'Эта работа меня убивает'],
  },
  hi: {
    explicit: ['मैं खुद को मार देना चाहता हूँ', 'मैं आत्महत्या करना चाहती हूँ', 'मैं जीना नहीं चाहती'],
    indirect: ['जीने का कोई मतलब नहीं', 'मैं ज़िंदगी से थक गई हूँ'],
    sad: ['आज बहुत अकेलापन लग रहा है', 'दोस्त से झगड़ा हो गया'],
    idiom: ['हँसी से लोटपोट हो गया', 'थकान से जान निकल गई'],
  },
  tr: {
    explicit: ['Kendimi öldürmek istiyorum', 'Yaşamak istemiyorum artık', 'İntihar etmeyi düşünüyorum'],
    indirect: ['Devam edemiyorum', 'Hayattan bıktım usandım'],
    sad: ['Arkadaşım taşındı, çok üzgünüm', 'Bugün çok yorgunum'],
    idiom: ['Utançtan öldüm', 'Bu trafik beni öldürüyor'],
  },
};
