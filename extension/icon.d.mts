export const ICON_RGB: [number, number, number];
export const ICON_SIZES: number[];
export function iconPNG(size: number): Buffer;
