import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import button from '../../../components/ui/button/button.module.css';
import { Modal } from '../../../components/ui/modal/modal.js';
import styles from './take-exam.module.css';

const KEYS = ['enter', 'newLine', 'next', 'grade', 'choose', 'help', 'tab', 'escape'] as const;

interface ShortcutsHelpProps {
  openSignal: number;
  /** Another screen's keys (the Review screen): `<prefix>.keys.<key>` and `<prefix>.does.<key>`, `<prefix>.title`, `<prefix>.button`. */
  keys?: readonly string[];
  prefix?: string;
}

/**
 * The keys of the take-exam screen (or another screen's, given `keys` and `prefix`) in a real
 * dialog (native <dialog>: focus stays inside, Esc closes): opened by its button or by `?` (the
 * question's key hook calls `open`).
 */
export function ShortcutsHelp({ openSignal, keys = KEYS, prefix = 'takeExam.shortcuts' }: ShortcutsHelpProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (openSignal > 0) setOpen(true);
  }, [openSignal]);
  return (
    <>
      <button
        type="button"
        className={`${button.button} ${button.ghost} ${styles.shortcuts}`}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="shortcuts-help"
      >
        {t(`${prefix}.button`)}
      </button>
      <Modal
        open={open}
        title={t(`${prefix}.title`)}
        closeLabel={t('app.close')}
        onClose={() => setOpen(false)}
        testId="shortcuts-dialog"
      >
        <dl className={styles.keyList}>
          {keys.map((key) => (
            <div key={key} className={styles.keyRow}>
              <dt>
                <kbd>{t(`${prefix}.keys.${key}`)}</kbd>
              </dt>
              <dd>{t(`${prefix}.does.${key}`)}</dd>
            </div>
          ))}
        </dl>
      </Modal>
    </>
  );
}
