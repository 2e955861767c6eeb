// `npm run figures`: the house's shape beside its goals. Repeated code, long functions and
// crowded folders, printed, not asserted as timings; tests/house/sizes.test.ts holds the sizes.
import { filesPerFolder, functionLengths, goals, handWritten, repeatedCode } from './lib/house-figures.ts';

const files = ['worker', 'web', 'tests', 'scripts'].flatMap(handWritten);

console.log('Repeated code (pairs of places sharing six or more lines)');
for (const dir of ['worker', 'web'] as const) {
  const { count, missing } = repeatedCode(dir);
  if (missing) console.log(`  ${dir}/: no figure (${missing})`);
  else console.log(`  ${dir}/: ${count} (goal ${goals.repeated[dir]} or fewer)`);
}

const lengths = functionLengths(files).sort((a, b) => b.lines - a.lines);
const overLongest = lengths.filter(({ lines }) => lines > goals.longestFunction);
const long = lengths.filter(({ lines }) => lines >= goals.longFunction);
console.log(`\nFunctions (${lengths.length} measured, first line to last)`);
console.log(`  over ${goals.longestFunction} lines: ${overLongest.length} (goal 0)`);
console.log(`  of ${goals.longFunction} lines or more: ${long.length} (goal ${goals.longFunctions} or fewer)`);
for (const { place, lines } of long.slice(0, 12)) console.log(`    ${String(lines).padStart(4)}  ${place}`);

const perFolder = [...filesPerFolder(files)].sort((a, b) => b[1] - a[1]);
console.log(`\nFolders (${perFolder.length} of hand-written code)`);
console.log(
  `  most files side by side: ${perFolder[0]?.[1] ?? 0} in ${perFolder[0]?.[0] ?? '-'} (goal ${goals.filesSideBySide} or fewer)`,
);
