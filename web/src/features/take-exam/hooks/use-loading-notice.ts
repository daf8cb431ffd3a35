import { useEffect, useState } from 'react';

/** docs/product.md#limits: after `delayMs` (5 s) of loading, a notice says translation is under way. */
export function useLoadingNotice(loading: boolean, delayMs = 5000): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!loading) {
      setLate(false);
      return;
    }
    const timer = setTimeout(() => setLate(true), delayMs);
    return () => clearTimeout(timer);
  }, [loading, delayMs]);
  return loading && late;
}
