export { EventsTab } from './components/events-tab';
