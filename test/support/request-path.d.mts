export function requestPath(rawUrl: string | undefined): string | null;
