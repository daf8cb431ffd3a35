import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import form from '../../../components/ui/form/form.module.css';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { studyTitle, useMyStudies } from '../../studies/index.js';
import { importMembers } from '../api/import-members.js';
import styles from './study-members.module.css';

/** docs/product.md#member-management: import the members of another of the caller's studies (existing email, member code or user skipped). */
export function ImportMembersCard({ studyId }: { studyId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const language = currentLanguage();
  const studies = useMyStudies();
  const [sourceId, setSourceId] = useState('');
  const [pending, setPending] = useState(false);
  const sources = (studies.data?.results ?? []).filter((study) => study.id !== studyId);

  const submit = async () => {
    if (!sourceId) return toast.warning(t('studyMembers.import.selectStudy'));
    setPending(true);
    try {
      const answer = await importMembers(studyId, sourceId);
      toast.success(
        t('studyMembers.import.done', {
          done: answer.imported,
          skipped: answer.skipped,
          failed: answer.total - answer.imported - answer.skipped,
        }),
      );
      setSourceId('');
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('studyMembers.import.failed')));
    } finally {
      setPending(false);
    }
  };

  return (
    <Card id="import-members" title={t('studyMembers.import.title')} testId="import-members">
      <div className={styles.row}>
        <label className="visually-hidden" htmlFor="import-source">
          {t('studyMembers.import.title')}
        </label>
        <select
          id="import-source"
          className={form.select}
          value={sourceId}
          onChange={(event) => setSourceId(event.target.value)}
        >
          <option value="">{t('studyMembers.import.chooseStudy')}</option>
          {sources.map((study) => (
            <option key={study.id} value={study.id}>
              {studyTitle(study, language, study.id)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className={`${button.button} ${button.secondary}`}
          disabled={pending}
          onClick={() => void submit()}
        >
          {t('studyMembers.import.submit')}
        </button>
      </div>
    </Card>
  );
}
