/** The Loki conformance cases (tests/conformance): files, recorded outputs and the run cases. */
import { readdirSync } from 'node:fs';
import { conformancePath, readConformance } from '../conformance.ts';

export { conformancePath, readConformance, readConformanceJson } from '../conformance.ts';
export const listConformance = (rel: string): string[] => readdirSync(conformancePath(rel)).sort();

/** One line of loki_cases/run/cases.txt. */
export interface RunCase {
  name: string;
  file: string;
  json: string;
  options: string;
}

export const runCases = (): RunCase[] =>
  readConformance('loki_cases/run/cases.txt')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((l) => {
      const [name = '', file = '', ...rest] = l.split('|');
      const options = rest.pop() ?? '';
      return { name, file, json: rest.join('|'), options };
    });
