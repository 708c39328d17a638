/**
 * Setup of the web-dom test project (vitest.config.ts): what jsdom lacks and Mantine uses, the real
 * Spanish catalogue, and a clean page after each test.
 */
import "../src/app/i18n";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// findBy*/waitFor wait for what the screen should come to show; on a busy machine 1 s (the default) is short.
configure({ asyncUtilTimeout: 5000 });

// Mantine's own test setup (mantine.dev, "Testing with Vitest"): jsdom has no layout, so these are stubs.
Object.defineProperty(window, "matchMedia", {
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
window.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
window.HTMLElement.prototype.scrollIntoView = () => {};

// Without Vitest's globals Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});
