// Customer care's public entry: the contact form and styling appointments.
export { createAppointmentsRoutes, createContactRoutes } from './support.routes';
export { createSupportService, type SupportService } from './support.service';
