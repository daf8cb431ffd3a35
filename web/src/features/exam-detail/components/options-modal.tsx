import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Exam } from '#shared/contracts/exam-schemas.js';
import { examDisplayTitle } from '#shared/domain/exam-title.js';
import type { Language } from '#shared/domain/language.js';
import button from '../../../components/ui/button/button.module.css';
import form from '../../../components/ui/form/form.module.css';
import { Modal } from '../../../components/ui/modal/modal.js';
import type { ConnectedStudy } from '../../take-exam/index.js';
import { useTargetExams } from '../api/get-editable-exams.js';
import type { DetailRights } from '../utils/detail-permissions.js';
import styles from './exam-detail.module.css';

export type OptionsAction =
  | { kind: 'move' | 'copy'; targetExamId: string }
  | { kind: 'group'; groupId: string }
  | { kind: 'deleteQuestions' }
  | { kind: 'deleteMyResults' }
  | { kind: 'deleteAllResults' }
  | { kind: 'mapping'; studyId: string };

interface Props {
  open: boolean;
  onClose(): void;
  exam: Exam;
  language: Language;
  rights: DetailRights;
  selectedCount: number;
  filteredCount: number;
  studies: ConnectedStudy[];
  busy: boolean;
  onAction(action: OptionsAction): void;
}

/**
 * The options modal of docs/product.md#exam-detail: move or copy the selection to another exam, apply a group id,
 * delete the selection (after a confirm), delete results, map study members, and (admins) member
 * management. Each action's guard of docs/product.md#exam-detail is a disabled button with its reason beside it.
 */
