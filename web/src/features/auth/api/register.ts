import { register as registerRoute } from '#shared/contracts/auth.js';
import type { Language } from '#shared/domain/language.js';
import { callApi } from '../../../lib/api-client.js';
import { browserTimeZone } from '../../../lib/time-zone.js';

export interface RegistrationInput {
  id: string;
  name: string;
  email: string;
  affiliation: string;
  location: string;
  password: string;
  passwordConfirm: string;
  language: Language;
}

/** POST /api/register/ — optional fields go as null when left empty. */
export function register(input: RegistrationInput) {
  const optional = (value: string) => (value.trim() ? value.trim() : null);
  return callApi(registerRoute, {
    body: {
      id: input.id.trim(),
      name: input.name.trim(),
      email: optional(input.email),
      affiliation: optional(input.affiliation),
      location: optional(input.location),
      password: input.password,
      password_confirm: input.passwordConfirm,
      language: input.language,
      time_zone: browserTimeZone(),
    },
  });
}
