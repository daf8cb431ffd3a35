// The mail domain's public face (the daily quiz mail); it may import only users, tags, files, learning, exams, studies, results, links (through their index.ts). docs/architecture.md §1.6.
export { turnDailyMailOff } from './daily-mail-opt-out.js';
export { dailyMailUnsubscribe, dailyMailUnsubscribePage } from './daily-mail-unsubscribe.js';
export { deliverDailyQuiz, type DeliveryOutcome } from './daily-quiz-delivery.js';
export { RECIPIENT_SHARDS, recipientCount, recipientPages } from './daily-quiz-recipients.js';
export {
  deliverShard,
  reachedOf,
  throwOnFailedSends,
  ShardSendsFailed,
  type ShardCounts,
  type ShardReport,
  type ShardTask,
} from './daily-quiz-shard.js';
export { silenceBouncedRecipients, type SnsEvent } from './mail-feedback.js';
