/** Demo texts for the seed, in several languages. Posts are longer than 150 characters, moods shorter. */
export interface DemoPost {
  locale: string;
  feeling: string;
  content: string;
  comments: string[];
}

export const DEMO_POSTS: DemoPost[] = [
  {
    locale: 'en',
    feeling: 'anxious',
    content:
      'I start a new job on Monday and I cannot stop imagining everything that could go wrong. I keep rehearsing conversations in my head at 3am. Does this get easier after the first week? How do you calm your mind before a big change?',
    comments: [
      'It really does get easier. Write down three things you already know how to do well and read them on Monday morning.',
      'The 3am rehearsals happened to me too. A short walk before bed helped more than I expected.',
    ],
  },
  {
    locale: 'en',
    feeling: 'lonely',
    content:
      'Moved to a new city six months ago for university. Everyone seems to have found their people already and I eat most meals alone. I am not sure how to start friendships as an adult without feeling like I am intruding on someone.',
    comments: [
      'You are not intruding. Clubs built around one small activity (a walk, a board game night) make the first conversation much easier.',
    ],
  },
  {
    locale: 'en',
    feeling: 'hopeful',
    content:
      'Today marks one year since I reached out for help for the first time. It was the hardest message I ever sent. Things are not perfect, but I sleep better and I laugh more. If you are thinking about asking for help: please do it.',
    comments: ['Thank you for sharing this. It gives me courage.', 'One year! That is something to be proud of.'],
  },
  {
    locale: 'en',
    feeling: 'overwhelmed',
    content:
      'Caring for my dad after his stroke while working full time. I love him, but some days I feel like there is nothing left of me. I feel guilty even writing this. How do other carers find a little time for themselves?',
    comments: ['Feeling exhausted does not mean you love him less. Is there a local carers group? Even an hour of respite a week helps.'],
  },
  {
    locale: 'es',
    feeling: 'sad',
    content:
      'Hace dos meses terminó una relación de cinco años y todavía me despierto esperando ver sus mensajes. Mis amigos dicen que ya debería estar mejor, pero cada rincón de la casa me recuerda a ella. ¿Cuánto tiempo os llevó a vosotros?',
    comments: ['No hay un plazo correcto para el duelo. Dos meses es muy poco tiempo; sé amable contigo.'],
  },
  {
    locale: 'es',
    feeling: 'grateful',
    content:
      'Quiero dar las gracias a quien me respondió la semana pasada cuando escribí que no podía más. Vuestras palabras me acompañaron toda la noche. Hoy pedí cita con una psicóloga y me siento un poco más ligera. Gracias de corazón.',
    comments: ['Qué alegría leerte. Paso a paso.'],
  },
  {
    locale: 'fr',
    feeling: 'anxious',
    content:
      "Les examens approchent et j'ai l'impression que tout le monde révise mieux que moi. Je n'arrive plus à me concentrer plus de dix minutes et je culpabilise dès que je fais une pause. Comment faites-vous pour garder votre calme ?",
    comments: ['La méthode Pomodoro m’aide beaucoup : 25 minutes de travail, 5 minutes de pause, sans culpabiliser.'],
  },
  {
    locale: 'de',
    feeling: 'confused',
    content:
      'Ich habe mein Studium abgebrochen, weil es mich krank gemacht hat. Meine Eltern sind enttäuscht und ich weiß nicht, was ich als Nächstes machen soll. Alle meine Freunde scheinen einen Plan zu haben. Wie findet man wieder eine Richtung?',
    comments: ['Auf die eigene Gesundheit zu hören ist kein Scheitern. Vielleicht hilft ein Praktikum, um Neues auszuprobieren.'],
  },
  {
    locale: 'ar',
    feeling: 'lonely',
    content:
      'أعيش بعيدًا عن عائلتي منذ ثلاث سنوات بسبب العمل، وفي المناسبات أشعر بوحدة شديدة. أتحدث معهم عبر الهاتف لكن ذلك لا يكفي. كيف تتعاملون مع الغربة والحنين إلى الأهل؟ أحتاج إلى كلمة طيبة اليوم.',
    comments: ['أفهم شعورك تمامًا. جرّب أن تبني عادات صغيرة مع أصدقاء جدد في مدينتك، فهي تخفف الغربة كثيرًا.'],
  },
  {
    locale: 'hi',
    feeling: 'overwhelmed',
    content:
      'घर की ज़िम्मेदारियाँ, नौकरी का दबाव और परिवार की उम्मीदें — सब एक साथ बहुत भारी लग रहा है। रात को नींद भी ठीक से नहीं आती। मैं किसी से कह नहीं पाता क्योंकि सबको लगता है कि मैं मज़बूत हूँ। क्या किसी और को भी ऐसा महसूस होता है? थोड़ी सलाह चाहिए।',
    comments: ['मज़बूत लोगों को भी सहारे की ज़रूरत होती है। आपने यहाँ लिखा, यह पहला अच्छा कदम है।'],
  },
  {
    locale: 'ja',
    feeling: 'sad',
    content:
      '長年一緒に暮らしてきた猫が先週亡くなりました。家に帰ると迎えに来てくれないことがまだ信じられません。ペットを亡くした悲しみをどうやって乗り越えましたか。周りには大げさだと思われそうで、なかなか話せません。毎朝、あの子の鳴き声を探してしまいます。仕事中もふと思い出して涙が出そうになります。同じ経験をした方の話を聞かせてもらえたら嬉しいです。',
    comments: ['大げさではありません。家族を失ったのと同じです。思い出を書き留めると少し楽になりました。'],
  },
  {
    locale: 'pt',
    feeling: 'hopeful',
    content:
      'Depois de meses sem conseguir sair de casa por causa da ansiedade, hoje fui sozinha até a padaria da esquina. Pode parecer pouco, mas para mim foi enorme. Queria compartilhar com quem entende o tamanho desse passo. Amanhã tento de novo.',
    comments: ['Não é pouco, é enorme mesmo! Parabéns pela coragem.'],
  },
  {
    locale: 'ru',
    feeling: 'overwhelmed',
    content:
      'Уже несколько месяцев я сплю по четыре-пять часов из-за работы и постоянно чувствую усталость. Раньше я любил рисовать, а теперь ни на что нет сил. Как вы возвращали себе энергию и интерес к жизни, когда было совсем тяжело?',
    comments: ['Начните с малого: пятнадцать минут рисования в выходной, без цели и оценки.'],
  },
  {
    locale: 'tr',
    feeling: 'anxious',
    content:
      'Sınav sonuçlarımı bekliyorum ve her gün kalbim hızlı atıyor. Ailem çok umutlu, onları hayal kırıklığına uğratmaktan korkuyorum. Bu bekleme sürecinde kaygıyla nasıl başa çıkıyorsunuz? Biraz destek iyi gelirdi.',
    comments: ['Sonuç ne olursa olsun değerin bir sınavla ölçülmez. Nefes egzersizleri bana çok yardımcı oldu.'],
  },
  {
    locale: 'id',
    feeling: 'lonely',
    content:
      'Aku baru pindah kerja ke kota lain dan belum punya teman di sini. Setiap akhir pekan terasa sangat panjang. Aku ingin mencoba ikut komunitas, tapi aku pemalu. Ada saran bagaimana memulai percakapan dengan orang baru?',
    comments: ['Coba ikut kegiatan relawan, biasanya orang-orangnya ramah dan obrolan mengalir sendiri.'],
  },
  {
    locale: 'sw',
    feeling: 'hopeful',
    content:
      'Nimekuwa nikipambana na huzuni kwa muda mrefu, lakini wiki hii nilianza kutembea kila asubuhi na rafiki yangu. Ninahisi mwanga kidogo moyoni. Nataka kuwashukuru wote mnaoshiriki hadithi zenu hapa; zinanipa nguvu ya kuendelea.',
    comments: ['Hongera kwa hatua hii! Endelea hivyo.'],
  },
  {
    locale: 'ko',
    feeling: 'lonely',
    content:
      '회사에서는 늘 밝은 척하지만 퇴근하고 집에 오면 아무와도 이야기하지 않은 채 하루가 끝나요. 누군가에게 연락하고 싶어도 귀찮게 할까 봐 망설여져요. 다들 이런 외로움을 어떻게 견디시나요? 작은 조언이라도 듣고 싶어요. 오늘 밤은 특히 조용하네요. 이런 마음을 털어놓을 수 있는 곳이 있어서 다행이에요.',
    comments: ['연락을 받으면 오히려 반가워하는 사람이 많아요. 짧은 안부 인사부터 시작해 보세요.'],
  },
  {
    locale: 'it',
    feeling: 'overwhelmed',
    content:
      'Sto lavorando e studiando allo stesso tempo, e da settimane mi sembra di non avere un attimo per respirare. Mi sento in colpa quando mi riposo e stanca quando non lo faccio. Come trovate un equilibrio quando tutto sembra urgente?',
    comments: ['Scegli una sola cosa importante al giorno. Il resto può aspettare più di quanto pensi.'],
  },
  {
    locale: 'fa',
    feeling: 'sad',
    content:
      'چند ماه است که پدربزرگم را از دست داده‌ام و هنوز هر روز به یادش هستم. او همیشه کسی بود که به حرف‌هایم گوش می‌داد. حالا احساس می‌کنم کسی نیست که مرا بفهمد. شما چطور با غم از دست دادن عزیزانتان کنار آمدید؟',
    comments: ['متأسفم برای از دست دادنش. نوشتن نامه‌ای برای او به من خیلی کمک کرد.'],
  },
  {
    locale: 'uk',
    feeling: 'anxious',
    content:
      'Останнім часом я погано сплю через постійні новини і тривогу за рідних. Вдень намагаюся триматися, але ввечері думки не дають спокою. Чи є у вас способи трохи заспокоїтися перед сном? Буду вдячна за будь-яку пораду.',
    comments: ['Мені допомагає вимикати новини за годину до сну і робити кілька повільних вдихів.'],
  },
  {
    locale: 'vi',
    feeling: 'confused',
    content:
      'Mình sắp tốt nghiệp nhưng vẫn chưa biết mình thật sự muốn làm gì. Gia đình mong mình làm ngân hàng, còn mình lại thích vẽ. Mình sợ chọn sai rồi hối hận. Các bạn đã quyết định con đường của mình như thế nào?',
    comments: ['Bạn có thể thử làm song song một thời gian, vừa đi làm vừa vẽ, rồi sẽ thấy rõ hơn.'],
  },
  {
    locale: 'pl',
    feeling: 'hopeful',
    content:
      'Po długiej przerwie wróciłam do biegania. Na początku dałam radę tylko pięć minut, dziś przebiegłam dwadzieścia. To nie tylko o kondycję chodzi: pierwszy raz od miesięcy czuję, że coś w moim życiu idzie do przodu.',
    comments: ['Brawo! Małe kroki naprawdę się sumują.'],
  },
  {
    locale: 'nl',
    feeling: 'angry',
    content:
      'Ik ben zo boos op mezelf omdat ik weer nee heb gezegd tegen een feestje uit angst. Mijn vrienden blijven me uitnodigen, maar ik ben bang dat ze het op een dag opgeven. Hoe doorbreken jullie zo’n patroon van vermijden?',
    comments: ['Misschien helpt het om eerst voor een kort bezoek te gaan, met een vriend die weet hoe je je voelt.'],
  },
  {
    locale: 'th',
    feeling: 'grateful',
    content:
      'อยากขอบคุณทุกคนที่เคยตอบโพสต์ของฉันเมื่อเดือนก่อน ตอนนั้นฉันรู้สึกเหมือนไม่มีใครเข้าใจ แต่คำพูดของพวกคุณทำให้ฉันกล้าไปคุยกับนักจิตวิทยา ตอนนี้ฉันรู้สึกดีขึ้นมากแล้วนะ ขอบคุณจริงๆ ที่อยู่ตรงนี้เสมอ และขอให้ทุกคนที่กำลังเหนื่อยอยู่มีกำลังใจนะ',
    comments: ['ดีใจด้วยมากๆ เลยนะ'],
  },
  {
    // People type what they cannot say: this scream is one unbroken 120-letter word, the kind of text that pushed
    // the feed wider than a phone's screen (tests/e2e/phone.spec.ts looks for it).
    locale: 'en',
    feeling: 'overwhelmed',
    content: `Exams, extra shifts at work and my mum back in hospital, all in the same week. I went out to the car and just screamed ${'A'.repeat(119)}H. Then I cried and felt a little lighter. Does anyone else need to let it out before they can think straight?`,
    comments: ['Yes. A good scream in the car is underrated. I hope your mum is home soon.'],
  },
];

