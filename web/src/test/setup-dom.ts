// jsdom lacks the layout and media APIs Semi UI touches while mounting popups and tables.
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { value: ResizeObserverStub, writable: true });
}

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

// lottie-web (pulled in by Semi) paints on a canvas at import time: any property is a no-op.
const canvasContextStub = new Proxy(
  {},
  {
    get: (_target, prop) => (prop === 'canvas' ? document.createElement('canvas') : () => ({})),
    set: () => true,
  },
);
HTMLCanvasElement.prototype.getContext = (() =>
  canvasContextStub) as unknown as HTMLCanvasElement['getContext'];

afterEach(() => {
  cleanup();
  localStorage.clear();
});
