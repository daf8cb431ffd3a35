export interface SubscriptionPlan {
  /** all → unsubscribe, none → subscribe, mixed → both calls. */
  mode: 'none' | 'subscribe' | 'unsubscribe' | 'mixed';
  subscribe: string[];
  unsubscribe: string[];
}

/**
 * docs/product.md#exam-management: if every selected exam is subscribed the action is unsubscribe; if none is,
 * subscribe; if mixed, two calls (subscribe the unsubscribed, unsubscribe the subscribed).
 */
export function subscriptionPlan(selected: readonly { id: string; is_subscribed?: boolean }[]): SubscriptionPlan {
  const subscribe = selected.filter((exam) => !exam.is_subscribed).map((exam) => exam.id);
  const unsubscribe = selected.filter((exam) => !!exam.is_subscribed).map((exam) => exam.id);
  const mode =
    selected.length === 0
      ? 'none'
      : subscribe.length === 0
        ? 'unsubscribe'
        : unsubscribe.length === 0
          ? 'subscribe'
          : 'mixed';
  return { mode, subscribe, unsubscribe };
}
