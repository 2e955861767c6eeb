// The README says what each figure on the Reports screen means in the screen's own words.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportDefinitions } from '../../worker/shared/report-rules';
import { root } from './import-graph';

const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('the README', () => {
  it('gives every report definition word for word', () => {
    const readme = flat(readFileSync(join(root, 'README.md'), 'utf8'));
    const missing = Object.entries(reportDefinitions).filter(
      ([name, sentence]) => !readme.includes(`(\`${name}\`): ${flat(sentence)}`),
    );
    expect(missing).toEqual([]);
  });
});
