import { useCallback, useEffect } from 'react';
import { closeSitting } from '../api/sitting.js';
import { sittingSignature } from '../utils/sitting-merge.js';
import type { SessionRecord } from '../utils/session-record.js';
import type { SittingRefs } from './use-sitting-refs.js';

/** Changes are written this long after the last one (typing does not write per key). */
const WRITE_DELAY_MS = 700;
/** The time is kept on the server this often while nothing else changes. */
const TIME_EVERY_MS = 20_000;

interface SittingTriggersInput {
  examId: string;
  record: SessionRecord;
  enabled: boolean;
  /** restart=true: the server's sitting is replaced, not taken over. */
  restart: boolean;
  refs: SittingRefs;
  pull: (opening?: boolean) => Promise<void>;
  push: () => Promise<void>;
}

/** When the sitting is read and written: on opening, after a change, every 20 s, back in the tab. */
export function useSittingTriggers({ examId, record, enabled, restart, refs, pull, push }: SittingTriggersInput) {
  useSittingOpening({ examId, enabled, restart, refs, pull, push });
  useSittingWriteTimers({ record, enabled, refs, push });
  useSittingTabReturn({ enabled, refs, pull });
}

/** Opening the exam: take the server's sitting over, its position too (or close it on restart). */
function useSittingOpening({ examId, enabled, restart, refs, pull, push }: Omit<SittingTriggersInput, 'record'>) {
  /** restart=true: the sitting there was is closed, its answers counted (D296); if that fails it resumes. */
  const learnVersion = useCallback(async () => {
    try {
      await closeSitting(examId);
      refs.version = 0;
    } catch {
      await pull(true);
    }
  }, [examId, refs, pull]);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    (restart ? learnVersion() : pull(true))
      .catch(() => undefined)
      .finally(() => {
        if (!live) return;
        refs.ready = true;
        void push();
      });
    return () => {
      live = false;
    };
  }, [enabled, restart, refs, pull, push, learnVersion]);
}

/** A change worth keeping: written shortly after; the time alone every 20 s. */
function useSittingWriteTimers({
  record,
  enabled,
  refs,
  push,
}: Pick<SittingTriggersInput, 'record' | 'enabled' | 'refs' | 'push'>) {
  const signature = enabled ? sittingSignature(record) : '';
  useEffect(() => {
    if (!enabled || signature === refs.sent) return;
    const timer = setTimeout(() => void push(), WRITE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled, signature, refs, push]);
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => refs.latest.elapsedSeconds !== refs.sentSeconds && void push(), TIME_EVERY_MS);
    return () => clearInterval(timer);
  }, [enabled, refs, push]);
}

/** Back to this tab after answering in another: what was done there shows here. */
function useSittingTabReturn({ enabled, refs, pull }: Pick<SittingTriggersInput, 'enabled' | 'refs' | 'pull'>) {
  useEffect(() => {
    if (!enabled) return;
    const onVisible = () => document.visibilityState === 'visible' && refs.ready && void pull().catch(() => undefined);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    };
  }, [enabled, refs, pull]);
}
