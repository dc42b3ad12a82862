/** The support feature's public API: 'Book Appointment' (dashboard, contact page). */
export { BookAppointmentButton } from './components/book-appointment-button';
