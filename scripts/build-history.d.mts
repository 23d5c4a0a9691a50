export declare const KEPT_BUILDS: number;
export declare function recordBuild(folder: string, written: readonly string[], kept?: number): void;
