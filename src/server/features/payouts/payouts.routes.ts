import { z } from '@hono/zod-openapi';
import {
  EARNINGS_CLEAR_DAYS,
  PayoutAccountInputSchema,
  PayoutAccountSchema,
  PayoutAccountStateSchema,
  PayoutSchema,
  StatementSchema,
} from '../../../domain/payouts';
import type { AppContext } from '../../context';
import { errorResponses, jsonBody, jsonContent, memberRoute, newRouter } from '../../http/openapi';
import type { PayoutsService } from './payouts.service';

const tags = ['Payouts'];

const getAccount = memberRoute({
  method: 'get',
  path: '/account',
  tags,
  summary: 'Where your payouts go: the holder’s name and the last four digits only',
  responses: { 200: jsonContent(PayoutAccountStateSchema, 'The account, or null'), ...errorResponses(401) },
});

const putAccount = memberRoute({
  method: 'put',
  path: '/account',
  tags,
  summary: 'Set the bank account your payouts go to (tokenised by the payment provider; the number is never stored)',
  request: { body: jsonBody(PayoutAccountInputSchema) },
  responses: { 200: jsonContent(PayoutAccountSchema, 'The account as shown back'), ...errorResponses(400, 401) },
});

const statement = memberRoute({
  method: 'get',
  path: '/statement',
  tags,
  summary:
    'Your lending statement: every earning (price, commission, your share), claim credit and payout, and your balances',
  description: `An earning is available ${EARNINGS_CLEAR_DAYS} days after the piece is returned, unless a damage claim on that rental is open.`,
  responses: { 200: jsonContent(StatementSchema, 'The statement'), ...errorResponses(401) },
});

const statementCsv = memberRoute({
  method: 'get',
  path: '/statement.csv',
  tags,
  summary: 'The statement as a CSV file',
  responses: {
    200: { description: 'CSV (RFC 4180)', content: { 'text/csv': { schema: z.string() } } },
    ...errorResponses(401),
  },
});

const request = memberRoute({
  method: 'post',
  path: '/',
  tags,
  summary: 'Pay out everything available to your bank account',
  description:
    '409 without a payout account (details.missing: payout_account), with nothing available, or when another payout request took it at the same moment: an earning is paid once.',
  responses: {
    201: jsonContent(PayoutSchema, 'The payout (paid, or failed with the money available again)'),
    ...errorResponses(401, 409),
  },
});

export function createPayoutsRoutes(ctx: AppContext, service: PayoutsService) {
  return newRouter()
    .openapi(getAccount, async (c) => c.json({ account: await service.account(c.var.user.id) }, 200))
    .openapi(putAccount, async (c) => c.json(await service.saveAccount(c.var.user.id, c.req.valid('json')), 200))
    .openapi(statement, async (c) => c.json(await service.statement(c.var.user.id), 200))
    .openapi(statementCsv, async (c) =>
      c.body(await service.statementCsv(c.var.user.id), 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="rentique-statement-${ctx.today()}.csv"`,
        'cache-control': 'private, no-store',
      }),
    )
    .openapi(request, async (c) => c.json(await service.request(c.var.user.id), 201));
}
