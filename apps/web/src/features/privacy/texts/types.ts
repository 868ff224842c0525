export type PrivacyDoc = 'privacyAgreement' | 'privacyAgreement1' | 'privacyAgreement2';

export interface PrivacySection {
  heading: string;
  paragraphs: string[];
}

export interface PrivacyText {
  title: string;
  intro: string;
  sections: PrivacySection[];
}

export type PrivacyTexts = Record<PrivacyDoc, PrivacyText>;

/** The date the three documents last changed; shown on each page. */
export const PRIVACY_UPDATED = '2026-01-15';
