// A schema's refusal as a form shows it: the first message of each field, by the field's name.

/** The first message of each field (the first part of each issue's path). */
export function messagesByField<F extends string>(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
  const found: Partial<Record<F, string>> = {};
  for (const issue of issues) found[String(issue.path[0]) as F] ??= issue.message;
  return found;
}
