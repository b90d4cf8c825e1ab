import { Anchor, type AnchorProps } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';

interface PathLinkProps extends AnchorProps {
  /** A resolved path inside the app, such as "/buildings/0190…/doors". */
  path: string;
  children: ReactNode;
  'aria-current'?: 'page';
}

/** A link to a resolved path (breadcrumbs hold resolved paths, not route templates). */
export function PathLink({ path, children, ...rest }: PathLinkProps) {
  const router = useRouter();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    router.history.push(path);
  };
  return (
    <Anchor href={path} onClick={onClick} {...rest}>
      {children}
    </Anchor>
  );
}
