import {
  ASSISTANT_GREETING,
  MAX_ASSISTANT_MESSAGE_LENGTH,
  QUICK_SUGGESTIONS,
  type AssistantItem,
  type AssistantReply,
} from '@domain/assistant';
import { ArrowUp, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { useSendAssistantMessage } from '../api/send-assistant-message';
import { ASSISTANT_REPLY_DELAY_MS } from '../lib/timings';
import { AssistantItemCard } from './assistant-item-card';

/** docs/product.md, Style assistant: a message of the conversation; assistant replies may carry catalogue items. */
export interface ChatMessage {
  type: 'assistant' | 'user';
  content: string;
  items?: AssistantItem[];
  /** The reply understood the message but found nothing: offer the whole collection. */
  suggestBrowse?: boolean;
}

const FAILED_REPLY = "I couldn't reach the atelier just now. Please try again in a moment.";

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

export interface AssistantPanelProps {
  id: string;
  /** Whether the panel is showing (it stays mounted while closed, keeping the conversation). */
  open?: boolean;
  onClose: () => void;
  /** Answers a message; defaults to the API. Tests pass their own. */
  ask?: (message: string) => Promise<AssistantReply>;
  replyDelayMs?: number;
}

/**
 * The open style assistant: the conversation, quick suggestions (only while it holds just the
 * greeting), and a message box. Blank text cannot be sent; Enter sends (Shift+Enter breaks the
 * line). The reply shows after about a second, with a typing indicator meanwhile.
 */
export function AssistantPanel({
  id,
  open = true,
  onClose,
  ask,
  replyDelayMs = ASSISTANT_REPLY_DELAY_MS,
}: AssistantPanelProps) {
  const send = useSendAssistantMessage();
  const askServer = ask ?? send.mutateAsync;
  const [messages, setMessages] = useState<ChatMessage[]>([{ type: 'assistant', content: ASSISTANT_GREETING }]);
  const [draft, setDraft] = useState('');
  const [typing, setTyping] = useState(false);
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();
  const canSend = draft.trim().length > 0 && !typing;

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  // Keep the newest message in view.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages, typing]);

  async function submit(text: string) {
    const content = text.trim();
    if (!content || typing) return;
    setMessages((m) => [...m, { type: 'user', content }]);
    setDraft('');
    setTyping(true);
    const [reply] = await Promise.all([
      askServer(content).then(
        (r): ChatMessage => ({
          type: 'assistant',
          content: r.reply,
          items: r.items,
          suggestBrowse: r.kind === 'no-matches',
        }),
        (): ChatMessage => ({ type: 'assistant', content: FAILED_REPLY }),
      ),
      wait(replyDelayMs),
    ]);
    setMessages((m) => [...m, reply]);
    setTyping(false);
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(draft);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit(draft);
    }
  };

  return (
    <section
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
      className="fixed right-4 bottom-24 z-40 flex max-h-[min(40rem,calc(100dvh-8rem))] w-[min(25rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-md border border-linen bg-paper shadow-lift sm:right-6"
    >
      <header className="flex items-start justify-between gap-4 border-b border-linen bg-ivory px-5 py-4">
        <div>
          <p className="eyebrow">Rentique atelier</p>
          <h2 id={titleId} className="mt-1.5 font-display text-2xl leading-none">
            Style Assistant
          </h2>
        </div>
        <button
          type="button"
          aria-label="Close style assistant"
          onClick={onClose}
          className="-mr-2 rounded-full p-2 text-taupe hover:bg-sand hover:text-ink"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </header>

      <div
        ref={logRef}
        role="log"
        aria-label="Conversation"
        aria-live="polite"
        className="flex-1 space-y-4 overflow-y-auto px-5 py-5"
      >
        {messages.map((m, i) => (
          <div key={i} className={cn('flex flex-col', m.type === 'user' ? 'items-end' : 'items-start')}>
            <p className="sr-only">{m.type === 'user' ? 'You said:' : 'Stylist:'}</p>
            <p
              className={cn(
                'max-w-[88%] px-4 py-2.5 text-[0.9rem] leading-relaxed [overflow-wrap:anywhere]',
                m.type === 'user'
                  ? 'rounded-md rounded-br-xs bg-ink text-ivory'
                  : 'rounded-md rounded-bl-xs border border-linen bg-ivory text-ink',
              )}
            >
              {m.content}
            </p>
            {m.items && m.items.length > 0 && (
              <ul aria-label="Suggested pieces" className="mt-2.5 w-[88%] space-y-2">
                {m.items.map((item) => (
                  <AssistantItemCard key={item.id} item={item} />
                ))}
              </ul>
            )}
            {m.suggestBrowse && (
              <Link
                to={paths.browse}
                className="mt-2 text-sm text-clay underline underline-offset-4 hover:text-clay-dark"
              >
                Browse the full collection
              </Link>
            )}
          </div>
        ))}
        {typing && (
          <div
            role="status"
            className="flex items-center gap-1.5 rounded-md rounded-bl-xs border border-linen bg-ivory px-4 py-3.5 w-fit"
          >
            <span className="sr-only">The stylist is typing…</span>
            {[0, 1, 2].map((d) => (
              <span
                key={d}
                aria-hidden="true"
                className="size-1.5 animate-bounce rounded-full bg-stone"
                style={{ animationDelay: `${d * 150}ms` }}
              />
            ))}
          </div>
        )}
      </div>

      {messages.length === 1 && (
        <div className="border-t border-linen/70 px-5 pt-4">
          <p className="eyebrow mb-2.5">Try asking</p>
          <ul className="flex flex-wrap gap-2" aria-label="Quick suggestions">
            {QUICK_SUGGESTIONS.map((s) => (
              <li key={s}>
                <button
                  type="button"
                  onClick={() => void submit(s)}
                  className="rounded-full border border-linen bg-ivory px-3 py-1.5 text-xs text-ink transition-colors hover:border-ink/60"
                >
                  {s}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      <form onSubmit={onSubmit} noValidate className="flex items-end gap-2 px-5 py-4">
        <label htmlFor={`${id}-input`} className="sr-only">
          Message the stylist
        </label>
        <textarea
          ref={inputRef}
          id={`${id}-input`}
          rows={1}
          value={draft}
          maxLength={MAX_ASSISTANT_MESSAGE_LENGTH}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Ask your stylist…"
          className="max-h-28 min-h-11 flex-1 resize-none rounded-sm border border-linen bg-ivory px-3.5 py-2.5 text-[0.9rem] text-ink placeholder:text-stone focus:border-ink focus:ring-1 focus:ring-ink focus:outline-none focus-visible:outline-none"
        />
        <button
          type="submit"
          aria-label="Send message"
          disabled={!canSend}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-ink text-ivory transition-colors hover:bg-taupe disabled:cursor-not-allowed disabled:opacity-40"
        >
          <ArrowUp className="size-4" aria-hidden="true" />
        </button>
      </form>
    </section>
  );
}

export default AssistantPanel;
