import { WIDE_SCREEN_BREAKPOINT_PX } from '@gatehouse/core';
import { useMediaQuery } from '@mantine/hooks';

/** True at 960px and wider; below, the navigation is a slide-in panel (spec 2). */
export function useWideScreen(): boolean {
  return useMediaQuery(`(min-width: ${WIDE_SCREEN_BREAKPOINT_PX}px)`, true, {
    getInitialValueInEffect: false,
  });
}
