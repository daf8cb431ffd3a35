import { disassembleCompleteCharacter, hasBatchim } from 'es-hangul';

/**
 * The Korean particles (조사) and copula endings a gap must leave outside: `서울은` →
 * `{{c1::서울}}은`. Each says which final consonant (받침) the word before it takes, checked with
 * es-hangul, so `사과` is not read as `사` + `과` nor `나이` as `나` + `이`.
 *
 * - `batchim`: only after a final consonant (은, 이, 을, 과, 으로…)
 * - `open`: only after a vowel (는, 가, 를, 와…); 로 forms also after ㄹ (서울로)
 * - `any`: either (의, 에, 에서, 도, 만…)
 */
type After = 'batchim' | 'open' | 'any';

const PARTICLE_TABLE: Record<After, readonly string[]> = {
  batchim: [
    '은',
    '이',
    '을',
    '과',
    '으로',
    '으로서',
    '으로써',
    '으로는',
    '으로도',
    '으로의',
    '이란',
    '이라는',
    '이라고',
    '이라',
    '이나',
    '이며',
    '이고',
    '이다',
    '이었다',
    '이든',
    '이야',
    '과는',
    '과의',
    '과도',
    '이와',
    '이나마',
    '이라면',
    '이므로',
    '이지만',
    '이었으며',
  ],
  open: [
    '는',
    '가',
    '를',
    '와',
    '로',
    '로서',
    '로써',
    '로는',
    '로도',
    '로의',
    '란',
    '라는',
    '라고',
    '라',
    '나',
    '며',
    '였다',
    '와는',
    '와의',
    '와도',
    '라면',
    '므로',
    '지만',
    '였으며',
  ],
  any: [
    '의',
    '에',
    '에서',
    '에게',
    '께',
    '한테',
    '도',
    '만',
    '까지',
    '부터',
    '처럼',
    '보다',
    '에서는',
    '에는',
    '에게는',
    '에서도',
    '에도',
    '까지는',
    '부터는',
    '만큼',
    '마다',
    '조차',
    '마저',
    '밖에',
    '뿐',
    '에서의',
    '에의',
    '만의',
    '에서만',
    '에만',
    '들',
    '들은',
    '들이',
    '들을',
    '들의',
    '들과',
    '들도',
    '들에',
    '들에게',
    '들로',
  ],
};

/** Every particle, longest first, with where it may follow. */
export const KOREAN_PARTICLES: ReadonlyArray<{ particle: string; after: After }> = (
  Object.entries(PARTICLE_TABLE) as Array<[After, readonly string[]]>
)
  .flatMap(([after, list]) => [...new Set(list)].map((particle) => ({ particle, after })))
  .sort((a, b) => b.particle.length - a.particle.length);

const PARTICLE_SET = new Set(KOREAN_PARTICLES.map((p) => p.particle));

export const isKoreanParticle = (text: string) => PARTICLE_SET.has(text);

const isHangulSyllable = (char: string) => /^[\uac00-\ud7a3]$/.test(char);

function fits(stem: string, particle: string, after: After): boolean {
  const last = stem.at(-1) ?? '';
  if (after === 'any') return true;
  // A Latin word or a number before a particle: its reading decides, which the text does not show.
  if (!isHangulSyllable(last)) return true;
  const final = hasBatchim(last);
  if (after === 'batchim') {
    // 으로 forms never follow ㄹ (서울로, not 서울으로).
    if (particle.startsWith('으로') && disassembleCompleteCharacter(last)?.jongseong === 'ㄹ') return false;
    return final;
  }
  if (particle.startsWith('로') && disassembleCompleteCharacter(last)?.jongseong === 'ㄹ') return true;
  return !final;
}

/**
 * A word (어절) as its stem and the particle after it; `particle` is '' when none fits. The stem
 * keeps at least one character.
 */
export function splitParticle(word: string): { stem: string; particle: string } {
  for (const { particle, after } of KOREAN_PARTICLES) {
    if (word.length > particle.length && word.endsWith(particle)) {
      const stem = word.slice(0, -particle.length);
      if (fits(stem, particle, after)) return { stem, particle };
    }
  }
  return { stem: word, particle: '' };
}
