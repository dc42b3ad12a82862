import { formatCents } from '../../../domain/money';
import type { Mail } from '../../mailer';
import type { GiftCardRow } from './gift-cards.repository';

/**
 * The recipient's e-mail with her code (decisions 0063 and 0069): a gift card becomes store
 * credit; a gift month goes to her plan. `from` is the giver's first name.
 */
export function giftMail(card: GiftCardRow, from: string, publicUrl: string): Mail {
  const month = card.kind === 'plan_month';
  const what = month
    ? `a month of Rentique Monthly (${card.item_count} pieces a month)`
    : `a Rentique gift card of ${formatCents(card.amount_cents)}`;
  const redeem = month
    ? [
        `Redeem it at ${publicUrl}/gift-cards/redeem: a month of your plan, nothing to pay. With no plan, Monthly starts`,
        'that day for a month and then ends unless you keep it; with a plan, your next billing date moves a month later.',
        'A code can be redeemed once.',
      ]
    : [
        `Redeem it at ${publicUrl}/gift-cards/redeem: it becomes store credit on your account,`,
        'spent on your next rentals before your card. A code can be redeemed once.',
      ];
  return {
    to: card.recipient_email,
    subject: `${from} sent you ${what}`,
    text: [
      `Dear ${card.recipient_name},`,
      '',
      `${from} has sent you ${what}.`,
      ...(card.message ? ['', `"${card.message}"`] : []),
      '',
      `Your code: ${card.code}`,
      '',
      ...redeem,
    ].join('\n'),
    messageId: `<gift-card-${card.id}@rentique>`,
  };
}
