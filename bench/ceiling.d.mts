export declare const CEILING: number;
