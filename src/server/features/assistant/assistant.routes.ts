import { createRoute } from '@hono/zod-openapi';
import { AssistantMessageRequestSchema, AssistantReplySchema } from '../../../domain/assistant';
import type { AppContext } from '../../context';
import { errorResponses, jsonBody, jsonContent, newRouter } from '../../http/openapi';
import type { AssistantService } from './assistant.service';

const postMessage = createRoute({
  method: 'post',
  path: '/messages',
  tags: ['Style assistant'],
  summary: 'Ask the style assistant',
  description:
    'Reads the message for a category, colour, brand, gender, occasion (work, party, hiking, summer) and a ' +
    'budget ("under $10"), and answers with up to 3 matching active catalogue items; with nothing recognised, ' +
    'one of four canned replies. Deterministic: the same message gives the same answer. Open to visitors.',
  request: { body: jsonBody(AssistantMessageRequestSchema) },
  responses: {
    200: jsonContent(AssistantReplySchema, 'The reply, the filters understood and the matching items'),
    ...errorResponses(400, 413),
  },
});

export function createAssistantRoutes(ctx: AppContext, service: AssistantService) {
  return newRouter().openapi(postMessage, async (c) => {
    const { message } = c.req.valid('json');
    return c.json(await service.answer(message), 200);
  });
}
