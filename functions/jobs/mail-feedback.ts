import { createLogger, withFlushedLogs } from '../runtime/log.js';
import { withMetrics } from '../runtime/metrics.js';
import { silenceBouncedRecipients, type SnsEvent } from '../domains/mail/index.js';
import { withTrace } from '../runtime/tracing.js';

export type { SnsEvent };

/** SES bounce and complaint events (SNS → this function): domains/mail/mail-feedback.ts. */
const log = createLogger({ job: 'mail-feedback' });

const run = (event: SnsEvent) => silenceBouncedRecipients(event, log);

/** The job's Lambda handler: its log lines are out before it returns (log.ts). */
export const handler = withFlushedLogs(withMetrics('mail-feedback', withTrace('mail-feedback', run)));
