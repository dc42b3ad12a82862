import { Sparkles, X } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';
import { onIntent } from '../../../lib/intent';

// The panel (and its conversation code) loads on first open; hovering the button fetches it early.
const loadPanel = () => import('./assistant-panel');
const AssistantPanel = lazy(loadPanel);

interface StyleAssistantProps {
  className?: string;
  /** Controlled mode: a page (the dashboard's 'AI Agent' button) can open the assistant. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * The floating style assistant: a round button at the bottom right that opens the chat panel.
 * The panel stays mounted once opened, so closing and reopening keeps the conversation.
 */
export function StyleAssistant({ className, open: openProp, onOpenChange }: StyleAssistantProps) {
  const [openState, setOpenState] = useState(false);
  const open = openProp ?? openState;
  const [wasOpened, setWasOpened] = useState(false);
  const mounted = wasOpened || open;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const setOpen = (next: boolean) => {
    setWasOpened(true);
    if (openProp === undefined) setOpenState(next);
    onOpenChange?.(next);
  };
  const toggle = () => setOpen(!open);
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <div className={className}>
      {mounted && (
        <Suspense fallback={null}>
          <div hidden={!open}>
            <AssistantPanel id={panelId} open={open} onClose={close} />
          </div>
        </Suspense>
      )}
      <button
        ref={buttonRef}
        type="button"
        data-assistant-fab=""
        aria-label={open ? 'Close style assistant' : 'Open style assistant'}
        aria-expanded={open}
        {...(mounted ? { 'aria-controls': panelId } : {})}
        onClick={toggle}
        {...onIntent(loadPanel)}
        className={cn(
          'fixed right-4 bottom-5 z-40 inline-flex size-14 items-center justify-center rounded-full bg-ink text-ivory shadow-lift transition-transform duration-200 hover:scale-105 hover:bg-taupe sm:right-6 sm:bottom-6',
          open && 'bg-taupe',
        )}
      >
        {open ? <X className="size-5" aria-hidden="true" /> : <Sparkles className="size-5" aria-hidden="true" />}
      </button>
    </div>
  );
}
