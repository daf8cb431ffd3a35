import type { Logger } from '../../runtime/log.js';
import { METRIC, countMetric } from '../../runtime/metrics.js';
import { turnDailyMailOff } from './daily-mail-opt-out.js';

/**
 * SES bounce and complaint events (the configuration set's event destination → SNS → this
 * function). A permanent bounce or a complaint turns the recipient's daily quiz email off; the
 * user is named by the `user_id` message tag every daily mail carries. Transient bounces change
 * nothing (SES's own suppression list handles the rest).
 */
export interface SnsEvent {
  Records: { Sns: { Message: string } }[];
}

interface SesEvent {
  eventType?: string;
  notificationType?: string;
  bounce?: { bounceType?: string };
  mail?: { tags?: Record<string, string[]> };
}

function userToSilence(event: SesEvent): string | null {
  const type = event.eventType ?? event.notificationType;
  const silences = type === 'Complaint' || (type === 'Bounce' && event.bounce?.bounceType === 'Permanent');
  return silences ? (event.mail?.tags?.user_id?.[0] ?? null) : null;
}

/** Every bounce (transient ones too: the alarm follows SES's own rate) and every complaint. */
function countFeedback(event: SesEvent): void {
  const type = event.eventType ?? event.notificationType;
  if (type === 'Bounce') countMetric(METRIC.bounces);
  else if (type === 'Complaint') countMetric(METRIC.complaints);
}

/** Turns the daily mail off for each permanently bouncing or complaining recipient of `event`. */
export async function silenceBouncedRecipients(event: SnsEvent, log: Logger): Promise<{ turnedOff: number }> {
  let turnedOff = 0;
  for (const record of event.Records ?? []) {
    let message: SesEvent;
    try {
      message = JSON.parse(record.Sns.Message) as SesEvent;
    } catch {
      log.warn('not an SES event', {});
      continue;
    }
    countFeedback(message);
    const userId = userToSilence(message);
    if (!userId) continue;
    if (await turnDailyMailOff(userId)) turnedOff++;
    log.info('daily mail turned off', { userId, reason: message.eventType ?? message.notificationType });
  }
  return { turnedOff };
}
