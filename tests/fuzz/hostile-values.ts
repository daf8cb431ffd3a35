/**
 * The fixed list of values an earlier black-box run used, besides what the contracts
 * generate: each is a class of input that once produced a 5xx or a hang somewhere.
 */

/** Raw path segments, sent unencoded: broken or dangerous percent-encoding. */
export const HOSTILE_PATH_SEGMENTS = [
  '%',
  '%E0%A4%A',
  '%ED%A0%80', // an encoded lone surrogate
  '%zz',
  '%00',
  '%2F..%2F..%2Fetc%2Fpasswd',
  '..',
  '%EF%B7%BA'.repeat(60), // U+FDFA × 60: 1,080 characters once NFKC-normalised
  'a'.repeat(2000),
  '%F0%9F%98%80'.repeat(50), // astral characters
  '%E2%80%AEevil', // right-to-left override
  '-1',
  '0',
  '9007199254740993',
  'null',
  'undefined',
  '{}',
];

/** Strings placed into any field of a query or body. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  // One character matches much in a search (a black-box run harvested emails with one letter).
  'e',
  'u',
  '@',
  '\u0000',
  'a\u0000b',
  '\uFDFA'.repeat(200), // NFKC: 1 → 18 characters
  '\uFDFA'.repeat(60),
  '\uD800', // a lone surrogate
  '😀'.repeat(200), // astral characters
  '\u202Eevil\u202C', // right-to-left override
  'שלום עולם', // RTL text
  'x'.repeat(100 * 1024),
  '가'.repeat(5000),
  '%',
  '%E0%A4%A',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '${jndi:ldap://x}',
  'USER#x',
  '__proto__',
  'constructor',
];

/** Values of the wrong type or at the edges of numbers. */
export const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  -0,
  1.5,
  2 ** 31,
  2 ** 53 + 1,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  1e308,
  [],
  [null],
  {},
  JSON.parse('{"__proto__":{"admin":true}}') as unknown,
  Array.from({ length: 3000 }, (_, i) => i),
  ...HOSTILE_STRINGS,
];

/** Request bodies that are not what any route takes: [content type, body]. */
export const HOSTILE_BODIES: [string | undefined, string | Uint8Array][] = [
  ['application/json', '{'],
  ['application/json', 'null'],
  ['application/json', '[]'],
  ['application/json', '"text"'],
  ['application/json', '1e999'],
  ['application/json', '{"a":'.repeat(2000)],
  ['application/json', '\uFEFF{}'],
  ['application/json; charset=utf-16', '{}'],
  ['text/plain', 'hello'],
  ['application/x-www-form-urlencoded', 'a=1&b=2'],
  ['multipart/form-data', 'no boundary'],
  ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nunterminated'],
  ['application/xml', '<a/>'],
  [undefined, '{"no":"content type"}'],
  ['application/json', new Uint8Array([0xff, 0xfe, 0x00, 0x7b])],
];

/** Query strings beyond any contract: repeated keys, oversized keys and values, broken escapes. */
export const HOSTILE_QUERIES = [
  'a=1&a=2&a=3',
  `${'k'.repeat(4000)}=1`,
  `q=${'v'.repeat(8000)}`,
  `q=${'v'.repeat(100 * 1024)}`,
  Array.from({ length: 500 }, (_, i) => `k${i}=${i}`).join('&'),
  'search=%&page=%E0%A4%A',
  'page=-1&page_size=1e9',
  'cursor=%7B%7D',
  'cursor=eyJwayI6IlVTRVIjeCJ9',
  'tags=,,,,',
  '__proto__[admin]=1',
];
