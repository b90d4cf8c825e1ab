/**
 * Anything with a name: a user, a member's user, a manager's user. Both the camelCase form used in
 * the dashboard and the snake_case wire form are read, so callers need not map first.
 */
export interface PersonName {
  firstName?: string | null;
  lastName?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
}

/** The trimmed text, or undefined when there is none, so blank values count as absent. */
function present(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * The name to show for a person (spec 3): "First Last", or whichever part is present, else the
 * email, else `unknownLabel` (pass a translated label; the default is English).
 */
export function displayName(person: PersonName | null | undefined, unknownLabel = 'Unknown'): string {
  if (!person) return unknownLabel;
  const nameParts = [
    present(person.firstName) ?? present(person.first_name),
    present(person.lastName) ?? present(person.last_name),
  ].filter((part) => part !== undefined);
  if (nameParts.length > 0) return nameParts.join(' ');
  return present(person.email) ?? unknownLabel;
}
