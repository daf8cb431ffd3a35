/**
 * The installed app's service worker (D387): registered after the first screen, so its precache of
 * every chunk never competes with the first visit's own requests (Lighthouse, D98). A new version
 * waits (`registerType: 'prompt'`) until the learner accepts the reload, so one page never mixes two
 * versions' chunks; the prompt reads {@link updateState}.
 */

/** After the first screen's script, data and fonts (the Korean content font starts at 1 s). */
const REGISTER_DELAY_MS = 4000;

type Listener = () => void;
let waiting = false;
let reload: ((reloadPage?: boolean) => Promise<void>) | null = null;
const listeners = new Set<Listener>();

export const updateState = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** A new version is installed and waits for the reload. */
  waiting: (): boolean => waiting,
  /** Activates the waiting version; the page reloads once it controls it (whichever way it was installed). */
  reload: (): void => {
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    void reload?.(true);
  },
};

/** Registers the worker once, `REGISTER_DELAY_MS` after the call (start-up calls it after the first render). */
export function registerServiceWorkerLater(): void {
  if (!('serviceWorker' in navigator)) return;
  setTimeout(() => {
    void import('virtual:pwa-register').then(({ registerSW }) => {
      reload = registerSW({
        immediate: true,
        onNeedRefresh() {
          waiting = true;
          for (const listener of listeners) listener();
        },
      });
    });
  }, REGISTER_DELAY_MS);
}
