import { useId, useRef, useState, type KeyboardEvent } from 'react';
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

/**
 * The tools: favorite and the question list stay in sight; the rest (ignore, share, full screen,
 * shuffle, restart and the editor's actions) sit in one panel. On wide screens the panel shows
 * inline as a row; on a phone it folds behind one "More" button (a disclosure: Escape closes it
 * and gives focus back), so the tools take one row above the question instead of four.
 */
export function ExamToolbar(props: ExamToolbarProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  // Each tool closes the folded panel after it runs.
  const run = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  const onPanelKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <div
      className={styles.toolbar}
      role="group"
      aria-label={t('takeExam.toolbar.label')}
      data-testid="take-exam-toolbar"
    >
      {props.signedIn && (
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
      )}
      <button
        type="button"
        className={small}
        onClick={props.onList}
        disabled={!props.hasQuestion}
        data-testid="list-button"
      >
        {t('takeExam.toolbar.list')}
      </button>
      <button
        ref={toggle}
        type="button"
        className={`${small} ${styles.moreToggle}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        data-testid="more-tools"
      >
        {t('takeExam.toolbar.more')} <span aria-hidden="true">▾</span>
      </button>
      <div
        id={panelId}
        className={`${styles.morePanel} ${open ? styles.morePanelOpen : ''}`}
        onKeyDown={onPanelKey}
        data-testid="more-tools-panel"
      >
        {props.signedIn && (
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
        )}
        <button type="button" className={small} onClick={run(props.onShare)} data-testid="share-button">
          {t('takeExam.toolbar.share')}
        </button>
        <button
          type="button"
          className={small}
          onClick={run(props.onFullscreen)}
          aria-pressed={props.fullscreen}
          data-testid="fullscreen-button"
        >
          {props.fullscreen ? t('takeExam.toolbar.exitFullscreen') : t('takeExam.toolbar.fullscreen')}
        </button>
        <button
          type="button"
          className={small}
          onClick={run(props.onShuffle)}
          disabled={!props.hasQuestion}
          data-testid="shuffle-button"
        >
          {t('takeExam.toolbar.shuffle')}
        </button>
        <button type="button" className={small} onClick={run(props.onRestart)} data-testid="restart-button">
          {t('takeExam.toolbar.restart')}
        </button>
        {props.canEdit && (
          <>
            <button
              type="button"
              className={small}
              onClick={run(props.onEdit)}
              disabled={!props.hasQuestion}
              data-testid="edit-question"
            >
              {t('takeExam.toolbar.edit')}
            </button>
            <button type="button" className={small} onClick={run(props.onAdd)} data-testid="add-question">
              {t('takeExam.toolbar.add')}
            </button>
            <button
              type="button"
              className={`${button.button} ${button.dangerOutline} ${button.small}`}
              onClick={run(props.onDelete)}
              disabled={!props.hasQuestion}
              data-testid="delete-question"
            >
              {t('takeExam.toolbar.delete')}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
