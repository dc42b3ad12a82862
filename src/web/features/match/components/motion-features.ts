// Motion's drag gestures and animation engine, loaded after the match page is live (swipe-card.tsx).
export { domMax as default, animate } from 'motion/react';
