import fs from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Writes each test file's project and time to the file VITEST_FILE_TIMES names, for the summary `npm test` ends with
 * (Vitest's JSON report names the file but not its project, and each API test file runs on both databases).
 */
export default class FileTimes implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const out = process.env.VITEST_FILE_TIMES;
    if (!out) return;
    const times = modules.map((module) => ({
      project: module.project.name,
      file: module.moduleId,
      ms: module.diagnostic().duration,
    }));
    fs.writeFileSync(out, JSON.stringify(times));
  }
}
