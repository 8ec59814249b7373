/** An area code of registration and login by mobile (`GET /api/default/area_list`). */
export interface Area {
  id: number;
  code: string;
  global_code: string;
}

/** How the login and reset forms name the account: email, or area and national number. */
export type IdentifierType = 'email' | 'mobile';

/** What the server's settings say of phone accounts: whether the forms offer them, and the areas. */
export interface PhoneSettings {
  offersMobile: boolean;
  areas: Area[];
}

/** `verify_reg_type` 1 and 3 register by mobile. */
export const registersByMobile = (mode: number) => mode === 1 || mode === 3;
