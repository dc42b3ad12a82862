/**
 * The floating style assistant, for any page that wants it (home, dashboard):
 * `<StyleAssistant />` renders the round button and, once opened, the chat panel.
 */
export { StyleAssistant } from './components/style-assistant';
export { ASSISTANT_REPLY_DELAY_MS } from './lib/timings';
