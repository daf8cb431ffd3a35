import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Exam } from '#shared/contracts/exam-schemas.js';
import type { ExportFormat } from '#shared/domain/question-sheet.js';
import { ExportMenu, useQuestionExport } from '../../question-files/index.js';
import { startExamExport } from '../api/export-exam.js';
import button from '../../../components/ui/button/button.module.css';
import type { DetailRights } from '../utils/detail-permissions.js';
import styles from './exam-detail.module.css';

interface Props {
  favoritesMode: boolean;
  exam: Exam | undefined;
  rights: DetailRights;
  /** docs/product.md#roles: the daily random exam button shows only on the user's own daily exam. */
  ownDailyExam: boolean;
  onShare(): void;
  onDailyExam(): void;
  onDownload(fileName: string): void;
  onDeleteExam(exam: Exam): void;
}

/** The header's buttons: share, the daily exam, my exams, and the admin menu (connected file, delete). */
export function DetailHeaderActions({
  favoritesMode,
  exam,
  rights,
  ownDailyExam,
  onShare,
  onDailyExam,
  onDownload,
  onDeleteExam,
}: Props) {
  const { t } = useTranslation();
  const examExport = useQuestionExport((format: ExportFormat) => startExamExport(exam?.id ?? '', format));
  return (
    <>
      <button
        type="button"
        className={`${button.button} ${button.secondary}`}
        onClick={onShare}
        data-testid="detail-share"
      >
        {t('examDetail.header.share')}
      </button>
      {!favoritesMode && ownDailyExam && (
        <button
          type="button"
          className={`${button.button} ${button.secondary}`}
          onClick={onDailyExam}
          data-testid="detail-daily-exam"
        >
          {t('examDetail.header.dailyExam')}
        </button>
      )}
      {!favoritesMode && exam && (
        <ExportMenu testId="detail-export" preparing={examExport.preparing} onExport={examExport.exportAs} />
      )}
      {!favoritesMode && rights.canManage && (
        <Link to="/exam-management" className={`${button.button} ${button.secondary}`} data-testid="detail-my-exam">
          {t('examDetail.header.myExam')}
        </Link>
      )}
      {!favoritesMode && exam && (rights.canManage || rights.isCreator) && (
        <details className={styles.dropdown} data-testid="detail-admin-menu">
          <summary className={`${button.button} ${button.secondary}`}>{t('examDetail.header.admin')}</summary>
          <div className={styles.dropdownMenu}>
            {exam.file_name && (
              <button type="button" className={styles.dropdownItem} onClick={() => onDownload(exam.file_name!)}>
                {t('examDetail.header.downloadFile')}
              </button>
            )}
            <button
              type="button"
              className={`${styles.dropdownItem} ${styles.dropdownDanger}`}
              onClick={() => onDeleteExam(exam)}
              data-testid="detail-delete-exam"
            >
              {t('examDetail.header.deleteExam')}
            </button>
          </div>
        </details>
      )}
    </>
  );
}
