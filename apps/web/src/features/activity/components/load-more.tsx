import { Button, Center, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The end of an endless list: "Load more" while there are older rows (also loaded by itself when the
 * button scrolls into view, where the browser can tell), a retry when loading them failed, else a
 * note that the list is complete.
 */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  failed,
  fetchNextPage,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  failed: boolean;
  fetchNextPage: () => void;
}) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const state = useRef({ hasNextPage, isFetchingNextPage, failed, fetchNextPage });
  useEffect(() => {
    state.current = { hasNextPage, isFetchingNextPage, failed, fetchNextPage };
  });
  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const current = state.current;
        // After a failure the button retries; scrolling does not keep hammering the server.
        if (!entries.some((entry) => entry.isIntersecting)) return;
        if (current.hasNextPage && !current.isFetchingNextPage && !current.failed) current.fetchNextPage();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <Center ref={sentinel} py="sm">
      {hasNextPage ? (
        <Button
          variant={failed ? 'light' : 'default'}
          color={failed ? 'red' : undefined}
          loading={isFetchingNextPage}
          onClick={() => {
            if (!isFetchingNextPage) fetchNextPage();
          }}
        >
          {failed ? t('activity.list.loadMoreFailed') : t('activity.list.loadMore')}
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          {t('activity.list.end')}
        </Text>
      )}
    </Center>
  );
}
