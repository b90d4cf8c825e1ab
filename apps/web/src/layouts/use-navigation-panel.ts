import { useLocation } from '@tanstack/react-router';
import { useState } from 'react';

/**
 * Open state of the slide-in navigation. It remembers the path it was opened on, so any route
 * change closes it (spec 2) without an effect.
 */
export function useNavigationPanel() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const opened = openedOn === pathname;
  return {
    opened,
    toggle: () => setOpenedOn(opened ? null : pathname),
    close: () => setOpenedOn(null),
  };
}
