// The assistant feature's public entry.
export { createAssistantRoutes } from './assistant.routes';
export { createAssistantService, type AssistantService } from './assistant.service';
