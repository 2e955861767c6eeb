import { useEffect, useState } from 'react';
import { whatsappLink } from '../../lib/whatsapp';
import { WhatsAppIcon } from '../ui/icons';

/** The floating button appears this long after the page loads. */
export const CHAT_BUTTON_DELAY_MS = 500;

/**
 * Floating "Chat on WhatsApp" button: slides in after 500 ms; grows and shows typing dots on hover.
 * Until then it is `visibility: hidden`, so neither the keyboard nor screen readers reach it.
 */
export function ChatButton() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(true), CHAT_BUTTON_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <aside aria-label="Chat with us">
      <a
        className={`chat-button${visible ? ' chat-button--visible' : ''}`}
        href={whatsappLink()}
        target="_blank"
        rel="noopener noreferrer"
      >
        <WhatsAppIcon size={24} />
        <span className="chat-button__label">Chat on WhatsApp</span>
        <span className="chat-button__dots" aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </aside>
  );
}