export function OptionsModal({
  open,
  onClose,
  exam,
  language,
  rights,
  selectedCount,
  filteredCount,
  studies,
  busy,
  onAction,
}: Props) {
  const { t } = useTranslation();
  const id = useId();
  const targets = useTargetExams(open);
  const [targetExamId, setTargetExamId] = useState('');
  const [groupId, setGroupId] = useState('');
  const [studyId, setStudyId] = useState('');
  const noSelection = selectedCount === 0;
  const choices = (targets.data?.results ?? []).filter((candidate) => candidate.id !== exam.id);
  const mappingStudy = studyId || studies[0]?.study_id || '';

  return (
    <Modal
      open={open}
      title={t('examDetail.options.title')}
      onClose={onClose}
      closeLabel={t('examDetail.common.close')}
      testId="options-modal"
    >
      <p className={styles.modalLead} data-testid="options-selected-count">
        {t('examDetail.options.selectedCount', { count: selectedCount })}
      </p>

      <section className={styles.optionSection} aria-labelledby={`${id}-transfer`}>
        <h3 id={`${id}-transfer`} className={styles.optionTitle}>
          {t('examDetail.options.transfer')}
        </h3>
        <div className={form.field}>
          <label className={form.label} htmlFor={`${id}-target`}>
            {t('examDetail.options.targetExam')}
          </label>
          <select
            id={`${id}-target`}
            className={form.select}
            value={targetExamId}
            onChange={(event) => setTargetExamId(event.target.value)}
            data-testid="options-target"
          >
            <option value="">{t('examDetail.options.chooseExam')}</option>
            {choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {examDisplayTitle(choice, language, t('examDetail.untitled'))}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.optionButtons}>
          <button
            type="button"
            className={`${button.button} ${button.primary} ${button.small}`}
            disabled={busy || noSelection || !targetExamId}
            onClick={() => onAction({ kind: 'move', targetExamId })}
            data-testid="options-move"
          >
            {t('examDetail.options.move')}
          </button>
          <button
            type="button"
            className={`${button.button} ${button.secondary} ${button.small}`}
            disabled={busy || noSelection || !targetExamId}
            onClick={() => onAction({ kind: 'copy', targetExamId })}
            data-testid="options-copy"
          >
            {t('examDetail.options.copy')}
          </button>
        </div>
      </section>

      <section className={styles.optionSection} aria-labelledby={`${id}-group`}>
        <h3 id={`${id}-group`} className={styles.optionTitle}>
          {t('examDetail.options.group')}
        </h3>
        <div className={styles.inlineField}>
          <label className="visually-hidden" htmlFor={`${id}-group-id`}>
            {t('examDetail.options.groupId')}
          </label>
          <input
            id={`${id}-group-id`}
            className={`${form.input} ${form.compact}`}
            value={groupId}
            placeholder={t('examDetail.options.groupId')}
            onChange={(event) => setGroupId(event.target.value)}
            data-testid="options-group-id"
          />
          <button
            type="button"
            className={`${button.button} ${button.secondary} ${button.small}`}
            disabled={busy || noSelection || !groupId.trim()}
            onClick={() => onAction({ kind: 'group', groupId: groupId.trim() })}
            data-testid="options-group-apply"
          >
            {t('examDetail.options.apply')}
          </button>
        </div>
      </section>

      <section className={styles.optionSection} aria-labelledby={`${id}-delete`}>
        <h3 id={`${id}-delete`} className={styles.optionTitle}>
          {t('examDetail.options.delete')}
        </h3>
        <div className={styles.optionButtons}>
          {rights.canManage && (
            <button
              type="button"
              className={`${button.button} ${button.dangerOutline} ${button.small}`}
              disabled={busy || noSelection}
              onClick={() => onAction({ kind: 'deleteQuestions' })}
              data-testid="options-delete-questions"
            >
              {t('examDetail.options.deleteQuestions', { count: selectedCount })}
            </button>
          )}
          <button
            type="button"
            className={`${button.button} ${button.dangerOutline} ${button.small}`}
            disabled={busy || noSelection}
            onClick={() => onAction({ kind: 'deleteMyResults' })}
            data-testid="options-delete-my-results"
          >
            {t('examDetail.options.deleteMyResults')}
          </button>
          {rights.canManage && (
            <button
              type="button"
              className={`${button.button} ${button.dangerOutline} ${button.small}`}
              disabled={busy}
              onClick={() => onAction({ kind: 'deleteAllResults' })}
              data-testid="options-delete-all-results"
            >
              {t('examDetail.options.deleteAllResults')}
            </button>
          )}
        </div>
      </section>

      {rights.canManage && (
        <section className={styles.optionSection} aria-labelledby={`${id}-mapping`}>
          <h3 id={`${id}-mapping`} className={styles.optionTitle}>
            {t('examDetail.options.mapping')}
          </h3>
          {studies.length === 0 ? (
            <p className={form.hint}>{t('examDetail.options.noStudies')}</p>
          ) : (
            <>
              <div className={styles.inlineField}>
                <label className="visually-hidden" htmlFor={`${id}-study`}>
                  {t('examDetail.options.study')}
                </label>
                <select
                  id={`${id}-study`}
                  className={`${form.select} ${form.compact}`}
                  value={mappingStudy}
                  onChange={(event) => setStudyId(event.target.value)}
                >
                  {studies.map((study) => (
                    <option key={study.study_id} value={study.study_id}>
                      {study.study_title}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  className={`${button.button} ${button.secondary} ${button.small}`}
                  disabled={busy || filteredCount === 0 || !mappingStudy}
                  onClick={() => onAction({ kind: 'mapping', studyId: mappingStudy })}
                  data-testid="options-mapping"
                >
                  {t('examDetail.options.createMapping', { count: filteredCount })}
                </button>
              </div>
              {rights.isAdmin && mappingStudy && (
                <Link
                  to={`/member-management/${encodeURIComponent(mappingStudy)}`}
                  className={`${button.button} ${button.ghost} ${button.small}`}
                  data-testid="options-member-management"
                >
                  {t('examDetail.options.memberManagement')}
                </Link>
              )}
            </>
          )}
        </section>
      )}
    </Modal>
  );
}
