import type { UserRow } from './repository.js';

/** A person as other people see them; `invite_pending` until they choose a password. */
export function personView(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    invite_pending: user.passwordHash === null,
  };
}

/** A user account as a superadmin sees it. */
export function userView(user: UserRow) {
  return {
    ...personView(user),
    phone: user.phone,
    locale: user.locale,
    is_superadmin: user.isSuperadmin,
    mfa_enabled: user.totpEnabledAt !== null,
    inserted_at: user.insertedAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}
