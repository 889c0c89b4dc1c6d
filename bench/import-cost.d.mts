export const APPS: Record<string, string>;
export function appSize(code: string): Promise<{ code: string; raw: number; gzipped: number }>;
