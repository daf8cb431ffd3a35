/** A grade id the server accepts (`[A-Za-z0-9_-]{8,64}`), unique per grade. */
export const newGradeId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
