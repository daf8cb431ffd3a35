import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Study } from '#shared/contracts/studies.js';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import { FileInput } from '../../../components/ui/form/file-input.js';
import form from '../../../components/ui/form/form.module.css';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import screen from '../../../components/ui/screen/screen.module.css';
import { ApiError } from '../../../lib/api-client.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { copyStudyTasks } from '../api/create-study-task.js';
import { downloadStudyTasksSheet } from '../api/download-study-tasks-sheet.js';
import { useMyStudies } from '../api/get-studies.js';
import { fetchStudy } from '../api/get-study.js';
import { uploadStudyTasksSheet } from '../api/upload-study-tasks-sheet.js';
import { studyTitle } from '../utils/study-view.js';

const SHEET_TYPES = /\.(xlsx|xls)$/i;

/**
 * docs/product.md#study-detail: copy tasks from another study, upload and download the tasks sheet. The copy and
 * upload tools are for those the server lets use them (`can_use_sheets`); the download is for
 * everyone once the study has tasks.
 */
export function TaskToolbar({ study, canUseTools }: { study: Study; canUseTools: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const language = currentLanguage();
  const studies = useMyStudies(canUseTools);
  const [sourceId, setSourceId] = useState('');
  const [pending, setPending] = useState(false);
  const [sheetFile, setSheetFile] = useState<File | null>(null);
  const title = studyTitle(study, language, study.id);
  const sources = (studies.data?.results ?? []).filter((other) => other.id !== study.id);
  const hasTasks = (study.tasks ?? []).length > 0;

  const run = async (work: () => Promise<void>) => {
    setPending(true);
    try {
      await work();
    } finally {
      setPending(false);
    }
  };

  const copy = () =>
    run(async () => {
      if (!sourceId) return void toast.warning(t('studies.toolbar.selectStudy'));
      try {
        // The source's tasks come from its detail read; each is one POST (docs/product.md#studies).
        const source = await fetchStudy(sourceId);
        const result = await copyStudyTasks(
          (source.tasks ?? []).map((task) => ({
            study: study.id,
            name_ko: task.name_ko,
            name_en: task.name_en,
            exam: task.exam?.id ?? null,
            progress: task.progress,
          })),
        );
        (result.failed > 0 ? toast.warning : toast.success)(t('studies.toolbar.copied', result));
      } catch (error) {
        console.warn('copy tasks failed', error);
        toast.error(t('studies.toolbar.copyFailed'));
      }
    });

  const upload = () =>
    run(async () => {
      const file = sheetFile;
      if (!file) return void toast.warning(t('studies.toolbar.selectFile'));
      if (!SHEET_TYPES.test(file.name)) return void toast.warning(t('studies.toolbar.wrongType'));
      try {
        const answer = await uploadStudyTasksSheet(study.id, file);
        toast.success(answer.message || t('studies.toolbar.uploaded'));
        setSheetFile(null);
      } catch (error) {
        toast.error(
          error instanceof ApiError && error.detail
            ? t('studies.toolbar.uploadFailed', { detail: error.detail })
            : t('studies.toolbar.uploadError'),
        );
      }
    });

  const download = () =>
    run(async () => {
      try {
        await downloadStudyTasksSheet(study.id, title);
      } catch (error) {
        console.warn('tasks sheet download failed', error);
        toast.error(t('studies.toolbar.excelDownloadFailed'));
      }
    });

  if (!canUseTools && !hasTasks) return null;
  return (
    <Card
      id="task-toolbar"
      title={t('studies.toolbar.title')}
      description={canUseTools ? t('studies.toolbar.format') : undefined}
      testId="task-toolbar"
    >
      <div className={screen.stack}>
        {canUseTools && (
          <div className={screen.filters}>
            <label className="visually-hidden" htmlFor="copy-source">
              {t('studies.toolbar.copyFrom')}
            </label>
            <select
              id="copy-source"
              className={form.select}
              value={sourceId}
              onChange={(event) => setSourceId(event.target.value)}
            >
              <option value="">{t('studies.toolbar.chooseStudy')}</option>
              {sources.map((other) => (
                <option key={other.id} value={other.id}>
                  {studyTitle(other, language, other.id)}
                </option>
              ))}
            </select>
            <button
              type="button"
              className={`${button.button} ${button.secondary}`}
              disabled={pending}
              onClick={() => void copy()}
            >
              {t('studies.toolbar.copyFrom')}
            </button>
          </div>
        )}
        {canUseTools && (
          <div className={screen.filters}>
            <label className="visually-hidden" htmlFor="tasks-sheet-file">
              {t('studies.toolbar.uploadFile')}
            </label>
            <FileInput id="tasks-sheet-file" accept=".xlsx,.xls" file={sheetFile} onFileChange={setSheetFile} />
            <button
              type="button"
              className={`${button.button} ${button.secondary}`}
              disabled={pending}
              onClick={() => void upload()}
            >
              {pending ? t('studies.toolbar.uploading') : t('studies.toolbar.upload')}
            </button>
          </div>
        )}
        {hasTasks && (
          <div className={screen.filters}>
            <button
              type="button"
              className={`${button.button} ${button.secondary}`}
              disabled={pending}
              onClick={() => void download()}
              data-testid="tasks-sheet-download"
            >
              {t('studies.toolbar.download')}
            </button>
          </div>
        )}
      </div>
    </Card>
  );
}
