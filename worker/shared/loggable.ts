/**
 * What of an error may go to the logs: its name, its message without the values a failed query
 * carried (drizzle adds them after "params:"; they can be a client's contact details or health
 * answers, which never go into logs), and where it came from.
 */
export function loggable(error: unknown): string {
  if (!(error instanceof Error)) return 'A non-Error was thrown';
  const message = error.message.replace(/\nparams:[\s\S]*$/, '\nparams: (not logged)');
  const cause =
    error.cause instanceof Error ? ` (cause: ${error.cause.name}: ${error.cause.message.split('\n')[0]})` : '';
  // Only the stack's frames: its first lines repeat the message, params included.
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .slice(0, 5);
  return [`${error.name}: ${message}${cause}`, ...frames].join('\n');
}
