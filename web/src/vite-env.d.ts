/// <reference types="vite/client" />

// Site settings a deployment may override at build time (see config/site.ts).
interface ImportMetaEnv {
  readonly VITE_CONTACT_EMAIL?: string;
  readonly VITE_EXAMPLE_STUDY_URL_1?: string;
  readonly VITE_EXAMPLE_STUDY_URL_2?: string;
}
