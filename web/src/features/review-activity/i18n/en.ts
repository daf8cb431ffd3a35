import type { TranslationShape } from '../../../lib/translation-shape.js';
import type ko from './ko.js';

const en = {
  title: 'Review history',
  description:
    'How many questions you reviewed each day over the last year, and how many fall due in the next 30 days. Days follow your learner-day setting.',
  loading: 'Loading your review history…',
  loadFailed: 'Your review history could not be loaded.',
  currentStreak: 'Current streak',
  longestStreak: 'Longest streak',
  totalReviews: 'Reviews this year',
  days_one: '{{count}} day',
  days_other: '{{count}} days',
  reviews_one: '{{count}} review',
  reviews_other: '{{count}} reviews',
  heatmapTitle: 'Reviews by day',
  heatmapSummary_one: 'You reviewed {{count}} question on {{active}} of the last 365 days.',
  heatmapSummary_other: 'You reviewed {{count}} questions on {{active}} of the last 365 days.',
  less: 'Less',
  more: 'More',
  months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  weekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  dayTooltip_one: '{{date}}: {{count}} review',
  dayTooltip_other: '{{date}}: {{count}} reviews',
  forecastTitle: 'Due in the next 30 days',
  forecastSummary: 'Reviews: {{today}} due today, {{count}} in the next 30 days.',
  todayLine: 'Also left today: {{learning}} and {{fresh}} (the same counts as Home and the Review screen).',
  learning_one: '{{count}} learning ({{now}} ready now)',
  learning_other: '{{count}} learning ({{now}} ready now)',
  fresh_one: '{{count}} new card',
  fresh_other: '{{count}} new cards',
  forecastCapped: 'So many cards are due that only the first 2,000 were counted.',
  due: 'Due',
  empty: 'No reviews yet. Take an exam and they will show up here.',
} satisfies TranslationShape<typeof ko>;

export default en;
