export declare const buildInputs: string[];
export declare const buildOutputs: string[];
export declare function sourcesHash(root: string): string;
export declare function needsBuild(root: string): boolean;
export declare function stampBuild(root: string): void;
