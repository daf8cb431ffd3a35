/**
 * Site-wide settings. The contact address and the footer's example studies differ per deployment,
 * so a build can set them through VITE_* variables; the defaults are placeholders to replace.
 */
export const SITE = {
  name: 'Quizbank',
  contactEmail: import.meta.env.VITE_CONTACT_EMAIL ?? 'support@quizbank.example',
  /** docs/product.md#layout: two fixed external links to example studies in the footer. */
  exampleStudies: [
    {
      key: 'exampleStudyDevops',
      href: import.meta.env.VITE_EXAMPLE_STUDY_URL_1 ?? 'https://devops.quizbank.example/study-management',
    },
    {
      key: 'exampleStudyInterview',
      href: import.meta.env.VITE_EXAMPLE_STUDY_URL_2 ?? 'https://us.quizbank.example/study-management',
    },
  ],
} as const;
