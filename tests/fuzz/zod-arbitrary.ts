import fc from 'fast-check';
import { defOf, isOptional, type AnySchema, type ZodDef as Def } from '../support/zod-internals.js';

/**
 * fast-check arbitraries from the zod schemas of our contracts. No maintained package maps zod 4
 * to fast-check among the installed ones (zod-fast-check targets zod 3), so this covers the shapes
 * `shared/contracts/` uses: object (passthrough too), string (length and regex checks), number
 * (int, min, max, coerce), boolean, enum, literal, array, union, optional, nullable, default,
 * catch, pipe (transform and preprocess), custom (file content), unknown. A shape it does not know
 * fails loudly, so a new contract cannot silently escape the fuzzer.
 *
 * The values are what the contract would accept most of the time, so requests reach the services;
 * the hostile values of hostile-values.ts are mixed in by the fuzzer, not here.
 */

/** Characters of every kind: ASCII, Hangul and other BMP text, astral characters, lone surrogates. */
const text = (minLength: number, maxLength: number) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 2, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'binary' }) },
    {
      weight: 1,
      arbitrary: fc.string({ minLength, maxLength, unit: fc.constantFrom(...'가나다라마바사아자차카타파하 ') }),
    },
  );

/** A refinement that names valid examples (IANA time zones, a week of Easy Days) is fed from them. */
function examplesOf(def: Def): fc.Arbitrary<unknown> | undefined {
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    const examples = (c as { params?: { examples?: unknown } }).params?.examples;
    if (c.check === 'custom' && Array.isArray(examples) && examples.length) return fc.constantFrom(...examples);
  }
  return undefined;
}

function stringArbitrary(def: Def): fc.Arbitrary<unknown> {
  let minLength = 0;
  let maxLength = 40;
  let pattern: RegExp | undefined;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'min_length') minLength = c.minimum ?? 0;
    if (c.check === 'max_length') maxLength = Math.min(c.maximum ?? maxLength, Math.max(minLength, 40));
    if (c.check === 'length_equals') minLength = maxLength = c.minimum ?? (c as { length?: number }).length ?? 0;
    if (c.check === 'string_format' && c.pattern) pattern = c.pattern;
  }
  const examples = examplesOf(def);
  if (examples) return examples;
  // A date-time: real instants around now (the offline window's edges included), as a device sends them.
  if (def.format === 'datetime')
    return fc
      .date({
        min: new Date(Date.now() - 90 * 86_400_000),
        max: new Date(Date.now() + 86_400_000),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString());
  if (pattern) return fc.stringMatching(pattern).filter((s) => s.length >= minLength);
  return text(minLength, Math.max(minLength, maxLength));
}

function numberArbitrary(def: Def): fc.Arbitrary<unknown> {
  let min = -1e6;
  let max = 1e6;
  let integer = false;
  for (const check of def.checks ?? []) {
    const c = check._zod.def as { check: string; format?: string; value?: number; inclusive?: boolean };
    if (c.check === 'number_format' && (c.format === 'safeint' || c.format === 'int32')) integer = true;
    if (c.check === 'greater_than' && c.value !== undefined)
      min = c.inclusive ? c.value : c.value + (integer ? 1 : 1e-9);
    if (c.check === 'less_than' && c.value !== undefined) max = c.inclusive ? c.value : c.value - (integer ? 1 : 1e-9);
  }
  const numbers = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true });
  // A coerced number arrives as text in queries; sending the text is what a browser does.
  return def.coerce ? fc.oneof(numbers, numbers.map(String)) : numbers;
}

export function arbitraryOf(schema: AnySchema): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def);
    case 'number':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'optional':
      return fc.option(arbitraryOf(def.innerType!), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(arbitraryOf(def.innerType!), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return fc.option(arbitraryOf(def.innerType!), { nil: undefined, freq: 3 });
    case 'pipe':
      // preprocess(fn, schema) is pipe(transform, schema): generate what the schema wants;
      // schema.transform(fn) is pipe(schema, transform): generate what the schema takes.
      return defOf(def.in!).type === 'transform' ? arbitraryOf(def.out!) : arbitraryOf(def.in!);
    case 'array':
      return examplesOf(def) ?? fc.array(arbitraryOf(def.element!), { maxLength: 5 });
    case 'union':
      return fc.oneof(...def.options!.map(arbitraryOf));
    case 'object': {
      const shape = def.shape ?? {};
      const keys = Object.keys(shape);
      const record = fc.record(Object.fromEntries(keys.map((k) => [k, arbitraryOf(shape[k]!)])), {
        requiredKeys: keys.filter((k) => !isOptional(shape[k]!)),
      });
      // Drop the keys an optional arbitrary left undefined: JSON and query strings have no undefined.
      return record.map((value) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)));
    }
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 10 }), arbitraryOf(def.valueType!), { maxKeys: 3 });
    case 'custom':
      // The one custom schema of the contracts is an uploaded file's content.
      return fc.uint8Array({ maxLength: 64 });
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    case 'transform':
      return fc.jsonValue({ maxDepth: 1 });
    default:
      throw new Error(`zod-arbitrary: no arbitrary for zod type "${def.type}"; add it here`);
  }
}

/** The field names of an object schema (through optional/pipe wrappers), for missing-field and wrong-type mutations. */
export function objectKeysOf(schema: AnySchema): string[] {
  const def = defOf(schema);
  if (def.type === 'object') return Object.keys(def.shape ?? {});
  if (def.type === 'pipe') return objectKeysOf(defOf(def.in!).type === 'transform' ? def.out! : def.in!);
  if (def.innerType) return objectKeysOf(def.innerType);
  return [];
}
