import type * as z from 'zod/mini';

/**
 * zod's internals, read at this one edge: a schema keeps its definition at `_zod.def`, typed by
 * zod (zod/v4/core's `$ZodTypeDef`, the part every kind shares). `ZodDef` is the fields the
 * fuzzer and the tests read of every kind's def at once (an object's `shape`, a wrapper's
 * `innerType`, a pipe's `in`/`out`…), each present only for the kinds that have it.
 */

export type AnySchema = z.ZodMiniType;

export interface ZodDef {
  type: string;
  innerType?: AnySchema;
  in?: AnySchema;
  out?: AnySchema;
  element?: AnySchema;
  options?: AnySchema[];
  shape?: Record<string, AnySchema>;
  values?: unknown[];
  entries?: Record<string, string | number>;
  coerce?: boolean;
  keyType?: AnySchema;
  valueType?: AnySchema;
  checks?: {
    _zod: { def: { check: string; format?: string; pattern?: RegExp; minimum?: number; maximum?: number } };
  }[];
  /** A string format schema (`z.iso.datetime()`, `z.email()`…) carries its format on its own def. */
  format?: string;
}

/** A schema's definition: zod's `$ZodTypeDef`, seen with the fields of every kind. */
export const defOf = (schema: AnySchema): ZodDef => schema._zod.def as ZodDef;

/** Whether zod lets an object leave this field out (its `optin`). */
export const isOptional = (schema: AnySchema): boolean => schema._zod.optin === 'optional';
