export declare const PACKAGE_ROOT: string;
export declare const CACHE_DIR: string;
export declare const PREPARE_EXIT: number;
export declare function pythonAsked(argv?: string[]): string;
export declare function permissionSwitch(): string | null;
export declare function permissionFlags(
  argv: string[],
  context?: { cwd?: string; env?: NodeJS.ProcessEnv },
): string[] | null;
