// Reads a .dev.vars file (KEY=value lines, # comments) into an object.
export function parseDevVars(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match?.[1]) continue;
    vars[match[1]] = (match[2] ?? '').replace(/^"(.*)"$/, '$1');
  }
  return vars;
}
