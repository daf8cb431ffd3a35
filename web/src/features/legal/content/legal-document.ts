/** A policy document: English text by design (spec 1 §2), shown as-is in both locales. */
export interface LegalSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

export interface LegalDocument {
  /** Shown under the title; spec 1 §2 fixes August 2025. */
  lastUpdated: string;
  intro: string;
  sections: LegalSection[];
}
