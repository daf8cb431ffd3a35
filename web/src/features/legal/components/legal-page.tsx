import { useTranslation } from 'react-i18next';
import { SITE } from '../../../config/site.js';
import page from '../../../components/ui/page/page.module.css';
import type { LegalDocument } from '../content/legal-document.js';
import styles from './legal-page.module.css';

/** A policy page: translated frame (title, dates, contact heading) around the English text. */
export function LegalPage({
  title,
  document: doc,
  testId,
}: {
  title: string;
  document: LegalDocument;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <article className={`${page.container} ${page.narrow} ${styles.page}`} data-testid={testId}>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.meta}>
          {t('legal.lastUpdated', { date: doc.lastUpdated })}
          {i18n.language !== 'en' && <span className={styles.note}>{t('legal.englishOnly')}</span>}
        </p>
      </header>
      <div className={styles.body} lang="en">
        <p className={styles.intro}>{doc.intro}</p>
        {doc.sections.map((section) => (
          <section key={section.heading} className={styles.section}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {section.list && (
              <ul>
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
      <section className={styles.contact}>
        <h2>{t('legal.contactHeading')}</h2>
        <p>
          {t('legal.contactText')} <a href={`mailto:${SITE.contactEmail}`}>{SITE.contactEmail}</a>
        </p>
      </section>
    </article>
  );
}