export interface DemoMood {
  locale: string;
  feeling: string;
  content: string;
}

export const DEMO_MOODS: DemoMood[] = [
  {
    locale: 'en',
    feeling: 'calm',
    content: 'Sat by the window with tea and watched the rain for twenty minutes. First quiet morning in weeks.',
  },
  { locale: 'en', feeling: 'tired', content: 'Long shift. Proud I still made it to my evening walk.' },
  { locale: 'en', feeling: 'happy', content: 'My sister called just to say she loves me. Made my whole day.' },
  { locale: 'en', feeling: 'anxious', content: 'Doctor appointment tomorrow. Trying to breathe slowly and not google everything.' },
  { locale: 'es', feeling: 'loved', content: 'Mis compañeros me prepararon una sorpresa por mi cumpleaños. No me lo esperaba.' },
  { locale: 'fr', feeling: 'calm', content: 'Une longue marche en forêt ce matin. Mon esprit est enfin silencieux.' },
  { locale: 'de', feeling: 'frustrated', content: 'Schon wieder ein Bewerbungsgespräch ohne Rückmeldung. Ich gebe trotzdem nicht auf.' },
  { locale: 'ar', feeling: 'happy', content: 'اليوم أنهيت أول كتاب أقرؤه منذ شهور. شعور جميل.' },
  { locale: 'hi', feeling: 'calm', content: 'आज सुबह योग किया और मन बहुत हल्का लगा।' },
  { locale: 'ja', feeling: 'tired', content: '今週は本当に長かった。今夜は早めに寝ます。' },
  { locale: 'pt', feeling: 'happy', content: 'Consegui dormir oito horas seguidas pela primeira vez em semanas!' },
  { locale: 'ru', feeling: 'numb', content: 'Какой-то пустой день. Просто хочу, чтобы кто-то знал, что я здесь.' },
  { locale: 'tr', feeling: 'loved', content: 'Annem en sevdiğim yemeği yaptı. Küçük şeyler büyük mutluluk.' },
  { locale: 'ko', feeling: 'calm', content: '오늘은 산책하면서 하늘을 오래 바라봤어요. 마음이 조금 편해졌어요.' },
  { locale: 'it', feeling: 'anxious', content: 'Domani ho un colloquio importante. Incrociate le dita per me.' },
  { locale: 'fa', feeling: 'happy', content: 'امروز بعد از مدت‌ها با دوستم حرف زدم و کلی خندیدیم.' },
  { locale: 'uk', feeling: 'calm', content: 'Вечірня прогулянка парком. Нарешті тиша в голові.' },
  { locale: 'vi', feeling: 'tired', content: 'Một tuần dài. Tối nay chỉ muốn ngủ sớm.' },
  { locale: 'pl', feeling: 'happy', content: 'Przyjaciółka przysłała mi list. Prawdziwy, papierowy list!' },
  { locale: 'nl', feeling: 'frustrated', content: 'Weer de hele dag regen en geen energie. Morgen een nieuwe poging.' },
  { locale: 'th', feeling: 'loved', content: 'แม่โทรมาถามว่ากินข้าวหรือยัง รู้สึกอบอุ่นมาก' },
  { locale: 'sw', feeling: 'calm', content: 'Nimekaa kando ya bahari jioni hii. Moyo wangu umetulia.' },
];

