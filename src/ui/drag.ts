/** The floating panel moves where the person drags it by its header (not by the header's buttons). */
import { off, on } from './natives';
import { trusted } from './elements';

type Place = (at: Record<'left' | 'top' | 'right' | 'bottom', string>) => void;

/** Drags `host` by `handle` with the person's own pointer; the drag ends when the button is released. */
export function dragBy(handle: HTMLElement, host: HTMLElement, place: Place): void {
  on(
    handle,
    'pointerdown',
    trusted((e: PointerEvent) => {
      if ((e.target as Element).closest('button')) return;
      const start = { x: e.clientX, y: e.clientY, r: host.getBoundingClientRect() };
      // The listeners removed are the ones added (a wrapped handler is another function).
      const move = trusted((m: PointerEvent) => {
        place({
          left: `${Math.max(0, start.r.left + m.clientX - start.x)}px`,
          top: `${Math.max(0, start.r.top + m.clientY - start.y)}px`,
          right: 'auto',
          bottom: 'auto',
        });
      });
      const up = () => {
        off(window, 'pointermove', move);
        off(window, 'pointerup', up);
      };
      on(window, 'pointermove', move);
      on(window, 'pointerup', up);
    }),
  );
}
