/**
 * Words made of the letters each script writes most, drawn once per worker after its fonts are
 * readied (warm-up.ts): fontkit has then decoded a wide variety of each font's glyphs, joining forms
 * and mark positions, and compiled its glyph and lookup code for them, so a real name that brings
 * glyphs no sample had does not throw that code away mid-render (ADR 0106). Made-up words only: none
 * is a name the tests or the bench print.
 */

/** Each letter in every place of a word: the letter, a sign after it, then the next two letters. */
function syllables(letters: string, signs = ''): string {
  const all = [...letters];
  const marks = [...signs];
  return all
    .map((letter, index) => {
      const sign = marks.length > 0 ? marks[index % marks.length] : '';
      return `${letter}${sign}${all[(index + 1) % all.length]}${all[(index + 2) % all.length]}`;
    })
    .join(' ');
}

/** Characters of a script written without spaces, in words of three. */
function inThrees(characters: string): string {
  const all = [...characters];
  const words: string[] = [];
  for (let index = 0; index < all.length; index += 3) words.push(all.slice(index, index + 3).join(''));
  return words.join(' ');
}

/**
 * The 230 most frequent Chinese characters of modern text (Jun Da's frequency list), and 176
 * Hangul syllables of everyday Korean words: a name in either is mostly made of these, and any
 * other glyph of the font is drawn by the same code.
 */
const COMMON_HAN =
  '的一是不了在人有我他这个们中来上大为和国地到以说时要就出会可也你对生能而子那得于着下自之年过发后作里用道行所然家种事成方多经么去法学如都同现当没动面起看定天分还进好小部其些主样理心她本前开但因只从想实日军者意无力它与长把机十民第公此已工使情明性知全三又关点正业外将两高间由问很最重并物手应战向头文体政美相见被利什二等产或新己制身果加西斯月话合回特代内信表化老给世位次度门任常先海通教儿原东声提立及比员解水名真论处走义各入几口认条平系气题活尔更别打女变四神总何电';
const COMMON_HANGUL =
  '하다는이에가의을를고지서사기리수정대자도한로시일아그나적어인해게으것들주전부상과라국장보회면성와제원동소화우경비위했여신선관문없세생연있만방물공계분행결실업중내발구모조개무요저마진간교된학같식통까터말품치입할차오러었금강알되산명당유체점좋안천본용후번현심음호양각집영목단처반복월년함직력감투새또녀형표순술너네왜왕손길잘못곳때줄씨옷밥빵꽃눈불흙돌바람늘땅';

/** One line of words per script: what each warm-up document of a script draws beside its sample. */
export const COMMON_LETTERS: readonly string[] = [
  syllables('ابتثجحخدذرزسشصضطظعغفقكلمنهويءآأؤإئةىپچژکگی', '\u064E\u064F\u0650\u0651\u0652'),
  syllables('אבגדהוזחטיכךלמםנןסעפףצץקרשת'),
  syllables(
    'कखगघङचछजझञटठडढणतथदधनपफबभमयरलवशषसहअआइईउऊएऐओऔ',
    '\u093E\u093F\u0940\u0941\u0942\u0947\u0948\u094B\u094C\u0902\u094D\u0943',
  ),
  syllables(
    'ਕਖਗਘਙਚਛਜਝਞਟਠਡਢਣਤਥਦਧਨਪਫਬਭਮਯਰਲਵੜਸਹਅਆਇਈਉਊਏਐਓਔ',
    '\u0A3E\u0A3F\u0A40\u0A41\u0A42\u0A47\u0A48\u0A4B\u0A4C\u0A70\u0A02',
  ),
  syllables('กขฃคฅฆงจฉชซฌญฎฏฐฑฒณดตถทธนบปผฝพฟภมยรลวศษสหฬอฮ', 'ัิีึืุู่้๊๋็์'),
  inThrees(COMMON_HAN),
  inThrees(COMMON_HANGUL),
  syllables(
    'aăâbcdđeêghiklmnoôơpqrstuưvxyàảãáạằẳẵắặầẩẫấậèẻẽéẹềểễếệìỉĩíịòỏõóọồổỗốộờởỡớợùủũúụừửữứựỳỷỹýỵĐÀÁÂÃÈÉÊÌÍÒÓÔÕÙÚĂƠƯ',
  ),
];