export interface DemoTopic {
  locale: string;
  category: string;
  cover: number;
  title: string;
  description: string;
  posts: string[];
}

export const DEMO_TOPICS: DemoTopic[] = [
  {
    locale: 'en',
    category: 'work_study',
    cover: 2,
    title: 'Getting through exam season',
    description: 'Revision plans, sleepless nights and the small things that help. Share what works for you, or just vent.',
    posts: [
      'Three exams in four days. I made a timetable with real breaks in it and it already feels less impossible.',
      'Does anyone else freeze when they open the first page? How do you get past that moment?',
    ],
  },
  {
    locale: 'en',
    category: 'grief',
    cover: 5,
    title: 'Living with loss',
    description: 'For anyone missing someone. There is no right way to grieve, and no deadline.',
    posts: ['It has been a year since my dad died. The anniversary was harder than I expected, but friends checked in and that helped.'],
  },
  {
    locale: 'es',
    category: 'anxiety',
    cover: 9,
    title: 'Ansiedad en el día a día',
    description: 'Un espacio para hablar de la ansiedad cotidiana: el trabajo, el transporte, las conversaciones difíciles.',
    posts: ['Hoy por fin hice la llamada que llevaba semanas evitando. Me temblaba la voz, pero lo hice.'],
  },
  {
    locale: 'ar',
    category: 'loneliness',
    cover: 11,
    title: 'الوحدة في مدينة جديدة',
    description: 'لمن انتقل إلى مكان جديد ويبحث عن أصدقاء وشعور بالانتماء.',
    posts: ['انتقلت منذ ثلاثة أشهر ولا أعرف أحدًا بعد. هل جرّب أحدكم الانضمام إلى نادٍ للقراءة أو المشي؟'],
  },
  {
    locale: 'hi',
    category: 'family',
    cover: 4,
    title: 'परिवार से बात करना',
    description: 'जब घर पर अपनी भावनाएँ कहना मुश्किल लगे — अनुभव और सुझाव साझा करें।',
    posts: ['मैंने आज पहली बार अपनी माँ को बताया कि मैं कितना थका हुआ महसूस करता हूँ। उन्होंने सुना, और यह अच्छा लगा।'],
  },
  {
    locale: 'fr',
    category: 'hope',
    cover: 7,
    title: 'Les petites victoires',
    description: 'Partagez vos petites réussites de la semaine, même les plus minuscules. Elles comptent.',
    posts: ["Je suis sorti marcher vingt minutes aujourd'hui alors que je n'avais envie de rien. Petite victoire."],
  },
];

export const DEMO_THOUGHTS: { locale: string; content: string }[] = [
  { locale: 'en', content: 'Rest is not a reward for finishing everything. It is part of how we keep going.' },
  { locale: 'en', content: 'Some days the bravest thing is asking for help. That still counts as brave.' },
  { locale: 'en', content: 'You do not have to feel better all at once. A little lighter than yesterday is enough.' },
  { locale: 'es', content: 'No tienes que tenerlo todo resuelto para merecer descanso.' },
  { locale: 'fr', content: "Parler de ce qui pèse, c'est déjà le rendre un peu plus léger." },
  { locale: 'de', content: 'Auch kleine Schritte bringen dich voran. Heute reicht ein kleiner Schritt.' },
  { locale: 'pt', content: 'Está tudo bem não estar bem. Amanhã é outro dia, e você não está sozinho.' },
  { locale: 'ar', content: 'ليس عليك أن تحمل كل شيء وحدك. مشاركة الهمّ تخففه.' },
  { locale: 'ja', content: '完璧じゃなくていい。今日ここまで来た自分をほめてあげよう。' },
  { locale: 'tr', content: 'Yardım istemek zayıflık değil, kendine gösterdiğin bir özendir.' },
];
