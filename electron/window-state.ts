/**
 * The window's remembered size and position, as pure functions: parsing the saved JSON, and restoring it only where a
 * display can show it (a monitor unplugged since must not leave the window off-screen).
 */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}
export interface WindowState extends Rect {
  readonly maximized: boolean;
}
export interface DisplayLike {
  readonly workArea: Rect;
}
/** What BrowserWindow gets: no x/y means "centre it". */
export interface InitialBounds {
  readonly width: number;
  readonly height: number;
  readonly x?: number;
  readonly y?: number;
  readonly maximized: boolean;
}

export const DEFAULT_SIZE = { width: 1200, height: 860 } as const;
export const MIN_SIZE = { width: 640, height: 480 } as const;
/** How much of the window must overlap a work area (its top edge, where the title bar is) to count as visible. */
const VISIBLE_MARGIN = { width: 120, height: 40 } as const;

const isFiniteInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

export function parseWindowState(value: unknown): WindowState | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const { x, y, width, height, maximized } = record;
  if (!isFiniteInt(x) || !isFiniteInt(y) || !isFiniteInt(width) || !isFiniteInt(height)) return null;
  if (width <= 0 || height <= 0) return null;
  return { x, y, width, height, maximized: maximized === true };
}

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return { width: Math.max(0, width), height: Math.max(0, height) };
}

/** The title bar strip must be on a display, so the window can always be grabbed and moved. */
function isVisibleOn(state: Rect, display: DisplayLike): boolean {
  const titleBar = { x: state.x, y: state.y, width: state.width, height: VISIBLE_MARGIN.height };
  const shared = overlap(titleBar, display.workArea);
  return shared.width >= Math.min(VISIBLE_MARGIN.width, state.width) && shared.height >= VISIBLE_MARGIN.height;
}

/** Fits the window inside the work area it shows on: never larger, never hanging over an edge. */
function clampTo(state: Rect, area: Rect): Rect {
  const width = Math.max(Math.min(state.width, area.width), Math.min(MIN_SIZE.width, area.width));
  const height = Math.max(Math.min(state.height, area.height), Math.min(MIN_SIZE.height, area.height));
  const x = Math.min(Math.max(state.x, area.x), area.x + area.width - width);
  const y = Math.min(Math.max(state.y, area.y), area.y + area.height - height);
  return { x, y, width, height };
}

export function restoreBounds(saved: WindowState | null, displays: readonly DisplayLike[]): InitialBounds {
  const display = saved === null ? undefined : displays.find((candidate) => isVisibleOn(saved, candidate));
  if (saved === null || display === undefined) {
    // Nothing saved, or it would be off every display: the default size, centred by Electron.
    const area = displays[0]?.workArea;
    const width = area === undefined ? DEFAULT_SIZE.width : Math.min(DEFAULT_SIZE.width, area.width);
    const height = area === undefined ? DEFAULT_SIZE.height : Math.min(DEFAULT_SIZE.height, area.height);
    return { width, height, maximized: saved?.maximized ?? false };
  }
  return { ...clampTo(saved, display.workArea), maximized: saved.maximized };
}

/** What to save when the window closes: its normal (un-maximized) bounds and whether it was maximized. */
export function captureWindowState(normalBounds: Rect, maximized: boolean): WindowState {
  const { x, y, width, height } = normalBounds;
  return { x: Math.round(x), y: Math.round(y), width: Math.round(width), height: Math.round(height), maximized };
}
