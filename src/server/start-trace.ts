/** Each start-up step with the moment it ended, in ms since the process began; printed at LOG_LEVEL=debug. */
const steps: [string, number][] = [];

/** Marks the end of a start-up step. */
export const step = (name: string) => steps.push([name, performance.now()]);

/** The steps in the order they ended (the modules' load and the database's opening run side by side). */
export const startTrace = () =>
  `Start-up, ms after the process began: ${steps
    .toSorted(([, a], [, b]) => a - b)
    .map(([name, at]) => `${name} ${Math.round(at)}`)
    .join(', ')}`;
