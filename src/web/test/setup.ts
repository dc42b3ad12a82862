import '@testing-library/jest-dom/vitest';

// jsdom lays nothing out, so it has no scrollIntoView: a component that brings a message on screen calls it.
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
