// The audit log's public entry: features that change things on staff's behalf write through it.
export { createAuditRepository, staffActor, type AuditActor } from './audit.repository';
