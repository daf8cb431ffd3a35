import { SITE } from '../../../config/site.js';
import type { LegalDocument } from './legal-document.js';

export const PRIVACY_POLICY: LegalDocument = {
  lastUpdated: 'August 2025',
  intro: `This Privacy Policy explains what information ${SITE.name} collects when you use the service, how we use it, and the choices you have. By using ${SITE.name} you agree to the practices described here.`,
  sections: [
    {
      heading: '1. Information we collect',
      paragraphs: ['We collect only what we need to run the service:'],
      list: [
        'Account information: your user ID, name, password (stored only as a secure hash) and, if you provide them, your email address, affiliation and location.',
        'Sign-in with Google: if you choose it, we receive your name and email address from Google. We do not receive your Google password.',
        'Learning data: question files you upload, exams and studies you create or join, your answers, scores, elapsed times, favorites and progress records.',
        'Preferences: your language, daily quiz email settings and data retention settings.',
        'Technical data: basic request logs (time, address, browser type) kept for security and troubleshooting.',
      ],
    },
    {
      heading: '2. How we use your information',
      paragraphs: ['We use your information to:'],
      list: [
        'provide the service: store your questions, run exams, record results and show your progress;',
        'let study members see the shared progress of the studies they belong to;',
        'send emails you asked for, such as email verification and daily quizzes;',
        'keep the service secure, prevent abuse and fix problems.',
      ],
    },
    {
      heading: '3. Cookies and browser storage',
      paragraphs: [
        'We use a session cookie to keep you signed in and a security cookie that protects forms against cross-site request forgery. We also keep your language choice and some cached screen data in your browser’s local storage so pages load faster. We do not use advertising or third-party tracking cookies.',
      ],
    },
    {
      heading: '4. Emails',
      paragraphs: [
        'We send account emails (such as email verification) and, only if you turn them on, daily quiz emails. You can turn daily quiz emails off at any time in your profile.',
      ],
    },
    {
      heading: '5. Sharing',
      paragraphs: [
        'We do not sell your personal information. Content you share on purpose — a public study, a shared exam link — is visible to the people you share it with. We use cloud infrastructure providers to host the service and send email; they process data only on our behalf.',
      ],
    },
    {
      heading: '6. Retention and your choices',
      paragraphs: ['You stay in control of your data:'],
      list: [
        'Export: download a copy of your data from your profile at any time.',
        'Cleanup: remove a share of your oldest answer records automatically or on demand.',
        'Statistics reset: clear your learning statistics.',
        'Withdrawal: delete your account from your profile; your personal information is then removed.',
      ],
    },
    {
      heading: '7. Security',
      paragraphs: [
        'Passwords are stored only as secure hashes, connections are encrypted, and access to data is limited to what each part of the service needs. No system is perfectly secure, so please use a strong password that you do not use elsewhere.',
      ],
    },
    {
      heading: '8. Children',
      paragraphs: [
        `${SITE.name} is not directed at children under 14. If you believe a child has given us personal information, contact us and we will delete it.`,
      ],
    },
    {
      heading: '9. Changes to this policy',
      paragraphs: [
        'We may update this policy as the service changes. We will change the date above and, for significant changes, let you know in the service or by email.',
      ],
    },
  ],
};
