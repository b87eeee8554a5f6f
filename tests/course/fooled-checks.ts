/**
 * Solutions of the lessons whose checks issue 34 found fooled (a wrong answer accepted) or too
 * strict (a right one refused): each wrong one must fail at `fails`, each right one pass. Each is
 * the lesson's start with these files replaced (null deletes a file).
 */
import { LCP_RIGHT, LCP_WRONG } from './fooled-lcp.ts';
import { OTHER_RIGHT, OTHER_WRONG } from './fooled-others.ts';

export interface FooledWrong {
  lesson: string;
  why: string;
  /** The requirement it fails (its text). */
  fails: string;
  files: Record<string, string | null>;
}

export interface FooledRight {
  lesson: string;
  why: string;
  files: Record<string, string | null>;
}

export const FOOLED_WRONG: FooledWrong[] = [...LCP_WRONG, ...OTHER_WRONG];
export const FOOLED_RIGHT: FooledRight[] = [...LCP_RIGHT, ...OTHER_RIGHT];
