import { useState } from 'react';

/** A question the confirm modal asks before a destructive or screen-wide action. */
export interface Confirmation {
  title: string;
  message: string;
  confirmLabel: string;
  tone: 'primary' | 'danger';
  run(): Promise<void>;
}

/** The pending confirmation: `ask` opens the modal, `dismiss` closes it. */
export function useConfirmation() {
  const [confirm, setConfirm] = useState<Confirmation | null>(null);
  return { confirm, ask: setConfirm, dismiss: () => setConfirm(null) };
}

export type AskConfirmation = (confirmation: Confirmation) => void;
