import '@testing-library/jest-dom/vitest';

// antd's tables, selects, dialogs and responsive parts measure themselves and ask matchMedia;
// jsdom has neither. One stand-in for every test (a test in the node environment has no window).
if (typeof window !== 'undefined') {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}
