// Each browser test file reads the run's one clock (tests/e2e/support/run-clock.ts).
import { inject } from 'vitest';
import { moveClockHere } from './run-clock';

moveClockHere(inject('runClockOffsetMs'));
