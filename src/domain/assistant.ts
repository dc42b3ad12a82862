/**
 * The style assistant: a deterministic reader of a member's message. It picks out a category,
 * colour, brand, gender, occasion and budget, which the server turns into a catalogue query.
 * Nothing here calls an external service; the same message always gives the same answer.

 *
 * Its public face: the contract (assistant-contract.ts), the words it knows (assistant-words.ts),
 * the reader of a message (assistant-reader.ts) and the replies (assistant-replies.ts).
 */
export * from './assistant-contract';
export { CATEGORY_NAME_TERMS, COLOUR_MATCH_TERMS, OCCASION_WORDS } from './assistant-words';
export { normaliseMessage, parseAssistantMessage, parseBudgetCents } from './assistant-reader';
export { cannedReplyFor, describeFilters, matchReply } from './assistant-replies';
