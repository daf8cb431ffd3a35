import { useTranslation } from 'react-i18next';
import type { Exam } from '#shared/contracts/exam-schemas.js';
import type { Language } from '#shared/domain/language.js';
import { TagManager } from '../../tags/index.js';
import { updateExamInfo } from '../api/update-exam-info.js';
import type { DetailRights } from '../utils/detail-permissions.js';
import { AccuracyCard } from './accuracy-card.js';
import { ExamInfoCard } from './exam-info-card.js';
import { PhoneDisclosure } from './phone-disclosure.js';
import { UploadCard } from './upload-card.js';
import styles from './exam-detail.module.css';

interface Props {
  exam: Exam;
  language: Language;
  rights: DetailRights;
  selectedCount: number;
  busy: boolean;
  onAdjust(direction: 'increase' | 'decrease', percentage: number): void;
  onDownload(fileName: string): void;
}

/** Above the list in exam mode: the exam's info, its tags, the accuracy card and (editors) the upload card. */
export function ExamOverview({ exam, language, rights, selectedCount, busy, onAdjust, onDownload }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <ExamInfoCard key={exam.id} exam={exam} language={language} canEdit={rights.canEdit} />
      {exam.tags !== undefined && (
        <div className={styles.tags}>
          <TagManager
            entityType="exam"
            tags={exam.tags}
            canEdit={rights.canEdit}
            save={async (ids) => (await updateExamInfo(exam.id, { tags: ids })).tags ?? []}
            testId="detail-tags"
          />
        </div>
      )}
      <PhoneDisclosure summary={t('examDetail.tools.summary')} testId="detail-tools">
        <div className={styles.cardGrid}>
          <AccuracyCard selectedCount={selectedCount} pending={busy} onAdjust={onAdjust} />
          {(rights.canEdit || rights.isStudyAdmin) && (
            <UploadCard
              examId={exam.id}
              connectedFile={exam.file_name ?? null}
              canUpload={rights.isAdmin || rights.isCreator || !exam.file_name}
              onDownload={() => onDownload(exam.file_name!)}
            />
          )}
        </div>
      </PhoneDisclosure>
    </>
  );
}
