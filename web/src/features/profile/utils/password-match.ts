export type PasswordMatch = 'empty' | 'match' | 'mismatch';

/** The live indicator under "confirm new password": nothing until the confirmation is typed. */
export function passwordMatch(password: string, confirmation: string): PasswordMatch {
  if (!confirmation) return 'empty';
  return password === confirmation ? 'match' : 'mismatch';
}
