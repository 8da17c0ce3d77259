import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { FAKE_CLOCK } from './fake-api';

// jsdom has neither PointerEvent nor pointer capture, which sonner's swipe and press use.
class FakePointerEvent extends MouseEvent {
  pointerId: number;
  pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
    this.pointerType = init.pointerType ?? 'mouse';
  }
}

/**
 * For a describe block that renders the toaster: fake timers, and the browser pieces sonner needs
 * that jsdom lacks. Call it at the top of the block.
 */
export function withToasterTestClock(): void {
  const hadCapture = 'setPointerCapture' in Element.prototype;
  beforeAll(() => {
    if (!hadCapture) Element.prototype.setPointerCapture = () => {};
  });
  afterAll(() => {
    if (!hadCapture) delete (Element.prototype as Partial<Element>).setPointerCapture;
  });
  beforeEach(() => {
    // setImmediate stays real: settle() (fetches, renders) runs on it.
    vi.useFakeTimers({ toFake: [...FAKE_CLOCK, 'requestAnimationFrame', 'cancelAnimationFrame'] });
    vi.stubGlobal('PointerEvent', FakePointerEvent);
    // Testing Library drains each user-event call with a setTimeout(0) it only advances when it
    // sees Jest's fake timers; this lets it advance vitest's.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
