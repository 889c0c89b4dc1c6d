export interface Screen {
  width: number;
  height: number;
  rgb(x: number, y: number): [number, number, number];
  png(): Buffer;
}
export function captureScreen(display: string): Screen;
export function findColor(
  screen: Screen,
  color: number[],
  area?: { left?: number; top?: number; right?: number; bottom?: number },
  tolerance?: number,
): { x: number; y: number; pixels: number } | null;
