import {
  ConditionalCheckFailedException,
  TransactionCanceledException,
  TransactionConflictException,
} from '@aws-sdk/client-dynamodb';

/**
 * DynamoDB failures the code reacts to, told apart by the SDK's exception classes (the
 * document client rethrows the low-level client's exceptions unchanged).
 */

/** A single write's condition failed. */
export const isConditionFailed = (error: unknown): error is ConditionalCheckFailedException =>
  error instanceof ConditionalCheckFailedException;

/** A transaction was cancelled (one of its conditions failed, or it conflicted with another). */
export const isTransactionCanceled = (error: unknown): error is TransactionCanceledException =>
  error instanceof TransactionCanceledException;

/** Another transaction on the same items was in flight. */
export const isTransactionConflict = (error: unknown): error is TransactionConflictException =>
  error instanceof TransactionConflictException;

/** A write or a transaction was refused because of a condition (or a cancelled transaction). */
export const isConditionFailure = (error: unknown) => isConditionFailed(error) || isTransactionCanceled(error);

/**
 * Why a cancelled transaction was cancelled, per item in order (`ConditionalCheckFailed`,
 * `TransactionConflict`, `None`, …); empty when the error is no cancellation.
 */
export function cancellationReasons(error: unknown): string[] {
  if (!isTransactionCanceled(error)) return [];
  return (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
}

/** The cancellation reason of a transaction item whose condition failed. */
export const CONDITION_FAILED = 'ConditionalCheckFailed';

/** Whether the transaction item at `index` failed its condition. */
export const conditionFailedAt = (error: unknown, index: number) =>
  cancellationReasons(error)[index] === CONDITION_FAILED;
