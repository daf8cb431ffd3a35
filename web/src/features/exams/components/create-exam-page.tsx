import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isSiteAdmin } from '#shared/domain/roles.js';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import page from '../../../components/ui/page/page.module.css';
import { ScreenHeader } from '../../../components/ui/screen/screen-header.js';
import screen from '../../../components/ui/screen/screen.module.css';
import { SignedInOnly } from '../../../lib/auth/signed-in-only.js';
import { CreateExamForm } from './create-exam-form.js';

/** The create-exam screen (docs/product.md#creating-exams): the create form on its own page, for signed-in users. */
export function CreateExamPage() {
  const { t } = useTranslation();
  return (
    <SignedInOnly>
      {(user) => (
        <div className={screen.page} data-testid="create-exam-page">
          <div className={`${page.container} ${page.narrow}`}>
            <ScreenHeader
              title={t('exams.create.title')}
              subtitle={t('exams.create.pageSubtitle')}
              actions={
                <Link to="/exam-management" className={`${button.button} ${button.secondary}`}>
                  {t('exams.management.title')}
                </Link>
              }
            />
            <Card title={t('exams.create.formTitle')}>
              <CreateExamForm isAdmin={isSiteAdmin(user)} />
            </Card>
          </div>
        </div>
      )}
    </SignedInOnly>
  );
}
