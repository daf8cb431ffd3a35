/** Screens of later issues that show the shared "not available yet" page for now. */
export const UNAVAILABLE_SCREENS = ['examDetail', 'favorites', 'studyManagement', 'studyDetail', 'memberManagement'] as const;

export type UnavailableScreen = (typeof UNAVAILABLE_SCREENS)[number];
