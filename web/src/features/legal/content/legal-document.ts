/** A policy document: English text by design (docs/product.md#static-pages), shown as-is in both locales. */
export interface LegalSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

export interface LegalDocument {
  /** Shown under the title; docs/product.md#static-pages fixes August 2025. */
  lastUpdated: string;
  intro: string;
  sections: LegalSection[];
}
