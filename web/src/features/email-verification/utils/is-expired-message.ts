/** Spec 1 §2: the error offers a retry when its message says the link expired, in either language. */
export function isExpiredMessage(message: string | null | undefined): boolean {
  if (!message) return false;
  return message.includes('만료') || /expired/i.test(message);
}
