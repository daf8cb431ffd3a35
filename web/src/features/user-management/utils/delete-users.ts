export interface DeleteOutcome<U> {
  deleted: U[];
  failed: { user: U; error: unknown }[];
}

/**
 * docs/product.md#user-management: the selected users are deleted one by one (not in parallel, so the server sees one
 * purge at a time), and every success and failure is reported.
 */
export async function deleteUsersOneByOne<U>(
  users: readonly U[],
  remove: (user: U) => Promise<unknown>,
): Promise<DeleteOutcome<U>> {
  const outcome: DeleteOutcome<U> = { deleted: [], failed: [] };
  for (const user of users) {
    try {
      await remove(user);
      outcome.deleted.push(user);
    } catch (error) {
      outcome.failed.push({ user, error });
    }
  }
  return outcome;
}
