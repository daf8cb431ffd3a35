import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import form from '../../../components/ui/form/form.module.css';

interface SettingsFormCardProps {
  id: string;
  title: string;
  description: string;
  saving: boolean;
  /** Nothing changed, or a field is invalid. */
  saveDisabled: boolean;
  saveTestId?: string;
  onSubmit: () => void;
  children: ReactNode;
}

/** A profile settings section: a card holding a grid of fields and one Save button. */
export function SettingsFormCard(props: SettingsFormCardProps) {
  const { t } = useTranslation();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <Card id={props.id} testId={props.id} title={props.title} description={props.description}>
      <form className={form.form} onSubmit={onSubmit} noValidate>
        <div className={form.grid}>{props.children}</div>
        <div className={form.actions}>
          <button
            type="submit"
            className={`${button.button} ${button.primary}`}
            disabled={props.saving || props.saveDisabled}
            data-testid={props.saveTestId}
          >
            {props.saving ? t('profile.saving') : t('profile.save')}
          </button>
        </div>
      </form>
    </Card>
  );
}
