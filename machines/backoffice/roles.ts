import type { StaffRole } from '../../contract/backoffice';

/** The back-office screens, in the order the menu shows them. */
export const SCREENS = [
  'deposits', 'withdrawals', 'identity', 'adjustments', 'traders',
  'funds', 'site', 'pauses', 'news', 'companies', 'feedback', 'products', 'areas', 'staff', 'audit',
] as const;
export type Screen = (typeof SCREENS)[number];

/** Who may open what (server/backoffice/routes.ts checks the same): admin sees everything. */
const ROLE_SCREENS: Record<StaffRole, readonly Screen[]> = {
  finance: ['deposits', 'withdrawals', 'adjustments', 'traders'],
  compliance: ['identity', 'traders'],
  admin: SCREENS,
};

export const screensFor = (role: StaffRole): readonly Screen[] => ROLE_SCREENS[role];
export const mayOpen = (role: StaffRole, screen: string): screen is Screen => (ROLE_SCREENS[role] as readonly string[]).includes(screen);
/** The screens a role does not open: their addresses say so instead of leading elsewhere without a word. */
export const screensClosedTo = (role: StaffRole): readonly Screen[] => SCREENS.filter((screen) => !mayOpen(role, screen));
