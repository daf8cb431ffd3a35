/**
 * Short study notes written for this project (never copied), to measure the notes generator:
 * Korean and English, across science, law, IT, history and language. Some are Markdown with a
 * list under a heading or a term/definition table, as learners' notes often are.
 */
export interface NotesPassage {
  id: string;
  language: 'ko' | 'en';
  topic: 'science' | 'law' | 'it' | 'history' | 'language';
  text: string;
}

export const NOTES_PASSAGES: NotesPassage[] = [
  // English: science
  {
    id: 'en-sci-1',
    language: 'en',
    topic: 'science',
    text: 'Photosynthesis is the process by which green plants turn light energy into chemical energy. It takes place in the chloroplasts of leaf cells. Oxygen is released as a by-product.',
  },
  {
    id: 'en-sci-2',
    language: 'en',
    topic: 'science',
    text: 'Mitochondria are the organelles that release energy from glucose. This process is called cellular respiration. Muscle cells contain many mitochondria because they need a lot of energy.',
  },
  {
    id: 'en-sci-3',
    language: 'en',
    topic: 'science',
    text: "Newton's first law states that an object stays at rest or in uniform motion unless a force acts on it. Inertia is the tendency of an object to resist changes in its motion. Heavier objects have more inertia.",
  },
  {
    id: 'en-sci-4',
    language: 'en',
    topic: 'science',
    text: '## States of matter\n- Solid\n- Liquid\n- Gas\n- Plasma\n\nWater boils at 100 degrees Celsius at sea level. Ice floats because it is less dense than liquid water.',
  },
  {
    id: 'en-sci-5',
    language: 'en',
    topic: 'science',
    text: 'An acid is a substance that donates hydrogen ions in water. The pH scale runs from 0 to 14. Pure water has a pH of 7 and is neutral.',
  },
  {
    id: 'en-sci-6',
    language: 'en',
    topic: 'science',
    text: '| Term | Definition |\n|---|---|\n| Atom | the smallest unit of a chemical element |\n| Molecule | two or more atoms held together by bonds |\n| Ion | an atom with a net electric charge |',
  },
  // English: law
  {
    id: 'en-law-1',
    language: 'en',
    topic: 'law',
    text: 'A contract is a legally binding agreement between two or more parties. A valid contract needs an offer, an acceptance and consideration. Minors usually cannot enter binding contracts.',
  },
  {
    id: 'en-law-2',
    language: 'en',
    topic: 'law',
    text: 'Negligence is the failure to take the care that a reasonable person would take. The claimant must show a duty of care, a breach of that duty and resulting damage.',
  },
  {
    id: 'en-law-3',
    language: 'en',
    topic: 'law',
    text: 'The presumption of innocence means that a defendant is considered innocent until proven guilty. In criminal cases the prosecution carries the burden of proof.',
  },
  {
    id: 'en-law-4',
    language: 'en',
    topic: 'law',
    text: '## Sources of law\n- Constitution\n- Statutes\n- Case law\n- Custom\n\nA statute is a written law passed by a legislature. Judges interpret statutes when they decide cases.',
  },
  {
    id: 'en-law-5',
    language: 'en',
    topic: 'law',
    text: 'Copyright protects original works of authorship such as books, music and software. Copyright does not protect ideas, only their expression. Protection usually lasts for the life of the author plus seventy years.',
  },
  // English: IT
  {
    id: 'en-it-1',
    language: 'en',
    topic: 'it',
    text: 'A compiler is a program that translates source code into machine code before the program runs. An interpreter executes the source code line by line instead.',
  },
  {
    id: 'en-it-2',
    language: 'en',
    topic: 'it',
    text: 'DNS is the system that translates domain names into IP addresses. When you type a web address, your computer asks a DNS resolver for the matching address.',
  },
  {
    id: 'en-it-3',
    language: 'en',
    topic: 'it',
    text: '## HTTP methods\n- GET: reads a resource\n- POST: creates a resource\n- PUT: replaces a resource\n- DELETE: removes a resource',
  },
  {
    id: 'en-it-4',
    language: 'en',
    topic: 'it',
    text: 'A hash table is a data structure that maps keys to values. Lookups take constant time on average. Collisions happen when two keys hash to the same slot.',
  },
  {
    id: 'en-it-5',
    language: 'en',
    topic: 'it',
    text: '| Term | Meaning |\n|---|---|\n| CPU | the processor that executes program instructions |\n| RAM | the working memory that holds running programs |\n| SSD | a storage device without moving parts |',
  },
  // English: history
  {
    id: 'en-his-1',
    language: 'en',
    topic: 'history',
    text: 'The French Revolution began in 1789 with the storming of the Bastille. It ended the absolute monarchy of Louis XVI. The revolution spread ideas of liberty and equality across Europe.',
  },
  {
    id: 'en-his-2',
    language: 'en',
    topic: 'history',
    text: 'The Industrial Revolution started in Britain in the late eighteenth century. Steam engines powered new factories. Cities such as Manchester grew very quickly.',
  },
  {
    id: 'en-his-3',
    language: 'en',
    topic: 'history',
    text: 'The Roman Empire was divided into an eastern and a western half in 395. The western empire fell in 476. The eastern empire, known as the Byzantine Empire, lasted until 1453.',
  },
  {
    id: 'en-his-4',
    language: 'en',
    topic: 'history',
    text: '## Causes of the First World War\n- Militarism\n- Alliances\n- Imperialism\n- Nationalism\n\nThe assassination of Archduke Franz Ferdinand in Sarajevo triggered the war in 1914.',
  },
  {
    id: 'en-his-5',
    language: 'en',
    topic: 'history',
    text: 'The Magna Carta was a charter signed by King John of England in 1215. It limited the power of the king and protected certain rights of the barons.',
  },
  // English: language
  {
    id: 'en-lang-1',
    language: 'en',
    topic: 'language',
    text: 'A noun is a word that names a person, place, thing or idea. A verb describes an action or a state. Adjectives modify nouns.',
  },
  {
    id: 'en-lang-2',
    language: 'en',
    topic: 'language',
    text: 'The present perfect tense connects the past with the present. It is formed with have or has and the past participle. English speakers use it for experiences and recent events.',
  },
  {
    id: 'en-lang-3',
    language: 'en',
    topic: 'language',
    text: 'A metaphor is a figure of speech that describes something as if it were something else. A simile makes the comparison explicit with like or as.',
  },
  {
    id: 'en-lang-4',
    language: 'en',
    topic: 'language',
    text: '## Parts of speech\n- Noun\n- Verb\n- Adjective\n- Adverb\n- Preposition',
  },
  {
    id: 'en-lang-5',
    language: 'en',
    topic: 'language',
    text: 'Hangul is the Korean alphabet created under King Sejong in the fifteenth century. It has fourteen basic consonants and ten basic vowels. Letters are grouped into syllable blocks.',
  },
  // Korean: science
  {
    id: 'ko-sci-1',
    language: 'ko',
    topic: 'science',
    text: '광합성이란 식물이 빛 에너지를 이용해 양분을 만드는 과정이다. 광합성은 잎의 엽록체에서 일어난다. 이 과정에서 산소가 만들어진다.',
  },
  {
    id: 'ko-sci-2',
    language: 'ko',
    topic: 'science',
    text: '미토콘드리아는 세포 호흡을 통해 에너지를 만드는 세포 소기관이다. 근육 세포에는 미토콘드리아가 많다. 세포 호흡에는 산소가 필요하다.',
  },
  {
    id: 'ko-sci-3',
    language: 'ko',
    topic: 'science',
    text: '관성이란 물체가 운동 상태를 유지하려는 성질이다. 질량이 큰 물체일수록 관성이 크다. 뉴턴의 제1법칙은 관성의 법칙이라고도 한다.',
  },
  {
    id: 'ko-sci-4',
    language: 'ko',
    topic: 'science',
    text: '## 물질의 상태\n- 고체\n- 액체\n- 기체\n\n물은 1기압에서 섭씨 100도에 끓는다. 얼음은 물보다 밀도가 작아서 물에 뜬다.',
  },
  {
    id: 'ko-sci-5',
    language: 'ko',
    topic: 'science',
    text: '산은 물에 녹아 수소 이온을 내놓는 물질을 말한다. 염기는 물에 녹아 수산화 이온을 내놓는다. 순수한 물의 pH는 7이다.',
  },
  {
    id: 'ko-sci-6',
    language: 'ko',
    topic: 'science',
    text: '| 용어 | 정의 |\n|---|---|\n| 원자 | 물질을 이루는 가장 작은 입자 |\n| 분자 | 원자가 결합하여 만든 입자 |\n| 이온 | 전하를 띤 원자나 원자단 |',
  },
  // Korean: law
  {
    id: 'ko-law-1',
    language: 'ko',
    topic: 'law',
    text: '계약이란 서로 대립하는 두 개 이상의 의사표시가 합치하여 성립하는 법률행위이다. 계약은 청약과 승낙으로 성립한다. 미성년자의 계약은 취소할 수 있다.',
  },
  {
    id: 'ko-law-2',
    language: 'ko',
    topic: 'law',
    text: '민법은 개인 사이의 재산 관계와 가족 관계를 정한 법을 말한다. 형법은 범죄와 형벌을 정한다. 헌법은 국가의 최고 법이다.',
  },
  {
    id: 'ko-law-3',
    language: 'ko',
    topic: 'law',
    text: '무죄 추정의 원칙은 피고인이 유죄 판결을 받기 전까지 무죄로 추정된다는 원칙이다. 형사 재판에서 검사가 범죄를 증명해야 한다.',
  },
  {
    id: 'ko-law-4',
    language: 'ko',
    topic: 'law',
    text: '## 법의 원천\n- 헌법\n- 법률\n- 명령\n- 조례\n\n법률은 국회가 제정한다. 대통령은 법률안 거부권을 가진다.',
  },
  {
    id: 'ko-law-5',
    language: 'ko',
    topic: 'law',
    text: '저작권은 창작물을 만든 사람이 가지는 권리이다. 저작권은 아이디어가 아니라 표현을 보호한다. 저작재산권은 원칙적으로 저작자 사후 70년까지 존속한다.',
  },
  // Korean: IT
  {
    id: 'ko-it-1',
    language: 'ko',
    topic: 'it',
    text: '컴파일러란 소스 코드를 실행 전에 기계어로 번역하는 프로그램이다. 인터프리터는 소스 코드를 한 줄씩 해석하여 실행한다.',
  },
  {
    id: 'ko-it-2',
    language: 'ko',
    topic: 'it',
    text: 'DNS는 도메인 이름을 IP 주소로 바꾸어 주는 시스템이다. 웹 브라우저는 주소를 입력받으면 DNS 서버에 주소를 묻는다.',
  },
  {
    id: 'ko-it-3',
    language: 'ko',
    topic: 'it',
    text: '## HTTP 메서드\n- GET: 자원을 조회한다\n- POST: 자원을 생성한다\n- PUT: 자원을 교체한다\n- DELETE: 자원을 삭제한다',
  },
  {
    id: 'ko-it-4',
    language: 'ko',
    topic: 'it',
    text: '해시 테이블은 키를 값에 대응시키는 자료 구조이다. 해시 테이블의 조회는 평균적으로 상수 시간이 걸린다. 두 키가 같은 자리에 놓이면 충돌이 일어난다.',
  },
  {
    id: 'ko-it-5',
    language: 'ko',
    topic: 'it',
    text: '| 용어 | 뜻 |\n|---|---|\n| CPU | 프로그램의 명령을 실행하는 처리 장치 |\n| 램 | 실행 중인 프로그램을 담는 주기억 장치 |\n| 운영체제 | 하드웨어를 관리하고 프로그램을 실행하는 소프트웨어 |',
  },
  // Korean: history
  {
    id: 'ko-his-1',
    language: 'ko',
    topic: 'history',
    text: '조선은 1392년 이성계가 세운 나라이다. 조선은 한양을 도읍으로 삼았다. 세종은 훈민정음을 창제하였다.',
  },
  {
    id: 'ko-his-2',
    language: 'ko',
    topic: 'history',
    text: '임진왜란은 1592년 일본이 조선을 침략하면서 시작되었다. 이순신은 한산도 대첩에서 일본 수군을 크게 무찔렀다.',
  },
  {
    id: 'ko-his-3',
    language: 'ko',
    topic: 'history',
    text: '고려는 918년 왕건이 세운 나라이다. 고려는 불교를 국교로 삼았다. 고려 시대에 금속 활자가 만들어졌다.',
  },
  {
    id: 'ko-his-4',
    language: 'ko',
    topic: 'history',
    text: '## 삼국 시대의 나라\n- 고구려\n- 백제\n- 신라\n\n신라는 676년에 삼국을 통일하였다. 통일 이후 신라는 불국사를 지었다.',
  },
  {
    id: 'ko-his-5',
    language: 'ko',
    topic: 'history',
    text: '3·1 운동은 1919년 일제의 식민 통치에 맞서 일어난 독립운동이다. 이 운동을 계기로 대한민국 임시정부가 수립되었다.',
  },
  // Korean: language
  {
    id: 'ko-lang-1',
    language: 'ko',
    topic: 'language',
    text: '명사는 사람이나 사물의 이름을 나타내는 품사이다. 조사는 체언 뒤에 붙어 문법적 관계를 나타낸다. 동사는 사물의 움직임을 나타낸다.',
  },
  {
    id: 'ko-lang-2',
    language: 'ko',
    topic: 'language',
    text: '훈민정음은 1443년 세종이 창제한 문자이다. 훈민정음은 백성을 가르치는 바른 소리라는 뜻이다. 오늘날 한글은 자음 14자와 모음 10자를 기본으로 한다.',
  },
  {
    id: 'ko-lang-3',
    language: 'ko',
    topic: 'language',
    text: '은유란 어떤 대상을 다른 대상에 빗대어 직접 표현하는 방법이다. 직유는 처럼이나 같이를 써서 비유한다. 시에서는 은유가 자주 쓰인다.',
  },
  {
    id: 'ko-lang-4',
    language: 'ko',
    topic: 'language',
    text: '## 국어의 품사\n- 명사\n- 대명사\n- 수사\n- 조사\n- 동사\n- 형용사',
  },
  {
    id: 'ko-lang-5',
    language: 'ko',
    topic: 'language',
    text: '높임법은 말하는 사람이 대상을 높이는 방법을 말한다. 주체 높임법은 선어말 어미 시를 사용한다. 상대 높임법은 종결 어미로 실현된다.',
  },
];
