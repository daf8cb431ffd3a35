import { SITE } from '../../../config/site.js';
import type { LegalDocument } from './legal-document.js';

export const TERMS_OF_SERVICE: LegalDocument = {
  lastUpdated: 'August 2025',
  intro: `These Terms of Service govern your use of ${SITE.name}, an online service for quiz-based learning and exam practice. By creating an account or using the service you agree to these terms.`,
  sections: [
    {
      heading: '1. Your account',
      paragraphs: [
        'You are responsible for your account and for keeping your password safe. Give accurate information when you register and tell us promptly if you think someone else is using your account.',
      ],
    },
    {
      heading: '2. Your content',
      paragraphs: [
        'You keep ownership of the questions, files and other content you upload. You give us permission to store, process and display that content as needed to run the service — for example, to show an exam to the members of a study you share it with.',
        'Only upload content you have the right to use. Do not upload material that infringes someone else’s copyright or that contains other people’s personal information without their consent.',
      ],
    },
    {
      heading: '3. Acceptable use',
      paragraphs: ['When using the service you agree not to:'],
      list: [
        'break the law or help others do so;',
        'harass other users or post abusive, hateful or sexually explicit content;',
        'try to access accounts, studies or data that are not yours;',
        'disrupt the service, probe it for weaknesses or overload it with automated requests.',
      ],
    },
    {
      heading: '4. Studies and sharing',
      paragraphs: [
        'Study leaders and administrators can manage the members, tasks and exams of their studies. Content you post inside a study is visible to its members, and public studies and shared exam links can be seen by anyone who has them.',
      ],
    },
    {
      heading: '5. Availability and changes',
      paragraphs: [
        'We work to keep the service available and your data safe, but we provide the service “as is” and may change, suspend or discontinue features. Keep your own copies of important content; you can export your data from your profile.',
      ],
    },
    {
      heading: '6. Ending your use',
      paragraphs: [
        'You may stop using the service and delete your account at any time from your profile. We may suspend or close accounts that break these terms, after notice where reasonable.',
      ],
    },
    {
      heading: '7. Disclaimer and limitation of liability',
      paragraphs: [
        'Learning results depend on many factors and we do not guarantee any outcome, such as passing an exam or an interview. To the extent the law allows, we are not liable for indirect or consequential losses arising from your use of the service.',
      ],
    },
    {
      heading: '8. Changes to these terms',
      paragraphs: [
        'We may update these terms. We will change the date above and, for significant changes, let you know in the service or by email. Continuing to use the service after a change means you accept the updated terms.',
      ],
    },
  ],
};
