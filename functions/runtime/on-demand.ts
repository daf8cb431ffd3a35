type AsyncFunction = (...args: never[]) => Promise<unknown>;

/**
 * An async function of a module that is imported on its first call (D106). The split Lambda build
 * makes such a module, and what only it imports (an SDK client, jose), a chunk of its own that a
 * cold start does not read: only the routes that call the function pay for it, once per container.
 *
 *   export const deleteObject = onDemand(() => import('./s3-object-store.js'), 'deleteObject');
 */
export function onDemand<M extends Record<K, AsyncFunction>, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  const call = async (...args: Parameters<M[K]>) => (await load())[name](...args);
  return call as M[K];
}
