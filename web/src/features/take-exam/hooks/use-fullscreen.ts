import { useCallback, useEffect, useState, type RefObject } from 'react';

/** Full screen for one element, following the browser's own state (Escape leaves it too). */
export function useFullscreen(target: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const update = () =>
      setActive(document.fullscreenElement !== null && document.fullscreenElement === target.current);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, [target]);
  const toggle = useCallback(async (): Promise<boolean> => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await target.current?.requestFullscreen();
      return true;
    } catch {
      return false;
    }
  }, [target]);
  return { active, toggle, supported: typeof document !== 'undefined' && !!document.fullscreenEnabled };
}
