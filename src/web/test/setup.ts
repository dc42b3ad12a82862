import '@testing-library/jest-dom/vitest';

// jsdom lays nothing out, so it has no scrollIntoView: a component that brings a message on screen calls it.
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

// Nor pointer capture, which sonner's toasts take when pressed (their action buttons).
if (typeof Element !== 'undefined' && !Element.prototype.setPointerCapture) {
  Element.prototype.setPointerCapture = () => {};
  Element.prototype.releasePointerCapture = () => {};
  Element.prototype.hasPointerCapture = () => false;
}
