// The shell's public entry: the 404 screen, shown by pages that find nothing at their address.
export { NotFound } from './routes/not-found';
