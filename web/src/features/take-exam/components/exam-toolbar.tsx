import { useTranslation } from 'react-i18next';
import button from '../../../components/ui/button/button.module.css';
import styles from './take-exam.module.css';

interface ExamToolbarProps {
  signedIn: boolean;
  canEdit: boolean;
  hasQuestion: boolean;
  isFavorite: boolean;
  isIgnored: boolean;
  flagsPending: boolean;
  fullscreen: boolean;
  onFavorite(): void;
  onIgnore(): void;
  onShare(): void;
  onFullscreen(): void;
  onList(): void;
  onShuffle(): void;
  onRestart(): void;
  onEdit(): void;
  onAdd(): void;
  onDelete(): void;
}

const small = `${button.button} ${button.secondary} ${button.small}`;

/** The tools row: favorite and ignore (signed-in), share, full screen, list, shuffle, restart, and the editor's actions. */
export function ExamToolbar(props: ExamToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.toolbar} role="toolbar" aria-label={t('takeExam.toolbar.label')} data-testid="take-exam-toolbar">
      {props.signedIn && (
        <>
          <button
            type="button"
            className={`${small} ${props.isFavorite ? styles.toggleOn : ''}`}
            aria-pressed={props.isFavorite}
            disabled={!props.hasQuestion || props.flagsPending}
            onClick={props.onFavorite}
            data-testid="favorite-toggle"
          >
            {props.isFavorite ? `★ ${t('takeExam.toolbar.unfavorite')}` : `☆ ${t('takeExam.toolbar.favorite')}`}
          </button>
          <button
            type="button"
            className={`${small} ${props.isIgnored ? styles.toggleOn : ''}`}
            aria-pressed={props.isIgnored}
            disabled={!props.hasQuestion || props.flagsPending}
            onClick={props.onIgnore}
            data-testid="ignore-toggle"
          >
            {props.isIgnored ? t('takeExam.toolbar.unignore') : t('takeExam.toolbar.ignore')}
          </button>
        </>
      )}
      <button type="button" className={small} onClick={props.onShare} data-testid="share-button">
        {t('takeExam.toolbar.share')}
      </button>
      <button type="button" className={small} onClick={props.onFullscreen} aria-pressed={props.fullscreen} data-testid="fullscreen-button">
        {props.fullscreen ? t('takeExam.toolbar.exitFullscreen') : t('takeExam.toolbar.fullscreen')}
      </button>
      <button type="button" className={small} onClick={props.onList} disabled={!props.hasQuestion} data-testid="list-button">
        {t('takeExam.toolbar.list')}
      </button>
      <button type="button" className={small} onClick={props.onShuffle} disabled={!props.hasQuestion} data-testid="shuffle-button">
        {t('takeExam.toolbar.shuffle')}
      </button>
      <button type="button" className={small} onClick={props.onRestart} data-testid="restart-button">
        {t('takeExam.toolbar.restart')}
      </button>
      {props.canEdit && (
        <>
          <button type="button" className={small} onClick={props.onEdit} disabled={!props.hasQuestion} data-testid="edit-question">
            {t('takeExam.toolbar.edit')}
          </button>
          <button type="button" className={small} onClick={props.onAdd} data-testid="add-question">
            {t('takeExam.toolbar.add')}
          </button>
          <button
            type="button"
            className={`${button.button} ${button.dangerOutline} ${button.small}`}
            onClick={props.onDelete}
            disabled={!props.hasQuestion}
            data-testid="delete-question"
          >
            {t('takeExam.toolbar.delete')}
          </button>
        </>
      )}
    </div>
  );
}
