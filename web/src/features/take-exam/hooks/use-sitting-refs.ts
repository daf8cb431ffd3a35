import { useRef } from 'react';
import type { SessionRecord } from '../utils/session-record.js';

/**
 * What the server sitting's callbacks share, outside React's render cycle: one object per screen,
 * its fields changed in place (as refs are), so a callback always sees the newest.
 */
export interface SittingRefs {
  /** The record as this tab last knew it: the rendered one, or newer once an action was applied. */
  latest: SessionRecord;
  /** The server's version of the sitting this tab last read or wrote (0: none on the server). */
  version: number;
  /** The sitting was read (or closed) on opening: writes may go. */
  ready: boolean;
  /** A write is under way. */
  busy: boolean;
  /** Another write was asked for while one was under way: it goes once that one is done. */
  again: boolean;
  /** The signature of the record last written. */
  sent: string;
  /** The time last written (-1: none yet). */
  sentSeconds: number;
}

/** The shared refs, created once; `latest` follows each render's record. */
export function useSittingRefs(record: SessionRecord): SittingRefs {
  const refs = useRef<SittingRefs | null>(null);
  refs.current ??= {
    latest: record,
    version: record.sittingVersion ?? 0,
    ready: false,
    busy: false,
    again: false,
    sent: '',
    sentSeconds: -1,
  };
  refs.current.latest = record;
  return refs.current;
}
