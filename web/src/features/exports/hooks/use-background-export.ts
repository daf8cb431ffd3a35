import { useCallback, useEffect, useRef, useState } from 'react';
import type { ExportJob } from '#shared/contracts/exports.js';
import { ApiError } from '../../../lib/api-client.js';
import { getExportJob } from '../api/get-export-job.js';
import { saveExport } from '../api/download-export.js';

const FIRST_POLL_MS = 500;
const MAX_POLL_MS = 3_000;
/** The build's own limit is 15 minutes (the function's timeout); past it the job cannot finish. */
const GIVE_UP_MS = 16 * 60_000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A background export (D195, D198): `start` (given `run`'s arguments) answers the pending job, which is polled (backing off to 3 s)
 * until it is done, then saved through its download link. A failed job rejects with an ApiError
 * carrying the job's code and detail, so callers branch on `code` as for any other call.
 */
export function useBackgroundExport<A extends unknown[]>(start: (...args: A) => Promise<ExportJob>) {
  const [preparing, setPreparing] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(
    async (...args: A): Promise<ExportJob> => {
      setPreparing(true);
      try {
        let job = await start(...args);
        const deadline = Date.now() + GIVE_UP_MS;
        for (let delay = FIRST_POLL_MS; job.status === 'pending'; delay = Math.min(delay * 1.5, MAX_POLL_MS)) {
          if (Date.now() > deadline) throw new ApiError({ status: 409, code: 'export_failed', detail: '' });
          await wait(delay);
          if (!mounted.current) return job;
          job = await getExportJob(job.id);
        }
        if (job.status === 'failed')
          throw new ApiError({ status: 409, code: job.code ?? 'export_failed', detail: job.detail ?? '' });
        saveExport(job.id);
        return job;
      } finally {
        if (mounted.current) setPreparing(false);
      }
    },
    [start],
  );

  return { preparing, run };
}
